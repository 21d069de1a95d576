#!/usr/bin/python3
"""Reads the BOM workbook with openpyxl (no code shared with the writer) and checks its promises:
sheet names, live formulas, totals equal to the plan JSON's BOM, frozen headers, autofilters,
one cable-plan row per cable of cables.csv; with the catalog, the Prices sheet's switches and NICs
(issue 41) against the catalog's own quotes, read with sqlite3.
Usage: check_xlsx.py DIR [CATALOG] (DIR holds plan.xlsx, plan.json, csv/)."""
import csv
import json
import sqlite3
import sys
from pathlib import Path

import openpyxl

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


out = Path(sys.argv[1])
plan = json.loads((out / "plan.json").read_text())
wb = openpyxl.load_workbook(out / "plan.xlsx")  # formulas as text, not cached values

check(wb.sheetnames == ["Summary", "BOM", "Cable plan", "Prices", "Checks", "Resilience", "Tuning checklist"],
      f"sheets {wb.sheetnames}")

# Prices: every switch and NIC the plan buys (spares included, not a NIC the platform's price includes),
# its quantity summed over the BOM, and its cheapest quote x qty, against the catalog's prices table.
if len(sys.argv) > 2:
    quotes = {}
    for part, usd in sqlite3.connect(sys.argv[2]).execute("SELECT part, price_usd FROM prices"):
        quotes.setdefault(part, []).append(usd)
    kinds = {"switches": "Switch", "nics": "NIC"}
    bought = {}
    for line in plan["bom"]:
        if line["category"] in kinds and not line.get("included_with"):
            bought[line["part"]] = kinds[line["category"]]
    qty = {p: sum(l["qty"] for l in plan["bom"] if l["part"] == p and not l.get("included_with")) for p in bought}
    prices = openpyxl.load_workbook(out / "plan.xlsx", data_only=True)["Prices"]
    head = [c.value for c in prices[1]]
    rows = {r[0]: r for r in prices.iter_rows(min_row=2, values_only=True) if r[0]}
    check(head[:4] == ["Part", "Kind", "Description", "Qty"], f"Prices header {head[:4]}")
    check(any(k == "Switch" for k in bought.values()), "the default plan buys no switch?")
    for part, kind in bought.items():
        row = rows.get(part)
        check(row is not None, f"Prices: no row for {part}")
        if row is None:
            continue
        check(row[1] == kind and row[3] == qty[part], f"Prices {part}: {row[1]} x {row[3]}, want {kind} x {qty[part]}")
        if part in quotes:
            at = head.index("Extended at cheapest (USD)")
            want = qty[part] * min(quotes[part])
            check(abs(row[at] - want) < 0.01, f"Prices {part}: extended at cheapest {row[at]}, want {want}")

# Tuning checklist: numbered steps whose settings are the plan JSON's lossless ones (issue 43).
tun = wb["Tuning checklist"]
steps = [tun.cell(r, 3).value for r in range(1, tun.max_row + 1) if isinstance(tun.cell(r, 1).value, (int, float))]
check([tun.cell(r, 1).value for r in range(1, tun.max_row + 1) if isinstance(tun.cell(r, 1).value, (int, float))]
      == list(range(1, len(steps) + 1)), "Tuning checklist: steps not numbered 1..n")
lossless = plan["lossless"]
if lossless["flow_control"] == "pfc+ecn":
    check(any(f"PFC on priority {lossless['lossless_priority']} only" in s for s in steps),
          "Tuning checklist: no PFC step on the plan's lossless priority")
    check(any(f"DSCP {lossless['roce_dscp']} (RoCE)" in s for s in steps), "Tuning checklist: no DSCP map step")
elif lossless["flow_control"] == "credit-based":
    check(any("credit-based" in s for s in steps), "Tuning checklist: InfiniBand does not say why it needs no PFC")
    check(not any("PFC on priority" in s for s in steps), "Tuning checklist: InfiniBand lists a PFC step")

# Resilience: expected failures per month are live formulas installed x AFR / 100 / 12 whose cached
# values equal the plan JSON's resilience.expected_failures_per_month.
res = wb["Resilience"]
cached = openpyxl.load_workbook(out / "plan.xlsx", data_only=True)["Resilience"]
per_month = {}
for rr in range(1, res.max_row + 1):
    f = res.cell(rr, 6).value
    if isinstance(f, str) and f == f"=C{rr}*D{rr}/100/12":
        per_month[res.cell(rr, 1).value] = cached.cell(rr, 6).value
