#!/usr/bin/env bash
# Runs the whole test suite: every XCTest case of every test target.
#
# Usage: scripts/test.sh [extra swift test arguments]
#
# The LaminaHost tests need an X server. When DISPLAY is unset, this starts
# a private Xvfb for the run (saying so on stderr) and stops it afterwards.
# Without Xvfb those tests skip, each saying why.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/xvfb.sh
trap stop_private_xvfb EXIT

if [ -z "${DISPLAY:-}" ] && command -v Xvfb >/dev/null; then
    if start_private_xvfb 1920x1080x24; then
        echo "test.sh: DISPLAY is unset; started Xvfb on $DISPLAY for the X11 tests" >&2
    else
        echo "test.sh: DISPLAY is unset and Xvfb did not start; the X11 tests will skip" >&2
    fi
fi

# Swift Testing is not used; skipping its empty run keeps XCTest's summary
# ("Executed N tests, with 0 failures") as the last line of the output.
# Not exec: the trap above must stop Xvfb after the tests.
swift test --disable-swift-testing "$@"
