#!/usr/bin/env bash
# Installs Debian's Kamailio with its WebSocket and TLS modules when missing
# (the interop tier's only system dependency besides Chromium). Does not start
# or enable any service: the tests run Kamailio themselves from their own config.
set -euo pipefail

PACKAGES=(kamailio kamailio-websocket-modules kamailio-tls-modules)
MODULES=/usr/lib/x86_64-linux-gnu/kamailio/modules

if [ -x /usr/sbin/kamailio ] && [ -f "$MODULES/websocket.so" ] && [ -f "$MODULES/tls.so" ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-kamailio: Kamailio is missing and this is not root; run: sudo apt-get install -y ${PACKAGES[*]}" >&2
  exit 1
fi
echo "ensure-kamailio: installing ${PACKAGES[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# Keep the package's service from starting (no init system in CI anyway).
flock /tmp/apt.lock sh -c "apt-get update -qq && apt-get install -y -qq --no-install-recommends ${PACKAGES[*]} >/dev/null"
/usr/sbin/kamailio -v | head -1 >&2
