#!/usr/bin/env bash
# Takes the README's screenshots under a private Xvfb: the kiosk menu
# (docs/images/kiosk-menu.png after Down, Down, and with the profiler
# overlay shown, docs/images/kiosk-menu-profiler.png), then one of each
# demo of the gallery (docs/images/<demo>.png).
#
# Usage: scripts/screenshots.sh [demo...]   (needs xdotool and imagemagick's import)
#   With demo names (kiosk-menu, clock, ...), takes only theirs.
#   CONFIGURATION=debug uses the debug build (quicker to build; same pictures).
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=${CONFIGURATION:-release}
width=1280 height=720
all=(kiosk-menu clock spaceship transitions spring-playground replicator-loader cover-flow particles)
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=("${all[@]}")
for demo in "${wanted[@]}"; do swift build -c "$configuration" --product "$demo" >&2; done
bin=.build/$configuration

source scripts/lib/xvfb.sh
trap stop_private_xvfb EXIT
start_private_xvfb ${width}x${height}x24 || { echo "$(basename "$0"): Xvfb did not start" >&2; exit 1; }

# shoot OUTPUT DELAY "KEYS" DEMO [options...]: starts the demo, waits 2 s,
# types KEYS (0.4 s apart), waits DELAY seconds, takes the screen, quits.
shoot() {
    local output=$1 delay=$2 keys=$3 demo=$4; shift 4
    "$bin/$demo" --width $width --height $height "$@" &
    local pid=$!
    sleep 2
    for key in $keys; do xdotool key "$key"; sleep 0.4; done
    sleep "$delay"
    import -window root -crop ${width}x${height}+0+0 "$output"
    xdotool key Escape
    wait $pid || true
    echo "wrote $output" >&2
}

for demo in "${wanted[@]}"; do
    case $demo in
    kiosk-menu)
        shoot docs/images/kiosk-menu.png 0.8 "Down Down" kiosk-menu
        shoot docs/images/kiosk-menu-profiler.png 0.8 "Down Down" kiosk-menu --background animated --profiler ;;
    # The classic watch pose.
    clock) shoot docs/images/clock.png 0.5 "" clock --start 10:09:30 ;;
    # Half way through the first arc.
    spaceship) shoot docs/images/spaceship.png 0.2 "" spaceship ;;
    # Card 2 pushed in from the left, caught half way.
    transitions) shoot docs/images/transitions.png 0.05 "Return" transitions ;;
    # A lightly damped spring (damping 5) and its curve.
    spring-playground) shoot docs/images/spring-playground.png 1.6 "Down Down" spring-playground ;;
    replicator-loader) shoot docs/images/replicator-loader.png 0.6 "" replicator-loader ;;
    # The sixth cover brought to the middle.
    cover-flow) shoot docs/images/cover-flow.png 1.2 "Right" cover-flow ;;
    # The fountain tilted once, in full flow.
    particles) shoot docs/images/particles.png 1.5 "Left" particles ;;
    *) echo "$(basename "$0"): no demo named $demo" >&2; exit 2 ;;
    esac
done
