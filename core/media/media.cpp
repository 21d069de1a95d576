#include "media/media.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <numeric>

#include "common/error.h"
#include "media/media_rules.h"
#include "media/optical_constants.h"

namespace fp {

const char* toString(MediaClass m)
{
    switch (m) {
    case MediaClass::DAC: return "DAC";
    case MediaClass::ACC: return "ACC";
    case MediaClass::AOC: return "AOC";
    case MediaClass::Multimode: return "multimode";
    case MediaClass::SingleMode: return "single-mode";
    case MediaClass::None: return "none";
    }
    return "?";
}

namespace media {
namespace {

constexpr double kUnknownCost = std::numeric_limits<double>::infinity();

struct Candidate {
    LinkSolution sol;
    double costUsdPerLink = 0;  // infinity when a part has no price
    double powerWPerLink = 0;
    std::vector<Issue> issues;
};

// One group of links that share a solution: same class, same order-length step, in-rack or not, and
// whether every cage's links meet in one cage at the far end (`aligned`: only then can a straight
// multi-link assembly, e.g. a twin-port-to-twin-port DAC/ACC, carry them).
struct GroupKey {
    int cls = 0;
    int step = 0;
    bool sameRack = false;
    bool aligned = true;
};

class Selector {
public:
    Selector(const ClusterSpec& spec, const Fabric& fabric, const Catalog& catalog, const Hardware& hw)
        : spec_(spec), catalog_(catalog)
    {
        const NicModel& nic = hw.nic;
        const int L = fabric.shape.linkGbps > 0 ? fabric.shape.linkGbps : nic.portGbps;
        // Each NIC carries one link per plane (topology/builder.cpp); spread over its ports, a single-port
        // NIC in a multi-plane fabric runs 2+ links through one cage (e.g. 800G OSFP as 2 x 400G), which
        // takes a twin-port module, not one module per link (catalog/hardware.cpp nicCage).
        auto endOf = [&](const std::string& platform, const Cage& cage, bool generic) {
            return LinkEnd{platform, cage.formFactor, cage.finned, cage.powerClassW, cage.linksPerCage, cage.host,
                           generic};
        };
        // A platform's twin-port host cages (DGX H100) hold two NIC ports each: a twin-port flat-top module.
        const LinkEnd nicEnd = endOf(nic.partNumber,
                                     hw.nicPortsPerHostCage() > 1 ? hw.cageOf(Tier::Node)
                                                                  : nicCage(nic, L, fabric.shape.linksPerNic()),
                                     false);
        auto switchEnd = [&](Tier t) {
            const SwitchModel& sw = hw.switchOf(t);
            return endOf(sw.partNumber, switchCage(sw, L), sw.generic);
        };
        // The lower and upper tier of each link class: host-leaf, leaf-spine, spine-core.
        constexpr Tier kLower[kLinkClassCount] = {Tier::Node, Tier::Leaf, Tier::Spine};
        constexpr Tier kUpper[kLinkClassCount] = {Tier::Leaf, Tier::Spine, Tier::Core};
        for (int c = 0; c < kLinkClassCount; ++c) {
            ClassContext& ctx = ctx_[c];
            ctx.cls = LinkClass(c);
            ctx.a = c == int(LinkClass::HostLeaf) ? nicEnd : switchEnd(kLower[c]);
            ctx.b = switchEnd(kUpper[c]);
            ctx.linkGbps = L;
            ctx.infiniband = spec.fabric == FabricKind::InfiniBand;
            ctx.allowThirdParty = spec.media.allowThirdPartyOptics;
            ctx.oemOnly = spec.economics.pricePolicy == PricePolicy::OemOnly;
            ctx.multimodeFiber = spec.media.multimodeFiber;
            ctx.catalog = &catalog;
            // Which modules pass every end constraint, once per class (not per link).
            for (const TransceiverModel& m : catalog.transceivers) {
                std::vector<Issue> ia, ib;
                moduleEndIssues(m, ctx.a, ctx, ia);
                moduleEndIssues(m, ctx.b, ctx, ib);
                if (ia.empty()) okA_[c].push_back(&m);
                if (ib.empty()) okB_[c].push_back(&m);
            }
            for (const MediaPin& pin : spec.media.pins)
                if (pin.linkClass == toString(LinkClass(c))) pin_[c] = pin.part;
            pinIsFibre_[c] = !pin_[c].empty() && isFibre(pin_[c]);
        }
        for (const CableModel& cable : catalog.cables) lengthsM_.push_back(cable.lengthM);
        std::sort(lengthsM_.begin(), lengthsM_.end());
        lengthsM_.erase(std::unique(lengthsM_.begin(), lengthsM_.end()), lengthsM_.end());
    }

