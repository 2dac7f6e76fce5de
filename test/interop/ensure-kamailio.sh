#!/usr/bin/env bash
# Installs Debian's Kamailio with its WebSocket and TLS modules when missing
# (the interop tier's only system dependency besides Chromium). Does not start
# or enable any service: the tests run Kamailio themselves from their own config.
set -euo pipefail

PACKAGES=(kamailio kamailio-websocket-modules kamailio-tls-modules)
has_modules() {
  # Debian: /usr/lib/<multiarch triplet>/kamailio/modules
  for dir in /usr/lib/kamailio/modules /usr/lib/*/kamailio/modules; do
    if [ -f "$dir/websocket.so" ] && [ -f "$dir/tls.so" ]; then return 0; fi
  done
  return 1
}

if [ -x /usr/sbin/kamailio ] && has_modules; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-kamailio: Kamailio is missing and this is not root; run: sudo apt-get install -y ${PACKAGES[*]}" >&2
  exit 1
fi
echo "ensure-kamailio: installing ${PACKAGES[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
flock /tmp/apt.lock sh -c "apt-get update -qq && apt-get install -y -qq --no-install-recommends ${PACKAGES[*]} >/dev/null"
# Under systemd the package starts and enables a system-wide Kamailio on 5060;
# the tests run their own, so switch that one off (CI containers have no systemd).
if [ -d /run/systemd/system ]; then
  systemctl disable --now kamailio >/dev/null 2>&1 || true
fi
/usr/sbin/kamailio -v | head -1 >&2
