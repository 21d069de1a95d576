#include "bom/bom.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <set>

#include "bom/bom_counts.h"
#include "catalog/platforms.h"
#include "common/format.h"
#include "media/media_rules.h"

namespace fp {

const char* toString(BomCategory c)
{
    switch (c) {
    case BomCategory::Switches: return "switches";
    case BomCategory::Nics: return "nics";
    case BomCategory::Transceivers: return "transceivers";
    case BomCategory::Cables: return "cables";
    case BomCategory::Fibre: return "fibre";
    case BomCategory::PatchPanels: return "patch_panels";
    case BomCategory::Spares: return "spares";
    case BomCategory::RackContents: return "rack_contents";
    }
    return "?";
}

const char* displayName(BomCategory c)
{
    switch (c) {
    case BomCategory::Switches: return "Switches";
    case BomCategory::Nics: return "NICs / HCAs";
    case BomCategory::Transceivers: return "Transceivers";
    case BomCategory::Cables: return "Cables (DAC / ACC / AOC)";
    case BomCategory::Fibre: return "Fibre cords and trunks";
    case BomCategory::PatchPanels: return "Patch panels";
    case BomCategory::Spares: return "Spares";
    case BomCategory::RackContents: return "Included with the rack";
    }
    return "?";
}

double Bom::subtotalUsd(BomCategory c) const
{
    double s = 0;
    for (const auto& l : lines)
        if (l.category == c) s += l.extendedUsd;
    return s;
}

double Bom::subtotalPowerW(BomCategory c) const
{
    double s = 0;
    for (const auto& l : lines)
        if (l.category == c) s += l.extendedPowerW;
    return s;
}

double Bom::subtotalPowerMaxW(BomCategory c) const
{
    double s = 0;
    for (const auto& l : lines)
        if (l.category == c) s += l.extendedPowerMaxW;
    return s;
}

int Bom::longestLeadTimeDays() const
{
    int longest = 0;
    for (const auto& l : lines) longest = std::max(longest, l.leadTimeDays);
    return longest;
}

int Bom::linesWithoutLeadTime() const
{
    return static_cast<int>(std::count_if(lines.begin(), lines.end(), [](const BomLine& l) { return l.leadTimeDays == 0; }));
}

std::vector<BomLine> rackContentLines(const PlatformModel& platform, long long nodes)
{
    std::vector<BomLine> out;
    if (platform.rackContents.empty() || platform.gpusPerScaleUp <= 0 || nodes <= 0) return out;
    const long long racks = (nodes * platform.gpusPerNode + platform.gpusPerScaleUp - 1) / platform.gpusPerScaleUp;
    for (const RackItem& item : platform.rackContents) {
        BomLine line;
        line.category = BomCategory::RackContents;
        line.part = item.item;
        line.vendor = platform.vendor;
        line.description = item.description;
        line.qty = racks * item.perRack;
        line.priceEstimated = false;
        line.priceSource = "included with " + platform.id;
        line.source = item.source;
        line.includedWith = platform.id;
        // Power: inside the rack's own figure (platforms.csv node power), not counted again here.
        line.usedFor = std::to_string(item.perRack) + " per rack x " + withThousands(racks) + " " + platform.id +
                       " racks, included with the rack (not bought separately)";
        out.push_back(std::move(line));
    }
    return out;
}

namespace bom {
namespace {

long long ceilDiv(long long n, long long d) { return d <= 0 ? 0 : (n + d - 1) / d; }

// Fills the part's identity, price and power into a line of `qty`.
BomLine makeLine(BomCategory category, const PartBase* part, const std::string& partNumber, long long qty,
                 const Catalog& catalog, const Economics& economics, bool powered)
{
    BomLine line;
    line.category = category;
    line.part = partNumber;
    line.qty = qty;
    if (part) {
        line.vendor = part->vendor;
        line.description = part->description;
        line.source = part->source;
        line.leadTimeDays = part->leadTimeDays;
        line.unitPowerW = part->powerW;
        if (const PriceQuote* q = catalog.priceFor(*part, economics)) {
            line.unitPriceUsd = q->priceUsd;
            line.priceEstimated = q->estimated;
            line.priceSource = q->source;
        } else {
            line.priceSource = "no price in the catalog";
        }
    } else {
        line.description = "not in the catalog";
        line.priceSource = "no price in the catalog";
    }
    // A generic row (vendor "Generic MSA", "Generic": any part built to the MSA or standard) is no ordering
    // number: the line says so, so nobody orders "MSA-OSFP-800G-2XSR4" (core/media/README.md, "OEM only").
    if (part && part->vendor.rfind("Generic", 0) == 0) line.description = "Generic, quote needed: " + line.description;
    line.extendedUsd = double(qty) * line.unitPriceUsd;
    line.extendedPowerW = powered ? double(qty) * line.unitPowerW : 0.0;
    // One figure for every part but a switch (a module's is already its maximum power class).
    line.unitPowerMaxW = line.unitPowerW;
    line.extendedPowerMaxW = line.extendedPowerW;
    return line;
}

// A switch line: typical power for energy (makeLine), the model's maximum for the rack and facility.
BomLine makeSwitchLine(const SwitchModel& model, long long qty, const Catalog& catalog, const Economics& economics)
{
    BomLine line = makeLine(BomCategory::Switches, &model, model.partNumber, qty, catalog, economics, true);
    line.unitPowerMaxW = model.maxPowerW();
    line.extendedPowerMaxW = double(qty) * line.unitPowerMaxW;
    return line;
}

// Links per link class that a part serves, for the `usedFor` text.
struct PartUse {
    long long qty = 0;
    double powerW = 0;          // modules: each at its mode's power (half its lanes draws less)
    long long halfLaneQty = 0;  // modules running on half their lanes
    long long linksByClass[kLinkClassCount] = {0, 0, 0};
    // Where the part is not its platform vendor's own (Catalog::originAt): platforms whose vendor sells no
    // optics (open optics), and whether the design's "allow third-party optics" put it anywhere.
    std::set<std::string> openOn;
    bool thirdParty = false;
    void note(PartOrigin origin, const std::string& platform)
    {
        if (origin == PartOrigin::OpenOptics) openOn.insert(platform);
        if (origin == PartOrigin::ThirdParty) thirdParty = true;
    }
    std::string usedFor() const
    {
        std::string s;
        for (int c = 0; c < kLinkClassCount; ++c) {
            if (!linksByClass[c]) continue;
            if (!s.empty()) s += "; ";
            s += std::string(displayName(LinkClass(c))) + ", " + withThousands(linksByClass[c]) + " links";
        }
        if (!openOn.empty()) {
            std::string names;
            for (const std::string& p : openOn) names += (names.empty() ? "" : ", ") + p;
            s += "; third-party, the supported optics of " + names + " (open optics: its vendor sells none)";
        }
        if (thirdParty) s += "; third-party (third-party optics allowed by the design)";
        if (halfLaneQty > 0)
            s += "; " + withThousands(halfLaneQty) + " on half their lanes (200G behind a 1:2 splitter fibre's leg)";
        return s;
    }
};

bool isFibreCable(const CableModel* cable, MediaClass media)
{
    if (cable) return cable->kind == CableKind::FiberPatch || cable->kind == CableKind::FiberTrunk;
    return media == MediaClass::Multimode || media == MediaClass::SingleMode;
}

// A part the platform ships with (a DGX's built-in NICs): still listed, for the installers and the cable
// plan, but the system's price includes it, so it adds nothing to the network's capex. Its catalog row is
// the add-in card of the same chip, standing in for the on-board NIC: the line names the chip (the
// catalog description up to its first comma, without "adapter") and the system, not the card's form.
void markIncludedWith(BomLine& line, const PlatformModel& platform)
{
    std::string chip = line.description.substr(0, line.description.find(','));
    if (const auto at = chip.find(" adapter"); at != std::string::npos) chip.erase(at, std::string(" adapter").size());
    line.description = chip + " (built into " + platform.id + ")";
    line.includedWith = platform.id;
    line.unitPriceUsd = 0;
    line.extendedUsd = 0;
    line.priceEstimated = false;
    line.priceSource = "included with " + platform.id;
    line.usedFor += ", built into " + platform.id + " (not bought separately)";
}

void addSpare(Bom& bom, const BomLine& installed, long long qty)
{
    if (qty <= 0) return;
    BomLine spare = installed;
    spare.category = BomCategory::Spares;
    spare.qty = qty;
    spare.extendedUsd = double(qty) * spare.unitPriceUsd;
    spare.extendedPowerW = 0;  // spares sit on a shelf
    spare.extendedPowerMaxW = 0;
    spare.usedFor = "spare for " + std::string(toString(installed.category)) + " (" +
                    withThousands(installed.qty) + " installed)";
    bom.lines.push_back(std::move(spare));
}

} // namespace

Bom collect(const ClusterSpec& spec, const Fabric& fabric, const MediaAssignment& media, const Catalog& catalog,
            const Hardware& hardware, const std::vector<std::uint32_t>* cageOfEnd, CageTally* sharedTally)
{
    const NicModel& nicModel = hardware.nic;
    const Economics& eco = spec.economics;
    Bom bom;

    // Switches, one line per tier so the BOM shows the shape of the fabric.
    for (Tier tier : {Tier::Leaf, Tier::Spine, Tier::Core}) {
        const long long n = fabric.switchCount(tier);
        if (n <= 0) continue;
        const SwitchModel& switchModel = hardware.switchOf(tier);
        BomLine line = makeSwitchLine(switchModel, n, catalog, eco);
        line.usedFor = std::string(toString(tier)) + ", " + withThousands(n) + " switches";
        bom.lines.push_back(std::move(line));
    }

    if (eco.includeNics && fabric.nodeCount > 0) {
        const long long n = (long long)fabric.nodeCount * fabric.nicsPerNode;
        BomLine line = makeLine(BomCategory::Nics, &nicModel, nicModel.partNumber, n, catalog, eco, true);
        line.usedFor = withThousands(fabric.nodeCount) + " nodes x " + std::to_string(fabric.nicsPerNode) + " NICs";
        if (hardware.platform && nicsIncludedWith(*hardware.platform, nicModel.partNumber))
            markIncludedWith(line, *hardware.platform);
        bom.lines.push_back(std::move(line));
    }

    // A rack-scale system's rack content (NVL72: NVLink switch trays, NVLink spine, rack management switches,
    // the trays' front-end NICs), once per NVLink domain: the domain is the rack (catalog rack_contents).
    if (hardware.platform) {
        std::vector<BomLine> rack = rackContentLines(*hardware.platform, (long long)fabric.nodeCount);
        bom.lines.insert(bom.lines.end(), std::make_move_iterator(rack.begin()), std::make_move_iterator(rack.end()));
    }

    // Modules and cables per part number; std::map keeps the BOM order stable between runs.
    bom.perSolution = countPerSolution(fabric, media, cageOfEnd, sharedTally);
    const std::vector<SolutionCounts>& counts = bom.perSolution;
    std::map<std::string, PartUse> modules, cables;
    std::map<std::string, long long> panelPortsByConnector;
    // The device at each end of a link class: the NIC below the leaves, else the tier's switch.
    auto platformAt = [&](int cls, bool upper) -> const PartBase& {
        constexpr Tier kLower[kLinkClassCount] = {Tier::Node, Tier::Leaf, Tier::Spine};
        constexpr Tier kUpper[kLinkClassCount] = {Tier::Leaf, Tier::Spine, Tier::Core};
        if (!upper && kLower[cls] == Tier::Node) return nicModel;
        return hardware.switchOf(upper ? kUpper[cls] : kLower[cls]);
    };
    auto originAt = [&](const PartBase& host, const PartBase* part, const PartBase* far) {
        if (!part) return PartOrigin::Oem;
        const PartOrigin o = catalog.originAt(host.partNumber, *part);
        // A cable from the far device's vendor is that vendor's own part (media_rules.cpp originIssue).
        return o == PartOrigin::ThirdParty && far && far->vendor == part->vendor ? PartOrigin::Oem : o;
    };
    for (std::size_t s = 0; s < media.solutions.size(); ++s) {
        const LinkSolution& sol = media.solutions[s];
        const SolutionCounts& c = counts[s];
        if (c.links == 0) continue;
        const int cls = int(sol.cls);
        const PartBase& hostA = platformAt(cls, false);
        const PartBase& hostB = platformAt(cls, true);
        // One end's modules: their count, links (once a class when both ends use the same part), origin and
        // power in the mode they run (media_rules.h modulePowerW: half their lanes draws less).
        auto addModules = [&](const std::string& part, long long qty, bool countLinks, bool halfLanes, const PartBase& host) {
            if (part.empty()) return;
            const TransceiverModel* m = catalog.findTransceiver(part);
            PartUse& use = modules[part];
            use.qty += qty;
            if (countLinks) use.linksByClass[cls] += c.links;
            use.note(originAt(host, m, nullptr), host.partNumber);
            if (halfLanes) use.halfLaneQty += qty;
            if (m) use.powerW += double(qty) * media::modulePowerW(*m, halfLanes ? media::PortMode::HalfLeg
                                                                                   : media::PortMode::Native);
        };
        addModules(sol.moduleA, c.modulesA, true, sol.halfLanesA, hostA);
        addModules(sol.moduleB, c.modulesB, sol.moduleB != sol.moduleA, sol.halfLanesB, hostB);
        if (!sol.cablePart.empty()) {
            cables[sol.cablePart].qty += c.cables;
            cables[sol.cablePart].linksByClass[cls] += c.links;
            // Assemblies plug into both devices; fibre plugs into the modules, not a cage.
            const CableModel* cable = catalog.findCable(sol.cablePart);
            if (cable && !isFibreCable(cable, sol.media)) {
                cables[sol.cablePart].note(originAt(hostA, cable, &hostB), hostA.partNumber);
                cables[sol.cablePart].note(originAt(hostB, cable, &hostA), hostB.partNumber);
            }
        }
        if (sol.patchPanelPorts > 0) {
            const CableModel* cable = catalog.findCable(sol.cablePart);
            // Half the path's panels are at each end: a port a link at the legs' end, a port a fibre at a
            // splitter's single end (one MPO for its legs); a straight fibre has as many fibres as links.
            const long long ports = sol.cableLegs > 1 && !sol.moduleB.empty()
                                        ? (c.links + c.cables) * sol.patchPanelPorts / 2
                                        : c.links * sol.patchPanelPorts;
            panelPortsByConnector[cable ? cable->connector : std::string()] += ports;
        }
    }

    std::vector<BomLine> sparable;  // installed optics and cables, for the spares policy
    for (const auto& [part, use] : modules) {
        BomLine line = makeLine(BomCategory::Transceivers, catalog.findTransceiver(part), part, use.qty, catalog,
                                eco, true);
        if (use.halfLaneQty > 0 && use.qty > 0) {  // the mix of modes: each module at its own power
            line.extendedPowerW = line.extendedPowerMaxW = use.powerW;
            line.unitPowerW = line.unitPowerMaxW = use.powerW / double(use.qty);
        }
        line.usedFor = use.usedFor();
        sparable.push_back(line);
        bom.lines.push_back(std::move(line));
    }
    for (const auto& [part, use] : cables) {
        const CableModel* cable = catalog.findCable(part);
        MediaClass mediaClass = MediaClass::None;
        for (const LinkSolution& sol : media.solutions)
            if (sol.cablePart == part) mediaClass = sol.media;
        const BomCategory category = isFibreCable(cable, mediaClass) ? BomCategory::Fibre : BomCategory::Cables;
        BomLine line = makeLine(category, cable, part, use.qty, catalog, eco, true);
        line.usedFor = use.usedFor();
        sparable.push_back(line);
        bom.lines.push_back(std::move(line));
    }

    for (const auto& [connector, ports] : panelPortsByConnector) {
        // The panel whose adapters match the fibre's connector; else the first panel in the catalog.
        const PatchPanelModel* panel = nullptr;
        for (const PatchPanelModel& p : catalog.patchPanels)
            if (p.ports > 0 && p.connector == connector) { panel = &p; break; }
        if (!panel)
            for (const PatchPanelModel& p : catalog.patchPanels)
                if (p.ports > 0) { panel = &p; break; }
        const long long qty = panel ? ceilDiv(ports, panel->ports) : 0;
        BomLine line = makeLine(BomCategory::PatchPanels, panel, panel ? panel->partNumber : "patch panel", qty,
                                catalog, eco, false);
        line.usedFor = withThousands(ports) + " ports" + (connector.empty() ? "" : " " + connector);
        if (!panel) line.description = "no patch panel in the catalog; add one to price the " +
                                       withThousands(ports) + " ports";
        bom.lines.push_back(std::move(line));
    }

    // Spares: a share of the optics and cables, and one switch per N installed.
    if (eco.sparesOpticsPct > 0)
        for (const BomLine& l : sparable)
            addSpare(bom, l, (long long)std::ceil(double(l.qty) * eco.sparesOpticsPct / 100.0 - 1e-9));
    // One spare per N installed switches of each model (the spare must be the same part).
    if (eco.spareSwitchPerN > 0)
        for (std::size_t m = 0; m < hardware.switches.size(); ++m) {
            long long installed = 0;
            for (Tier tier : {Tier::Leaf, Tier::Spine, Tier::Core})
                if (hardware.modelOf(tier) == m) installed += fabric.switchCount(tier);
            if (installed <= 0) continue;
            const SwitchModel& switchModel = hardware.switches[m];
            BomLine sw = makeSwitchLine(switchModel, installed, catalog, eco);
            addSpare(bom, sw, ceilDiv(installed, eco.spareSwitchPerN));
        }

    std::stable_sort(bom.lines.begin(), bom.lines.end(),
                     [](const BomLine& x, const BomLine& y) { return int(x.category) < int(y.category); });
    for (const BomLine& l : bom.lines) {
        bom.totalUsd += l.extendedUsd;
        bom.totalPowerW += l.extendedPowerW;
        bom.totalPowerMaxW += l.extendedPowerMaxW;
    }
    return bom;
}

} // namespace bom
} // namespace fp
