#!/usr/bin/env bash
# Runs the whole test suite: every XCTest case of every test target.
#
# Usage: scripts/test.sh [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

# Swift Testing is not used; skipping its empty run keeps XCTest's summary
# ("Executed N tests, with 0 failures") as the last line of the output.
exec swift test --disable-swift-testing "$@"
