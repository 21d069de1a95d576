#include "plan/invariant_findings.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include "bom/cable_groups.h"
#include "common/format.h"
#include "plan/plan.h"

namespace fp::checks::findings {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

Finding error(const char* rule, std::string message, std::string where, std::string fix, std::int64_t link = -1,
              std::int64_t device = -1)
{
    Finding f;
    f.severity = Severity::Error;
    f.rule = rule;
    f.message = std::move(message);
    f.where = std::move(where);
    f.fix = std::move(fix);
    f.link = link;
    f.device = device;
    return f;
}

const char* kFix = "This is a FabricPlan defect, not a design choice: report it with the design file";

// One slot per (device, index) up to each device's highest index, for a linear pass instead of a sort or
// a map: device d's slots start at first[d]. `visit` calls its argument with every (device, index) used.
template <typename Visit>
std::vector<std::size_t> firstSlots(const Fabric& f, Visit visit)
{
    std::vector<std::size_t> first(f.devices.size() + 1, 0);
    visit([&](DeviceId d, std::size_t index) { first[d + 1] = std::max(first[d + 1], index + 1); });
    for (std::size_t d = 0; d < f.devices.size(); ++d) first[d + 1] += first[d];
    return first;
}

} // namespace

void portsUsedOnce(const Fabric& f, std::vector<Finding>& out)
{
    const std::vector<std::size_t> first = firstSlots(f, [&](auto use) {
        for (const Link& l : f.links) {
            use(l.a, l.aPort);
            use(l.b, l.bPort);
        }
    });
    std::vector<std::uint8_t> used(first.back(), 0);
    for (const Link& l : f.links)
        for (const auto& [d, port] : {std::pair<DeviceId, std::uint16_t>{l.a, l.aPort}, {l.b, l.bPort}})
            if (used[first[d] + port]++) {
                out.push_back(error("invariant.port-reused",
                                    "port " + f.portName(d, port) + " of " + f.deviceName(d) +
                                        " carries more than one link",
                                    f.deviceName(d), kFix, -1, d));
                return;
            }
}

const std::string& partAt(const LinkSolution& sol, bool upper)
{
    const std::string& module = upper ? sol.moduleB : sol.moduleA;
    return module.empty() ? sol.cablePart : module;
}

void oneKindPerCage(const Plan& p, const CageIndex& cages, const EndCages& cageOfEnd,
                    std::vector<Finding>& out)
{
    const Fabric& f = p.fabric;
    const MediaAssignment& m = p.media;
    std::vector<std::uint32_t> first(cages.count(), kNone), count(cages.count(), 0);
    long long mixed = 0, crowded = 0, missing = 0;
    std::int64_t example = -1, missingExample = -1;
    for (std::size_t i = 0; i < f.links.size() && i < m.solutionOfLink.size(); ++i) {
        const Link& l = f.links[i];
        const std::uint32_t s = m.solutionOfLink[i];
        for (int end = 0; end < 2; ++end) {
            const std::uint32_t c = cageOfEnd(2 * i + std::size_t(end));
            if (first[c] == kNone) {
                first[c] = std::uint32_t(i);
            } else {
                const Link& o = f.links[first[c]];
                const std::uint32_t otherSolution = m.solutionOfLink[first[c]];
                const bool otherUpper = o.b == (end ? l.b : l.a);
                // Same solution and same end: the same part, without comparing part numbers.
                if (otherUpper != (end == 1) ||
                    (otherSolution != s && partAt(m.solutions[otherSolution], otherUpper) != partAt(m.solutions[s], end == 1))) {
                    ++mixed;
                    if (example < 0) example = std::int64_t(i);
                }
            }
            ++count[c];
        }
    }
    // A module with fewer ports than the cage's links would need a second module in the same cage. When
    // media already reported an error on that link class (a pinned part that does not fit the cage, no
    // part at all), that is the design error the user sees and fixes; the invariant is for the rest.
    bool classHasMediaError[kLinkClassCount] = {};
    for (const Finding& fd : m.findings)
        if (fd.severity == Severity::Error && fd.link >= 0 && std::size_t(fd.link) < f.links.size())
            classHasMediaError[int(f.links[std::size_t(fd.link)].cls)] = true;
    for (std::size_t c = 0; c < first.size(); ++c) {
        if (first[c] == kNone) continue;
        const Link& l = f.links[first[c]];
        if (classHasMediaError[int(l.cls)]) continue;
        const LinkSolution& sol = m.solutions[m.solutionOfLink[first[c]]];
        const bool upper = c >= cages.firstCage[l.b] && c < cages.firstCage[l.b + 1];
        const std::string& module = upper ? sol.moduleB : sol.moduleA;
        // An assembly's end takes linksPerCable links in a cage (its single end) or one (a leg).
        const int ports = module.empty() ? std::max(1, sol.linksPerCable)
                                         : std::max(1, upper ? sol.linksPerModuleB : sol.linksPerModuleA);
        if ((!module.empty() || !sol.cablePart.empty()) && int(count[c]) > ports) ++crowded;
        // A cage with links and no part in it is a missing part; a part with more ports than the cage's
        // links (a twin-port module or a splitter with one leg unused) is not an error.
        if (module.empty() && sol.cablePart.empty()) {
            ++missing;
            if (missingExample < 0) missingExample = std::int64_t(first[c]);
        }
    }
    if (missing > 0)
        out.push_back(error("invariant.part-missing",
                            counted(missing, "cage") + " " + nounFor(missing, "carries", "carry") + " links but " + nounFor(missing, "holds", "hold") + " no module or cable end, e.g. at " +
                                f.deviceName(f.links[std::size_t(missingExample)].a) + " / " +
                                f.deviceName(f.links[std::size_t(missingExample)].b),
                            f.deviceName(f.links[std::size_t(missingExample)].b), kFix, missingExample));
    if (mixed > 0)
        out.push_back(error("invariant.cage-mixed",
                            counted(mixed, "link end") + " " + nounFor(mixed, "shares", "share") + " a cage with a link that chose another part",
                            p.fabric.deviceName(f.links[std::size_t(example)].b), kFix, example));
    if (crowded > 0)
        out.push_back(error("invariant.cage-mixed",
                            counted(crowded, "cage") + " " + nounFor(crowded, "carries more links than its", "carry more links than their") + " module has ports",
                            "cages", kFix));
}