check(len(per_month) == len(plan["resilience"]["expected_failures_per_month"]),
      f"Resilience: {len(per_month)} class rows vs {len(plan['resilience']['expected_failures_per_month'])} in the JSON")
check(abs(sum(per_month.values()) - sum(plan["resilience"]["expected_failures_per_month"].values())) < 1e-6,
      "Resilience: failures per month differ from the plan JSON")
check(any(isinstance(res.cell(rr, 10).value, str) and "POISSON(" in res.cell(rr, 10).value
          for rr in range(1, res.max_row + 1)), "Resilience: no live Poisson stock-out formula")
# The interruptions a day are shown to three decimals, as the plan prints them ("0.037"): the sheet's
# one-decimal format showed "0.0".
rate_row = next((rr for rr in range(1, res.max_row + 1)
                 if res.cell(rr, 1).value == "Network interruptions per day, job on all GPUs"), None)
check(rate_row is not None and res.cell(rate_row, 9).number_format == "0.000",
      f"Resilience: interruptions a day formatted {res.cell(rate_row, 9).number_format if rate_row else None!r}")
check(rate_row is not None and abs(cached.cell(rate_row, 9).value - plan["resilience"]["job_interruptions_per_day"]) < 1e-9,
      "Resilience: interruptions a day differ from the plan JSON")
# Failures a year per failure domain: the rows whose parts are in the server link's rate (the NIC port row)
# say so in words, where a bare 0.0 beside a transceiver read as "never fails"; the others equal the JSON.
domains = {d["component"]: d for d in plan["resilience"]["failure_domains"]}
head = next((rr for rr in range(1, res.max_row + 1)
             if res.cell(rr, 1).value == "Component" and res.cell(rr, 2).value == "What fails"), None)
check(head is not None, "Resilience: no failure-domain table")
domain_rows = []
for rr in range(head + 1 if head else res.max_row + 1, res.max_row + 1):
    if res.cell(rr, 1).value is None:
        break
    domain_rows.append(rr)
check(len(domain_rows) == len(domains), f"Resilience: {len(domain_rows)} failure-domain rows vs {len(domains)} in the JSON")
for rr in domain_rows:
    key, cell = res.cell(rr, 1).value, cached.cell(rr, 9).value
    if key in ("host_module", "host_cable", "leaf_module"):
        check(cell == "in NIC port row", f"Resilience: {key} failures a year read {cell!r}, not 'in NIC port row'")
    elif key == "plane":
        check(cell == "no part rate", f"Resilience: plane failures a year read {cell!r}")
    else:
        check(isinstance(cell, (int, float)) and abs(cell - domains[key]["failures_per_year"]) < 1e-9,
              f"Resilience: {key} failures a year {cell!r} vs {domains[key]['failures_per_year']} in the JSON")
        # Two decimals, as the window and the PDF print it ("10.18"; "#,##0.0" showed 10.2).
        check(res.cell(rr, 9).number_format == "#,##0.00",
              f"Resilience: {key} failures a year formatted {res.cell(rr, 9).number_format!r}")

bom = wb["BOM"]
header = [c.value for c in bom[1]]
check(header[:7] == ["Category", "Part", "Vendor", "Description", "Qty", "Unit price (USD)",
                     "Extended price (USD)"], f"BOM header {header}")
rows = []
r = 2
while bom.cell(r, 1).value not in (None, ""):
    rows.append(r)
    r += 1
check(len(rows) == len(plan["bom"]), f"BOM rows {len(rows)} vs plan {len(plan['bom'])}")

sum_qty_unit = 0.0
for r in rows:
    qty, unit, ext = bom.cell(r, 5).value, bom.cell(r, 6).value, bom.cell(r, 7).value
    check(isinstance(ext, str) and ext.replace("$", "") == f"=E{r}*F{r}", f"G{r} is not =E{r}*F{r}: {ext!r}")
    pwr = bom.cell(r, 9).value
    if str(bom.cell(r, 1).value).lower().startswith("spare"):
        # Spares sit on a shelf: they add cost and no power, as in the plan JSON, CSV and PDF.
        check(pwr == 0, f"I{r} (spares) draws power: {pwr!r}")
    else:
        check(isinstance(pwr, str) and pwr == f"=E{r}*H{r}", f"I{r} is not =E{r}*H{r}: {pwr!r}")
    sum_qty_unit += qty * unit

