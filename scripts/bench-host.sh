#!/usr/bin/env bash
# Prints what presenting a frame costs through MIT-SHM and through
# XPutImage at 1280x720 and 1920x1080, next to memcpy (host-benchmark).
# Starts a private Xvfb (saying so) when DISPLAY is unset.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/xvfb.sh
trap stop_private_xvfb EXIT
if [ -z "${DISPLAY:-}" ]; then
    start_private_xvfb 1920x1080x24 || { echo "bench-host.sh: DISPLAY is unset and Xvfb did not start" >&2; exit 1; }
    echo "bench-host.sh: DISPLAY is unset; started Xvfb on $DISPLAY" >&2
fi
swift build -c release --product host-benchmark >&2
"$(swift build -c release --show-bin-path)/host-benchmark"
