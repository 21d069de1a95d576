#pragma once
// Lower bounds of what a candidate costs, known before it is planned: the comparison skips a candidate
// whose bound already exceeds the capex of the best error-free plan of its fabric.
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/hardware.h"
#include "plan/plan_stages.h"
#include "spec/cluster_spec.h"

namespace fp::plan {

// Every NIC port takes a leaf port; from two tiers on each leaf uplink takes a spine port (at least
// leaf UP/DOWN per NIC port), from three tiers each spine uplink a core port. Switches = ports / radix,
// per plane, at the fewest tiers the radix allows, times the switch's catalog price under the spec's
// price policy. 0 when the switch is generic, unknown, unpriced or has no port at the link speed.
// Never more than the plan's switch capex (tests/core/test_compare.cpp holds it to that).
double switchCostLowerBoundUsd(const ClusterSpec& candidate, const Catalog&);

// The two ends of a link class: their cages and the parts whose qualification lists apply (the NIC's
// or the switch's); `strict`: only parts media may choose without a finding (an unpinned class).
struct LinkEnds {
    Cage lower, upper;
    std::string lowerPart, upperPart;
    bool strict = true;
};

// The least the media of one link between two ends can cost at `gbps`, routed over at least
// `minLengthM`, in any plan without errors on that link (infinity when no catalog part can carry it):
//   min( min over assemblies c that fit, at least minLengthM long:  price(c) / (legs(c) x legGbps(c) / gbps),
//        min over module pairs (a, b) that fit, of one PMD, FEC and connector:
//            price(a) / ports(a) + price(b) / ports(b)
//            + the least price of a fibre of their type and connector, at least minLengthM long )
// "Fit" keeps only what media (media_rules.h) may choose for a link without an error: speed, port split
// (full, or one the cage runs), form factor and top, power class, protocol, connector; when strict, also
// qualified on both ends' parts (unless third-party optics are allowed) and OEM under an OEM-only price
// policy, as media.cpp chooses only among parts without findings and gives a group where none fits
// media.no-part. Reach and loss are left out. Why it is a lower bound: the BOM counts a module per cage
// serving at most its ports of links, an assembly per at most legs x legGbps / gbps links, a fibre per
// optical link (the shortest that reaches), patch-panel ports and spares on top (bom/bom.cpp); an
// unpriced part costs 0 there and here.
double mediaCostPerLinkLowerBoundUsd(const LinkEnds&, int gbps, double minLengthM, const ClusterSpec&, const Catalog&);

struct MediaBound {
    double usd = 0;                    // sum over link classes of links x the least per link
    std::vector<LinkClass> noPartFor;  // classes no catalog part can carry: every plan has media.no-part there
};
// The media of every link of a resolved candidate: links per class counted as switchCostLowerBoundUsd
// counts ports (host-leaf = NIC ports, leaf-spine = leaf uplinks, spine-core = spine uplinks, per plane,
// at the resolved link speed and planes), each at mediaCostPerLinkLowerBoundUsd between the NIC's (or
// platform's host) cage and the switch's, or two switch cages. A class whose links never stay in one
// rack (layout/README.md: host-leaf unless leaves stand in the racks; leaf-spine unless spines spread
// over the rows) routes over 2 x tray height + 2 x slack per end at least, so shorter assemblies
// (most DACs) are out: without that, a 1 m DAC would price every long link. No more than what the plan's BOM pays
// for media whenever the plan has no errors (a plan with media.no-part leaves links unpriced; it can
// never beat an error-free plan). Nothing (0) for a generic or per-tier switch.
MediaBound mediaCostLowerBound(const Resolved&, const Catalog&);

// What its NICs cost, as bom::collect counts them (nodes x NICs per node at the NIC's price; 0 when the
// capex leaves NICs out or the NIC is unknown or unpriced). Candidates of one round may differ in NIC.
double nicCostUsd(const ClusterSpec& candidate, const Catalog&);

} // namespace fp::plan
