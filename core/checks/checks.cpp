#include "checks/checks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "catalog/platforms.h"
#include "common/format.h"
#include "lossless/lossless.h"

namespace fp {

const char* toString(Severity s)
{
    switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    }
    return "?";
}

namespace checks {
namespace {

std::string fmt(const char* f, auto... args)
{
    char buf[400];
    std::snprintf(buf, sizeof buf, f, args...);
    return buf;
}

int linkGbpsOf(const Fabric& fabric, const NicModel& nic)
{
    return fabric.shape.linkGbps > 0 ? fabric.shape.linkGbps : nic.portGbps;
}

// topology.ports-exhausted: a switch (or a node) using more ports than it has. One finding per tier.
void portsExhausted(const ClusterSpec& spec, const Fabric& fabric, const Hardware& hw,
                    const std::vector<std::uint32_t>& used, std::vector<Finding>& out)
{
    const NicModel& nic = hw.nic;
    const int L = linkGbpsOf(fabric, nic);
    // A leaf's ports at the host speed (an uplink is one of them at least) and its uplink cages' at the fabric
    // speed, the tiers above at the fabric's.
    auto switchPortsOf = [&](const SwitchModel& sw, Tier t) -> long long {
        const int gbps = t == Tier::Leaf ? L : fabric.shape.fabricSpeed();
        const long long own = t == Tier::Leaf && sw.runsOnUplinkCages(fabric.shape.fabricGbps)
                                  ? sw.uplinkPortsAt(fabric.shape.fabricGbps) : 0;
        return (fabric.shape.switchPorts > 0 && sw.portsAt(gbps) == 0 ? fabric.shape.switchPorts : sw.portsAt(gbps)) + own;
    };
    // A node's logical ports at the link speed: NICs x cages x (cage speed / link speed), e.g. a
    // ConnectX-8 800G cage runs 2 x 400G (one per plane); a 400G ConnectX-7 cage runs one 400G link.
    const long long perNic = (long long)std::max(1, nic.ports) * std::max(1, nic.portGbps / std::max(1, L));
    const long long nodePorts = (long long)spec.nicsPerNode * perNic;
    struct PerTier {
        long long devices = 0;
        std::uint32_t worst = 0;
        std::int64_t device = -1;
    } tiers[4];
    for (std::size_t d = 0; d < fabric.devices.size(); ++d) {
        const bool node = d < fabric.nodeCount;
        const long long have = node ? nodePorts : switchPortsOf(hw.switchModel(fabric.devices[d].model), fabric.devices[d].tier);
        if (used[d] <= have) continue;
        PerTier& t = tiers[int(fabric.devices[d].tier)];
        ++t.devices;
        if (used[d] > t.worst) {
            t.worst = used[d];
            t.device = std::int64_t(d);
        }
    }
    for (int tier = 0; tier < 4; ++tier) {
        const PerTier& t = tiers[tier];
        if (t.devices == 0) continue;
        const bool node = tier == int(Tier::Node);
        const SwitchModel& sw = hw.switchModel(fabric.devices[std::size_t(t.device)].model);
        Finding f;
        f.severity = Severity::Error;
        f.rule = "topology.ports-exhausted";
        f.device = t.device;
        f.where = fabric.deviceName(DeviceId(t.device));
        f.message = fmt("%s %s: up to %u links on %lld ports (%s)",
                        counted(t.devices, std::string(toString(Tier(tier))) + " device").c_str(),
                        nounFor(t.devices, "uses more ports than it has", "use more ports than they have").c_str(), t.worst, node ? nodePorts : switchPortsOf(sw, Tier(tier)),
                        node ? nic.partNumber.c_str() : sw.partNumber.c_str());
        f.fix = node ? "Each NIC needs one port per plane at the link speed: use a NIC with more ports or a faster "
                       "cage that breaks out (e.g. an 800G NIC as 2 x 400G), or fewer planes"
                     : "Use a switch with more ports, more switches, or a different oversubscription";
        out.push_back(std::move(f));
    }
}

// media.speed-mismatch at the cage level: a port that cannot run the link speed at all.
void cageSpeed(const Fabric& fabric, const Hardware& hw, std::vector<Finding>& out)
{
    const NicModel& nic = hw.nic;
    const int L = linkGbpsOf(fabric, nic);
    // One finding per distinct model and speed: a leaf's host ports at the host speed, every
    // switch-to-switch link at the fabric's.
    std::vector<std::pair<std::uint8_t, int>> speedOfModel;
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core}) {
        if (switchTierIndex(t) >= fabric.shape.tiers) break;
        if (t == Tier::Leaf) speedOfModel.emplace_back(hw.modelOf(t), L);
        if (fabric.shape.tiers > 1) speedOfModel.emplace_back(hw.modelOf(t), fabric.shape.fabricSpeed());
    }
    std::sort(speedOfModel.begin(), speedOfModel.end());
    speedOfModel.erase(std::unique(speedOfModel.begin(), speedOfModel.end()), speedOfModel.end());
    for (const auto& [model, gbps] : speedOfModel) {
        const SwitchModel& sw = hw.switchModel(model);
        if (!sw.generic && sw.portsPerCageAt(gbps) == 0 && !sw.runsOnUplinkCages(gbps) && !fabric.links.empty())
            out.push_back({Severity::Error, "media.speed-mismatch",
                           fmt("%s cages have no %d G port mode", sw.partNumber.c_str(), gbps), sw.partNumber,
                           "Choose a link speed the switch supports, or another switch", 0, -1});
    }
    if (nic.portGbps < L && fabric.linkCount(LinkClass::HostLeaf) > 0)
        out.push_back({Severity::Error, "media.speed-mismatch",
                       fmt("%s ports run at most %d G; the links run %d G", nic.partNumber.c_str(), nic.portGbps, L),
                       nic.partNumber, "Lower the link speed, or choose a faster NIC", 0, -1});
}

