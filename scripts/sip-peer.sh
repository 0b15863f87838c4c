#!/usr/bin/env bash
# The project's SIP peer (issue 3 §3): Kamailio with sip/kamailio.cfg on loopback, as registrar + proxy for
# the softphone (SIP over WebSocket) and for UDP tools (sipp), with the demo SIP accounts. Runs unprivileged:
# its pid file, ctl socket, runtime dir, account table and log all live under $SIP_DIR (.tmp/sip).
#
#   scripts/sip-peer.sh start     start in the background (no-op when running); waits until the WS port listens
#   scripts/sip-peer.sh stop      stop the instance started by `start`
#   scripts/sip-peer.sh restart
#   scripts/sip-peer.sh status    running or not, with the WebSocket URL; exit 1 when not running
#   scripts/sip-peer.sh run       run in the foreground (logs to the terminal; Ctrl-C stops)
#   scripts/sip-peer.sh check     kamailio -c on the configuration with the same defines
#   scripts/sip-peer.sh users     (re)render the SIP account table; a running peer reloads it
#   scripts/sip-peer.sh url       print the WebSocket URL (ws://$SIP_HOST:$SIP_WS_PORT)
#   scripts/sip-peer.sh with CMD… start the peer when kamailio is installed and SIP_WS_URL names no other
#                                 server, run CMD with SIP_WS_URL set, stop the peer again when CMD ends
#                                 (e.g. `scripts/sip-peer.sh with node --import tsx server/main.ts`)
#
# Environment: SIP_HOST (127.0.0.1), SIP_UDP_PORT (5060), SIP_WS_PORT (8088), SIP_DIR (.tmp/sip),
# SIP_USERS ("code:password,…" instead of the demo accounts of server/seed.ts), KAMAILIO (kamailio binary).
# Install Kamailio first with scripts/ensure-kamailio.sh (as root).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SIP_HOST="${SIP_HOST:-127.0.0.1}"
SIP_UDP_PORT="${SIP_UDP_PORT:-5060}"
SIP_WS_PORT="${SIP_WS_PORT:-8088}"
SIP_DIR="${SIP_DIR:-$ROOT/.tmp/sip}"
KAMAILIO="${KAMAILIO:-kamailio}"
CFG="$ROOT/sip/kamailio.cfg"
PID_FILE="$SIP_DIR/kamailio.pid"
LOG_FILE="$SIP_DIR/kamailio.log"
RUN_DIR="$SIP_DIR/run"
DB_DIR="$SIP_DIR/db"
CTL="unix:$RUN_DIR/kamailio_ctl"

ws_url() { echo "ws://$SIP_HOST:$SIP_WS_PORT"; }

need_kamailio() {
  if ! command -v "$KAMAILIO" >/dev/null 2>&1; then
    echo "kamailio is not installed; run scripts/ensure-kamailio.sh as root" >&2
    exit 1
  fi
}

kamailio_args() {
  echo -f "$CFG" -Y "$RUN_DIR" -m 64 -M 8 \
    -A "SIP_HOST=$SIP_HOST" -A "SIP_UDP_PORT=$SIP_UDP_PORT" -A "SIP_WS_PORT=$SIP_WS_PORT" \
    -A "SIP_CTL=\"$CTL\"" -A "SIP_DB_URL=\"text://$DB_DIR\""
}

# The db_text table the `sipusers` htable loads: one row per SIP account (code → password).
render_users() {
  mkdir -p "$DB_DIR" "$RUN_DIR"
  local lines
  if [[ -n "${SIP_USERS:-}" ]]; then
    lines="$(tr ',' '\n' <<<"$SIP_USERS")"
  else
    lines="$(cd "$ROOT" && node --import tsx modules/callcenter/server/sip-users.ts)"
  fi
  local tmp="$DB_DIR/sipusers.tmp" id=0 code password
  echo 'id(int,auto) key_name(string) key_type(int) value_type(int) key_value(string) expires(int)' >"$tmp"
  while IFS=: read -r code password; do
    [[ -z "$code" ]] && continue
    id=$((id + 1))
    # db_text escapes: backslash and colon.
    password="${password//\\/\\\\}"
    password="${password//:/\\:}"
    echo "$id:$code:0:0:$password:0" >>"$tmp"
  done <<<"$lines"
  mv "$tmp" "$DB_DIR/sipusers"
  echo "version(string) table_version(int)" >"$DB_DIR/version"
  echo "sipusers:1" >>"$DB_DIR/version"
  echo "$id SIP account(s) in $DB_DIR/sipusers" >&2
}

