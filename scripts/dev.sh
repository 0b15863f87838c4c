#!/usr/bin/env bash
# `npm run dev`: the API server with reload on change (tsx watch) and the Vite dev server with hot reload,
# which proxies /api (HTTP and the socket) to it. Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export PORT="${PORT:-8080}"
export API_PROXY="${API_PROXY:-http://127.0.0.1:$PORT}"
# Sockets opened through the Vite dev server come from its origin.
export PUBLIC_ORIGIN="${PUBLIC_ORIGIN:-http://127.0.0.1:5173,http://localhost:5173}"
# The socket URL the browser gets: the Vite dev server, which proxies it (never taken from the Host header).
export PUBLIC_URL="${PUBLIC_URL:-http://127.0.0.1:5173}"

npx tsx watch --clear-screen=false server/main.ts &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT INT TERM
npx vite
