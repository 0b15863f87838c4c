#!/usr/bin/env bash
# Makes sure Debian's nginx is installed: the reverse proxy of the multi-node recipe (deploy/nginx/cabinet.conf) and
# of the proxy browser test (tests/e2e/proxy.test.ts). Installs `nginx-light` with apt when running as root;
# otherwise prints the exact command and fails. The package's own service is not started (we run our own nginx).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/ensure.sh"

if [[ -x /usr/sbin/nginx ]]; then
  exit 0
fi

if [[ "$(id -u)" != "0" ]]; then
  echo "nginx is missing. Install it as root with:" >&2
  echo "  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light" >&2
  exit 1
fi

policy=/usr/sbin/policy-rc.d
created_policy=0
if [[ ! -e "$policy" ]]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod +x "$policy"
  created_policy=1
fi
trap '[[ $created_policy == 1 ]] && rm -f "$policy"' EXIT

ensure_apt_packages /usr/sbin/nginx nginx-light
echo "$(/usr/sbin/nginx -v 2>&1) is installed" >&2
