#!/usr/bin/env bash
# Installs the system packages Concord needs when they are missing: nats-server always,
# redis-server and chromium for the test suite (rate-limit state on Redis; the console and API
# reference driven in headless Chromium). Uses apt-get when running as
# root or with passwordless sudo; otherwise says exactly what to install.
set -euo pipefail

need=()
testing=false
if [ "${1:-}" = "--with-test-deps" ] || [ "${npm_lifecycle_event:-}" = "test" ]; then testing=true; fi
# With NATS_URL set the service uses that server and needs no local binary; tests always do.
if $testing || [ -z "${NATS_URL:-}" ]; then
  command -v nats-server >/dev/null 2>&1 || need+=(nats-server)
fi
if $testing; then
  command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
  [ -x /usr/bin/chromium ] || need+=(chromium)
fi
[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo -n"
else
  echo "Concord needs these system packages: ${need[*]}" >&2
  echo "Install them with: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Concord needs ${need[*]} and this machine has no apt-get; install them with your package manager." >&2
  exit 1
fi
echo "Installing ${need[*]} with apt-get..." >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
