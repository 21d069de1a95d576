#!/usr/bin/python3
"""The workbook of a design with several networks (issue 38), recalculated by LibreOffice: the Networks
sheet's per-network rows and its total are formulas over each network's BOM and cable plan sheets, and
after LibreOffice has recalculated them (openpyxl's save drops every cached value first, so nothing can
come from FabricPlan's cached figures) they must equal the plan JSON's `networks[].figures` and `total`
(ClusterPlan::total): switches, transceivers, cables, capex, power typical and max. The total must also
be the sum of the networks' rows. A compute-only design's workbook has no Networks sheet and no
per-network sheets.
Usage: check_network_workbook.py CLI CATALOG EXAMPLES_DIR OUT      Exit 77 (skip) without soffice."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import openpyxl

cli, catalog, examples, out = sys.argv[1], sys.argv[2], Path(sys.argv[3]), Path(sys.argv[4])
soffice = shutil.which("soffice")
if not soffice:
    print("check_network_workbook: soffice not installed (libreoffice-calc-nogui); skipped")
    sys.exit(77)
shutil.rmtree(out, ignore_errors=True)
out.mkdir(parents=True)
env = {"HOME": str(out / "home"), "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"}
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def run(args):
    r = subprocess.run(args, capture_output=True, text=True, env=env, timeout=240)
    check(r.returncode in (0, 1), f"{' '.join(map(str, args[:3]))}: exit {r.returncode}: {r.stderr.strip()[:300]}")
    return r


design = examples / "dgx-h100-superpod-1024-all-networks.fabricplan"
run([cli, "plan", str(design), "--catalog", catalog, "--json", f"{out}/plan.json", "--xlsx", f"{out}/all.xlsx"])
run([cli, "plan", "--catalog", catalog, "--xlsx", f"{out}/compute.xlsx"])
plan = json.loads((out / "plan.json").read_text())
networks = plan["networks"]
check(len(networks) == 4, f"the example has {len(networks)} networks, want 4 (compute, storage, in-band, OOB)")

compute_only = openpyxl.load_workbook(out / "compute.xlsx", read_only=True).sheetnames
check(compute_only == ["Summary", "BOM", "Cable plan", "Prices", "Checks", "Resilience", "Tuning checklist"],
      f"a compute-only workbook's sheets changed: {compute_only}")

wb = openpyxl.load_workbook(out / "all.xlsx")
check(wb.sheetnames[0] == "Networks", f"the Networks sheet is not first: {wb.sheetnames}")
for n in networks[1:]:
    for sheet in (f"BOM {n['name']}", f"Cables {n['name']}"):
        check(sheet in wb.sheetnames, f"no sheet {sheet!r} in {wb.sheetnames}")
ws = wb["Networks"]
formulas = [c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str) and c.value.startswith("=")]
check(len(formulas) >= 6 * 4, f"the Networks sheet holds {len(formulas)} formulas; each figure should be one")
wb.save(out / "stripped.xlsx")  # openpyxl writes formulas without their cached values

subprocess.run([soffice, f"-env:UserInstallation=file://{out}/profile", "--headless", "--convert-to", "xlsx",
                str(out / "stripped.xlsx"), "--outdir", str(out / "lo")], capture_output=True, env=env, timeout=240)
recalculated = openpyxl.load_workbook(out / "lo" / "stripped.xlsx", data_only=True)["Networks"]
rows = list(recalculated.iter_rows(values_only=True))
header = next(i for i, r in enumerate(rows) if r[0] == "Network")
col = {name: k for k, name in enumerate(rows[header])}
by_name = {r[0]: r for r in rows[header + 1:] if r[0]}

FIGURES = [("Switches", "switches", 0), ("Transceivers", "transceivers", 0), ("Cables", "cables", 0),
           ("Capex (USD)", "capex_usd", 0.01), ("Power, typical (W)", "power_w", 0.5), ("Power, max (W)", "power_max_w", 0.5)]
for title, key, tolerance in FIGURES:
    got_sum = 0.0
    for n in networks:
        row = by_name.get(n["name"])
        check(row is not None, f"no row for network {n['name']!r}")
        if row is None:
            continue
        got = row[col[title]]
        check(isinstance(got, (int, float)), f"{n['name']} {title}: {got!r} after recalculation (want a number)")
        if not isinstance(got, (int, float)):
            continue
        got_sum += got
        want = n["figures"][key]
        check(abs(got - want) <= tolerance, f"{n['name']} {title}: LibreOffice computed {got}, the plan says {want}")
    total = by_name.get("Total")
    check(total is not None, "no Total row")
    if total is not None:
        want = plan["total"][key]
        check(abs(total[col[title]] - want) <= tolerance, f"Total {title}: {total[col[title]]}, the plan's total {want}")
        check(abs(got_sum - want) <= tolerance * len(networks), f"{title}: the networks add up to {got_sum}, total {want}")

# Every network's part failures a month and spares by service level: the JSON's part_failures, and a
# total that is their sum (the storage fabric's Resilience tab once read 0 for both).
PARTS = [("Part failures a month", lambda pf: pf["failures_per_month_total"], 0.05),
         ("Spares (service level)", lambda pf: sum(s["spares"] for s in pf["spares"]), 0)]
for title, figure, tolerance in PARTS:
    check(title in col, f"no column {title!r} in the Networks sheet")
    if title not in col:
        continue
    want_sum = 0.0
    for n in networks:
        row = by_name.get(n["name"])
        want = figure(n["part_failures"])
        want_sum += want
        got = row[col[title]] if row is not None else None
        check(isinstance(got, (int, float)) and abs(got - want) <= tolerance,
              f"{n['name']} {title}: {got!r} in the workbook, {want} in the JSON")
        check(want > 0, f"{n['name']} {title}: {want} (every network's parts fail and need spares)")
    total = by_name.get("Total")
    check(total is not None and abs(total[col[title]] - want_sum) <= tolerance * len(networks),
          f"Total {title}: {total[col[title]] if total else None}, the networks add up to {want_sum}")

if failures:
    print("check_network_workbook: FAILED\n  " + "\n  ".join(failures))
    sys.exit(1)
print(f"check_network_workbook: {len(networks)} networks, 6 figures each and the total recalculated by LibreOffice "
      f"equal the plan's (total capex ${plan['total']['capex_usd']:,.0f})")
