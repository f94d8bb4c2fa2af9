#!/usr/bin/env bash
# Measures the kiosk menu at 1280x720 under a private Xvfb, for each
# background variant: Down/Up pressed every half second for SECONDS
# (default 10), then the demo's frame summary (achieved rate, frame-time
# percentiles, dropped frames), its CPU time per second of wall time, and
# its peak resident memory.
#
# Usage: scripts/measure-kiosk.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
# The kiosk as it ships (scripts/lib/deploy-build.sh: the Swift runtime linked in statically).
source scripts/lib/deploy-build.sh
deploy_build kiosk-menu
kiosk=$(deploy_bin_path)/kiosk-menu

source scripts/lib/xvfb.sh
trap stop_private_xvfb EXIT
start_private_xvfb 1280x720x24 || { echo "$(basename "$0"): Xvfb did not start" >&2; exit 1; }
ticks=$(getconf CLK_TCK)

for background in solid animated; do
    output=$(mktemp)
    "$kiosk" --width 1280 --height 720 --background $background >"$output" &
    demo=$!
    sleep 2  # start-up (fonts, first frames) is not measured
    read -r -a before < <(cut -d' ' -f14,15 /proc/$demo/stat)
    start=$(date +%s.%N)
    key=Down
    for _ in $(seq $((seconds * 2))); do
        xdotool key $key
        [ $key = Down ] && key=Up || key=Down
        sleep 0.5
    done
    read -r -a after < <(cut -d' ' -f14,15 /proc/$demo/stat)
    wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
    peak=$(grep VmHWM /proc/$demo/status | awk '{print $2}')
    xdotool key Escape
    wait $demo || true
    cpu=$(( (after[0] + after[1]) - (before[0] + before[1]) ))
    echo "== background $background, 1280x720, ${seconds} s with Down/Up every 0.5 s"
    echo "CPU: $(awk -v c="$cpu" -v t="$ticks" -v w="$wall" 'BEGIN { printf "%.1f", 100 * c / t / w }') % of one core; peak RSS $((peak / 1024)) MB"
    echo "whole run: $(cat "$output")"
    rm -f "$output"
done