bool endsWithinCages(const Fabric& f, const CageIndex& cages, const EndCages& cageOfEnd,
                     std::vector<Finding>& out)
{
    const std::uint32_t count = cages.count();
    long long beyond = 0;
    std::int64_t example = -1;
    for (std::size_t e = 0; e < cageOfEnd.size(); ++e)
        if (cageOfEnd(e) >= count) {
            ++beyond;
            if (example < 0) example = std::int64_t(e / 2);
        }
    if (beyond == 0) return true;
    const Link& l = f.links[std::size_t(example)];
    out.push_back(error("invariant.cage-overflow",
                        counted(beyond, "link end") + " " + nounFor(beyond, "sits", "sit") + " past the last numbered cage, e.g. " +
                            f.deviceName(l.a) + " / " + f.deviceName(l.b),
                        f.deviceName(l.b), kFix, example));
    return false;
}

void cagesWithinHardware(const Plan& p, const CageIndex& cages, std::vector<Finding>& out)
{
    const Fabric& f = p.fabric;
    // A node has its NICs' cages, or the platform's host cages when those hold its NIC ports (DGX: 4).
    const std::uint32_t nodeCages = cages.nicsPerHostCage > 1
                                        ? std::uint32_t(std::max(0, p.hardware.cageOf(Tier::Node).count))
                                        : std::uint32_t(f.nicsPerNode * std::max(1, p.hardware.nic.ports));
    long long over = 0;
    std::int64_t example = -1;
    for (DeviceId d = 0; d < f.devices.size(); ++d) {
        std::uint32_t have = nodeCages;
        if (f.devices[d].tier != Tier::Node) {
            const SwitchModel& sw = p.hardware.switchModel(f.devices[d].model);
            if (sw.generic || sw.cages <= 0) continue;  // a what-if switch has as many cages as it needs
            have = std::uint32_t(sw.cages + sw.uplinkCages);  // front cages and uplink cages (SN2201: 48 + 4)
        }
        if (cages.cagesUsed(d) > have) {
            ++over;
            if (example < 0) example = d;
        }
    }
    if (over > 0)
        out.push_back(error("invariant.cage-overflow",
                            counted(over, "device") + " " + nounFor(over, "uses more cages than it has", "use more cages than they have") + ", e.g. " +
                                f.deviceName(DeviceId(example)) + " uses " +
                                std::to_string(cages.cagesUsed(DeviceId(example))),
                            f.deviceName(DeviceId(example)),
                            "Use a switch with more ports or fewer links per device", -1, example));
}