    int stepOf(float lengthM) const
    {
        return int(std::lower_bound(lengthsM_.begin(), lengthsM_.end(), double(lengthM) - 1e-6) - lengthsM_.begin());
    }
    int steps() const { return int(lengthsM_.size()) + 1; }

    // The best candidate for a group, with the issues it still has (empty when it works).
    Candidate solve(const GroupKey& key, double neededLengthM)
    {
        const ClassContext& ctx = ctx_[key.cls];
        const std::string& pin = pin_[key.cls];
        std::vector<Candidate> all;
        // Assemblies: DAC, ACC, AOC.
        for (const CableModel& c : catalog_.cables) {
            if (mediaClassOf(c.kind) == MediaClass::None) continue;
            if (!pin.empty() && c.partNumber != pin) continue;
            all.push_back(assembly(c, ctx, neededLengthM, key.sameRack));
            // A straight assembly carrying several links joins one cage to one cage: it cannot serve a
            // cage whose links go to different devices (rail-optimized host cages, one link per spine).
            if (!key.aligned && c.legsB <= 1 && all.back().sol.linksPerCable > 1)
                all.back().issues.push_back(
                    {"media.cage-mismatch",
                     c.partNumber + " joins a cage's links to one far cage; these cages' links go to different cages",
                     "Use optics (a twin-port module has one fibre per port), or wire a cage's links to one switch"});
        }
        // Optics: two modules and a fibre. Unpinned: only modules that fit their ends.
        auto tryPair = [&](const TransceiverModel& a, const TransceiverModel& b) {
            Candidate cand = optics(a, b, ctx, neededLengthM, key.sameRack, !pin.empty());
            if (!pin.empty() && cand.sol.moduleA != pin && cand.sol.moduleB != pin && cand.sol.cablePart != pin)
                return;
            all.push_back(std::move(cand));
        };
        if (pin.empty()) {
            for (const TransceiverModel* a : okA_[key.cls])
                for (const TransceiverModel* b : okB_[key.cls]) tryPair(*a, *b);
        } else {
            for (const TransceiverModel& a : catalog_.transceivers)
                for (const TransceiverModel& b : catalog_.transceivers)
                    if (a.partNumber == pin || b.partNumber == pin || pinIsFibre_[key.cls]) tryPair(a, b);
        }
        Candidate best;
        if (pickBest(all, key.sameRack, best)) return best;
        // Nothing works. Unpinned: diagnose with the closest candidate over every module pair, once per
        // class (findings aggregate per class and keep the first message, so later ones are not shown).
        if (pin.empty() && diagnosed_[key.cls]) {
            Candidate none;
            none.sol.cls = ctx.cls;
            none.sol.reason = "no feasible part";
            none.issues.push_back({"media.no-part", "no part fits", ""});
            return none;
        }
        if (pin.empty()) {
            diagnosed_[key.cls] = true;
            for (const TransceiverModel& a : catalog_.transceivers)
                for (const TransceiverModel& b : catalog_.transceivers) all.push_back(optics(a, b, ctx, neededLengthM, key.sameRack, true));
        }
        if (all.empty()) {
            Candidate none;
            none.sol.cls = ctx.cls;
            none.issues.push_back({"media.no-part",
                                   pin.empty() ? "the catalog has no cable or transceiver for these links"
                                               : "pinned part " + pin + " is not a cable or transceiver in the catalog",
                                   "Add parts to the catalog or fix the pin"});
            return none;
        }
        auto closest = std::min_element(all.begin(), all.end(), [](const Candidate& x, const Candidate& y) {
            return x.issues.size() < y.issues.size();
        });
        if (!pin.empty()) return *closest;  // keep the pinned part; its issues become findings
        Candidate none;
        none.sol.cls = ctx.cls;
        std::string why;
        for (const Issue& i : closest->issues) why += (why.empty() ? "" : "; ") + i.message;
        std::string name = closest->sol.cablePart.empty() ? closest->sol.moduleA + " + " + closest->sol.moduleB
                                                            : closest->sol.cablePart;
        char buf[96];
        std::snprintf(buf, sizeof buf, "no part fits a %.1f m route; closest: ", neededLengthM);
        none.issues.push_back({"media.no-part", buf + name + " (" + why + ")",
                               "Add a fitting part to the catalog, allow third-party optics, or change the floor plan"});
        none.sol.reason = "no feasible part";
        return none;
    }

private:
    bool isFibre(const std::string& part) const
    {
        const CableModel* c = catalog_.findCable(part);
        return c && (c->kind == CableKind::FiberPatch || c->kind == CableKind::FiberTrunk);
    }

