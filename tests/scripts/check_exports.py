#!/usr/bin/python3
"""Reads the CSV, SVG, JSON and IBDM topology exports back with Python's own readers and checks counts
against the plan JSON. Usage: check_exports.py DIR."""
import csv
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def read_csv(path):
    raw = path.read_bytes()
    check(raw.endswith(b"\r\n"), f"{path.name}: records must end in CRLF (RFC 4180)")
    with open(path, newline="") as f:
        return list(csv.reader(f, strict=True))


out = Path(sys.argv[1])
plan = json.loads((out / "plan.json").read_text())
for key in ["format_version", "topology", "bom", "capex_usd", "power_w", "checks"]:
    check(key in plan, f"plan.json lacks {key}")

bom = read_csv(out / "csv" / "bom.csv")
check(len(bom) - 1 == len(plan["bom"]), f"bom.csv rows {len(bom) - 1} vs {len(plan['bom'])}")
cables = read_csv(out / "csv" / "cables.csv")
n_cables = len(cables) - 1
links = plan["topology"]["links"]["total"]
check(0 < n_cables <= links, f"cables {n_cables} vs links {links}")
check(all(len(r) == 16 for r in cables), "cables.csv: ragged rows")
check(cables[0][14:] == ["a_hall", "z_hall"], f"cables.csv: hall columns {cables[0][14:]}")

labels = read_csv(out / "labels.csv")
check(len(labels) - 1 == 2 * n_cables, f"labels {len(labels) - 1} vs 2 x {n_cables}")

devices = read_csv(out / "netbox-devices.csv")
switches = plan["topology"]["switches"]["total"]
check(len(devices) - 1 == plan["topology"]["nodes"] + switches,
      f"netbox devices {len(devices) - 1} vs nodes + switches")
names = {r[0] for r in devices[1:]}
nb_cables = read_csv(out / "netbox-cables.csv")
check(nb_cables[0][:8] == ["side_a_site", "side_a_device", "side_a_type", "side_a_name", "side_b_site",
                           "side_b_device", "side_b_type", "side_b_name"], f"netbox cable header {nb_cables[0]}")
check(len(nb_cables) - 1 == n_cables, "netbox cables vs cables.csv")
check(all(r[1] in names and r[5] in names for r in nb_cables[1:]), "netbox cable names a device not imported")

root = ET.parse(out / "topology.svg").getroot()
check(root.tag == "{http://www.w3.org/2000/svg}svg", f"svg root {root.tag}")
check(sum(1 for _ in root.iter()) < 5000, "svg has too many elements")

if plan["fabric"] == "infiniband":
    topo = (out / "ibdm" / "topology.topo").read_text().splitlines()
    port_lines = [l for l in topo if "->" in l]
    t = plan["topology"]["links"]
    # host links appear once (switch side); switch-to-switch links from both ends
    check(len(port_lines) == t["host_leaf"] + 2 * (t["leaf_spine"] + t["spine_core"]),
          f"topo port lines {len(port_lines)}")

if failures:
    print("check_exports: FAILED\n  " + "\n  ".join(failures))
    sys.exit(1)
print(f"check_exports: ok ({len(bom) - 1} BOM lines, {n_cables} cables, {len(devices) - 1} devices)")
