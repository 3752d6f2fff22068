#!/bin/bash
# A photograph of a real desktop notification: scripts/screenshot-notification.sh ja docs/screenshots/notification-ja.png
# Needs Xvfb, dbus-launch, dunst and ImageMagick's import (Debian: xvfb dbus-x11 dunst imagemagick).
set -euo pipefail
language=${1:-en}
out=${2:-notification-$language.png}
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb ${daemon:-} ${DBUS_SESSION_BUS_PID:-} 2>/dev/null || true' EXIT
sleep 1
export DISPLAY=$display
eval "$(dbus-launch --sh-syntax)"
dunst >/dev/null 2>&1 &
daemon=$!
npx node scripts/screenshot-notification.mjs "$language" | while read -r line; do
  # The batch is finished: its notification is on screen a moment later.
  if [ "$line" = shown ]; then
    for _ in $(seq 40); do [ "$(dunstctl count displayed)" -gt 0 ] && break; sleep 0.25; done
    sleep 0.5
    import -window root "$out"
  fi
done
