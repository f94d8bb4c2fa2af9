"""Turns scripts/measure-demos.sh's ROW lines into the markdown table of
docs/performance.md: each demo at each size, frames a second against the
display's rate, dropped frames, frame work p50/p99 and CPU.

Usage: python3 scripts/lib/demo_table.py OUTPUT_FILE
"""
import sys

rows = []
for line in open(sys.argv[1], encoding="utf-8"):
    if line.startswith("ROW "):
        rows.append(line.split()[1:])

print("| demo | size | frames/s (display) | dropped | frame work p50 / p99 ms | CPU % of a core | peak RSS MB |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for demo, size, fps, display, dropped, p50, p99, cpu, rss in rows:
    print(f"| {demo} | {size} | {fps} ({display}) | {dropped} | {p50} / {p99} | {cpu} | {rss} |")
