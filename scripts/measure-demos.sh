#!/usr/bin/env bash
# Runs each demo of the gallery, and the kiosk with each background, under
# a private Xvfb (release build) for SECONDS (default 8) at each size,
# pressing its keys as a user would, then Escape. Prints the first lines of
# its exit summary (frames, achieved rate, frame times), its CPU per second
# of wall time and peak RSS, and one `ROW` line a run for the table
# (scripts/lib/demo_table.py turns them into docs/performance.md's table).
#
# Usage: scripts/measure-demos.sh [--size WxH]... [SECONDS] [demo...]
#   Sizes default to 1280x720; give --size twice for both (bench-all.sh
#   does: 1280x720 and 1920x1080). A demo is a name from the list below;
#   kiosk-menu:animated is the kiosk over its animated background.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=()
while [ $# -gt 0 ] && [ "$1" = --size ]; do sizes+=("$2"); shift 2; done
[ ${#sizes[@]} -gt 0 ] || sizes=(1280x720)
seconds=${1:-8}; shift || true
all=(kiosk-menu kiosk-menu:animated clock spaceship transitions spring-playground replicator-loader cover-flow particles)
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=("${all[@]}")
for demo in "${wanted[@]}"; do swift build -c release --product "${demo%%:*}" >&2; done

source scripts/lib/xvfb.sh
trap stop_private_xvfb EXIT
start_private_xvfb 1920x1080x24 || { echo "$(basename "$0"): Xvfb did not start" >&2; exit 1; }
ticks=$(getconf CLK_TCK)

# The keys each demo is driven with, pressed in turn every half second.
keys_for() {
    case $1 in
    kiosk-menu*) echo "Down Up" ;;
    clock) echo "Right Left" ;;
    spaceship) echo "Up Down" ;;
    transitions) echo "Return Right Return Up" ;;
    spring-playground) echo "Return Down Return Up" ;;
    replicator-loader) echo "Up Down" ;;
    cover-flow) echo "Right Right Left Left" ;;
    particles) echo "Left Right" ;;
    esac
}

for size in "${sizes[@]}"; do
    width=${size%x*}; height=${size#*x}
    for demo in "${wanted[@]}"; do
        arguments=(--width "$width" --height "$height")
        [ "$demo" = kiosk-menu:animated ] && arguments+=(--background animated)
        output=$(mktemp)
        ".build/release/${demo%%:*}" "${arguments[@]}" >"$output" 2>/dev/null &
        pid=$!
        sleep 2  # start-up is not measured
        read -r -a before < <(cut -d' ' -f14,15 /proc/$pid/stat)
        start=$(date +%s.%N)
        read -r -a keys <<<"$(keys_for "$demo")"
        for i in $(seq 0 $((seconds * 2 - 1))); do
            xdotool key "${keys[i % ${#keys[@]}]}"
            sleep 0.5
        done
        read -r -a after < <(cut -d' ' -f14,15 /proc/$pid/stat)
        wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
        peak=$(awk '/VmHWM/ { print $2 }' /proc/$pid/status)
        xdotool key Escape
        wait $pid || true
        cpu=$(( (after[0] + after[1]) - (before[0] + before[1]) ))
        share=$(awk -v c="$cpu" -v t="$ticks" -v w="$wall" 'BEGIN { printf "%.1f", 100 * c / t / w }')
        echo "== $demo at $size: $share % of one core, peak RSS $((peak / 1024)) MB"
        summary=$(grep -v '^FRAMES' "$output" | head -4)
        echo "$summary"
        # "Lamina: N frames in S s, F fps while drawing (display R Hz), D dropped" and
        # "  frame work     p50 A p95 B p99 C max D ms"
        fps=$(sed -n 's/.* \([0-9.]*\) fps while drawing.*/\1/p' <<<"$summary" | head -1)
        display=$(sed -n 's/.*(display \([0-9.]*\) Hz).*/\1/p' <<<"$summary" | head -1)
        dropped=$(sed -n 's/.*, \([0-9]*\) dropped.*/\1/p' <<<"$summary" | head -1)
        # "..., D dropped (S in the first 0.5 s)": written D(S), S of the D at start-up.
        startup=$(sed -n 's/.* dropped (\([0-9]*\) in the first.*/\1/p' <<<"$summary" | head -1)
        [ -n "$startup" ] && dropped="$dropped($startup)"
        work=$(grep 'frame work' <<<"$summary" | awk '{ print $4, $8 }')
        echo "ROW $demo $size ${fps:-?} ${display:-?} ${dropped:-?} ${work:-? ?} $share $((peak / 1024))"
        rm -f "$output"
    done
done
