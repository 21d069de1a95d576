#!/usr/bin/python3
"""`fabricplan-cli diff` read back by independent readers (issue 41). The CLI compares three designs
(the DGX H100 SuperPOD; the same on QM9790 switches; the same with every other network) and writes the
workbook and the CSV; each design is also planned alone with `plan --json`. Checks, with openpyxl and
Python's csv module:
  - every headline figure of the "Designs side by side" sheet equals the plan JSON's figure;
  - the BOM differences, worked out here from the plan JSONs' BOM lines (per network, category and part:
    quantities and costs summed), are exactly the CSV's rows and the "BOM differences" sheet's;
  - the QM9790 design differs by -$2,550 per switch (the street quotes, $28,050 and $30,600);
  - a file that cannot be read is exit 2 naming it, and nothing is written;
  - headless LibreOffice recalculates the workbook after a cost cell is edited: the cost change cell and
    the design's "BOM change against the baseline" follow, and before the edit the recalculated change
    equals the difference of the BOM totals. Skipped (only that part) without soffice.
Usage: check_design_diff.py CLI CATALOG EXAMPLES OUT"""
import csv
import io
import json
import re
import shutil
import subprocess
import sys
from collections import OrderedDict
from pathlib import Path

import openpyxl

cli, catalog, examples, out = sys.argv[1], sys.argv[2], Path(sys.argv[3]), Path(sys.argv[4])
shutil.rmtree(out, ignore_errors=True)
out.mkdir(parents=True)
env = {"HOME": str(out / "home"), "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"}
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


base = examples / "dgx-h100-superpod-1024.fabricplan"
design = json.loads(base.read_text())
design["fabric"]["switch"] = "MQM9790-NS2F"
qm9790 = out / "qm9790.fabricplan"
qm9790.write_text(json.dumps(design))
networks = examples / "dgx-h100-superpod-1024-all-networks.fabricplan"
files = [base, qm9790, networks]
names = [f.name for f in files]

r = subprocess.run([cli, "diff", *map(str, files), "--catalog", catalog, "--xlsx", str(out / "diff.xlsx"),
                    "--csv", str(out / "diff.csv")], capture_output=True, text=True, env=env)
check(r.returncode == 0, f"diff: exit {r.returncode}: {r.stderr.strip()[:400]}")

# The diff's text rows print each figure as `plan` prints it for that design (one rule, common/format.h):
# power in kW to one decimal, bus bandwidth to one decimal, interruptions per day to three. The diff once
# printed "92.32" where the plan printed "92.3 kW".
summary = subprocess.run([cli, "plan", str(networks), "--catalog", catalog], capture_output=True, text=True, env=env).stdout
rows_of_diff = {}
for line in r.stdout.splitlines():
    m = re.match(r"^(\S.*?\S)\s{2,}(\S+)\s+(\S+)\s+(\S+)$", line)
    if m:
        rows_of_diff[m.group(1)] = m.group(4)  # the all-networks design's column
for label, pattern in [("Network power (kW)", r"network power: (\S+) kW typical"),
                       ("All-reduce bus bandwidth (GB/s)", r"all-reduce bus bw (\S+) GB/s"),
                       ("Job interruptions per day", r"; (\S+) network interruptions/day"),
                       ("Network power, all networks (kW)", r"^  total .* (\S+)\s+\S+\s+\d+$")]:
    m = re.search(pattern, summary, re.M)
    check(m is not None and rows_of_diff.get(label) == m.group(1),
          f"diff row {label!r} reads {rows_of_diff.get(label)!r}, plan prints {m.group(1) if m else None!r}")

plans = []
for f in files:
    p = subprocess.run([cli, "plan", str(f), "--catalog", catalog, "--json", "-"], capture_output=True, text=True, env=env)
    check(p.returncode in (0, 1), f"plan {f.name}: exit {p.returncode}")
    plans.append(json.loads(p.stdout))


def bom_by_key(plan):
    """(network, category, part) -> [qty, usd], in the BOM's order."""
    lines = OrderedDict()
    nets = plan.get("networks") or [{"name": "compute", "bom": plan["bom"]}]
    for n in nets:
        for b in n["bom"]:
            key = (n["name"], b["category"], b["part"])
            q = lines.setdefault(key, [0, 0.0])
            q[0] += b["qty"]
            q[1] += b["extended_usd"]
    return lines


