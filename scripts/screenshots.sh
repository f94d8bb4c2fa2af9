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

display_file=$(mktemp)
Xvfb -displayfd 3 -screen 0 ${width}x${height}x24 -nolisten tcp -noreset 3>"$display_file" 2>/dev/null &
xvfb_pid=$!
trap 'kill $xvfb_pid 2>/dev/null; true' EXIT
for _ in $(seq 100); do [ -s "$display_file" ] && break; sleep 0.05; done
export DISPLAY=":$(head -n1 "$display_file")"
rm -f "$display_file"

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
