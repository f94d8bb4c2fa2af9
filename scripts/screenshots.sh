#!/usr/bin/env bash
# Takes the README's screenshots of the kiosk menu under a private Xvfb:
# docs/images/kiosk-menu.png (after Down, Down) and, with the profiler
# overlay shown, docs/images/kiosk-menu-profiler.png.
#
# Usage: scripts/screenshots.sh   (needs xdotool and imagemagick's import)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product kiosk-menu >&2
width=1280 height=720

source scripts/lib/xvfb.sh
trap stop_private_xvfb EXIT
start_private_xvfb ${width}x${height}x24 || { echo "$(basename "$0"): Xvfb did not start" >&2; exit 1; }

shoot() {  # shoot OUTPUT [kiosk-menu options...]
    local output=$1; shift
    .build/release/kiosk-menu --width $width --height $height "$@" &
    local demo=$!
    sleep 2
    xdotool key Down; sleep 0.4; xdotool key Down; sleep 1.2
    import -window root -crop ${width}x${height}+0+0 "$output"
    xdotool key Escape
    wait $demo || true
    echo "wrote $output" >&2
}

shoot docs/images/kiosk-menu.png
if .build/release/kiosk-menu --help | grep -q -- --profiler; then
    shoot docs/images/kiosk-menu-profiler.png --background animated --profiler
fi