    double price(const PartBase& p) const
    {
        const PriceQuote* q = catalog_.priceFor(p, spec_.economics);
        return q ? q->priceUsd : kUnknownCost;
    }

    Candidate assembly(const CableModel& c, const ClassContext& ctx, double neededLengthM, bool sameRack) const
    {
        // Splitters put their single end on the switch (upper) side; straight cables fit either way.
        Candidate best;
        bool have = false;
        for (bool singleAtB : {true, false}) {
            if (!singleAtB && c.legsB > 1 && ctx.a.isNic) continue;
            Candidate cand;
            int linksPerCable = 1;
            assemblyIssues(c, singleAtB ? ctx.b : ctx.a, singleAtB ? ctx.a : ctx.b, neededLengthM, ctx, cand.issues,
                           linksPerCable);
            if (!have || cand.issues.size() < best.issues.size()) {
                cand.sol.cls = ctx.cls;
                cand.sol.media = mediaClassOf(c.kind);
                cand.sol.cablePart = c.partNumber;
                cand.sol.linksPerCable = linksPerCable;
                cand.sol.orderLengthM = c.lengthM;
                cand.costUsdPerLink = price(c) / linksPerCable;
                cand.powerWPerLink = c.powerW / linksPerCable;
                best = std::move(cand);
                have = true;
            }
            if (c.legsB <= 1 && ctx.a.cageType == ctx.b.cageType) break;  // symmetric: one orientation
        }
        (void)sameRack;
        return best;
    }

    const CableModel* fibreFor(const TransceiverModel& a, double neededLengthM, int cls) const
    {
        if (pinIsFibre_[cls]) return catalog_.findCable(pin_[cls]);  // kept even when it does not fit
        const CableModel* best = nullptr;
        const CableModel* anyConnector = nullptr;
        const std::string type = fiberTypeName(a.medium, spec_.media.multimodeFiber);
        for (const CableModel& c : catalog_.cables) {
            if (c.kind != CableKind::FiberPatch && c.kind != CableKind::FiberTrunk) continue;
            if (c.lengthM + 1e-9 < neededLengthM || c.fiberType != type) continue;
            auto better = [&](const CableModel* cur) {
                return !cur || c.lengthM < cur->lengthM || (c.lengthM == cur->lengthM && price(c) < price(*cur));
            };
            if (c.connector == a.connector && better(best)) best = &c;
            if (better(anyConnector)) anyConnector = &c;
        }
        return best ? best : anyConnector;  // a wrong connector is reported, not hidden
    }