def differences(a, b):
    out = {}
    for key in set(a) | set(b):
        qa, ua = a.get(key, [0, 0.0])
        qb, ub = b.get(key, [0, 0.0])
        change = "added" if key not in a else "removed" if key not in b else "quantity" if qa != qb else "price"
        if key in a and key in b and qa == qb and abs(ua - ub) < 0.005:
            continue
        out[key] = (change, qa, qb, round(ua, 2), round(ub, 2))
    return out


boms = [bom_by_key(p) for p in plans]
expected = {names[i]: differences(boms[0], boms[i]) for i in range(1, len(files))}

# The CSV: exactly the differences worked out above.
rows = list(csv.DictReader(io.StringIO((out / "diff.csv").read_text(encoding="utf-8-sig"), newline="")))
got = {}
for row in rows:
    key = (row["network"], row["category"], row["part"])
    got.setdefault(row["design"], {})[key] = (row["change"], int(row["baseline_qty"]), int(row["qty"]),
                                              round(float(row["baseline_usd"]), 2), round(float(row["usd"]), 2))
    check(int(row["qty_change"]) == int(row["qty"]) - int(row["baseline_qty"]), f"csv qty_change {row}")
    check(abs(float(row["usd_change"]) - (float(row["usd"]) - float(row["baseline_usd"]))) < 0.011, f"csv usd_change {row}")
for name in names[1:]:
    check(got.get(name, {}) == expected[name],
          f"{name}: csv differences differ from the plan JSONs': csv-only {set(got.get(name, {}).items()) - set(expected[name].items())}, "
          f"json-only {set(expected[name].items()) - set(got.get(name, {}).items())}")
check(len(expected[names[2]]) > 0 and all(k[0] != "compute" for k in expected[names[2]]),
      "the all-networks design should differ by its other networks' lines only")

# The QM9790 design: 48 + spare switches, each $2,550 cheaper, nothing else.
qm = expected[names[1]]
switches = sum(v[1] for k, v in qm.items() if k[2] == "MQM9700-NS2F")
check(switches > 48 and abs(sum(v[4] - v[3] for v in qm.values()) - (-2550.0 * switches)) < 0.01,
      f"QM9790: {switches} switches, change {sum(v[4] - v[3] for v in qm.values())}")

# The workbook: figures against each plan JSON; the differences sheet against the CSV.
wb = openpyxl.load_workbook(out / "diff.xlsx")
check(wb.sheetnames == ["Designs side by side", "BOM differences"], f"sheets {wb.sheetnames}")
side = wb["Designs side by side"]
figures = {r[0].value: [c.value for c in r[1:]] for r in side.iter_rows() if r[0].value}
check(figures["Figure"] == [names[0] + " (baseline)", *names[1:]], f"header {figures['Figure']}")
for i, plan in enumerate(plans):
    want = {
        "Capex (USD)": plan["capex_usd"]["total"],
        "Capex per GPU (USD)": plan["capex_usd"]["per_gpu"],
        "TCO over 5 years (USD)": plan["tco_usd"],
        "Network power (kW)": plan["opex"]["power_kw"],
        "Network energy per year (USD)": plan["opex"]["energy_usd_per_year"],
        "Planes": plan["topology"]["planes"],
        "Link (Gb/s)": plan["topology"]["link_gbps"],
        "Switches": sum(u["switches"] for u in plan["topology"]["port_usage"]),
        "Transceivers": sum(b["qty"] for b in plan["bom"] if b["category"] == "transceivers"),
        "NICs": sum(b["qty"] for b in plan["bom"] if b["category"] == "nics"),
    }
    if "total" in plan:
        want["Capex, all networks (USD)"] = plan["total"]["capex_usd"]
        want["Switches, all networks"] = plan["total"]["switches"]
    for label, value in want.items():
        cell = figures[label][i]
        check(isinstance(cell, (int, float)) and abs(cell - value) <= 1e-6 * max(1, abs(value)),
              f"{names[i]}: {label} {cell!r}, plan JSON {value!r}")
    bom_total = sum(q[1] for q in boms[i].values())
    check(abs(figures["BOM total, all networks (USD)"][i] - bom_total) < 0.01,
          f"{names[i]}: BOM total {figures['BOM total, all networks (USD)'][i]}, plan JSON {bom_total}")