// Recounts modules and cables from the cable plan's grouping (every leg of every cable, as forEachCable
// lists them) and compares with the BOM; checks that every link is in exactly one cable. Part numbers are
// interned once per solution, so the pass over the links builds no strings.
void bomIsTheCablePlan(const Plan& p, const CageIndex& cages, const bom::CableGroups& groups,
                       const EndCages& cageOfEnd, std::vector<Finding>& out)
{
    const Fabric& f = p.fabric;
    const MediaAssignment& m = p.media;
    std::vector<std::string> partName;
    std::map<std::string, int> partId;
    auto idOf = [&](const std::string& part) {
        if (part.empty()) return -1;
        const auto [it, added] = partId.emplace(part, int(partName.size()));
        if (added) partName.push_back(part);
        return it->second;
    };
    // Per solution, what the pass over the links needs, in a few bytes: its part ids and module ports.
    struct SolutionParts {
        int cable = -1, moduleA = -1, moduleB = -1;
        int portsA = 1, portsB = 1;
    };
    std::vector<SolutionParts> parts(m.solutions.size());
    for (std::size_t s = 0; s < m.solutions.size(); ++s) {
        const LinkSolution& sol = m.solutions[s];
        parts[s] = {idOf(sol.cablePart), idOf(sol.moduleA), idOf(sol.moduleB), std::max(1, sol.linksPerModuleA),
                    std::max(1, sol.linksPerModuleB)};
    }
    const auto solved = [&](std::size_t link) {
        return link < m.solutionOfLink.size() && m.solutionOfLink[link] < m.solutions.size();
    };

    // Per cage: the module part in it, its links and the module's ports. A second, different part in an
    // occupied cage (already a cage-mixed error) is counted on its own, as a second module there.
    struct CageUse {
        std::int32_t part = -1;
        std::uint32_t links = 0;
        std::int32_t ports = 1;
    };
    std::vector<CageUse> cageUse(cages.count());
    std::map<std::pair<int, std::uint32_t>, CageUse> otherParts;
    auto useModule = [&](int part, std::uint32_t cage, int ports) {
        CageUse* u = &cageUse[cage];
        if (u->part >= 0 && u->part != part) [[unlikely]]
            u = &otherParts[{part, cage}];
        u->part = part;
        ++u->links;
        u->ports = ports;
    };

    std::vector<long long> cables(partName.size(), 0), modules(partName.size(), 0);
    std::vector<std::uint8_t> seen(f.links.size(), 0);
    for (std::size_t i = 0; i < f.links.size(); ++i) {
        if (!groups.startsCable(i)) continue;
        const SolutionParts cable = solved(i) ? parts[m.solutionOfLink[i]] : SolutionParts{};
        if (cable.cable >= 0) ++cables[std::size_t(cable.cable)];
        const std::span<const std::uint32_t> multi = groups.legsLedBy(i);
        const std::uint32_t single[1] = {std::uint32_t(i)};
        for (const std::uint32_t leg : multi.empty() ? std::span<const std::uint32_t>(single) : multi) {
            if (seen[leg] < 2) ++seen[leg];
            if (!solved(leg)) continue;
            const SolutionParts& own = parts[m.solutionOfLink[leg]];
            if (cable.moduleA >= 0) useModule(cable.moduleA, cageOfEnd(2 * std::size_t(leg)), own.portsA);
            if (cable.moduleB >= 0) useModule(cable.moduleB, cageOfEnd(2 * std::size_t(leg) + 1), own.portsB);
        }
    }
    // One module per cage, or as many as the cage's links need when a pinned module has too few ports
    // (reported as a design error by media).
    auto countModules = [&](const CageUse& u) {
        if (u.part >= 0) modules[std::size_t(u.part)] += (static_cast<long long>(u.links) + u.ports - 1) / u.ports;
    };
    for (const CageUse& u : cageUse) countModules(u);
    for (const auto& [key, u] : otherParts) countModules(u);
    long long missing = 0, twice = 0;
    for (const std::uint8_t n : seen) {
        missing += n == 0;
        twice += n == 2;
    }
    if (missing + twice > 0)
        out.push_back(error("invariant.link-missing",
                            counted(missing, "link") + " in no cable and " + withThousands(twice) +
                                " in more than one",
                            "cable plan", kFix));

    std::map<std::string, long long> planModules, planCables;
    for (std::size_t id = 0; id < partName.size(); ++id) {
        if (modules[id]) planModules[partName[id]] = modules[id];
        if (cables[id]) planCables[partName[id]] = cables[id];
    }
    std::map<std::string, long long> bomModules, bomCables;
    for (const BomLine& l : p.bom.lines) {
        if (l.category == BomCategory::Transceivers) bomModules[l.part] += l.qty;
        if (l.category == BomCategory::Cables || l.category == BomCategory::Fibre) bomCables[l.part] += l.qty;
    }
    // A module serves every link of its cage; a cage's links all use one module (checked above), so
    // distinct cages = modules.
    auto compare = [&](const char* what, const std::map<std::string, long long>& plan,
                       const std::map<std::string, long long>& bom) {
        std::set<std::string> parts;
        for (const auto& [k, v] : plan) parts.insert(k);
        for (const auto& [k, v] : bom) parts.insert(k);
        for (const std::string& part : parts) {
            const long long a = plan.count(part) ? plan.at(part) : 0, b = bom.count(part) ? bom.at(part) : 0;
            if (a != b)
                out.push_back(error("invariant.bom-mismatch",
                                    "the BOM orders " + std::to_string(b) + " " + part + " " + what +
                                        " but the cable plan uses " + std::to_string(a),
                                    part, kFix));
        }
    };
    compare("modules", planModules, bomModules);
    compare("cables", planCables, bomCables);
}