    Candidate optics(const TransceiverModel& a, const TransceiverModel& b, const ClassContext& ctx,
                     double neededLengthM, bool sameRack, bool withEndIssues) const
    {
        Candidate cand;
        if (withEndIssues) {  // pinned or diagnosing: the end constraints were not pre-checked
            moduleEndIssues(a, ctx.a, ctx, cand.issues);
            moduleEndIssues(b, ctx.b, ctx, cand.issues);
        }
        const CableModel* fibre = fibreFor(a, neededLengthM, int(ctx.cls));
        ChannelInput channel;
        const int panels = sameRack ? 0 : spec_.floor.patchPanelsPerFibreLink;
        channel.matedPairs = panels;
        channel.splices = optical::kSplicesPerLink;
        modulePairIssues(a, b, fibre, neededLengthM, channel, ctx, cand.issues, cand.sol.loss, cand.sol.reason);
        cand.sol.cls = ctx.cls;
        cand.sol.media = mediaClassOf(a.medium);
        cand.sol.moduleA = a.partNumber;
        cand.sol.moduleB = b.partNumber;
        // A module serves as many links as its ports, bounded by what the cage carries.
        auto linksPerModule = [](const TransceiverModel& m, const LinkEnd& end) {
            return std::max(1, end.generic ? m.ports : std::min(m.ports, std::max(1, end.linksPerCage)));
        };
        cand.sol.linksPerModuleA = linksPerModule(a, ctx.a);
        cand.sol.linksPerModuleB = linksPerModule(b, ctx.b);
        cand.sol.cablePart = fibre ? fibre->partNumber : std::string();
        cand.sol.orderLengthM = fibre ? fibre->lengthM : neededLengthM;
        cand.sol.patchPanelPorts = panels;
        cand.costUsdPerLink = price(a) / cand.sol.linksPerModuleA + price(b) / cand.sol.linksPerModuleB +
                              (fibre ? price(*fibre) : kUnknownCost) + panels * panelPortCost(a.connector);
        cand.powerWPerLink = a.powerW / cand.sol.linksPerModuleA + b.powerW / cand.sol.linksPerModuleB;
        return cand;
    }

    double panelPortCost(const std::string& connector) const
    {
        for (const PatchPanelModel& p : catalog_.patchPanels)
            if (p.connector == connector && p.ports > 0) {
                const double usd = price(p);
                return std::isfinite(usd) ? usd / p.ports : 0.0;
            }
        return 0.0;  // unknown panel: the BOM reports the missing part; the choice is unaffected
    }

    bool pickBest(const std::vector<Candidate>& all, bool sameRack, Candidate& out) const
    {
        const bool copperFirst = sameRack && spec_.media.preferCopperInRack &&
                                 std::any_of(all.begin(), all.end(), [](const Candidate& c) {
                                     return c.issues.empty() &&
                                            (c.sol.media == MediaClass::DAC || c.sol.media == MediaClass::ACC);
                                 });
        const bool byPower = spec_.media.objective == MediaObjective::LowestPower;
        const Candidate* best = nullptr;
        int feasible = 0;
        for (const Candidate& c : all) {
            if (!c.issues.empty()) continue;
            if (copperFirst && c.sol.media != MediaClass::DAC && c.sol.media != MediaClass::ACC) continue;
            ++feasible;
            if (!best) {
                best = &c;
                continue;
            }
            auto rank = [&](const Candidate& x) {
                return byPower ? std::tuple(x.powerWPerLink, x.costUsdPerLink, x.sol.orderLengthM)
                               : std::tuple(x.costUsdPerLink, x.powerWPerLink, x.sol.orderLengthM);
            };
            if (rank(c) < rank(*best)) best = &c;
        }
        if (!best) return false;
        out = *best;
        char buf[200];
        std::snprintf(buf, sizeof buf, "%s of %d feasible%s: %s, %.2f W/link", byPower ? "lowest power" : "lowest cost",
                      feasible, copperFirst ? " copper (in-rack)" : "", toString(out.sol.media), out.powerWPerLink);
        std::string loss = out.sol.reason;  // optics keep the loss arithmetic
        out.sol.reason = buf;
        if (std::isfinite(out.costUsdPerLink)) {
            std::snprintf(buf, sizeof buf, ", %.0f USD/link (estimate)", out.costUsdPerLink);
            out.sol.reason += buf;
        }
        if (!loss.empty()) out.sol.reason += "; loss " + loss;
        if (!pin_[int(out.sol.cls)].empty()) out.sol.reason += " (pinned)";
        return true;
    }