// floor.rack-power: racks drawing more than the per-rack budget, one finding per rack kind. A rack's power
// is its full load (layout::setRackPower): switches at their maximum, not their typical draw, since a
// breaker trips on the peak.
void rackPower(const ClusterSpec& spec, const Layout& layout, std::vector<Finding>& out)
{
    const double budgetW = spec.floor.rackPowerBudgetKw * 1000.0;
    for (RackKind kind : {RackKind::Compute, RackKind::Network, RackKind::SpineRoom}) {
        long long over = 0;
        const Rack* worst = nullptr;
        std::int64_t worstIndex = -1;
        for (std::size_t i = 0; i < layout.racks.size(); ++i) {
            const Rack& r = layout.racks[i];
            if (r.kind != kind || r.powerW <= budgetW + 1e-6) continue;
            ++over;
            if (!worst || r.powerW > worst->powerW) {
                worst = &r;
                worstIndex = std::int64_t(i);
            }
        }
        if (!worst) continue;
        Finding f;
        f.severity = Severity::Error;
        f.rule = "floor.rack-power";
        f.where = worst->name;
        f.message = fmt("%s %s the %.1f kW rack budget; worst %s draws %.1f kW at full load",
                        counted(over, std::string(toString(kind)) + " rack").c_str(), nounFor(over, "exceeds", "exceed").c_str(),
                        spec.floor.rackPowerBudgetKw, worst->name.c_str(), worst->powerW / 1000.0);
        f.fix = kind == RackKind::Compute ? "Raise the rack power budget or use lower-power nodes"
                                          : "Raise the rack power budget (network racks hold up to 16 switches)";
        f.device = -1;
        f.link = -1;
        (void)worstIndex;
        out.push_back(std::move(f));
    }
}

