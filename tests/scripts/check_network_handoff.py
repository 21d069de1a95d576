#!/usr/bin/python3
"""The hand-off files of a design with several networks (issue 38), read with the real formats (Python's
csv and PyYAML), against the plan JSON's per-network figures:
- NetBox bundle: every network's switches are devices (counted per network by their "<prefix><network>-"
  name) and every network's cables are cable records labelled "<network> C000001" (counted per network);
  one device type per (manufacturer, model) and per slug across the networks; every device names a type,
  role and rack the bundle creates; every cable end names an interface its device's type has, and no
  interface is cabled twice.
- labels and cables CSV: every row names its network, every label starts with it, and the cables per
  network equal the plan's.
Usage: check_network_handoff.py CLI CATALOG EXAMPLES_DIR OUT"""
import csv
import json
import shutil
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import yaml

cli, catalog, examples, out = sys.argv[1], sys.argv[2], Path(sys.argv[3]), Path(sys.argv[4])
shutil.rmtree(out, ignore_errors=True)
out.mkdir(parents=True)
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


design = examples / "dgx-h100-superpod-1024-all-networks.fabricplan"
r = subprocess.run([cli, "plan", str(design), "--catalog", catalog, "--json", f"{out}/plan.json",
                    "--export", f"netbox-bundle={out}/netbox", "--export", f"labels={out}/labels.csv",
                    "--export", f"cables-csv={out}/cables.csv", "--export", f"netbox-devices={out}/devices.csv",
                    "--export", f"netbox-cables={out}/nb-cables.csv"], capture_output=True, text=True, timeout=240)
check(r.returncode == 0, f"plan: exit {r.returncode}: {r.stderr[:300]}")
plan = json.loads((out / "plan.json").read_text())
networks = plan["networks"]
names = [n["name"] for n in networks]
check(len(networks) == 4, f"{len(networks)} networks, want 4 (compute, storage, in-band, OOB)")
bundle = out / "netbox"

# Device types: one per model, every file valid YAML.
types = {}
slugs = Counter()
for f in sorted((bundle / "3-device-types").glob("*.yaml")):
    t = yaml.safe_load(f.read_text())
    key = (t["manufacturer"], t["model"])
    check(key not in types, f"device type {key} twice")
    types[key] = {i["name"] for i in t["interfaces"]}
    slugs[t["slug"]] += 1
check(all(n == 1 for n in slugs.values()), f"a slug repeats: {slugs}")
roles = {row["name"] for row in rows(bundle / "2-device-roles.csv")}
racks = {row["name"] for row in rows(bundle / "6-racks.csv")}
check(len(racks) == len(rows(bundle / "6-racks.csv")), "a rack name repeats")

devices = {}
for part in sorted(bundle.glob("7-devices-*.csv")):
    for d in rows(part):
        check(d["name"] not in devices, f"device {d['name']} twice")
        devices[d["name"]] = d
        check((d["manufacturer"], d["device_type"]) in types, f"{d['name']}: no type {d['device_type']}")
        check(d["role"] in roles, f"{d['name']}: no role {d['role']}")
        check(not d["rack"] or d["rack"] in racks, f"{d['name']}: no rack {d['rack']}")
check(rows(out / "devices.csv") == [d for d in devices.values()], "netbox-devices differs from the bundle's devices")
compute_leaf = next(n for n in devices if n.endswith("node-0001"))
prefix = compute_leaf[: -len("node-0001")]

switch_roles = {"Leaf switch", "Spine switch", "Core switch"}
for n in networks:
    tag = f"{prefix}{n['name']}-"
    if n["name"] == "compute":
        count = sum(1 for name, d in devices.items() if d["role"] in switch_roles
                    and not any(name.startswith(f"{prefix}{o}-") for o in names[1:]))
    else:
        count = sum(1 for name, d in devices.items() if d["role"] in switch_roles and name.startswith(tag))
        check(all(f"({n['name']} network)" in d["description"] for name, d in devices.items() if name.startswith(tag)),
              f"{n['name']}: a device's description does not name its network")
    check(count == n["figures"]["switches"], f"{n['name']}: {count} switches in the bundle, the plan has {n['figures']['switches']}")

cabled = Counter()
per_network = defaultdict(set)
records = []
for part in sorted(bundle.glob("8-cables-*.csv")):
    records += rows(part)
check(records == rows(out / "nb-cables.csv"), "netbox-cables differs from the bundle's cables")
for c in records:
    net, _, cable = c["label"].partition(" ")
    check(net in names, f"cable label {c['label']!r} does not start with a network's name")
    check(c["description"].startswith(net + ": "), f"cable {c['label']}: description {c['description']!r}")
    per_network[net].add(cable.split("/")[0])
    for side in ("a", "b"):
        dev, iface = c[f"side_{side}_device"], c[f"side_{side}_name"]
        d = devices.get(dev)
        check(d is not None, f"cable {c['label']}: no device {dev}")
        if d is not None:
            check(iface in types[(d["manufacturer"], d["device_type"])], f"cable {c['label']}: {dev} has no interface {iface}")
        cabled[(dev, iface)] += 1
twice = [k for k, v in cabled.items() if v > 1]
check(not twice, f"interfaces cabled twice: {twice[:5]}")
for n in networks:
    check(len(per_network[n["name"]]) == n["figures"]["cables"],
          f"{n['name']}: {len(per_network[n['name']])} cables in NetBox, the plan has {n['figures']['cables']}")

# Labels and the cable plan CSV: the network on every row and label.
labels = rows(out / "labels.csv")
check(all(l["network"] in names and l["label_id"].startswith(l["network"] + " ") and l["line1"].startswith(l["network"] + " ")
          for l in labels), "a label does not name its network")
cables_csv = rows(out / "cables.csv")
for n in networks:
    mine = [c for c in cables_csv if c["network"] == n["name"]]
    check(len(mine) == n["figures"]["cables"], f"{n['name']}: {len(mine)} rows in cables.csv, want {n['figures']['cables']}")
    check(len({l["cable_id"] for l in labels if l["network"] == n["name"]}) == n["figures"]["cables"],
          f"{n['name']}: labelled cables differ from the plan's")
check(len(cables_csv) == plan["total"]["cables"], "cables.csv rows differ from the total")

if failures:
    print("check_network_handoff: FAILED\n  " + "\n  ".join(failures[:40]))
    sys.exit(1)
print(f"check_network_handoff: {len(devices)} devices, {len(records)} cable records, {len(types)} device types, "
      f"{len(labels)} labels; every network's switches and cables as the plan counts them")