    const ClusterSpec& spec_;
    const Catalog& catalog_;
    ClassContext ctx_[kLinkClassCount];
    std::vector<const TransceiverModel*> okA_[kLinkClassCount], okB_[kLinkClassCount];
    std::string pin_[kLinkClassCount];
    bool pinIsFibre_[kLinkClassCount] = {};
    bool diagnosed_[kLinkClassCount] = {};
    std::vector<double> lengthsM_;  // distinct orderable lengths, ascending
};

Severity severityOf(const std::string& rule)
{
    return rule == "media.not-qualified" || rule == "media.not-oem" ? Severity::Warning : Severity::Error;
}

} // namespace

MediaAssignment select(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout, const Catalog& catalog,
                       const Hardware& hardware)
{
    Selector selector(spec, fabric, catalog, hardware);
    const std::size_t linkCount = fabric.links.size();
    const int steps = selector.steps();
    MediaAssignment out;
    const bool haveLengths = layout.linkLengthM.size() == linkCount;
    const bool haveRacks = layout.rackOfDevice.size() == fabric.devices.size();

    // Cage groups. A cage holds one module or one cable end, so every link through it must use the same
    // part there: links are joined (union-find) through the cages they share at either end, and each
    // group is sized for its longest link and counts as in-rack only if all of its links are. Links of
    // different classes are never joined (a cage should not mix classes; the invariant check says so).
    out.cages = indexCages(fabric, hardware.nic.ports, hardware.nicPortsPerHostCage());
    std::vector<std::uint32_t> parent(linkCount);
    std::iota(parent.begin(), parent.end(), 0u);
    auto find = [&](std::uint32_t x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    };
    {
        constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
        std::vector<std::uint32_t> firstOfCage(out.cages.count(), kNone);
        for (std::size_t i = 0; i < linkCount; ++i) {
            const Link& l = fabric.links[i];
            for (const std::uint32_t c : {out.cages.cageOf(fabric, l.a, l.aPort), out.cages.cageOf(fabric, l.b, l.bPort)}) {
                if (firstOfCage[c] == kNone) {
                    firstOfCage[c] = std::uint32_t(i);
                } else if (fabric.links[firstOfCage[c]].cls == l.cls) {
                    const std::uint32_t x = find(std::uint32_t(i)), y = find(firstOfCage[c]);
                    if (x != y) parent[x] = y;
                }
            }
        }
    }
    std::vector<float> cageGroupLengthM(linkCount, 0.0f);
    std::vector<std::uint8_t> cageGroupInRack(linkCount, 1);
    // Aligned: every cage's links land in one cage at the far end (each cage remembers the far cage of
    // its first link); a group with one cage whose links part ways is not.
    std::vector<std::uint8_t> cageGroupAligned(linkCount, 1);
    {
        constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
        std::vector<std::uint32_t> farCage(out.cages.count(), kNone);
        for (std::size_t i = 0; i < linkCount; ++i) {
            const Link& l = fabric.links[i];
            const std::uint32_t ca = out.cages.cageOf(fabric, l.a, l.aPort), cb = out.cages.cageOf(fabric, l.b, l.bPort);
            for (const auto& [c, far] : {std::pair{ca, cb}, std::pair{cb, ca}}) {
                if (farCage[c] == kNone) farCage[c] = far;
                else if (farCage[c] != far) cageGroupAligned[find(std::uint32_t(i))] = 0;
            }
        }
    }
    for (std::size_t i = 0; i < linkCount; ++i) {
        const Link& l = fabric.links[i];
        const std::uint32_t root = find(std::uint32_t(i));
        // NaN reads as "no cable is long enough", so the link gets a reach finding, not a lost group.
        const float raw = haveLengths ? layout.linkLengthM[i] : 0.0f;
        const float len = std::isnan(raw) ? std::numeric_limits<float>::infinity() : std::max(raw, 0.0f);
        cageGroupLengthM[root] = std::max(cageGroupLengthM[root], len);
        const bool same = haveRacks && layout.rackOfDevice[l.a] == layout.rackOfDevice[l.b];
        if (!same) cageGroupInRack[root] = 0;
    }
    // Group index = ((class * steps + step) * 2 + aligned) * 2 + sameRack; links in a group share one solution.
    const std::size_t groups = std::size_t(kLinkClassCount) * steps * 4;
    // A group is solved when any link falls in it (`used`), whatever its lengths: a length that is not a
    // number (an overflowed floor dimension) must not leave its links without a solution.
    std::vector<float> maxLengthM(groups, 0.0f);
    std::vector<char> used(groups, 0);
    std::vector<std::uint32_t> groupOfLink(linkCount);
    for (std::size_t i = 0; i < linkCount; ++i) {
        const Link& l = fabric.links[i];
        const std::uint32_t root = find(std::uint32_t(i));
        const float len = cageGroupLengthM[root];
        const bool same = cageGroupInRack[root] != 0;
        const bool aligned = cageGroupAligned[root] != 0;
        const std::uint32_t g =
            std::uint32_t(((int(l.cls) * steps + selector.stepOf(len)) * 2 + (aligned ? 1 : 0)) * 2 + (same ? 1 : 0));
        groupOfLink[i] = g;
        used[g] = 1;
        maxLengthM[g] = std::max(maxLengthM[g], len);
    }

    std::vector<int> solutionOfGroup(groups, -1);
    std::vector<std::vector<Issue>> issuesOfSolution;
    for (std::size_t g = 0; g < groups; ++g) {
        if (!used[g]) continue;
        GroupKey key{int(g / 4 / steps), int(g / 4 % steps), g % 2 == 1, g / 2 % 2 == 1};
        Candidate c = selector.solve(key, maxLengthM[g]);
        solutionOfGroup[g] = int(out.solutions.size());
        out.solutions.push_back(std::move(c.sol));
        issuesOfSolution.push_back(std::move(c.issues));
    }
    out.solutionOfLink.resize(linkCount);
    std::vector<long long> linksOfSolution(out.solutions.size(), 0);
    std::vector<std::int64_t> firstLinkOfSolution(out.solutions.size(), -1);
    for (std::size_t i = 0; i < linkCount; ++i) {
        const int s = solutionOfGroup[groupOfLink[i]];
        out.solutionOfLink[i] = std::uint32_t(s);
        if (linksOfSolution[s]++ == 0) firstLinkOfSolution[s] = std::int64_t(i);
    }

    // One finding per (rule, link class), counting every link it concerns.
    struct Agg {
        Finding f;
        long long links = 0;
        std::string message;
    };
    std::map<std::pair<std::string, int>, Agg> agg;
    for (std::size_t s = 0; s < out.solutions.size(); ++s) {
        const int cls = int(out.solutions[s].cls);
        for (const Issue& issue : issuesOfSolution[s]) {
            Agg& a = agg[{issue.rule, cls}];
            if (a.links == 0) {
                a.f.severity = severityOf(issue.rule);
                a.f.rule = issue.rule;
                a.f.fix = issue.fix;
                a.f.link = firstLinkOfSolution[s];
                a.message = issue.message;
            }
            a.links += linksOfSolution[s];
        }
    }
    for (auto& [k, a] : agg) {
        const char* cls = toString(LinkClass(k.second));
        a.f.where = std::string(cls) + " links (" + std::to_string(a.links) + ")";
        a.f.message = std::to_string(a.links) + " " + cls + " links: " + a.message;
        out.findings.push_back(std::move(a.f));
    }
    return out;
}

} // namespace media
} // namespace fp
