"""Turns scripts/measure-demos.sh's ROW lines into the markdown table of
docs/performance.md: each demo at each size, frames a second against the
display's rate, dropped frames (those at start-up, in the first 0.5 s,
said apart), frame work p50/p99 and CPU.

Usage: python3 scripts/lib/demo_table.py OUTPUT_FILE
"""
import sys

def dropped_text(dropped):
    """ROW's "D" or "D(S)" (S of the D dropped at start-up) as the table says it."""
    if "(" not in dropped:
        return dropped
    total, startup = dropped.rstrip(")").split("(")
    return f"{total} ({startup} at start-up)"


rows = []
for line in open(sys.argv[1], encoding="utf-8"):
    if line.startswith("ROW "):
        rows.append(line.split()[1:])

print("| demo | size | frames/s (display) | dropped | frame work p50 / p99 ms | CPU % of a core | peak RSS MB |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for demo, size, fps, display, dropped, p50, p99, cpu, rss in rows:
    print(f"| {demo} | {size} | {fps} ({display}) | {dropped_text(dropped)} | {p50} / {p99} | {cpu} | {rss} |")

# Compositing threads (bench-all.sh): "THREADS n ROW demo size fps display
# dropped p50 p99 cpu rss" and "THREADS n <render-benchmark line>".
threads = {}
for line in open(sys.argv[1], encoding="utf-8"):
    if not line.startswith("THREADS "):
        continue
    parts = line.split()
    count, rest = parts[1], parts[2:]
    if rest[0] == "ROW":
        demo, size, fps, display, dropped, p50, p99, cpu, rss = rest[1:]
        threads.setdefault(f"{demo} {size}: frames/s, work p50, dropped", []).append(
            (count, f"{fps}, {p50} ms, {dropped_text(dropped)}"))
    elif "animating" in line:
        name = " ".join(line.split("Lamina")[0].split()[2:])
        ms = line.split("Lamina")[1].split()[0]
        threads.setdefault(f"transformed, {name}: Lamina ms", []).append((count, ms))
    elif "Lamina frame" in line:
        threads.setdefault("1000 layers: frame median ms", []).append((count, line.split("median")[1].split()[0]))
if threads:
    print()
    print("| work | 1 thread | 2 threads |")
    print("| --- | --- | --- |")
    for work, runs in threads.items():
        one = ", ".join(value for count, value in runs if count == "1")
        two = ", ".join(value for count, value in runs if count == "2")
        print(f"| {work} | {one} | {two} |")
