#!/usr/bin/env bash
# Prints what presenting a frame costs through MIT-SHM and through
# XPutImage at 1280x720 and 1920x1080, next to memcpy (host-benchmark).
# Starts a private Xvfb (saying so) when DISPLAY is unset.
set -euo pipefail
cd "$(dirname "$0")/.."

xvfb_pid=""
trap '[ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null; true' EXIT
if [ -z "${DISPLAY:-}" ]; then
    display_file=$(mktemp)
    Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset 3>"$display_file" 2>/dev/null &
    xvfb_pid=$!
    for _ in $(seq 100); do [ -s "$display_file" ] && break; sleep 0.05; done
    export DISPLAY=":$(head -n1 "$display_file")"
    rm -f "$display_file"
    echo "bench-host.sh: DISPLAY is unset; started Xvfb on $DISPLAY" >&2
fi
swift build -c release --product host-benchmark >&2
"$(swift build -c release --show-bin-path)/host-benchmark"
