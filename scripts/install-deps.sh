#!/usr/bin/env bash
# Installs the Debian packages listed in scripts/debian-packages.txt that are
# not installed yet. Needs apt-get, and root or sudo; safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v apt-get >/dev/null; then
    echo "install-deps: apt-get is needed (Debian or Ubuntu)" >&2
    exit 1
fi
missing=()
for package in $(grep -v '^\s*#' scripts/debian-packages.txt); do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: every Debian package is installed"
    exit 0
fi
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
