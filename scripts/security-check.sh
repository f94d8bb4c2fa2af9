#!/usr/bin/env bash
# Security check of the running kiosk menu (under a private Xvfb):
#  1. no listening network socket belongs to its pid (ss -lptun, and the
#     socket inodes of /proc/PID/fd against /proc/net/{tcp,tcp6,udp,udp6});
#  2. every SysV shared-memory segment it created is owner-only (perms 600);
#  3. no file it created in /tmp (newer than its start) is readable by others.
# Prints one line per check and "security: ok" or "security: FAILED".
#
# Usage: scripts/security-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# CONFIG=debug reuses the test build (CI); release is what users run.
config=${CONFIG:-release}
swift build -c "$config" --product kiosk-menu >&2
kiosk_bin=$(swift build -c "$config" --show-bin-path)/kiosk-menu

source scripts/lib/xvfb.sh
kiosk=""
marker=""
cleanup() {
    [ -n "$kiosk" ] && kill "$kiosk" 2>/dev/null || true
    stop_private_xvfb
    wait 2>/dev/null || true
    rm -f "$marker"
}
trap cleanup EXIT
start_private_xvfb 800x600x24 || { echo "security-check.sh: Xvfb did not start" >&2; exit 1; }
sleep 1
marker=$(mktemp)  # files older than the marker are not the kiosk's (Xvfb's lock, say)
"$kiosk_bin" --width 800 --height 600 >/dev/null 2>&1 &
kiosk=$!
sleep 3
xdotool key Down Down Return 2>/dev/null || true
sleep 1
failed=0

# 1. Listening sockets.
listening=$(ss -lptunH 2>/dev/null | grep -c "pid=$kiosk," || true)
inodes=$(ls -l /proc/$kiosk/fd 2>/dev/null | sed -n 's/.*socket:\[\([0-9]*\)\]/\1/p')
net=0
for inode in $inodes; do
    # Column 10 is the inode; state 0A is LISTEN for tcp, 07 an unconnected udp socket.
    net=$((net + $(awk -v i="$inode" '$10 == i && ($4 == "0A" || $4 == "07")' /proc/net/tcp /proc/net/tcp6 /proc/net/udp /proc/net/udp6 2>/dev/null | wc -l)))
done
if [ "$listening" -eq 0 ] && [ "$net" -eq 0 ]; then echo "listening sockets: none"
else echo "listening sockets: $listening (ss), $net (/proc/net) — FAIL"; failed=1; fi

# 2. Shared-memory segments created by the kiosk: perms must be 600.
shmids=$(ipcs -m -p | awk -v p="$kiosk" '$3 == p { print $1 }')
bad=0; count=0
for id in $shmids; do
    count=$((count + 1))
    perms=$(ipcs -m | awk -v i="$id" '$2 == i { print $4 }')
    [ "$perms" = "600" ] || { echo "segment $id perms $perms — FAIL"; bad=1; }
done
if [ "$bad" -eq 0 ]; then echo "shared memory: $count segments, all perms 600"; else failed=1; fi

# 3. World-readable files in /tmp created since the kiosk started, owned by us.
# Only names Lamina could use: other processes of the same user (a shell
# writing a log, say) also create files in /tmp meanwhile.
readable=$(find /tmp -maxdepth 2 -newer "$marker" -user "$(id -u)" -perm -o=r -type f \
    \( -iname '*lamina*' -o -iname '*kiosk*' -o -iname '*.sock' \) 2>/dev/null || true)
if [ -z "$readable" ]; then echo "world-readable files in /tmp: none"
else echo "world-readable files in /tmp — FAIL:"; echo "$readable"; failed=1; fi

kill -0 "$kiosk" 2>/dev/null || { echo "the kiosk exited during the check — FAIL"; failed=1; }
if [ "$failed" -eq 0 ]; then echo "security: ok"; else echo "security: FAILED"; exit 1; fi
