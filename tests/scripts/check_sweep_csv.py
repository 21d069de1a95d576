#!/usr/bin/python3
"""The sweep's CSV read by Python's csv module (strict): values and messages that start like a
formula (= + - @ TAB CR) are neutralised with a leading quote, as in the BOM CSV (core/io/name_safety.h),
every record is as wide as the header, text with commas, quotes and line breaks reads back whole, and
money is a fixed-point number (issue 42).
Usage: check_sweep_csv.py CLI CATALOG OUT"""
import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

cli, catalog, out = sys.argv[1], sys.argv[2], Path(sys.argv[3])
out.mkdir(parents=True, exist_ok=True)
failures = []
LIVE = re.compile(r"^[=+\-@\t\r]")
NUMBER = re.compile(r"^[+-][0-9.]+$")


def check(cond, what):
    if not cond:
        failures.append(what)


# A base design whose name looks like a formula, and rows whose values do: echoed in the key columns
# and, for the ones that cannot be planned, quoted in the messages.
design = out / "formula-name.fabricplan"
design.write_text(json.dumps({"format_version": 2, "name": "=HYPERLINK(\"http://evil\",\"x\")",
                              "compute": {"gpus": 64}}))
hostile = ["=1+1", "@SUM(A1:A2)", "+cmd|' /C calc'!A0", "-2+3", "\tTAB", "a,b \"q\"\nnext line"]
lines = [{"price-source": v, "price-policy": "named-source"} for v in hostile]
lines += [{"switch": v} for v in hostile]
lines += [{"gpus": 128}]
jsonl = out / "hostile.jsonl"
jsonl.write_text("".join(json.dumps(l) + "\n" for l in lines))
csv_path = out / "rows.csv"
r = subprocess.run([cli, "sweep", str(design), "--catalog", catalog, "--jsonl-in", str(jsonl), "--csv", str(csv_path)],
                   capture_output=True, text=True)
check(r.returncode in (0, 1, 2), f"sweep exit {r.returncode}: {r.stderr.strip()}")
rows = list(csv.reader(io.StringIO(csv_path.read_text(encoding="utf-8"), newline=""), strict=True))
check(len(rows) == len(lines) + 1, f"{len(rows) - 1} records for {len(lines)} designs")
header = rows[0]
for n, row in enumerate(rows):
    check(len(row) == len(header), f"record {n}: {len(row)} fields, header {len(header)}")
    for cell in row:
        check(not LIVE.match(cell) or NUMBER.match(cell), f"record {n}: live formula cell {cell!r}")
cols = {}
for i, name in enumerate(header):  # the first of a name: a varied key before a figure of the same name
    cols.setdefault(name, i)
for n, line in enumerate(lines, start=1):
    row = rows[n]
    for key, value in line.items():
        shown = row[cols[key]]
        # Control characters as \xNN first (TAB, line breaks: one line per record), then the formula rule.
        text = re.sub(r"[\x00-\x1f\x7f]", lambda m: "\\x%02X" % ord(m.group()), str(value))
        expected = "'" + text if LIVE.match(text) else text
        check(shown == expected, f"record {n}: {key} {shown!r}, expected {expected!r}")
    if row[cols["status"]] != "failed":
        capex = row[cols["capex_usd"]]
        check(re.fullmatch(r"[0-9]+\.[0-9]{2}", capex) is not None, f"record {n}: capex {capex!r} is not fixed-point")
check(rows[-1][cols["status"]] == "ok", f"the plain row: {rows[-1]}")

# A --vary row whose message starts with the flag it refuses ("--qps takes 1 to 16 ...").
r = subprocess.run([cli, "sweep", "--catalog", catalog, "--gpus", "64", "--vary", "qps=2,17", "--csv", "-"],
                   capture_output=True, text=True)
check(r.returncode == 2, f"qps=17: exit {r.returncode}")
qps_rows = list(csv.reader(io.StringIO(r.stdout, newline=""), strict=True))
check(len(qps_rows) == 3 and qps_rows[2][qps_rows[0].index("message")] == "'--qps takes 1 to 16 queue pairs per connection",
      f"qps=17: {qps_rows}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"check_sweep_csv: {len(rows) - 1} rows read back")
