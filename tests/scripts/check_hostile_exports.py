#!/usr/bin/python3
"""Hostile text through EVERY exporter of `fabricplan-cli export --list`, each output read back by a real
consumer: xml.etree for SVG, csv (strict) for CSV, json for JSON, openpyxl for the workbook, the PDF and
PNG signatures for the drawn files. The design name carries markup, a spreadsheet formula and control
characters (NUL too); the catalog's price sources (a copy of the built catalog) carry ESC, a newline and a formula.
The rule (core/io/README.md, "Names are data, never code"): each format escapes such text its own way,
or (NetBox) refuses it with a message; no output is malformed and no text becomes live.
Usage: check_hostile_exports.py CLI CATALOG EXAMPLES_DIR OUT"""
import csv
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import openpyxl

cli, catalog, examples, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4])
shutil.rmtree(out, ignore_errors=True)
out.mkdir(parents=True)
env = dict(os.environ, HOME=str(out / "home"), XDG_DATA_HOME=str(out / "data"))
failures = []

NAME = "=cmd|' /C calc'!A0 <script>alert(1)</script> & \"quoted\" 'single' \x01 \x1b[31mred\nsecond\tline \x00nul"
SOURCE = "=HYPERLINK(\"http://x\",\"y\") \x1b[31m\x01\nsecond line"
LIVE = re.compile(r"^[=+\-@\t\r]")
NUMBER = re.compile(r"^[+-][0-9.]+$")
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # XML-illegal controls; CSV cells get \xNN for all


def check(cond, what):
    if not cond:
        failures.append(what)
    return cond


# A catalog whose every price source is hostile (one distinct source per row keeps the primary key).
hostile_catalog = out / "catalog.sqlite"
shutil.copy(catalog, hostile_catalog)
db = sqlite3.connect(hostile_catalog)
db.execute("UPDATE prices SET source = ? || ' #' || rowid", (SOURCE,))
db.commit()
db.close()

design = json.loads((examples / "single-node-8-gpus.fabricplan").read_text())
design["name"] = NAME
design_file = out / "hostile.fabricplan"
design_file.write_text(json.dumps(design))

listing = subprocess.run([cli, "export", "--list"], capture_output=True, text=True, env=env)
formats = []
for line in listing.stdout.splitlines()[2:]:
    m = re.match(r"\s+(\S+)\s+(.*)$", line)
    if m:
        ext = re.search(r"\(\*(\.\w+)\)", m.group(2))
        formats.append((m.group(1), ext.group(1) if ext else ""))
check(len(formats) >= 14, f"export --list shows {len(formats)} formats: {listing.stdout}")


def read_csv(path):
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    return list(csv.reader(io.StringIO(raw.decode("utf-8"), newline=""), strict=True))


def check_csv(fid, path):
    rows = read_csv(path)
    for row in rows:
        for cell in row:
            check(not LIVE.match(cell) or NUMBER.match(cell), f"{fid}: live cell {cell!r}")
            check(not re.search(r"[\x00-\x1f\x7f]", cell), f"{fid}: control character in cell {cell!r}")
    if fid == "bom-csv":
        sources = [dict(zip(rows[0], r))["price_source"] for r in rows[1:]]
        check(any(s.startswith("'=HYPERLINK") and "\\x1B[31m\\x01\\x0Asecond line" in s for s in sources),
              f"bom-csv: the hostile price source is not shown as escaped text: {sources[:3]}")


def check_svg(fid, path):
    text = path.read_text(encoding="utf-8")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        check(False, f"{fid}: not well-formed XML: {e}")
        return
    tags = {el.tag.split("}")[-1] for el in root.iter()}
    check("script" not in tags, f"{fid}: the design name became a <script> element")
    texts = " ".join((el.text or "") for el in root.iter())
    check("<script>alert(1)</script> & \"quoted\" 'single'" in texts,
          f"{fid}: the name is not shown as text: {texts[:300]!r}")


def check_xlsx(fid, path):
    try:
        wb = openpyxl.load_workbook(path)
    except Exception as e:  # a malformed part: openpyxl (and Excel) refuse the file
        check(False, f"{fid}: openpyxl cannot read it: {e}")
        return
    shown = False
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                v = c.value
                if isinstance(v, str):
                    if c.data_type == "f":
                        check("cmd|" not in v and "HYPERLINK" not in v, f"{fid}: {ws.title}!{c.coordinate} formula {v!r}")
                    shown = shown or "HYPERLINK(\"http://x\"" in v
    check(shown, f"{fid}: the hostile price source is not in the workbook as text")


def strings(j):
    if isinstance(j, dict):
        for k, v in j.items():
            yield k
            yield from strings(v)
    elif isinstance(j, list):
        for v in j:
            yield from strings(v)
    elif isinstance(j, str):
        yield j


for fid, ext in formats:
    target = out / f"out-{fid}{ext}"
    r = subprocess.run([cli, "plan", str(design_file), "--catalog", str(hostile_catalog), "--export", f"{fid}={target}"],
                       capture_output=True, text=True, env=env, timeout=240)
    err = r.stderr.strip()
    check(not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", r.stderr), f"{fid}: a control character reached stderr: {err!r}")
    if fid.startswith("netbox"):
        # NetBox must carry names unchanged: a name it would misread is refused, with a message, on one line.
        check(r.returncode == 2 and not target.exists(), f"{fid}: exit {r.returncode}, accepted the name")
        check(len(err.splitlines()) == 1 and "control character" in err, f"{fid}: refusal {err!r}")
        continue
    if not check(r.returncode in (0, 1) and target.exists(), f"{fid}: exit {r.returncode}: {err}"):
        continue
    if ext == ".csv":
        check_csv(fid, target)
    elif ext == ".svg":
        check_svg(fid, target)
    elif ext == ".json":
        j = json.loads(target.read_text(encoding="utf-8"))
        check(NAME in set(strings(j)), f"{fid}: the name did not round-trip through JSON")
        if fid != "sonic-lossless":  # a switch configuration carries no prices
            check(any(s.startswith(SOURCE) for s in strings(j)), f"{fid}: the price source did not round-trip")
    elif ext in (".txt", ".sh"):
        # Command files (NVUE, a NIC shell script): the name may only ever stand inside one comment line;
        # a line break in it would start a line the shell or NVUE runs.
        text = target.read_text(encoding="utf-8")
        check(not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", text), f"{fid}: a control character in the file")
        for l in text.splitlines():
            check(not re.search(r"second|calc|script", l) or l.startswith("#"), f"{fid}: the name wrote a line: {l!r}")
    elif ext == ".xlsx":
        check_xlsx(fid, target)
    elif ext == ".pdf":
        data = target.read_bytes()
        check(data.startswith(b"%PDF-") and b"%%EOF" in data[-64:], f"{fid}: not a complete PDF")
    elif ext == ".png":
        check(target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n"), f"{fid}: not a PNG")
    elif fid == "ibdm-topology":
        topo = (target / "topology.topo").read_text(encoding="utf-8")
        comments = [l for l in topo.splitlines() if l.startswith("#")]
        check(len(comments) == 1 and "\\x0Asecond\\x09line" in comments[0], f"{fid}: comment {comments}")
        for l in topo.splitlines():
            check(not re.search(r"second|calc|script", l) or l.startswith("#"), f"{fid}: the name wrote a line: {l!r}")
    else:
        check(False, f"{fid}: no reader for this format; add one")

if failures:
    print("check_hostile_exports: FAILED\n  " + "\n  ".join(failures[:40]))
    sys.exit(1)
print(f"check_hostile_exports: ok ({len(formats)} formats read back with hostile names and price sources)")
