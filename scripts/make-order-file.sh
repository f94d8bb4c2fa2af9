#!/usr/bin/env bash
# Writes scripts/lib/kiosk-menu.order: the functions of the deployed kiosk
# (scripts/lib/deploy-build.sh) that run while it starts and is driven by
# its keys, for the linker to place first: those of every frame, then
# those of key presses, start-up and teardown, each group in the order
# its functions first run.
# Run it again when the kiosk's code has changed much; a stale file still
# works, it only places fewer functions together.
#
# Needs valgrind (callgrind lists every function executed) and Xvfb; takes
# a minute or two.
#
# Usage: scripts/make-order-file.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "make-order-file.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
source scripts/lib/deploy-build.sh
source scripts/lib/xvfb.sh
work=$(mktemp -d)
trap 'stop_private_xvfb; rm -rf "$work"' EXIT

deploy_build kiosk-menu
kiosk=$(deploy_bin_path)/kiosk-menu
start_private_xvfb 1280x720x24 || { echo "make-order-file.sh: Xvfb did not start" >&2; exit 1; }

valgrind --tool=callgrind --demangle=no --compress-strings=no --compress-pos=no \
    --callgrind-out-file="$work/callgrind.out" "$kiosk" --width 1280 --height 720 --background solid \
    >"$work/kiosk.log" 2>&1 &
runner=$!
# Under callgrind the kiosk starts in tens of seconds: wait for its window.
for _ in $(seq 120); do
    xdotool search --name "kiosk-menu" >/dev/null 2>&1 && break
    sleep 1
done
sleep 5
# Dumps split the run: start-up (callgrind.out.1), frames with only the
# pulse running (.2), key presses and the moves they start (.3); the
# teardown after Escape is the last file, without a number.
callgrind_control --dump "$runner" >/dev/null
sleep 4
callgrind_control --dump "$runner" >/dev/null
for key in Down Down Up Return Down Up Up; do
    xdotool key $key
    sleep 1.5
done
callgrind_control --dump "$runner" >/dev/null
xdotool key Escape
wait $runner || true

# The kiosk's own functions (callgrind names each object before its
# functions), in the order of the dumps that show them first: every
# frame's, then the key presses', start-up's and the teardown's; within a
# dump, first run first; recursion levels ('2) folded, unnamed code
# dropped. The functions every frame runs then lie together in as few
# pages as they can (the render thread wakes each frame with cold caches,
# and an iTLB entry or a cache line covers more of them), and what
# start-up touched stays beside them, resident either way.
binary=$(readlink -f "$kiosk")
dumps=("$work/callgrind.out.2" "$work/callgrind.out.3" "$work/callgrind.out.1" "$work/callgrind.out")
for dump in "${dumps[@]}"; do
    [ -s "$dump" ] || { echo "make-order-file.sh: callgrind did not write $dump; see $work/kiosk.log" >&2; exit 1; }
done
awk -v binary="$binary" '
    /^ob=/ { object = substr($0, 4) }
    /^fn=/ && object == binary {
        name = substr($0, 4); sub(/'"'"'[0-9]+$/, "", name)
        if (name !~ /^0x/ && !seen[name]++) print name
    }' "${dumps[@]}" >scripts/lib/kiosk-menu.order
count=$(wc -l <scripts/lib/kiosk-menu.order)
[ "$count" -gt 100 ] || { echo "make-order-file.sh: only $count functions recorded; see $work/kiosk.log" >&2; exit 1; }
# Relink with the new order (the flags are the same, so nothing else tells the build).
rm -f "$kiosk"
deploy_build kiosk-menu
echo "make-order-file.sh: $count functions in scripts/lib/kiosk-menu.order" >&2
