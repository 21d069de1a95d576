#pragma once
// bom::collect: line items that follow from the links and their media (twin-port modules counted as
// modules, splitter cables as cables), plus spares; and the cable plan, one row per physical cable,
// produced on demand (forEachCable) so a 3 M-link plan is never held as strings.
#include <functional>
#include <string>
#include <vector>

// spec first: catalog/parts.h uses FiberType without including spec/cluster_spec.h.
#include "spec/cluster_spec.h"
#include "catalog/catalog.h"
#include "catalog/hardware.h"
#include "layout/layout.h"
#include "bom/bom_counts.h"
#include "media/media.h"
#include "topology/fabric.h"

namespace fp {

// Stable category keys; the order is the BOM's order.
// RackContents: what a rack-scale system (NVL72) carries in its rack, included with it (price 0).
enum class BomCategory { Switches, Nics, Transceivers, Cables, Fibre, PatchPanels, Spares, RackContents };
constexpr BomCategory kLastBomCategory = BomCategory::RackContents;
// Every category in the BOM's order, for exporters that walk them.
inline constexpr BomCategory kBomCategories[] = {BomCategory::Switches,    BomCategory::Nics,   BomCategory::Transceivers,
                                                 BomCategory::Cables,      BomCategory::Fibre,  BomCategory::PatchPanels,
                                                 BomCategory::Spares,      BomCategory::RackContents};
const char* toString(BomCategory);      // "switches", "nics", ..., "spares", "rack_contents"
const char* displayName(BomCategory);   // "Switches", "NICs / HCAs", ...

struct BomLine {
    BomCategory category = BomCategory::Switches;
    std::string part, vendor, description;
    long long qty = 0;
    double unitPriceUsd = 0;
    bool priceEstimated = true;
    std::string priceSource;   // the PriceQuote source the policy picked
    double extendedUsd = 0;    // qty * unitPriceUsd
    double unitPowerW = 0;     // typical (energy); a module or cable: its power class, the one figure it has
    double extendedPowerW = 0;
    // At full load (rack and facility budgets): a switch's maximum, every other part its one figure.
    double unitPowerMaxW = 0;
    double extendedPowerMaxW = 0;
    std::string source;        // datasheet the part's figures come from
    std::string usedFor;       // e.g. "leaf-spine, 1,024 links"
    int leadTimeDays = 0;      // from the catalog; 0 = unknown
    std::string includedWith;  // platform whose price includes the part (a DGX's built-in NICs): price 0
};

struct Bom {
    std::vector<BomLine> lines;
    double totalUsd = 0;
    double totalPowerW = 0;     // typical: what energy is paid on
    double totalPowerMaxW = 0;  // switches at their maximum: what the facility must supply
    // Physical units per MediaAssignment::solutions entry, as the module/cable lines were counted;
    // kept so later stages (failure domains, spares) do not count every cage again.
    std::vector<bom::SolutionCounts> perSolution;
    double subtotalUsd(BomCategory) const;
    double subtotalPowerW(BomCategory) const;
    double subtotalPowerMaxW(BomCategory) const;
    // The longest known lead time and how many lines have none (procurement's critical path).
    int longestLeadTimeDays() const;
    int linesWithoutLeadTime() const;
};

// The rack content lines of a rack-scale `platform` for `nodes` compute trays: one NVLink domain per rack
// (ceil(nodes x GPUs per node / GPUs per domain) racks), each item's count per rack times the racks, price 0.
std::vector<BomLine> rackContentLines(const PlatformModel& platform, long long nodes);

// One link a cable carries: a splitter has two or four, every other cable one.
struct CableLeg {
    std::uint32_t link = 0;       // index into Fabric::links
    std::string aDevice, aPort, aRack;
    std::string zDevice, zPort, zRack;
    std::string aHall, zHall;     // the racks' halls (Layout SitePlacement::hallName; "" on a one-hall floor)
};

// One physical cable of the cable plan. The a*/z* fields name its first leg; `legs` names every leg.
struct CableRow {
    std::size_t index = 0;        // 1-based cable number; the label's id
    LinkClass cls = LinkClass::HostLeaf;
    std::string aDevice, aPort, aRack;
    std::string zDevice, zPort, zRack;
    std::string aHall, zHall;     // the racks' halls ("" on a one-hall floor)
    std::string media;            // "DAC", "AOC", "Multimode", ...
    std::string cablePart, aModule, zModule;
    double lengthM = 0;           // order length
    std::string label;            // printable: "C000123 leaf-su1-r1 1/1 <> spine-01 3/2" (every leg)
    std::vector<CableLeg> legs;   // at least one
    std::string legsText() const; // "node-0001 nic1 <> leaf 1/1; node-0002 nic1 <> leaf 1/2"
};

namespace bom {
// cageOfEnd: media's cage of each link end, when the caller has it (bom/bom_counts.h), else nullptr.
// sharedTally: as countPerSolution takes it (bom/bom_counts.h).
Bom collect(const ClusterSpec&, const Fabric&, const MediaAssignment&, const Catalog&, const Hardware&,
            const std::vector<std::uint32_t>* cageOfEnd = nullptr, CageTally* sharedTally = nullptr);
// Calls `row` once per physical cable in link order; return false from `row` to stop early.
void forEachCable(const Fabric&, const Layout&, const MediaAssignment&,
                  const std::function<bool(const CableRow&)>& row);
std::size_t cableCount(const Fabric&, const MediaAssignment&);
} // namespace bom

} // namespace fp
