#!/usr/bin/env bash
# Soak test: runs the kiosk menu under a private Xvfb for MINUTES (default
# 10; CI uses 1) while xdotool presses random keys and clicks, drags,
# scrolls and floods the pointer at random, and samples its resident
# memory, open file descriptors and SysV shared-memory segments every
# SAMPLE seconds (default 5). Prints a table and a verdict line
# ("verdict: flat" or "verdict: growing ..."), then checks that no segment
# the kiosk created is left behind after it exits. Exit status 1 when growing
# or leaking.
#
# Usage: scripts/soak.sh [MINUTES]      SAMPLE=2 scripts/soak.sh 1
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
sample=${SAMPLE:-5}
# CONFIG=debug reuses the test build (CI); release is what users run.
config=${CONFIG:-release}
swift build -c "$config" --product kiosk-menu >&2
kiosk_bin=$(swift build -c "$config" --show-bin-path)/kiosk-menu

source scripts/lib/xvfb.sh
kiosk=""
cleanup() {
    [ -n "$kiosk" ] && kill "$kiosk" 2>/dev/null || true
    stop_private_xvfb
    wait 2>/dev/null || true
}
trap cleanup EXIT
start_private_xvfb 1280x720x24 || { echo "soak.sh: Xvfb did not start" >&2; exit 1; }

segments() { ipcs -m -p 2>/dev/null | awk -v p="$1" '$3 == p { n++ } END { print n + 0 }'; }
"$kiosk_bin" --width 1280 --height 720 >/dev/null 2>&1 &
kiosk=$!
sleep 2

# Every key but Escape, which quits the kiosk by design.
keys=(Up Down Left Right Return space Tab Home End Page_Up Page_Down F2 a z 1)
printf '%8s %10s %6s %6s\n' seconds rss_kib fds shm
declare -a rss_samples
end=$((SECONDS + minutes * 60))
next=$SECONDS
while [ $SECONDS -lt $end ]; do
    kill -0 "$kiosk" 2>/dev/null || { echo "verdict: the kiosk exited during the soak"; exit 1; }
    case $((RANDOM % 6)) in
        0) xdotool mousemove $((RANDOM % 1280)) $((RANDOM % 720)) click $((RANDOM % 5 + 1)) 2>/dev/null || true ;;
        1) # a press now, its release some turns later (or never, when a later press comes first)
           xdotool mousemove $((RANDOM % 1280)) $((RANDOM % 720)) mousedown 1 2>/dev/null || true ;;
        2) xdotool mousemove $((RANDOM % 1280)) $((RANDOM % 720)) mouseup $((RANDOM % 3 + 1)) 2>/dev/null || true ;;
        3) # a flood of motion
           for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
               xdotool mousemove $((RANDOM % 1280)) $((RANDOM % 720)) 2>/dev/null || true
           done ;;
        *) xdotool key --delay 0 "${keys[RANDOM % ${#keys[@]}]}" 2>/dev/null || true ;;
    esac
    if [ $SECONDS -ge $next ]; then
        rss=$(awk '/VmRSS/ { print $2 }' /proc/$kiosk/status)
        fds=$(ls /proc/$kiosk/fd | wc -l)
        printf '%8d %10d %6d %6d\n' "$SECONDS" "$rss" "$fds" "$(segments $kiosk)"
        rss_samples+=("$rss")
        fd_samples+=("$fds")
        next=$((SECONDS + sample))
    fi
    sleep 0.05
done

# Flat: the last quarter's median RSS within 10% (and 8 MiB) of the second
# quarter's; the descriptor count unchanged from the second quarter.
n=${#rss_samples[@]}
q2=$((n / 4)); q4=$((n * 3 / 4))
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
early=$(median "${rss_samples[@]:q2:$((n / 4 > 0 ? n / 4 : 1))}")
late=$(median "${rss_samples[@]:q4}")
fd_early=${fd_samples[$q2]}; fd_late=${fd_samples[$((n - 1))]}
status=0
if [ $((late - early)) -gt $((early / 10)) ] && [ $((late - early)) -gt 8192 ] || [ "$fd_late" -gt "$fd_early" ]; then
    echo "verdict: growing (rss ${early} -> ${late} KiB, fds ${fd_early} -> ${fd_late})"; status=1
else
    echo "verdict: flat (rss ${early} -> ${late} KiB, fds ${fd_early} -> ${fd_late})"
fi

pid=$kiosk
kill "$kiosk"; wait "$kiosk" 2>/dev/null || true; kiosk=""
sleep 0.5
left=$(segments $pid)
# A segment outliving its creator shows with the creator's pid in ipcs -p.
if [ "$left" -ne 0 ]; then echo "leftover: $left shared-memory segments of pid $pid"; status=1
else echo "leftover: none"; fi
exit $status
