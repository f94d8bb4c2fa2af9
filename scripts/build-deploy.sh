#!/usr/bin/env bash
# Builds programs the way a kiosk ships them: release, the Swift runtime
# and Foundation linked in statically, relocations packed where the linker
# and C library support it, hot functions placed together
# (scripts/lib/deploy-build.sh says why). Prints where the programs are.
# The kiosk built so peaks at about 28 MiB resident at 1280x720, against
# 39 MB for the ordinary release build (docs/performance.md).
#
# Usage: scripts/build-deploy.sh [PRODUCT...]   (default: kiosk-menu)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deploy-build.sh
[ $# -gt 0 ] || set -- kiosk-menu
deploy_build "$@"
deploy_bin_path
