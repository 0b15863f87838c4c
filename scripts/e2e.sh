#!/usr/bin/env bash
# Browser end-to-end suite (`npm run test:e2e`): makes sure Debian's Chromium is there, builds the SPA,
# starts the real server on a free loopback port with a fresh data directory (so the demo data is seeded
# anew), waits for it, and runs the vitest `e2e` project against it (E2E_BASE_URL). The server is always
# stopped; its log stays in .tmp/ and its tail is printed when something fails.
# Extra arguments go to vitest (scripts/test.sh passes its reporters that way).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"

bash scripts/ensure-chromium.sh
bash scripts/ensure-poppler.sh
bash scripts/ensure-nginx.sh

echo "--- vite build"
npx vite build

mkdir -p .tmp
# Keep the logs of the last few runs only.
# shellcheck disable=SC2012
ls -1dt .tmp/e2e-*/ 2>/dev/null | tail -n +6 | xargs -r rm -rf || true
RUN_DIR="$(mktemp -d "$ROOT/.tmp/e2e-XXXXXX")"
export E2E_RUN_DIR="$RUN_DIR"
# The SMS gateway's stand-in: the server appends every SMS here, the browser suite reads codes from it.
export E2E_SMS_LOG="$RUN_DIR/sms.jsonl"
DATA_DIR="$RUN_DIR/data"
LOG="$RUN_DIR/server.log"
mkdir -p "$DATA_DIR"
# The most recent run's log is also reachable at a fixed path.
ln -sfn "$RUN_DIR/server.log" "$ROOT/.tmp/e2e-server.log"

PORT="${E2E_PORT:-$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
BASE_URL="http://127.0.0.1:$PORT"

SERVER_PID=""
RESULT=1
cleanup() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    # The server runs in its own process group (setsid); SIGTERM starts its graceful shutdown (server/shutdown.ts,
    # SHUTDOWN_TIMEOUT_MS, 10 s by default), so it gets a little longer than that before SIGKILL.
    kill -TERM -- "-$SERVER_PID" 2>/dev/null || kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 120); do
      kill -0 "$SERVER_PID" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL -- "-$SERVER_PID" 2>/dev/null || true
  fi
  if [[ "$RESULT" != 0 && -f "$LOG" ]]; then
    echo "--- last 60 lines of the server log ($LOG)" >&2
    tail -n 60 "$LOG" >&2 || true
  fi
  # Data dirs of passing runs are large (PGlite): keep only the logs (also of servers the tests started).
  if [[ "$RESULT" == 0 ]]; then
    find "$RUN_DIR" -mindepth 1 -maxdepth 2 -type d -name data -prune -exec rm -rf {} + 2>/dev/null || true
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Sign-in is rate limited per client address and phone; every e2e request comes from 127.0.0.1, so the
# limit is raised for the suite (the limiter itself is covered by the server tests).
start_server() {
  echo "--- starting the server on $BASE_URL (DATA_DIR=$DATA_DIR, log $LOG)"
  HOST=127.0.0.1 PORT="$PORT" DATA_DIR="$DATA_DIR" PUBLIC_URL="$BASE_URL" SMS_LOG_FILE="$E2E_SMS_LOG" \
    SIGNIN_RATE_LIMIT="${E2E_SIGNIN_RATE_LIMIT:-10000/min}" \
    SIGNIN_ADDRESS_RATE_LIMIT="${E2E_SIGNIN_RATE_LIMIT:-10000/min}" \
    setsid node --import tsx server/main.ts >"$LOG" 2>&1 </dev/null &
  SERVER_PID=$!
}

# Ready when the API answers at all (any HTTP status): the server listens only after migrations and seed.
READY_URL="$BASE_URL/api/v1/health"
wait_for_server() {
  local t0=$SECONDS
  if node scripts/lib/wait-http.mjs "$READY_URL" "${E2E_START_TIMEOUT:-90}" "$SERVER_PID"; then
    echo "--- server answered after $((SECONDS - t0)) s"
    return 0
  fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    local code=0
    wait "$SERVER_PID" || code=$?
    echo "The server exited with status $code before answering." >&2
    return 2
  fi
  return 1
}

start_server
ready=0
wait_for_server || ready=$?
if [[ $ready == 2 ]]; then
  # One retry for a server that died at start (seen once with no output at all); the first log is shown.
  echo "--- the server's log of that attempt:" >&2
  cat "$LOG" >&2 || true
  mv "$LOG" "$LOG.first-attempt"
  rm -rf "$DATA_DIR" && mkdir -p "$DATA_DIR"
  echo "--- retrying the server start once" >&2
  start_server
  ready=0
  wait_for_server || ready=$?
fi
[[ $ready == 0 ]] || exit 1

export E2E_BASE_URL="$BASE_URL"
rc=0
npx vitest run --project e2e "$@" || rc=$?
RESULT=$rc
exit "$rc"