# The sheet shows each figure as diff and plan print it (92.3 kW, 373.0 GB/s, 0.037 a day), the value whole.
formats = {r[0].value: [c.number_format for c in r[1:]] for r in side.iter_rows() if r[0].value}
for label, fmt in [("Network power (kW)", "#,##0.0"), ("All-reduce bus bandwidth (GB/s)", "#,##0.0"),
                   ("Job interruptions per day", "0.000"), ("Network power, all networks (kW)", "#,##0.0")]:
    check(formats.get(label) == [fmt] * len(names), f"sheet: {label} formatted {formats.get(label)}, want {fmt}")
change_row = next(r for r in side.iter_rows() if r[0].value == "BOM change against the baseline (USD)")
check(all(isinstance(c.value, str) and c.value.startswith("=SUMIF(") for c in change_row[1:]), "BOM change is not a live SUMIF")

sheet = [[c.value for c in r] for r in wb["BOM differences"].iter_rows()]
check(sheet[0][:12] == ["Design", "Network", "Category", "Part", "Description", "Change", "Baseline qty", "Qty",
                        "Qty change", "Baseline cost (USD)", "Cost (USD)", "Cost change (USD)"], f"header {sheet[0]}")
check(len(sheet) - 1 == len(rows), f"{len(sheet) - 1} sheet rows, {len(rows)} csv rows")
for s, c in zip(sheet[1:], rows):
    check((s[0], s[1], s[3], s[5], s[6], s[7]) == (c["design"], c["network"], c["part"], c["change"],
                                                    int(c["baseline_qty"]), int(c["qty"])), f"sheet row {s[:8]} vs csv {c}")
    check(isinstance(s[11], str) and s[11].startswith("="), f"cost change is not a formula: {s[11]!r}")

# A file that cannot be read: exit 2, named, nothing written.
r = subprocess.run([cli, "diff", str(base), str(out / "missing.fabricplan"), "--catalog", catalog, "--csv",
                    str(out / "never.csv")], capture_output=True, text=True, env=env)
check(r.returncode == 2 and "missing.fabricplan" in r.stderr, f"missing file: exit {r.returncode}, {r.stderr.strip()!r}")
check(not (out / "never.csv").exists(), "a CSV was written for a failed diff")
r = subprocess.run([cli, "diff", str(base), "--catalog", catalog], capture_output=True, text=True, env=env)
check(r.returncode == 2, f"one design: exit {r.returncode}")

# LibreOffice recalculates: the change follows an edited cost.
soffice = shutil.which("soffice")
recalculated = "skipped (no soffice)"
if soffice:
    bump = 1000.0
    edit_row = next(i for i, s in enumerate(sheet) if i > 0 and s[0] == names[1]) + 1  # 1-based
    wb["BOM differences"].cell(edit_row, 11).value = float(sheet[edit_row - 1][10]) + bump
    wb.save(out / "edited.xlsx")
    shutil.copy(out / "diff.xlsx", out / "plain.xlsx")
    lo = subprocess.run([soffice, f"-env:UserInstallation=file://{out}/profile", "--headless", "--convert-to", "xlsx",
                         str(out / "edited.xlsx"), str(out / "plain.xlsx"), "--outdir", str(out / "lo")],
                        capture_output=True, text=True, env=env, timeout=240)
    check(lo.returncode == 0, f"soffice: exit {lo.returncode}: {lo.stderr.strip()[:300]}")
    for book, extra in (("plain", 0.0), ("edited", bump)):
        ws = openpyxl.load_workbook(out / "lo" / f"{book}.xlsx", data_only=True)["Designs side by side"]
        vals = {r[0].value: [c.value for c in r[1:]] for r in ws.iter_rows() if r[0].value}
        totals, changes = vals["BOM total, all networks (USD)"], vals["BOM change against the baseline (USD)"]
        for i in range(1, len(names)):
            want = totals[i] - totals[0] + (extra if i == 1 else 0.0)
            check(abs(changes[i] - want) < 0.01, f"{book}: {names[i]} change {changes[i]}, want {want:.2f}")
        check(abs(changes[0]) < 0.005, f"{book}: the baseline's change {changes[0]}")
    recalculated = "LibreOffice recalculated the changes"

if failures:
    print("check_design_diff: FAILED\n  " + "\n  ".join(failures))
    sys.exit(1)
print(f"check_design_diff: ok ({len(rows)} difference rows; {recalculated})")
