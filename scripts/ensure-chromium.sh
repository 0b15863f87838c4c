#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium (the browser the e2e tests drive through
# playwright-core; a downloaded browser build is never used). Installs it with apt when running as root,
# otherwise says what to install and fails.
#
# Sibling scripts (ensure-<tool>.sh) follow the same shape: source scripts/lib/ensure.sh and call
# ensure_apt_packages <binary-to-check> <debian-package>...
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/ensure.sh"

ensure_apt_packages /usr/bin/chromium chromium
