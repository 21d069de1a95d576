#!/usr/bin/python3
"""The spreadsheet a user opens: LibreOffice (headless) imports the CLI's spreadsheet CSVs and
recalculates the workbook. Checks that a price source "=HYPERLINK(...)" (imported into a copy of the
catalog) stays text in bom.csv, cables.csv and labels.csv, while the same text unneutralised in a
control file does become a formula (so the check can see one); and that the workbook's per-GPU cell
follows the GPUs cell when LibreOffice recalculates after the GPU count is edited.
Usage: check_libreoffice.py CLI CATALOG OUT      Exit 77 (skip) without soffice."""
import shutil
import subprocess
import sys
from pathlib import Path

import openpyxl

cli, catalog, out = sys.argv[1], sys.argv[2], Path(sys.argv[3])
soffice = shutil.which("soffice")
if not soffice:
    print("check_libreoffice: soffice not installed (libreoffice-calc-nogui); skipped")
    sys.exit(77)
shutil.rmtree(out, ignore_errors=True)
out.mkdir(parents=True)
env = {"HOME": str(out / "home"), "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"}
failures = []
HOSTILE = '=HYPERLINK("http://x","y")'


def check(cond, what):
    if not cond:
        failures.append(what)


def run(args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, env=env, timeout=240, **kw)
    check(r.returncode in (0, 1), f"{' '.join(map(str, args[:3]))}: exit {r.returncode}: {r.stderr.strip()[:300]}")
    return r


def office(*args):
    # A private profile: no interference with a user's LibreOffice or another test run.
    run([soffice, f"-env:UserInstallation=file://{out}/profile", "--headless", *args, "--outdir", str(out / "lo")])


# A catalog copy whose switch price comes from a source named like a formula.
shutil.copy(catalog, out / "hostile.sqlite")
(out / "prices.csv").write_text('part,source,price,currency,date,basis\n'
                                f'MQM9700-NS2F,"{HOSTILE.replace(chr(34), chr(34) * 2)}",1,USD,2026-01-01,quote\n')
run([cli, "catalog", "import-prices", str(out / "prices.csv"), "--catalog", str(out / "hostile.sqlite")])
run([cli, "plan", "--catalog", str(out / "hostile.sqlite"), "--export", f"bom-csv={out}/bom.csv",
     "--export", f"cables-csv={out}/cables.csv", "--export", f"labels={out}/labels.csv", "--xlsx", f"{out}/plan.xlsx"])
check(HOSTILE.replace('"', '""') in (out / "bom.csv").read_text(), "bom.csv does not carry the hostile price source")
(out / "control.csv").write_text(f'a\r\n"{HOSTILE.replace(chr(34), chr(34) * 2)}"\r\n')

# Recalculation: edit the GPUs cell (openpyxl drops every cached value), let LibreOffice compute.
wb = openpyxl.load_workbook(out / "plan.xlsx")
cells = {str(r[0].value): r[1] for r in wb["Summary"].iter_rows(min_col=1, max_col=2) if r[0].value}
gpus = cells["GPUs"].value
cells["GPUs"].value = gpus * 2
wb.save(out / "edited.xlsx")

# One soffice run (its start-up dominates): the CSVs opened as a user opening them gets them (the
# default CSV import, which evaluates formulas), the edited workbook recalculated, all saved as xlsx.
office("--convert-to", "xlsx", *[str(out / f) for f in ["control.csv", "bom.csv", "cables.csv", "labels.csv",
                                                         "edited.xlsx"]])
control = openpyxl.load_workbook(out / "lo" / "control.xlsx").active
check(control["A2"].data_type == "f", "LibreOffice did not evaluate the control formula: this check cannot see one")
for name in ["bom", "cables", "labels"]:
    ws = openpyxl.load_workbook(out / "lo" / f"{name}.xlsx").active
    live = [c.coordinate for row in ws.iter_rows() for c in row if c.data_type == "f"]
    check(not live, f"{name}.csv opens with live formulas in {live[:5]}")
    if name == "bom":
        texts = [str(c.value) for row in ws.iter_rows() for c in row if c.value is not None]
        check(any("HYPERLINK" in t for t in texts), "bom: the price source is missing after import")

summary = openpyxl.load_workbook(out / "lo" / "edited.xlsx", data_only=True)["Summary"]
values = {str(r[0].value): r[1].value for r in summary.iter_rows(min_col=1, max_col=2) if r[0].value}
total, per_gpu = float(values["Total (USD)"]), float(values["Per GPU (USD)"])
check(abs(per_gpu - total / (gpus * 2)) < 0.01,
      f"per GPU {per_gpu} after doubling the GPUs cell to {gpus * 2}; want {total / (gpus * 2):.2f} "
      f"(a constant divisor would give {total / gpus:.2f})")

if failures:
    print("check_libreoffice: FAILED\n  " + "\n  ".join(failures))
    sys.exit(1)
print(f"check_libreoffice: ok (no live cells; per GPU {per_gpu:.2f} = {total:.2f} / {gpus * 2})")
