#pragma once
// media::select: give every link the parts that make it work (a copper/AOC assembly, or two
// transceivers and fibre), by reach, cage, speed, protocol, FEC, loss budget, qualification and the
// user's policy. Media is chosen per cage group: links that share a cage at either end share one
// solution, sized for the longest of them (core/media/README.md), so every cage holds one part.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/hardware.h"
#include "common/finding.h"
#include "layout/layout.h"
#include "spec/cluster_spec.h"
#include "topology/cage_index.h"
#include "topology/fabric.h"

namespace fp {

enum class MediaClass : std::uint8_t { DAC, ACC, AOC, Multimode, SingleMode, None };
const char* toString(MediaClass);

// Loss-budget arithmetic for an optical link, kept so the user can see it.
struct LossBudget {
    double fibreDb = 0, connectorsDb = 0, splicesDb = 0;
    double totalDb = 0;       // fibre + connectors + splices
    double budgetDb = 0;      // PMD channel insertion loss
    double marginDb() const { return budgetDb - totalDb; }
};

struct LinkSolution {
    LinkClass cls = LinkClass::HostLeaf;
    MediaClass media = MediaClass::None;
    std::string cablePart;        // assembly (DAC/ACC/AOC) or fibre cord/trunk; empty if none fits
    std::string moduleA, moduleB; // transceivers at the A (lower) and B (upper) end; empty for assemblies
    int linksPerModuleA = 1;      // 2 for a twin-port module
    int linksPerModuleB = 1;
    int linksPerCable = 1;        // 2 or 4 for splitter cables
    int cableLegs = 1;            // connectors at the assembly's leg end: 1 straight (one far cage), 2-4 splitter
    bool halfLanesA = false;      // module A runs its ports on half their lanes (200G on a 400G SR4/DR4 module)
    bool halfLanesB = false;
    double orderLengthM = 0;      // orderable length (assemblies: the part's length)
    int patchPanelPorts = 0;      // per link, half at each end (a splitter's single end: one port for its legs)
    LossBudget loss;              // optics only
    std::string reason;           // why this was chosen (shown in the GUI)
};

struct MediaAssignment {
    CageIndex cages;                            // every cage a link uses (topology/cage_index.h)
    std::vector<LinkSolution> solutions;
    std::vector<std::uint32_t> solutionOfLink;  // per link
    std::vector<Finding> findings;              // media.* rules
};

namespace media {
struct CageGrouping;

// What selection works out link by link before it picks any part: each link's group key (its class,
// length step, in-rack, aligned and cage fill: media.cpp GroupKey), numbered in key order. Solution s
// solves keys[s], so every plan that shares these keys has solutionOfLink == keyOfLink. The keys are a
// function of the floor (fabric, layout, cage groups) and of how many links each end's cage takes, so
// the comparison's candidates on one floor whose switches and NIC split their cages alike share them
// (plan/plan_stages.h FloorMemo) and each only solves the few keys.
struct LinkKeys {
    std::vector<int> linksPerCage;          // per link class, lower then upper end: what the keys assumed
    std::uint64_t version = 0;              // changes whenever the keys are worked out again
    std::vector<std::uint64_t> keys;        // ascending
    std::vector<float> longestM;            // per key: its longest cage group's length
    std::vector<long long> links;           // per key
    std::vector<std::int64_t> firstLink;    // per key: its lowest link
    std::vector<std::uint32_t> keyOfLink;   // per link
};

MediaAssignment select(const ClusterSpec&, const Fabric&, const Layout&, const Catalog&, const Hardware&);
// The same with the cage groups computed beforehand (media/cage_grouping.h: groupByCage), e.g. while
// the layout is placed: its cages are moved into the assignment (its cage of each end stays, for the BOM).
MediaAssignment select(const ClusterSpec&, const Fabric&, const Layout&, const Catalog&, const Hardware&,
                       CageGrouping&& grouping);
// The same on cage groups shared by several plans of one floor (plan/plan_stages.h), left as they are:
// the assignment gets its own copy of the cages, nothing else is copied.
MediaAssignment select(const ClusterSpec&, const Fabric&, const Layout&, const Catalog&, const Hardware&,
                       const CageGrouping& grouping);
// The same, with the link keys of earlier plans on these cage groups: used when they were worked out for
// the same links per cage, else worked out again into `keys` (its version then changes).
MediaAssignment select(const ClusterSpec&, const Fabric&, const Layout&, const Catalog&, const Hardware&,
                       const CageGrouping& grouping, LinkKeys& keys);

// Whether any catalog part could serve a cage group of class `cls` in a fabric of this shape whose cage at
// the upper (switch) end carries that cage's full split, with every other choice at its most permissive:
// the shortest route, in the rack or not, far cages aligned, the lower end's cages carrying one link each.
// False means every link of such a group gets a media.no-part error, whatever the floor: a longer route,
// fuller lower cages or unaligned far cages only rule parts out (media_rules.h), and no part is ever
// chosen with an issue. True whenever the class has a pinned part (a pin is kept with its issues, which
// may be warnings only).
bool partFitsFullUpperCage(const ClusterSpec&, const FabricShape&, const Catalog&, const Hardware&, LinkClass cls);
} // namespace media

} // namespace fp
