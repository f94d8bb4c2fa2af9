#!/usr/bin/env bash
# The quick versions of the reliability checks (docs/reliability.md), as CI
# runs them after the test suite:
#  1. the render-server and X11 host tests under ThreadSanitizer;
#  2. a one-minute soak of the kiosk menu with random keys (flat memory and
#     descriptors, no shared-memory segment left behind);
#  3. the security check (no listening socket, owner-only SHM, no
#     world-readable files).
# The soak and the security check use the debug build the tests made, so CI
# builds no release configuration. Exit status 1 when any check fails.
#
# Usage: scripts/ci-reliability.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# Render server, compositor and host: every test that runs threads (the golden
# suites draw some scenes on a real render thread too: renderBothWays).
tsan_filter='LaminaHostTests|RenderServerThreadTests|PresentedFrameReportTests|FrameSchedulerTests|TraceExportTests|ProfilerDumpTests|LoadTests|CATextLayerRenderingTests|TiledLayerTests|CompositorGoldenTests|EffectsGoldenTests|InspectorOverlayTests|MediaTimeScaleTests|CompositingThreadsTests|ProjectiveCompositeOverTests'

echo "ci-reliability: thread sanitizer ($tsan_filter)" >&2
# Left out: the tests that time a sanitized demo from outside. It runs several
# times slower (a frame of the bloom pulse takes ~100 ms), so "notices within
# a second" and "the ring has settled" cannot be read there; the plain suite
# above checks both, and the sanitized demo still runs in the other lifecycle
# and inspector tests, whose stderr must stay empty of reports. The
# 10,000-layer test bounds resident memory, which the sanitizer's shadow
# memory and delayed frees inflate past any useful bound; it runs plain.
# Catching the moving spring-playground ball aims a click at where a
# screenshot showed it: with sanitized frames ~100 ms apart the picture lags
# the ball too far to aim by; the plain suite runs it.
scripts/test.sh --sanitize=thread --scratch-path .build-tsan --filter "$tsan_filter" \
    --skip testLosingTheXServerEndsTheDemoWithinASecondWithAMessage --skip KioskMenuScreenTests \
    --skip testTenThousandLayerTreesComeAndGo --skip testSpringPlaygroundPressCatchesTheMovingBallWhereItIsDrawn

echo "ci-reliability: one-minute soak" >&2
CONFIG=debug SAMPLE=3 scripts/soak.sh 1

echo "ci-reliability: security check" >&2
CONFIG=debug scripts/security-check.sh
