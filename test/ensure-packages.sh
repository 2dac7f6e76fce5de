#!/usr/bin/env bash
# Installs the system packages the tests drive, from Debian, when missing:
# Chromium (end-to-end tests), and for the interop tier and the call-setup
# benchmark Kamailio with its WebSocket and TLS modules (its rtpengine module
# is in the main package), rtpengine (userspace), baresip, coturn, iproute2 and
# nftables, and PulseAudio with its tools (real audio devices for the E2E of
# unplugging a headset). `npm test` runs it first. Starts and enables no service: the tests
# run each server themselves from their own config.
set -euo pipefail

PACKAGES=(kamailio kamailio-websocket-modules kamailio-tls-modules rtpengine-daemon baresip-core coturn iproute2 nftables pulseaudio pulseaudio-utils)
has_modules() {
  # Debian: /usr/lib/<multiarch triplet>/kamailio/modules
  for dir in /usr/lib/kamailio/modules /usr/lib/*/kamailio/modules; do
    if [ -f "$dir/websocket.so" ] && [ -f "$dir/tls.so" ] && [ -f "$dir/rtpengine.so" ]; then return 0; fi
  done
  return 1
}

has_all() {
  [ -x /usr/bin/chromium ] && [ -x /usr/sbin/kamailio ] && has_modules && [ -x /usr/bin/rtpengine ] && [ -f /usr/lib/baresip/modules/ctrl_tcp.so ] \
    && [ -x /usr/bin/turnserver ] && command -v ip >/dev/null 2>&1 && command -v nft >/dev/null 2>&1 \
    && [ -x /usr/bin/pulseaudio ] && [ -x /usr/bin/pactl ] && [ -x /usr/bin/parec ]
}
if has_all; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-packages: a package the tests need is missing and this is not root; run: sudo apt-get install -y chromium ${PACKAGES[*]}" >&2
  exit 1
fi
echo "ensure-packages: installing chromium ${PACKAGES[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# Chromium with its recommended packages (fonts: the screenshots need them); the servers without.
flock /tmp/apt.lock sh -c "apt-get update -qq && apt-get install -y -qq chromium >/dev/null && apt-get install -y -qq --no-install-recommends ${PACKAGES[*]} >/dev/null"
# Under systemd the packages start and enable system-wide services; the tests
# run their own, so switch those off (CI containers have no systemd).
if [ -d /run/systemd/system ]; then
  systemctl disable --now kamailio rtpengine-daemon coturn >/dev/null 2>&1 || true
fi
/usr/sbin/kamailio -v | head -1 >&2
