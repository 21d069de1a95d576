#!/usr/bin/python3
"""Checks the Summary sheet's fabric comparison with openpyxl, and its "Switches weighed" table: per
fabric exactly one chosen candidate, the comparison row's switch, NIC and capex; every candidate with an
outcome and a reason; a capex and a capex + energy (what candidates are ranked by, plan/ranking.h) for each
planned one, a capex + energy bound above the chosen one's for each skipped one.
Usage: check_xlsx_comparison.py BOOK.xlsx FABRIC_COUNT RECOMMENDED_DISPLAY_NAME"""
import sys

import openpyxl

book, count, recommended = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ws = openpyxl.load_workbook(book)["Summary"]
rows = [[c.value for c in r] for r in ws.iter_rows()]
header = next((i for i, r in enumerate(rows) if r[0] == "Fabric" and r[1] == "Switch"), None)
if header is None:
    sys.exit("no comparison table")
body = []
for r in rows[header + 1:]:
    if r[0] in (None, "Recommended fabric"):
        break
    body.append(r)
problems = []
if len(body) != count:
    problems.append(f"{len(body)} fabric rows, expected {count}")
marked = [r[0] for r in body if r[13] == "yes"]
if marked != [recommended]:
    problems.append(f"recommended rows {marked}, expected [{recommended}]")
if any(not isinstance(r[5], (int, float)) or r[5] <= 0 for r in body):
    problems.append("a fabric has no capex")
if not any(r[0] == "Recommended fabric" and r[1] == recommended for r in rows):
    problems.append("no 'Recommended fabric' line")
weighed = next((i for i, r in enumerate(rows) if isinstance(r[0], str) and r[0].startswith("Switches weighed")), None)
if weighed is None:
    problems.append("no 'Switches weighed' table")
else:
    head = rows[weighed + 1]
    want = ["Fabric", "Switch", "NIC", "Link (Gb/s)", "Outcome", "Capex (USD)", "Capex + energy (USD)", "Tiers",
            "Capex + energy at least (USD)", "Why"]
    if head[:10] != want:
        problems.append(f"'Switches weighed' header {head[:10]}")
    candidates = []
    for r in rows[weighed + 2:]:
        if r[0] is None:
            break
        candidates.append(r)
    outcomes = {"chosen", "planned", "more_expensive", "cannot_build", "no_part_fits"}
    for fabric_row in body:
        mine = [r for r in candidates if r[0] == fabric_row[0]]
        chosen = [r for r in mine if r[4] == "chosen"]
        if len(chosen) != 1:
            problems.append(f"{fabric_row[0]}: {len(chosen)} chosen candidates")
            continue
        if (chosen[0][1], chosen[0][2]) != (fabric_row[1], fabric_row[2]) or abs(chosen[0][5] - fabric_row[5]) > 0.5:
            problems.append(f"{fabric_row[0]}: chosen {chosen[0][1:3]} capex {chosen[0][5]}, table {fabric_row[1:3]} {fabric_row[5]}")
        for r in mine:
            if r[4] not in outcomes or not r[9]:
                problems.append(f"{fabric_row[0]} {r[1]}: outcome {r[4]!r}, reason {r[9]!r}")
            if r[4] in ("chosen", "planned") and not (isinstance(r[5], (int, float)) and isinstance(r[6], (int, float))
                                                      and r[6] >= r[5] and isinstance(r[7], int)):
                problems.append(f"{fabric_row[0]} {r[1]}: {r[4]} without a capex, capex + energy and tiers: {r[5:8]}")
            if r[4] == "more_expensive" and not (isinstance(r[8], (int, float)) and r[8] > chosen[0][6]):
                problems.append(f"{fabric_row[0]} {r[1]}: skipped on a bound {r[8]} not above {chosen[0][6]}")
    if len(candidates) <= len(body):
        problems.append(f"only {len(candidates)} candidates for {len(body)} fabrics")
if problems:
    sys.exit("; ".join(problems))
print("comparison ok")
