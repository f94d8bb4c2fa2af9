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

xvfb_pid=""
stop_xvfb() {
    if [ -n "$xvfb_pid" ]; then
        kill "$xvfb_pid" 2>/dev/null || true
        wait "$xvfb_pid" 2>/dev/null || true
    fi
}
trap stop_xvfb EXIT

if [ -z "${DISPLAY:-}" ] && command -v Xvfb >/dev/null; then
    # -displayfd: Xvfb picks a free display number and writes it once ready.
    # -noreset: a server whose last client leaves resets, refusing connections
    # for a moment; tests open and close connections all the time.
    display_file=$(mktemp)
    Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset 3>"$display_file" 2>/dev/null &
    xvfb_pid=$!
    for _ in $(seq 100); do
        [ -s "$display_file" ] && break
        kill -0 "$xvfb_pid" 2>/dev/null || break
        sleep 0.05
    done
    if [ -s "$display_file" ]; then
        export DISPLAY=":$(head -n1 "$display_file")"
        echo "test.sh: DISPLAY is unset; started Xvfb on $DISPLAY for the X11 tests" >&2
    else
        echo "test.sh: DISPLAY is unset and Xvfb did not start; the X11 tests will skip" >&2
        xvfb_pid=""
    fi
    rm -f "$display_file"
fi

# Swift Testing is not used; skipping its empty run keeps XCTest's summary
# ("Executed N tests, with 0 failures") as the last line of the output.
# Not exec: the trap above must stop Xvfb after the tests.
swift test --disable-swift-testing "$@"
