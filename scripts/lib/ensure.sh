# shellcheck shell=bash
# Shared helper for scripts/ensure-*.sh: install Debian packages non-interactively when a binary is missing.

# ensure_apt_packages BINARY PACKAGE... — when BINARY (a path or a command name) is missing, install
# PACKAGE... with apt-get as root; as another user, print the command to run and return 1.
ensure_apt_packages() {
  local binary="$1"
  shift
  if [[ "$binary" == /* ]]; then
    [[ -x "$binary" ]] && return 0
  elif command -v "$binary" >/dev/null 2>&1; then
    return 0
  fi
  if [[ "$(id -u)" != "0" ]]; then
    echo "$binary is missing. Install it as root with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y $*" >&2
    return 1
  fi
  echo "Installing $* (for $binary) with apt-get..." >&2
  export DEBIAN_FRONTEND=noninteractive
  # The package lists are refreshed once per process tree even when several ensure-*.sh run.
  if [[ -z "${ENSURE_APT_UPDATED:-}" ]]; then
    apt-get update -qq </dev/null
    export ENSURE_APT_UPDATED=1
  fi
  apt-get install -y -qq "$@" </dev/null
  if [[ "$binary" == /* ]]; then
    [[ -x "$binary" ]] || { echo "$binary still missing after installing $*" >&2; return 1; }
  else
    command -v "$binary" >/dev/null 2>&1 || { echo "$binary still missing after installing $*" >&2; return 1; }
  fi
}