running_pid() {
  [[ -f "$PID_FILE" ]] || return 1
  local pid
  pid="$(cat "$PID_FILE")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

port_open() { (exec 3<>"/dev/tcp/$SIP_HOST/$SIP_WS_PORT") 2>/dev/null; }

start() {
  need_kamailio
  if pid="$(running_pid)"; then
    echo "SIP peer already running (pid $pid) at $(ws_url)"
    return 0
  fi
  if port_open; then
    echo "port $SIP_HOST:$SIP_WS_PORT is taken by another process; set SIP_WS_PORT" >&2
    return 1
  fi
  render_users
  # shellcheck disable=SC2046
  nohup "$KAMAILIO" $(kamailio_args) -DD -E >"$LOG_FILE" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
  for _ in $(seq 1 100); do
    if ! running_pid >/dev/null; then
      echo "kamailio exited at start; the end of $LOG_FILE:" >&2
      tail -n 20 "$LOG_FILE" >&2
      rm -f "$PID_FILE"
      return 1
    fi
    if port_open; then
      echo "SIP peer running (pid $(cat "$PID_FILE")): $(ws_url) (SIP over WebSocket), udp:$SIP_HOST:$SIP_UDP_PORT; log $LOG_FILE"
      return 0
    fi
    sleep 0.1
  done
  echo "kamailio did not open $SIP_HOST:$SIP_WS_PORT within 10 s; see $LOG_FILE" >&2
  stop
  return 1
}

stop() {
  local pid
  if ! pid="$(running_pid)"; then
    rm -f "$PID_FILE"
    echo "SIP peer not running"
    return 0
  fi
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  rm -f "$PID_FILE"
  echo "SIP peer stopped"
}

status() {
  local pid
  if pid="$(running_pid)"; then
    echo "SIP peer running (pid $pid): $(ws_url), udp:$SIP_HOST:$SIP_UDP_PORT"
  else
    echo "SIP peer not running"
    return 1
  fi
}

cmd="${1:-}"
[[ $# -gt 0 ]] && shift
case "$cmd" in
  start) start ;;
  stop) stop ;;
  restart) stop && start ;;
  status) status ;;
  url) ws_url ;;
  check)
    need_kamailio
    render_users
    # shellcheck disable=SC2046
    "$KAMAILIO" -c $(kamailio_args) 2>&1 | tail -n 8
    ;;
  users)
    render_users
    if running_pid >/dev/null && command -v kamcmd >/dev/null 2>&1; then
      kamcmd -s "$CTL" htable.reload sipusers && echo "reloaded" >&2
    fi
    ;;
  run)
    need_kamailio
    render_users
    # shellcheck disable=SC2046
    exec "$KAMAILIO" $(kamailio_args) -DD -E
    ;;
  with)
    [[ $# -gt 0 ]] || { echo "usage: $0 with COMMAND..." >&2; exit 2; }
    if [[ -n "${SIP_WS_URL:-}" && "$SIP_WS_URL" != "$(ws_url)" ]]; then
      : # A telephony server is configured elsewhere: no local peer.
    elif command -v "$KAMAILIO" >/dev/null 2>&1; then
      if ! running_pid >/dev/null; then
        if start; then
          # Stopped again however COMMAND ends.
          trap 'stop >/dev/null' EXIT
        else
          echo "continuing without the SIP peer" >&2
        fi
      fi
      export SIP_WS_URL="${SIP_WS_URL:-$(ws_url)}"
    else
      echo "kamailio is not installed (scripts/ensure-kamailio.sh as root): the softphone has no SIP server" >&2
    fi
    # COMMAND runs as a child so that Ctrl-C / TERM reach it (forwarded as TERM) and the peer stops after it.
    "$@" &
    child=$!
    trap 'kill -TERM "$child" 2>/dev/null || true' INT TERM
    rc=0
    while :; do
      wait "$child" && rc=0 || rc=$?
      kill -0 "$child" 2>/dev/null || break
    done
    # A wait interrupted by a forwarded signal says 128+n; the child's own status, when bash still has it, wins.
    if wait "$child" 2>/dev/null; then rc=0; else last=$?; [[ $last != 127 ]] && rc=$last; fi
    exit "$rc"
    ;;
  *)
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
