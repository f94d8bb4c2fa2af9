#!/usr/bin/env bash
# Writes scripts/lib/kiosk-menu.order: the functions of the deployed kiosk
# (scripts/lib/deploy-build.sh) that run while it starts and is driven by
# its keys, in the order they first run, for the linker to place first.
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
for key in Down Down Up Return Down Up Up; do
    xdotool key $key
    sleep 1.5
done
xdotool key Escape
wait $runner || true

# The kiosk's own functions (callgrind names each object before its
# functions), first run first; recursion levels ('2) folded, unnamed code dropped.
binary=$(readlink -f "$kiosk")
awk -v binary="$binary" '
    /^ob=/ { object = substr($0, 4) }
    /^fn=/ && object == binary {
        name = substr($0, 4); sub(/'"'"'[0-9]+$/, "", name)
        if (name !~ /^0x/ && !seen[name]++) print name
    }' "$work/callgrind.out" >scripts/lib/kiosk-menu.order
count=$(wc -l <scripts/lib/kiosk-menu.order)
[ "$count" -gt 100 ] || { echo "make-order-file.sh: only $count functions recorded; see $work/kiosk.log" >&2; exit 1; }
# Relink with the new order (the flags are the same, so nothing else tells the build).
rm -f "$kiosk"
deploy_build kiosk-menu
echo "make-order-file.sh: $count functions in scripts/lib/kiosk-menu.order" >&2
