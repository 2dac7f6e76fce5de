#!/usr/bin/env bash
# Installs what the interop tier runs, from Debian, when missing: Kamailio with
# its WebSocket and TLS modules (its rtpengine module is in the main package),
# rtpengine (userspace), baresip and coturn. Starts and enables no service: the
# tests run each of them themselves from their own config.
set -euo pipefail

PACKAGES=(kamailio kamailio-websocket-modules kamailio-tls-modules rtpengine-daemon baresip-core coturn iproute2 nftables)
has_modules() {
  # Debian: /usr/lib/<multiarch triplet>/kamailio/modules
  for dir in /usr/lib/kamailio/modules /usr/lib/*/kamailio/modules; do
    if [ -f "$dir/websocket.so" ] && [ -f "$dir/tls.so" ] && [ -f "$dir/rtpengine.so" ]; then return 0; fi
  done
  return 1
}

has_all() {
  [ -x /usr/sbin/kamailio ] && has_modules && [ -x /usr/bin/rtpengine ] && [ -f /usr/lib/baresip/modules/ctrl_tcp.so ] \
    && [ -x /usr/bin/turnserver ] && command -v ip >/dev/null 2>&1 && command -v nft >/dev/null 2>&1
}
if has_all; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-packages: a package of the interop tier is missing and this is not root; run: sudo apt-get install -y ${PACKAGES[*]}" >&2
  exit 1
fi
echo "ensure-packages: installing ${PACKAGES[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
flock /tmp/apt.lock sh -c "apt-get update -qq && apt-get install -y -qq --no-install-recommends ${PACKAGES[*]} >/dev/null"
# Under systemd the packages start and enable system-wide services; the tests
# run their own, so switch those off (CI containers have no systemd).
if [ -d /run/systemd/system ]; then
  systemctl disable --now kamailio rtpengine-daemon coturn >/dev/null 2>&1 || true
fi
/usr/sbin/kamailio -v | head -1 >&2
