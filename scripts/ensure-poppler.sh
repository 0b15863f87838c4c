#!/usr/bin/env bash
# Makes sure Debian's poppler-utils (pdftotext) is there: the tests of the bids module's generated PDFs read their
# text back with it. Installs it with apt when running as root, otherwise says what to install and fails.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/ensure.sh"

ensure_apt_packages pdftotext poppler-utils