// floor.rack-power-nodes: the rack power budget holds fewer nodes than the design's nodes per rack, so
// the layout puts fewer in each rack and adds racks (spec nodesPerRackOf). A warning with the numbers:
// the plan still builds, on more floor space than the design asked for (issue 41: no silent override).
void rackPowerNodes(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout, std::vector<Finding>& out)
{
    const FloorSpec& floor = spec.floor;
    if (floor.nodePowerKw <= 0 || fabric.nodeCount == 0 || layout.rackOfDevice.size() < fabric.nodeCount) return;
    const int byPower = int(std::floor(floor.rackPowerBudgetKw / floor.nodePowerKw + 1e-9));
    if (byPower < 1 || byPower >= floor.nodesPerRack) return;  // under 1: floor.rack-power's error says it
    // Racks per hall, as the layout fills them (a hall's nodes start a rack of their own), at the design's
    // nodes per rack and at the ones in use.
    std::vector<long long> nodesOfHall;
    for (std::size_t n = 0; n < fabric.nodeCount; ++n) {
        const Rack& rack = layout.racks[layout.rackOfDevice[n]];
        const std::size_t hall = std::size_t(std::max(0, rack.hall));
        if (nodesOfHall.size() <= hall) nodesOfHall.resize(hall + 1, 0);
        ++nodesOfHall[hall];
    }
    long long asDesigned = 0, inUse = 0;
    for (const long long nodes : nodesOfHall) {
        asDesigned += (nodes + floor.nodesPerRack - 1) / floor.nodesPerRack;
        inUse += (nodes + byPower - 1) / byPower;
    }
    Finding f;
    f.severity = Severity::Warning;
    f.rule = "floor.rack-power-nodes";
    f.where = "compute racks";
    f.message = fmt("the %.1f kW rack power budget holds %d nodes of %.1f kW, not the design's %d per rack: "
                    "%d nodes per rack in use, %s instead of %s (%s added)",
                    floor.rackPowerBudgetKw, byPower, floor.nodePowerKw, floor.nodesPerRack, byPower,
                    counted(inUse, "compute rack").c_str(), withThousands(asDesigned).c_str(),
                    withThousands(inUse - asDesigned).c_str());
    f.fix = fmt("raise the rack power budget to %.1f kW for %d nodes per rack, or set nodes per rack to %d",
                floor.nodesPerRack * floor.nodePowerKw, floor.nodesPerRack, byPower);
    out.push_back(std::move(f));
}

// floor.site: the described site cannot hold the design (layout::place, README "Sites"): a hall over its
// rows, or pods placed by hand that do not add up. The plan still places every rack (the overflow in the
// last hall it reached), so the figures are shown, but the plan is not buildable on that site.
void siteFit(const Layout& layout, std::vector<Finding>& out)
{
    const SitePlacement& site = layout.site;
    if (site.problem.empty()) return;
    Finding f;
    f.severity = Severity::Error;
    f.rule = "floor.site";
    f.where = site.problemField;
    f.message = site.problem;
    f.fix = site.problemFix;
    out.push_back(std::move(f));
}

// design.override-su-size: a scalable unit larger than the cluster is built as one SU of every node.
void suSize(const ClusterSpec& spec, const Fabric& fabric, std::vector<Finding>& out)
{
    if (spec.suNodes <= 0 || fabric.shape.suNodes <= 0 || fabric.shape.suNodes == spec.suNodes) return;
    Finding f;
    f.severity = Severity::Info;
    f.rule = "design.override-su-size";
    f.where = "scalable unit";
    f.message = fmt("the design says %d nodes per scalable unit; the cluster has %s, so the plan builds one SU of %d",
                    spec.suNodes, counted(fabric.nodeCount, "node").c_str(), fabric.shape.suNodes);
    f.fix = fmt("set the SU size to %d (or auto)", fabric.shape.suNodes);
    out.push_back(std::move(f));
}

// A system with its NICs built in (DGX, NVL72 trays) takes no other: where that NIC lacks the fabric's
// NIC-side features (a ConnectX-7 is no SuperNIC), the fabric cannot be built on this platform.
void builtInNic(const ClusterSpec& spec, const Catalog& catalog, const Hardware& hw, std::vector<Finding>& out)
{
    if (!hw.platform) return;
    const BuiltInNicShortfall s = builtInNicShortfall(*hw.platform, hw.nic, spec.fabric, catalog.platforms);
    if (s.empty()) return;
    Finding f;
    f.severity = Severity::Error;
    f.rule = "platform.builtin-nic";
    f.message = s.what;
    f.where = hw.platform->id + " NICs";
    f.fix = s.fix;
    out.push_back(std::move(f));
}

