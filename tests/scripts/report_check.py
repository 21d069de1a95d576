"""Checks the CLI's PDF report and diagrams (see report_check.sh) against the plan JSON of the same run."""
import json
import struct
import subprocess
import sys
import unicodedata
import xml.etree.ElementTree as ET

out = sys.argv[1]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def pages(pdf):
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    return int(next(l.split()[1] for l in info.splitlines() if l.startswith("Pages:")))


def text(pdf, first, last):
    raw = subprocess.run(["pdftotext", "-layout", "-f", str(first), "-l", str(last), pdf, "-"],
                         capture_output=True, text=True, check=True).stdout
    return " ".join(unicodedata.normalize("NFKC", raw).split())  # ligatures back to letters, spaces folded


plan = json.load(open(f"{out}/plan.json"))
capex = plan["capex_usd"]["total"] if isinstance(plan["capex_usd"], dict) else plan["capex_usd"]
switches = plan["topology"]["switches"]["total"]

pdf = f"{out}/plan.pdf"
n = pages(pdf)
check(n >= 5, f"plan.pdf has {n} pages, want summary, topology, BOM, comparison, checks")
summary = text(pdf, 1, 1)
check(f"Switches, all tiers {switches:,}" in summary, f"page 1 lacks the switch count {switches:,}")
check(f"${round(capex):,}" in summary, f"page 1 lacks the capex ${round(capex):,}")
check("Page 1" in summary, "page 1 has no page number")
plan_comparison = text(pdf, 4, 4)
check("Advice:" in plan_comparison and "RoCEv2" in plan_comparison, "plan.pdf page 4 lacks the fabric comparison")
checks = text(pdf, 5, n)
for finding in plan["checks"]:
    check(finding["rule"] in checks, f"rule {finding['rule']} missing from the checks pages")

cmp_pdf = f"{out}/compare.pdf"
comparison = text(cmp_pdf, 4, 4)
for fabric in ("InfiniBand", "RoCEv2", "Spectrum-X", "UEC Ethernet"):
    check(fabric in comparison, f"compare.pdf page 4 lacks {fabric}")
check("Advice:" in comparison, "compare.pdf page 4 lacks the advice")
# The switches weighed, from page 4 on (the table may run over): every candidate of the run's JSON, the
# chosen ones as often as there are fabrics.
compared = json.load(open(f"{out}/compare.json"))
weighed_text = text(cmp_pdf, 4, pages(cmp_pdf))
weighed_at = weighed_text.find("Switches weighed")
check(weighed_at >= 0, "compare.pdf lacks the switches weighed")
weighed_text = weighed_text[weighed_at:]
for alternative in compared["alternatives"]:
    for candidate in alternative["candidates"]:
        check(candidate["switch"] in weighed_text, f"switches weighed lack {candidate['switch']}")
check(weighed_text.count("chosen, capex $") == len(compared["alternatives"]),
      f"switches weighed: {weighed_text.count('chosen, capex $')} chosen, want {len(compared['alternatives'])}")

for name in ("topology.png", "floor.png"):
    with open(f"{out}/{name}", "rb") as f:
        head = f.read(24)
    check(head[:8] == b"\x89PNG\r\n\x1a\n", f"{name} is not a PNG")
    width, height = struct.unpack(">II", head[16:24])  # IHDR: width, height
    check(width == 1600 and 100 < height < 16000, f"{name} is {width}x{height}, want 1600 wide")

svg = ET.parse(f"{out}/floor.svg").getroot()
labels = "".join(svg.itertext())
check("Compute racks" in labels and "Row 1" in labels, "floor.svg lacks its legend or row labels")

for f in failures:
    print("FAIL:", f)
print("report check:", "ok" if not failures else f"{len(failures)} failures")
sys.exit(1 if failures else 0)
