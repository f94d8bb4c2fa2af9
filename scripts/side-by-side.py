#!/usr/bin/env python3
"""Two kiosk programs measured at once, each under its own Xvfb (the first
free displays from :91), driven by the same keys: the comparison the peers'
harness (bench.py), which runs programs one after the other, is too noisy
for (the same binary moves by 0.12-0.20 ms a frame between its runs on this
machine).

usage: scripts/side-by-side.py [--secs N] [--rounds R] [--nokeys] -- A... -- B...

Each round starts both programs, warms up 3 s, focuses their windows (named
kiosk-*), then for N seconds (default 20) presses Down, Down, Down, Down,
Up, Up, Up, Up every 0.5 s in both (as bench.py does; --nokeys: none), and
reads each process's CPU from /proc/PID/task/*/schedstat. The frames each
drew come from the 'FRAMES <count> T <epoch ms>' lines it prints, as bench.py
counts them (a program that prints none is taken at 60 frames a second, and
said so). Rounds alternate which program starts first. Prints each round's
CPU a frame and B/A, then the means and the median ratio. Needs Xvfb and
xdotool.
"""
import os, re, signal, statistics, subprocess, sys, tempfile, time


def free_displays(count):
    """The first `count` display numbers from :91 on with no X server."""
    free = [f':{n}' for n in range(91, 160)
            if not os.path.exists(f'/tmp/.X11-unix/X{n}') and not os.path.exists(f'/tmp/.X{n}-lock')]
    if len(free) < count:
        raise SystemExit('side-by-side: no free display numbers')
    return tuple(free[:count])


KEYS = ['Down'] * 4 + ['Up'] * 4


def cpu_ns(pid):
    total = 0
    for task in os.listdir(f'/proc/{pid}/task'):
        try:
            with open(f'/proc/{pid}/task/{task}/schedstat') as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError):
            pass  # a thread that ended meanwhile
    return total


def frames_at(log, before_ms):
    """The last 'FRAMES <count> T <epoch ms>' line of `log` at or before
    `before_ms`, as (count, ms); None when there is none."""
    last = None
    with open(log, errors='replace') as f:
        for line in f:
            m = re.search(r'FRAMES (\d+) T (\d+)', line)
            if m and int(m.group(2)) <= before_ms:
                last = (int(m.group(1)), int(m.group(2)))
    return last


def frame_rate(log, start_ms, end_ms):
    """Frames a second between two wall-clock times, from the program's own
    FRAMES lines; None when it printed too few."""
    first, last = frames_at(log, start_ms), frames_at(log, end_ms)
    if not first or not last or last[1] <= first[1]:
        return None
    return (last[0] - first[0]) / ((last[1] - first[1]) / 1000)


def xdotool(display, *args):
    return subprocess.run(['xdotool', *args], env=dict(os.environ, DISPLAY=display),
                          capture_output=True, text=True, timeout=5).stdout


def round_of(commands, secs, keys):
    DISPLAYS = free_displays(len(commands))
    servers = [subprocess.Popen(['Xvfb', d, '-screen', '0', '1280x720x24', '-nolisten', 'tcp'],
                                stderr=subprocess.DEVNULL) for d in DISPLAYS]
    programs = []
    logs = [tempfile.NamedTemporaryFile('w', prefix='side-by-side-', suffix='.log') for _ in commands]
    try:
        time.sleep(1)
        programs = [subprocess.Popen(c, env=dict(os.environ, DISPLAY=d), stdout=log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
                    for c, d, log in zip(commands, DISPLAYS, logs)]
        time.sleep(3)
        for d in DISPLAYS:
            xdotool(d, 'mousemove', '640', '360')
            window = xdotool(d, 'search', '--onlyvisible', '--name', 'kiosk-').split()
            if window:
                xdotool(d, 'windowfocus', '--sync', window[0])
            xdotool(d, 'key', 'Down')
        time.sleep(0.6)
        if any(p.poll() is not None for p in programs):
            raise SystemExit('side-by-side: a program exited early')
        start = [cpu_ns(p.pid) for p in programs]
        t0 = time.monotonic()
        wall0 = time.time()
        i = 0
        while time.monotonic() - t0 < secs:
            if keys:
                presses = [subprocess.Popen(['xdotool', 'key', KEYS[i % len(KEYS)]], env=dict(os.environ, DISPLAY=d))
                           for d in DISPLAYS]
                for press in presses:
                    press.wait()
            i += 1
            left = t0 + i * 0.5 - time.monotonic()
            if left > 0:
                time.sleep(left)
        end = [cpu_ns(p.pid) for p in programs]
        wall = time.monotonic() - t0
        wall1 = time.time()
        time.sleep(1.2)  # the FRAMES line after the end
        per_frame = []
        for s, e, log, command in zip(start, end, logs, commands):
            rate = frame_rate(log.name, int(wall0 * 1000), int(wall1 * 1000))
            if rate is None:
                print(f'side-by-side: no FRAMES lines from {" ".join(command)}; taken at 60 frames/s', file=sys.stderr)
                rate = 60.0
            per_frame.append((e - s) / 1e6 / (wall * rate))
        return per_frame
    finally:
        for p in programs:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            p.wait()
        for s in servers:
            s.terminate()
            s.wait()
        for log in logs:
            log.close()


def main():
    args = sys.argv[1:]
    secs, rounds, keys = 20.0, 1, True
    while args and args[0] != '--':
        if args[0] == '--secs':
            secs, args = float(args[1]), args[2:]
        elif args[0] == '--rounds':
            rounds, args = int(args[1]), args[2:]
        elif args[0] == '--nokeys':
            keys, args = False, args[1:]
        else:
            raise SystemExit(__doc__)
    if not args or '--' not in args[1:]:
        raise SystemExit(__doc__)
    args = args[1:]
    split = args.index('--')
    a, b = args[:split], args[split + 1:]
    if not a or not b:
        raise SystemExit(__doc__)
    ra, rb = [], []
    for r in range(rounds):
        if r % 2 == 0:
            va, vb = round_of([a, b], secs, keys)
        else:
            vb, va = round_of([b, a], secs, keys)
        ra.append(va)
        rb.append(vb)
        print(f'round {r}: A {va:.4f} B {vb:.4f} ms a frame, B/A {vb / va:.3f}', flush=True)
    ratios = [y / x for x, y in zip(ra, rb)]
    print(f'mean A {statistics.mean(ra):.4f} B {statistics.mean(rb):.4f} ms a frame, '
          f'B/A {statistics.mean(rb) / statistics.mean(ra):.3f} (means), {statistics.median(ratios):.3f} (median ratio), '
          f'B below A in {sum(r < 1 for r in ratios)} of {rounds}')


main()
