#!/usr/bin/python3
"""Checks the Summary sheet's fabric comparison with openpyxl.
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
if problems:
    sys.exit("; ".join(problems))
print("comparison ok")
