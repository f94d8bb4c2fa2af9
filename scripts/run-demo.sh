#!/usr/bin/env bash
# Runs the kiosk-menu demo: installs what it needs, builds it in release
# mode, and shows it on DISPLAY. With no DISPLAY it starts a private Xvfb
# (saying so on stderr), so the demo runs, invisibly, on any machine; look
# at it with `DISPLAY=:N import -window root shot.png` or drive it with
# `DISPLAY=:N xdotool key Down`.
#
# Usage: scripts/run-demo.sh [kiosk-menu options: --width W --height H --fullscreen --help]
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh >&2
swift build -c release --product kiosk-menu >&2

source scripts/lib/xvfb.sh
trap stop_private_xvfb EXIT
if [ -z "${DISPLAY:-}" ]; then
    if ! start_private_xvfb 1920x1080x24; then
        echo "run-demo.sh: DISPLAY is unset and Xvfb did not start" >&2
        exit 1
    fi
    echo "run-demo.sh: DISPLAY is unset; started Xvfb on $DISPLAY (the window is not visible; Ctrl-C ends it)" >&2
fi

# Not exec: the trap stops Xvfb when the demo ends.
swift run -c release kiosk-menu "$@"