// Dual-ToR (topology/README.md "Dual-ToR"): a NIC's two links of a plane (node ports 2k and 2k + 1)
// go to two different leaves of the same plane, on the same down port of each (the leaves of a pair
// serve the same NICs on the same ports).
void dualTorPairs(const Fabric& f, std::vector<Finding>& out)
{
    if (!f.shape.dualTor) return;
    // Per (node, port / 2): the first link of side 0 or 1 seen.
    const std::vector<std::size_t> first = firstSlots(f, [&](auto use) {
        for (const Link& l : f.links)
            if (l.cls == LinkClass::HostLeaf) use(l.a, l.aPort / 2);
    });
    std::vector<std::uint32_t> firstSide(first.back(), kNone);
    for (std::size_t i = 0; i < f.links.size(); ++i) {
        const Link& l = f.links[i];
        if (l.cls != LinkClass::HostLeaf) continue;
        std::uint32_t& side = firstSide[first[l.a] + l.aPort / 2];
        if (side == kNone) {
            side = std::uint32_t(i);
            continue;
        }
        const Link& other = f.links[side];
        const bool paired = other.b != l.b && other.bPort == l.bPort &&
                            f.devices[other.b].plane == f.devices[l.b].plane && (other.aPort ^ l.aPort) == 1;
        if (!paired) {
            out.push_back(error("invariant.dual-tor-pair",
                                f.deviceName(l.a) + " " + f.portName(l.a, l.aPort) + " and " +
                                    f.portName(l.a, other.aPort) + " do not go to the two leaves of one pair (" +
                                    f.deviceName(other.b) + " " + f.portName(other.b, other.bPort) + ", " +
                                    f.deviceName(l.b) + " " + f.portName(l.b, l.bPort) + ")",
                                f.deviceName(l.a), kFix, std::int64_t(i), l.a));
            return;
        }
    }
}

// A straight assembly carrying several links (a twin-port-to-twin-port DAC/ACC) has one connector at
// each end, so every leg of one cable must leave one cage and land in one cage. The cable plan groups
// legs by their upper-end cage; a lower end in two cages means the cable was asked to split.
void straightCablesJoinTwoCages(const Plan& p, const bom::CableGroups& groups,
                                const EndCages& cageOfEnd, std::vector<Finding>& out)
{
    const Fabric& f = p.fabric;
    const MediaAssignment& m = p.media;
    long long split = 0;
    std::int64_t example = -1;
    for (std::size_t k = 0; k < groups.multiLegCables(); ++k) {
        const std::uint32_t leader = groups.leaders[k];
        if (leader >= m.solutionOfLink.size() || m.solutionOfLink[leader] >= m.solutions.size()) continue;
        const LinkSolution& sol = m.solutions[m.solutionOfLink[leader]];
        if (sol.cablePart.empty() || !sol.moduleA.empty() || sol.cableLegs > 1) continue;  // optics or a splitter
        const std::uint32_t lower = cageOfEnd(2 * std::size_t(leader)), upper = cageOfEnd(2 * std::size_t(leader) + 1);
        for (const std::uint32_t leg : groups.legsOf(k)) {
            if (cageOfEnd(2 * std::size_t(leg)) != lower || cageOfEnd(2 * std::size_t(leg) + 1) != upper) {
                ++split;
                if (example < 0 || leader < std::uint32_t(example)) example = std::int64_t(leader);
                break;
            }
        }
    }
    if (split > 0)
        out.push_back(error("invariant.straight-split",
                            counted(split, "straight cable") + " (one connector per end) " + nounFor(split, "has", "have") + " legs ending in "
                                "two different far cages, e.g. " + m.solutions[m.solutionOfLink[std::size_t(example)]].cablePart +
                                " from " + f.deviceName(f.links[std::size_t(example)].b) + " " +
                                f.portName(f.links[std::size_t(example)].b, f.links[std::size_t(example)].bPort),
                            f.deviceName(f.links[std::size_t(example)].b), kFix, example));
}

} // namespace fp::checks::findings