# Power at full load (a switch's maximum): its own two columns, live like the typical ones, and their sum
# over the installed lines is the plan JSON's total_max.
check(header[-2:] == ["Unit power, max (W)", "Extended power, max (W)"], f"BOM's max power columns {header[-2:]}")
umax = openpyxl.utils.get_column_letter(len(header) - 1)
emax = openpyxl.utils.get_column_letter(len(header))
sum_max = 0.0
for r, line in zip(rows, plan["bom"]):
    cell = bom[f"{emax}{r}"].value
    if str(bom.cell(r, 1).value).lower().startswith("spare"):
        check(cell == 0, f"{emax}{r} (spares) draws power at full load: {cell!r}")
    else:
        check(cell == f"=E{r}*{umax}{r}", f"{emax}{r} is not =E{r}*{umax}{r}: {cell!r}")
        check(bom[f"{umax}{r}"].value == line["power_max_w"], f"{umax}{r} differs from the plan JSON's power_max_w")
        sum_max += line["qty"] * line["power_max_w"]
check(abs(sum_max - plan["power_w"]["total_max"]) <= 1e-6 * max(1.0, sum_max),
      f"sum(qty x max) {sum_max:.1f} != plan total_max {plan['power_w']['total_max']:.1f}")
plan_total = sum(line["extended_usd"] for line in plan["bom"])
check(abs(sum_qty_unit - plan_total) <= 0.01 + 1e-9 * plan_total,
      f"sum(qty x unit) {sum_qty_unit:.2f} != plan BOM total {plan_total:.2f}")

# Category subtotals and the total are SUM/SUMIF formulas below the data.
formulas = [bom.cell(rr, 7).value for rr in range(rows[-1] + 1, bom.max_row + 1)]
check(any(isinstance(f, str) and f.startswith("=SUMIF(") for f in formulas), "no SUMIF subtotals")
check(isinstance(formulas[-1], str) and formulas[-1].startswith("=SUM("), f"last total {formulas[-1]!r}")
check(bom.cell(bom.max_row, 1).value == "Total", "no Total row")

for name in ["BOM", "Cable plan", "Prices", "Checks"]:
    ws = wb[name]
    check(ws.freeze_panes == "A2", f"{name}: header not frozen ({ws.freeze_panes})")
    check(ws.auto_filter.ref is not None and ws.auto_filter.ref.startswith("A1:"),
          f"{name}: no autofilter ({ws.auto_filter.ref})")
check(wb["BOM"].column_dimensions["D"].width >= 30, "BOM description column too narrow")
check(wb["BOM"]["F2"].number_format.startswith("$"), f"unit price not currency: {wb['BOM']['F2'].number_format}")

with open(out / "csv" / "cables.csv", newline="") as f:
    cable_rows = list(csv.reader(f, strict=True))
cables = len(cable_rows) - 1
ws = wb["Cable plan"]
check(ws.max_row - 1 == cables, f"cable plan rows {ws.max_row - 1} vs cables.csv {cables}")
check(ws["A2"].value == "C000001" and ws.cell(ws.max_row, 1).value == cable_rows[-1][0], "cable ids differ")

summary = wb["Summary"]
texts = [str(c.value) for row in summary.iter_rows() for c in row if c.value is not None]
if any(line["price_estimated"] for line in plan["bom"]):
    check(any("ESTIMATES" in t for t in texts), "Summary does not say prices are estimates")
check(any(t.startswith("=SUM(") for t in texts), "Summary total is not a live formula")
# Per GPU divides the total by the GPUs cell of the design inputs, never by a copied number.
labels = {str(r[0].value).strip(): r[1] for r in summary.iter_rows(min_col=1, max_col=2) if r[0].value}
gpus_cell, per_gpu = labels.get("GPUs"), labels.get("Per GPU (USD)")
check(gpus_cell is not None and per_gpu is not None, "Summary lacks the GPUs or Per GPU row")
if gpus_cell is not None and per_gpu is not None:
    check(isinstance(per_gpu.value, str) and per_gpu.value.endswith("/" + gpus_cell.coordinate),
          f"Per GPU is {per_gpu.value!r}, want a division by {gpus_cell.coordinate} (the GPUs cell)")
# Lead times: the BOM's column before the two max power columns, and the Summary's longest lead time as a
# live MAX over it.
check("Lead time (days)" in header, f"BOM has no lead time column: {header}")
lead_col = openpyxl.utils.get_column_letter(header.index("Lead time (days)") + 1)
check(any(t.startswith("=MAX(") and f"${lead_col}$2" in t for t in texts),
      f"Summary has no =MAX over BOM column {lead_col} (longest lead time)")

if failures:
    print("check_xlsx: FAILED\n  " + "\n  ".join(failures))
    sys.exit(1)
print(f"check_xlsx: ok ({len(rows)} BOM lines, {cables} cables, total {sum_qty_unit:,.2f} USD)")
