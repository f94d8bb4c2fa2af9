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

xvfb_pid=""
trap '[ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null; true' EXIT
if [ -z "${DISPLAY:-}" ]; then
    display_file=$(mktemp)
    Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset 3>"$display_file" 2>/dev/null &
    xvfb_pid=$!
    for _ in $(seq 100); do
        [ -s "$display_file" ] && break
        kill -0 "$xvfb_pid" 2>/dev/null || break
        sleep 0.05
    done
    if [ ! -s "$display_file" ]; then
        echo "run-demo.sh: DISPLAY is unset and Xvfb did not start" >&2
        exit 1
    fi
    export DISPLAY=":$(head -n1 "$display_file")"
    rm -f "$display_file"
    echo "run-demo.sh: DISPLAY is unset; started Xvfb on $DISPLAY (the window is not visible; Ctrl-C ends it)" >&2
fi

# Not exec: the trap stops Xvfb when the demo ends.
swift run -c release kiosk-menu "$@"
