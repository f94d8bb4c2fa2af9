# Sourced by scripts that need an X server. `start_private_xvfb WxHxD`
# starts Xvfb on a free display (-displayfd), waits until it is ready and
# exports DISPLAY; it sets xvfb_pid (empty when Xvfb did not start) and
# returns non-zero then. `stop_private_xvfb` stops it. -noreset keeps the
# server up between clients (a server whose last client leaves resets and
# refuses connections for a moment); -nolisten tcp: no network socket.
xvfb_pid=""

start_private_xvfb() {
    local screen=${1:-1920x1080x24}
    local display_file
    display_file=$(mktemp)
    Xvfb -displayfd 3 -screen 0 "$screen" -nolisten tcp -noreset 3>"$display_file" 2>/dev/null &
    xvfb_pid=$!
    for _ in $(seq 100); do
        [ -s "$display_file" ] && break
        kill -0 "$xvfb_pid" 2>/dev/null || break
        sleep 0.05
    done
    if [ ! -s "$display_file" ]; then
        rm -f "$display_file"
        xvfb_pid=""
        return 1
    fi
    export DISPLAY=":$(head -n1 "$display_file")"
    rm -f "$display_file"
}

stop_private_xvfb() {
    if [ -n "$xvfb_pid" ]; then
        kill "$xvfb_pid" 2>/dev/null || true
        wait "$xvfb_pid" 2>/dev/null || true
        xvfb_pid=""
    fi
}
