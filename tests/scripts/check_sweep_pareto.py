#!/usr/bin/python3
"""`sweep --pareto` read back by Python's csv module (issue 41): for several sets of figures, the rows
marked pareto=yes are exactly the buildable rows (status ok) that no other buildable row beats, by a
dominance test written here from the definition on the figures as the CSV prints them: no front row is
beaten by any row, every other buildable row is beaten by a front row, and no failed or errors row is on
the front. The JSON lines mark the same rows; the flag's forms and its bad values are checked too.
Usage: check_sweep_pareto.py CLI CATALOG OUT"""
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

cli, catalog, out = sys.argv[1], sys.argv[2], Path(sys.argv[3])
out.mkdir(parents=True, exist_ok=True)
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


# Column, and +1 when more is better (bus bandwidth), -1 when less is (the rest).
FIGURES = {"capex": ("capex_usd", -1), "tco": ("tco_usd", -1), "power": ("power_kw", -1),
           "busbw": ("allreduce_busbw_GBps", +1), "interruptions": ("job_interruptions_per_day", -1),
           "switches": ("switches", -1), "optics": ("transceivers", -1),
           "total-capex": ("total_capex_usd", -1), "total-power": ("total_power_kw", -1)}

# Rows that cannot be planned (one tier for 1,024 GPUs, a bad GPU count) and rows that can, on two
# fabrics, three tier counts and three ratios.
BASE = ["--gpus", "1024", "--catalog", catalog]
VARY = ["--vary", "tiers=1,2,3", "--vary", "fabric=infiniband,roce", "--vary", "oversubscription=1:1,2:1,4:1",
        "--vary", "dual-tor=false,true"]


def beats(a, b, cols):
    better = False
    for col, sense in cols:
        x, y = sense * a[col], sense * b[col]
        if x < y:
            return False
        better = better or x > y
    return better


# A cluster of four networks (the DGX H100 platform's storage, in-band and OOB networks beside the compute
# fabric) at 2,040 and 16,384 GPUs, where the management networks have design-rule errors (100G runs past
# 100 m) while the compute fabric has none: such rows are "errors" rows, off the front, as `plan` exits 1.
CLUSTER_BASE = ["--platform", "DGX-H100", "--catalog", catalog]
CLUSTER_VARY = ["--vary", "gpus=2040,16384", "--vary", "oversubscription=1:1,2:1,4:1", "--vary", "switch=MQM9700-NS2F,MQM9790-NS2F"]


def sweep(extra, fmt="--csv", base=None, vary=None):
    r = subprocess.run([cli, "sweep"] + (base or BASE) + (vary or VARY) + extra + [fmt, "-"], capture_output=True, text=True)
    check(r.returncode in (0, 1), f"sweep {extra}: exit {r.returncode}: {r.stderr.strip()[-400:]}")
    return r


for names, base, vary, designs in [("capex,busbw", BASE, VARY, 36), ("capex,busbw,power", BASE, VARY, 36),
                                   ("tco,interruptions", BASE, VARY, 36), ("switches,optics,busbw", BASE, VARY, 36),
                                   ("power", BASE, VARY, 36), ("total-capex,busbw", CLUSTER_BASE, CLUSTER_VARY, 12),
                                   ("total-power,total-capex,switches", CLUSTER_BASE, CLUSTER_VARY, 12)]:
    r = sweep(["--pareto=" + names], base=base, vary=vary)
    rows = list(csv.DictReader(io.StringIO(r.stdout, newline=""), strict=True))
    check(len(rows) == designs, f"{names}: {len(rows)} rows for {designs} designs")
    cluster = base is CLUSTER_BASE
    cols = [FIGURES[n] for n in names.split(",")]
    built = []
    for row in rows:
        check(row["pareto"] in ("yes", "no"), f"{names}: design {row['design']}: pareto {row['pareto']!r}")
        if row["status"] != "ok":
            check(row["pareto"] == "no", f"{names}: design {row['design']} ({row['status']}) is on the front")
            continue
        check(row["total_errors"] == "0", f"{names}: design {row['design']} is ok with {row['total_errors']} errors in its networks")
        check(int(row["networks"]) == (4 if cluster else 1), f"{names}: design {row['design']}: {row['networks']} networks")
        built.append({**row, **{c: float(row[c]) for c, _ in cols}})
    check(len(built) >= designs // 3, f"{names}: only {len(built)} buildable rows; the sweep should plan most")
    if cluster:  # an errors row whose compute fabric has none: its other networks keep it off the front
        check(any(row["status"] == "errors" and row["errors"] == "0" for row in rows),
              f"{names}: no row with errors in its other networks only")
    else:
        check(any(row["status"] == "failed" for row in rows), f"{names}: no failed row to keep off the front")
    front = [b for b in built if b["pareto"] == "yes"]
    check(front, f"{names}: nothing on the front")
    for b in built:
        beaten_by = [a["design"] for a in built if beats(a, b, cols)]
        if b["pareto"] == "yes":
            check(not beaten_by, f"{names}: front design {b['design']} is beaten by {beaten_by}")
        else:
            check(any(beats(a, b, cols) for a in front), f"{names}: design {b['design']} is off the front, no front design beats it")
    # The JSON lines mark the same designs.
    j = sweep(["--pareto", names], "--jsonl", base, vary)
    marked = {str(json.loads(l)["design"]) for l in j.stdout.splitlines() if json.loads(l).get("pareto")}
    check(marked == {b["design"] for b in front}, f"{names}: JSON front {sorted(marked)}, CSV front {sorted(b['design'] for b in front)}")
    print(f"{names}: {len(front)} of {len(built)} buildable designs on the front")

# A bare --pareto is capex against bus bandwidth; without it there is no pareto column.
bare = sweep(["--pareto"])
named = sweep(["--pareto=capex,busbw"])
check(bare.stdout == named.stdout, "a bare --pareto is not capex,busbw")
plain = sweep([])
check("pareto" not in plain.stdout.splitlines()[0].split(","), "a pareto column without --pareto")
check(plain.stdout.splitlines()[1:] == [l.rsplit(",", 1)[0] for l in bare.stdout.splitlines()[1:]],
      "--pareto changed a row besides adding its column")
for bad, says in [("--pareto=colour", "unknown figure \"colour\" (known: capex, tco, power, busbw"),
                  ("--pareto=capex,capex", "given twice"), ("--pareto=", "empty figure name")]:
    r = subprocess.run([cli, "sweep"] + BASE + VARY + [bad], capture_output=True, text=True)
    check(r.returncode == 2 and says in r.stderr and r.stdout == "", f"{bad}: exit {r.returncode}, {r.stderr.strip()!r}")

for f in failures:
    print("FAIL:", f)
print(f"{0 if failures else 1} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