// fabric.spectrum-x-parts: Spectrum-X is the Spectrum-4 switches and the SuperNICs together (adaptive
// routing sprays packets that the SuperNIC puts back in order; congestion control runs between them:
// NVIDIA's Spectrum-X reference architecture). A NIC that is no SuperNIC, or a tier of other switches,
// is RoCE with some Spectrum parts, whatever the design calls it. An error on every platform alike: a
// built-in NIC that is no SuperNIC has its own error (platform.builtin-nic, no card can replace it),
// and an add-in card is the same NIC and gets this one, with the SuperNIC that would replace it.
void spectrumXParts(const ClusterSpec& spec, const Fabric& fabric, const Catalog& catalog, const Hardware& hw,
                    std::vector<Finding>& out)
{
    if (spec.fabric != FabricKind::SpectrumX) return;
    const bool builtIn = hw.platform && nicsIncludedWith(*hw.platform, hw.nic.partNumber);
    if (!hw.nic.superNic && !builtIn) {
        const int gbps = linkGbpsOf(fabric, hw.nic);
        std::string superNic;  // the catalog's SuperNIC at the link speed, for the fix
        for (const NicModel& n : catalog.nics)
            if (n.superNic && n.portGbpsOn(FabricKind::SpectrumX) >= gbps && (superNic.empty() || n.portGbpsOn(FabricKind::SpectrumX) == gbps))
                superNic = n.partNumber + " (" + n.description.substr(0, n.description.find(',')) + ")";
        Finding f;
        f.severity = Severity::Error;
        f.rule = "fabric.spectrum-x-parts";
        f.message = "Spectrum-X needs a SuperNIC at every host: " + hw.nic.partNumber +
                    " is not one, so the fabric is RoCE on Spectrum switches, without Spectrum-X's adaptive "
                    "routing and congestion control end to end";
        f.where = "NICs";
        f.fix = superNic.empty() ? std::string("choose a SuperNIC, or RoCE as the fabric")
                                 : "choose the SuperNIC " + superNic + " (--nic), or RoCE as the fabric";
        out.push_back(std::move(f));
    }
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core}) {
        if (switchTierIndex(t) >= fabric.shape.tiers) break;
        const SwitchModel& sw = hw.switchOf(t);
        if (sw.generic || sw.asic.find("Spectrum") != std::string::npos) continue;
        Finding f;
        f.severity = Severity::Error;
        f.rule = "fabric.spectrum-x-parts";
        f.message = "Spectrum-X needs Spectrum-X switches on every tier: the " + std::string(toString(t)) + " switch " +
                    sw.partNumber + " (" + (sw.asic.empty() ? std::string("not a Spectrum ASIC") : sw.asic) +
                    ") does not run its adaptive routing and telemetry with the SuperNICs";
        f.where = std::string(toString(t)) + " switches";
        f.fix = "use a Spectrum-4 switch (SN5600) on the " + std::string(toString(t)) + ", or RoCE as the fabric";
        out.push_back(std::move(f));
    }
}

} // namespace

std::vector<std::uint32_t> portsInUse(const Fabric& fabric)
{
    std::vector<std::uint32_t> used(fabric.devices.size(), 0);
    for (const Link& l : fabric.links) {
        ++used[l.a];
        ++used[l.b];
    }
    return used;
}

std::vector<Finding> run(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout,
                         const MediaAssignment& media, const Catalog& catalog, const Hardware& hw,
                         const lossless::Analysis& lossless, const std::vector<std::uint32_t>* portsUsed)
{
    std::vector<Finding> out;
    builtInNic(spec, catalog, hw, out);
    spectrumXParts(spec, fabric, catalog, hw, out);
    cageSpeed(fabric, hw, out);
    const bool given = portsUsed && portsUsed->size() == fabric.devices.size();
    std::vector<std::uint32_t> counted;  // two lvalues below: no copy of the given counts
    if (!given) counted = portsInUse(fabric);
    portsExhausted(spec, fabric, hw, given ? *portsUsed : counted, out);
    rackPower(spec, layout, out);
    rackPowerNodes(spec, fabric, layout, out);
    siteFit(layout, out);
    suSize(spec, fabric, out);
    out.insert(out.end(), media.findings.begin(), media.findings.end());
    out.insert(out.end(), lossless.findings.begin(), lossless.findings.end());  // RoCE buffer fit
    std::stable_sort(out.begin(), out.end(),
                     [](const Finding& a, const Finding& b) { return int(a.severity) < int(b.severity); });
    return out;
}

} // namespace checks
} // namespace fp
