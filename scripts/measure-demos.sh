#!/usr/bin/env bash
# Runs each demo of the gallery at 1280x720 under a private Xvfb (release
# build) for SECONDS (default 8), pressing its keys as a user would, then
# Escape, and prints the first lines of its exit summary (frames, achieved
# rate, frame times), with its CPU per second of wall time and peak RSS.
#
# Usage: scripts/measure-demos.sh [SECONDS] [demo...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-8}; shift || true
all=(kiosk-menu clock spaceship transitions spring-playground replicator-loader cover-flow particles)
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=("${all[@]}")
for demo in "${wanted[@]}"; do swift build -c release --product "$demo" >&2; done

source scripts/lib/xvfb.sh
trap stop_private_xvfb EXIT
start_private_xvfb 1280x720x24 || { echo "$(basename "$0"): Xvfb did not start" >&2; exit 1; }
ticks=$(getconf CLK_TCK)

# The keys each demo is driven with, pressed in turn every half second.
keys_for() {
    case $1 in
    kiosk-menu) echo "Down Up" ;;
    clock) echo "Right Left" ;;
    spaceship) echo "Up Down" ;;
    transitions) echo "Return Right Return Up" ;;
    spring-playground) echo "Return Down Return Up" ;;
    replicator-loader) echo "Up Down" ;;
    cover-flow) echo "Right Right Left Left" ;;
    particles) echo "Left Right" ;;
    esac
}

for demo in "${wanted[@]}"; do
    output=$(mktemp)
    ".build/release/$demo" --width 1280 --height 720 >"$output" 2>/dev/null &
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
    echo "== $demo: $(awk -v c="$cpu" -v t="$ticks" -v w="$wall" 'BEGIN { printf "%.1f", 100 * c / t / w }') % of one core, peak RSS $((peak / 1024)) MB"
    grep -v '^FRAMES' "$output" | head -4
    rm -f "$output"
done
