#!/usr/bin/env bash
# Makes sure Debian's Kamailio with its WebSocket modules is installed: the real SIP peer (registrar +
# proxy, SIP over WebSocket) that development and the tests use (sip/kamailio.cfg, scripts/sip-peer.sh).
# Installs `kamailio` and `kamailio-websocket-modules` with apt when running as root; otherwise prints
# the exact command and fails.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/ensure.sh"

PACKAGES=(kamailio kamailio-websocket-modules)

# websocket.so lives in the multiarch module directory (/usr/lib/<triplet>/kamailio/modules).
websocket_module() {
  compgen -G '/usr/lib/*/kamailio/modules/websocket.so' >/dev/null || compgen -G '/usr/lib/kamailio/modules/websocket.so' >/dev/null
}

if command -v kamailio >/dev/null 2>&1 && websocket_module; then
  exit 0
fi

if [[ "$(id -u)" != "0" ]]; then
  echo "Kamailio (with its WebSocket modules) is missing. Install it as root with:" >&2
  echo "  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGES[*]}" >&2
  exit 1
fi

# The Debian package would start a system-wide kamailio on :5060 where an init system exists; we run our
# own instance (scripts/sip-peer.sh), so the package's service is told not to start during the install.
policy=/usr/sbin/policy-rc.d
created_policy=0
if [[ ! -e "$policy" ]]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod +x "$policy"
  created_policy=1
fi
trap '[[ $created_policy == 1 ]] && rm -f "$policy"' EXIT

ensure_apt_packages kamailio "${PACKAGES[@]}"
if ! websocket_module; then
  echo "Installing kamailio-websocket-modules..." >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kamailio-websocket-modules </dev/null
fi
websocket_module || { echo "kamailio's websocket.so is still missing after the install" >&2; exit 1; }
echo "kamailio $(kamailio -v 2>/dev/null | head -1 | awk '{print $3}') with websocket modules is installed" >&2
