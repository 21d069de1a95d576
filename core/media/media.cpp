#include "media/media.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <tuple>
#include <unordered_map>

#include "common/error.h"
#include "common/format.h"
#include "media/cage_grouping.h"
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

// A module's reach on the best fibre it runs on (0: none listed).
double longestReachM(const TransceiverModel& m) { return std::max({m.reachOm3M, m.reachOm4M, m.reachOm5M, m.reachOs2M}); }

struct Candidate {
    LinkSolution sol;
    double costUsdPerLink = 0;  // infinity when a part has no price
    double powerWPerLink = 0;
    std::vector<Issue> issues;
    // What was evaluated, to evaluate it again with its texts (ClassContext::quiet): an assembly, or
    // optics (with or without their end constraints checked).
    const CableModel* assemblyPart = nullptr;
    const TransceiverModel* moduleA = nullptr;
    const TransceiverModel* moduleB = nullptr;
    bool endIssuesChecked = false;
};

// One group of links that share a solution: same class, same order-length step, in-rack or not, and
// whether every cage's links meet in one cage at the far end (`aligned`: only then can a straight
// multi-link assembly, e.g. a twin-port-to-twin-port DAC/ACC, carry them).
// carriedA/B: the most links any cage of the group carries at that end when fewer than the cage's split
// (0: full), so a half-used cage can take a part of fewer ports where the platform allows it.
struct GroupKey {
    int cls = 0;
    int step = 0;
    bool sameRack = false;
    bool aligned = true;
    int carriedA = 0, carriedB = 0;
};
constexpr int kCarriedSlots = 8;  // carried 0..7: no cage in the catalog runs more than 8 ports

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
            LinkEnd end{platform, cage.formFactor, cage.finned, cage.powerClassW, cage.linksPerCage};
            end.splits = cage.splits;
            end.isNic = cage.host;
            end.generic = generic;
            return end;
        };
        // A platform's twin-port host cages (DGX H100) hold two NIC ports each: a twin-port flat-top module.
        const LinkEnd nicEnd = endOf(nic.partNumber,
                                     hw.nicPortsPerHostCage() > 1 ? hw.cageOf(Tier::Node)
                                                                  : nicCage(nic, L, fabric.shape.linksPerNic()),
                                     false);
        // A switch's cage at the speed of the class's links: a leaf's host cages at the host speed, its
        // uplink cages at the fabric's (4 x 200G or 2 x 400G from one 800G cage).
        auto switchEnd = [&](Tier t, int gbps) {
            const SwitchModel& sw = hw.switchOf(t);
            return endOf(sw.partNumber, switchCage(sw, gbps), sw.generic);
        };
        // The lower and upper tier of each link class: host-leaf, leaf-spine, spine-core.
        constexpr Tier kLower[kLinkClassCount] = {Tier::Node, Tier::Leaf, Tier::Spine};
        constexpr Tier kUpper[kLinkClassCount] = {Tier::Leaf, Tier::Spine, Tier::Core};
        for (int c = 0; c < kLinkClassCount; ++c) {
            ClassContext& ctx = ctx_[c];
            ctx.cls = LinkClass(c);
            const int gbps = c == int(LinkClass::HostLeaf) ? L : fabric.shape.fabricGbps > 0 ? fabric.shape.fabricGbps : L;
            ctx.a = c == int(LinkClass::HostLeaf) ? nicEnd : switchEnd(kLower[c], gbps);
            ctx.b = switchEnd(kUpper[c], gbps);
            ctx.b.upper = true;
            ctx.linkGbps = gbps;
            ctx.fabric = spec.fabric;
            ctx.allowThirdParty = spec.media.allowThirdPartyOptics;
            ctx.oemOnly = spec.economics.pricePolicy == PricePolicy::OemOnly;
            ctx.multimodeFiber = spec.media.multimodeFiber;
            ctx.catalog = &catalog;
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
    // The range of lengths (as stepOf compares them: less 1e-6) whose step is `step`: above `low`, at
    // most `high`.
    void stepBounds(int step, double& low, double& high) const
    {
        low = step > 0 ? lengthsM_[std::size_t(step - 1)] : -std::numeric_limits<double>::infinity();
        high = std::size_t(step) < lengthsM_.size() ? lengthsM_[std::size_t(step)] : std::numeric_limits<double>::infinity();
    }
    int linksPerCage(int cls, bool upper) const { return upper ? ctx_[cls].b.linksPerCage : ctx_[cls].a.linksPerCage; }

    // The best candidate for a group, with the issues it still has (empty when it works). Candidates are
    // weighed without the texts of their issues (ClassContext::quiet): the choice reads only whether a
    // candidate has issues, and writing why every rejected part does not fit was most of what media
    // cost. Only the part kept is evaluated again with its texts: the chosen one, or when nothing fits the
    // closest one, for the diagnosis.
    Candidate solve(const GroupKey& key, double neededLengthM)
    {
        const std::vector<Candidate> all = candidates(key, neededLengthM, Weigh::UntilOneWorks);
        int feasible = 0;
        bool copperFirst = false;
        if (const Candidate* quietBest = bestOf(all, key.sameRack, feasible, copperFirst)) {
            // The chosen optics again with their texts: the loss arithmetic goes into the reason.
            Candidate chosen = withTexts(*quietBest, contextOf(key), key, neededLengthM);
            explain(chosen, feasible, copperFirst);
            return chosen;
        }
        return diagnose(key, neededLengthM);
    }

    // Whether some candidate for the group works on a route of `neededLengthM`; true with a pin (kept
    // whatever its issues).
    bool anyFits(const GroupKey& key, double neededLengthM)
    {
        if (!pin_[key.cls].empty()) return true;
        const std::vector<Candidate> all = candidates(key, neededLengthM, Weigh::ToDiagnose);
        return std::any_of(all.begin(), all.end(), [](const Candidate& c) { return c.issues.empty(); });
    }

private:
    // A candidate weighed quietly, evaluated again with its texts (the same issues, now with messages).
    Candidate withTexts(const Candidate& quiet, const ClassContext& ctx, const GroupKey& key, double neededLengthM) const
    {
        if (quiet.moduleA)
            return optics(*quiet.moduleA, *quiet.moduleB, ctx, neededLengthM, key.sameRack, quiet.endIssuesChecked);
        if (quiet.assemblyPart) return assemblyCandidate(*quiet.assemblyPart, ctx, key, neededLengthM);
        return quiet;
    }

    // The class's context with the group's cages' links carried.
    ClassContext contextOf(const GroupKey& key) const
    {
        ClassContext ctx = ctx_[key.cls];
        ctx.a.linksCarried = key.carriedA;
        ctx.b.linksCarried = key.carriedB;
        return ctx;
    }

    // UntilOneWorks: an unpinned assembly too short for the route cannot be chosen, so it is only marked
    // (no part number). ToDiagnose: nothing works, so every assembly is weighed in full.
    enum class Weigh { UntilOneWorks, ToDiagnose };

    // Every candidate for the group, weighed quietly: one per assembly in catalog order, then optics pairs.
    std::vector<Candidate> candidates(const GroupKey& key, double neededLengthM, Weigh weigh)
    {
        ClassContext ctx = contextOf(key);
        ctx.quiet = true;
        const std::string& pin = pin_[key.cls];
        std::vector<Candidate> all;
        // Room for every candidate at once: a Candidate is large, and growing the vector moved each of them
        // several times.
        all.reserve(catalog_.cables.size() +
                    (pin.empty() ? fitting(ctx, false).size() * fitting(ctx, true).size() : 0));
        for (const CableModel& c : catalog_.cables) {
            if (mediaClassOf(c.kind) == MediaClass::None) continue;
            if (!pin.empty() && c.partNumber != pin) continue;
            const bool reaches = !(c.lengthM + 1e-9 < neededLengthM);  // assemblyIssues' reach, as it reads it
            if (weigh == Weigh::UntilOneWorks && pin.empty() && !reaches) {
                Candidate tooShort;  // no part number: evaluated in full only if nothing works
                tooShort.issues.push_back({"media.reach", {}, {}});
                all.push_back(std::move(tooShort));
                continue;
            }
            if (!reaches) {
                all.push_back(assemblyCandidate(c, ctx, key, neededLengthM));
                continue;
            }
            // Long enough, the assembly is weighed alike whatever the route's length (only its reach reads
            // that): once per group shape (class, links carried at either end, aligned), not per group.
            const auto [weighed, added] = assemblies_.try_emplace(
                {std::size_t(&c - catalog_.cables.data()), key.cls, key.carriedA, key.carriedB, key.aligned});
            if (added) weighed->second = assemblyCandidate(c, ctx, key, neededLengthM);
            all.push_back(weighed->second);
        }
        // Optics: two modules and a fibre. Unpinned: only modules that fit their ends.
        auto tryPair = [&](const TransceiverModel& a, const TransceiverModel& b) {
            Candidate cand = optics(a, b, ctx, neededLengthM, key.sameRack, !pin.empty());
            if (!pin.empty() && cand.sol.moduleA != pin && cand.sol.moduleB != pin && cand.sol.cablePart != pin)
                return;
            all.push_back(std::move(cand));
        };
        if (pin.empty()) {
            for (const TransceiverModel* a : fitting(ctx, false))
                for (const TransceiverModel* b : fitting(ctx, true)) tryPair(*a, *b);
        } else {
            for (const TransceiverModel& a : catalog_.transceivers)
                for (const TransceiverModel& b : catalog_.transceivers)
                    if (a.partNumber == pin || b.partNumber == pin || pinIsFibre_[key.cls]) tryPair(a, b);
        }
        return all;
    }

    Candidate assemblyCandidate(const CableModel& c, const ClassContext& ctx, const GroupKey& key,
                                double neededLengthM) const
    {
        Candidate cand = assembly(c, ctx, neededLengthM, key.sameRack);
        cand.assemblyPart = &c;
        // A straight assembly carrying several links joins one cage to one cage: it cannot serve a
        // cage whose links go to different devices (rail-optimized host cages, one link per spine).
        if (!key.aligned && c.legsB <= 1 && cand.sol.linksPerCable > 1)
            addIssue(cand.issues, ctx, "media.cage-mismatch",
                     [&] { return c.partNumber + " joins a cage's links to one far cage; these cages' links go to different cages"; },
                     "Use optics (a twin-port module has one fibre per port), or wire a cage's links to one switch");
        return cand;
    }

    // Every module of the catalog at both ends of a group, weighed quietly once for diagnose's two searches
    // (n x n pairs): its end issues at the lower and upper end, and its straight and splitter fibre.
    struct ModuleEnds {
        std::vector<std::vector<Issue>> atA, atB;
        std::vector<const CableModel*> fibre, splitter;
        const CableModel* fibreBetween(std::size_t i, int legs) const { return legs > 1 ? splitter[i] : fibre[i]; }
    };
    ModuleEnds moduleEndsOf(const ClassContext& quiet, double neededLengthM) const
    {
        const std::vector<TransceiverModel>& modules = catalog_.transceivers;
        ModuleEnds e{std::vector<std::vector<Issue>>(modules.size()), std::vector<std::vector<Issue>>(modules.size()),
                     std::vector<const CableModel*>(modules.size()), std::vector<const CableModel*>(modules.size())};
        for (std::size_t i = 0; i < modules.size(); ++i) {
            moduleEndIssues(modules[i], quiet.a, quiet, e.atA[i]);
            moduleEndIssues(modules[i], quiet.b, quiet, e.atB[i]);
            e.fibre[i] = fibreFor(modules[i], neededLengthM, int(quiet.cls), 1);
            e.splitter[i] = fibreFor(modules[i], neededLengthM, int(quiet.cls), 2);
        }
        return e;
    }

    // Every module pair of the catalog, with their end constraints, as diagnose weighs them after `all`:
    // the first pair with fewer issues than any of `all`, or nullopt. Counted, not built.
    std::optional<Candidate> closerModulePair(const std::vector<Candidate>& all, const ModuleEnds& ends,
                                              const ClassContext& quiet, const GroupKey& key, double neededLengthM) const
    {
        std::size_t fewest = std::numeric_limits<std::size_t>::max();
        for (const Candidate& c : all) fewest = std::min(fewest, c.issues.size());
        const std::vector<TransceiverModel>& modules = catalog_.transceivers;
        std::vector<Issue> issues;
        std::optional<Candidate> closer;
        LossBudget loss;
        std::string lossText;
        for (std::size_t i = 0; i < modules.size(); ++i)
            for (std::size_t j = 0; j < modules.size(); ++j) {
                const std::size_t atEnds = ends.atA[i].size() + ends.atB[j].size();
                if (atEnds >= fewest) continue;  // pair issues only add
                issues.clear();
                pairIssues(modules[i], modules[j], ends.fibreBetween(i, fibreLegsFor(modules[j], quiet)), quiet,
                           neededLengthM, key.sameRack, issues, loss, lossText);
                if (atEnds + issues.size() >= fewest) continue;
                fewest = atEnds + issues.size();
                Candidate pair;
                pair.moduleA = &modules[i];
                pair.moduleB = &modules[j];
                pair.endIssuesChecked = true;
                closer = std::move(pair);
            }
        return closer;
    }

    // The first candidate, assembly or any module pair of the catalog, that fails only because of whose part it
    // is (third-party optics off, or off the platform's list): what allowing third-party optics would buy,
    // which the diagnosis names before a closer part that does not fit. Weighed quietly.
    std::optional<Candidate> originOnlyCandidate(const std::vector<Candidate>& all, const ModuleEnds& ends,
                                                 const ClassContext& quiet, const GroupKey& key, double neededLengthM) const
    {
        for (const Candidate& c : all)
            if (onlyOrigin(c.issues)) return c;
        const std::vector<TransceiverModel>& modules = catalog_.transceivers;
        const auto noneOrOrigin = [](const std::vector<Issue>& v) { return v.empty() || onlyOrigin(v); };
        std::vector<Issue> issues;
        LossBudget loss;
        std::string lossText;
        for (std::size_t i = 0; i < modules.size(); ++i)
            for (std::size_t j = 0; j < modules.size(); ++j) {
                const std::vector<Issue>&atA = ends.atA[i], &atB = ends.atB[j];
                if (!noneOrOrigin(atA) || !noneOrOrigin(atB) || (atA.empty() && atB.empty())) continue;
                issues.clear();
                pairIssues(modules[i], modules[j], ends.fibreBetween(i, fibreLegsFor(modules[j], quiet)), quiet,
                           neededLengthM, key.sameRack, issues, loss, lossText);
                if (!issues.empty()) continue;
                Candidate pair;
                pair.moduleA = &modules[i];
                pair.moduleB = &modules[j];
                pair.endIssuesChecked = true;
                pair.issues = atA;
                pair.issues.insert(pair.issues.end(), atB.begin(), atB.end());
                return pair;
            }
        return std::nullopt;
    }

    // Nothing fits the group: the closest candidate (fewest issues) and its issues' texts as the reason.
    Candidate diagnose(const GroupKey& key, double neededLengthM)
    {
        const ClassContext ctx = contextOf(key);
        const std::string& pin = pin_[key.cls];
        // Unpinned: diagnose with the closest candidate over every module pair, once per class (findings
        // aggregate per class and keep the first message, so later ones are not shown).
        if (pin.empty() && diagnosed_[key.cls]) {
            Candidate none;
            none.sol.cls = ctx.cls;
            none.sol.reason = "no feasible part";
            none.issues.push_back({"media.no-part", "no part fits", ""});
            return none;
        }
        // Weighed quietly too: the closest is the first with the fewest issues, and only its texts are read.
        std::vector<Candidate> all = candidates(key, neededLengthM, Weigh::ToDiagnose);
        if (pin.empty()) {
            diagnosed_[key.cls] = true;
            ClassContext quiet = ctx;
            quiet.quiet = true;
            const ModuleEnds ends = moduleEndsOf(quiet, neededLengthM);
            if (std::optional<Candidate> origin = originOnlyCandidate(all, ends, quiet, key, neededLengthM)) all = {std::move(*origin)};
            else if (std::optional<Candidate> pair = closerModulePair(all, ends, quiet, key, neededLengthM)) all = {std::move(*pair)};
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
        // Among those of the fewest issues, the one that falls shortest of the route: past every part's reach
        // the hint names the longest-reach part (FR4 at 2 km), not the first tried (SR8 at 50 m).
        const auto shortfallM = [neededLengthM](const Candidate& c) {
            double reach = 0;
            if (c.assemblyPart) reach = c.assemblyPart->lengthM;
            else if (c.moduleA && c.moduleB) reach = std::min(longestReachM(*c.moduleA), longestReachM(*c.moduleB));
            return std::max(0.0, neededLengthM - reach);
        };
        const auto fewest = std::min_element(all.begin(), all.end(), [&](const Candidate& x, const Candidate& y) {
            if (x.issues.size() != y.issues.size()) return x.issues.size() < y.issues.size();
            return shortfallM(x) < shortfallM(y);
        });
        const Candidate closest = withTexts(*fewest, ctx, key, neededLengthM);
        if (!pin.empty()) return closest;  // keep the pinned part; its issues become findings
        Candidate none;
        none.sol.cls = ctx.cls;
        std::string why;
        for (const Issue& i : closest.issues) why += (why.empty() ? "" : "; ") + i.message;
        // Optics by their modules (and fibre), an assembly by its part number.
        std::string name = closest.sol.moduleA.empty() ? closest.sol.cablePart
                                                       : closest.sol.moduleA + " + " + closest.sol.moduleB;
        if (!closest.sol.moduleA.empty() && !closest.sol.cablePart.empty()) name += " over " + closest.sol.cablePart;
        char buf[96];
        // Only whose part it is stands in the way (third-party optics off, or off the platform's list): say
        // that no OEM part fits and that this one would with third-party optics allowed.
        if (onlyOrigin(closest.issues)) {
            std::snprintf(buf, sizeof buf, "no OEM part fits a %.1f m route; third-party: ", neededLengthM);
            none.issues.push_back({"media.no-part", buf + name + " would (" + why + ")",
                                   "Allow third-party optics, or add the switch or NIC vendor's own part to the catalog"});
        } else {
            std::snprintf(buf, sizeof buf, "no part fits a %.1f m route; closest: ", neededLengthM);
            none.issues.push_back({"media.no-part", buf + name + " (" + why + ")",
                                   "Add a fitting part to the catalog, allow third-party optics, or change the floor plan"});
        }
        none.sol.reason = "no feasible part";
        return none;
    }

    // Modules that pass every end constraint at one end, once per (class, end, links carried), not per link.
    const std::vector<const TransceiverModel*>& fitting(const ClassContext& ctx, bool upper)
    {
        const LinkEnd& end = upper ? ctx.b : ctx.a;
        auto [it, added] = fitting_.try_emplace({int(ctx.cls), upper, end.linksCarried});
        if (!added) return it->second;
        ClassContext quiet = ctx;  // only whether a module has issues is read
        quiet.quiet = true;
        for (const TransceiverModel& m : catalog_.transceivers) {
            std::vector<Issue> issues;
            moduleEndIssues(m, end, quiet, issues);
            if (issues.empty()) it->second.push_back(&m);
        }
        return it->second;
    }

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
                cand.sol.cableLegs = std::max(1, c.legsB);
                cand.sol.orderLengthM = c.lengthM;
                // A half-used cage's cable serves only the links the cage carries.
                const int served = linksServed(singleAtB ? ctx.b : ctx.a, linksPerCable);
                cand.costUsdPerLink = price(c) / served;
                cand.powerWPerLink = c.powerW / served;
                best = std::move(cand);
                have = true;
            }
            if (c.legsB <= 1 && ctx.a.cageType == ctx.b.cageType) break;  // symmetric: one orientation
        }
        (void)sameRack;
        return best;
    }

    // The shortest (then cheapest) fibre of module a's type with `legs` legs (1 straight, 2 a 1:2 splitter).
    const CableModel* fibreFor(const TransceiverModel& a, double neededLengthM, int cls, int legs) const
    {
        if (pinIsFibre_[cls]) return catalog_.findCable(pin_[cls]);  // kept even when it does not fit
        const CableModel* best = nullptr;
        const CableModel* anyConnector = nullptr;
        const std::string type = fiberTypeName(a.medium, spec_.media.multimodeFiber);
        for (const CableModel& c : catalog_.cables) {
            if (c.kind != CableKind::FiberPatch && c.kind != CableKind::FiberTrunk) continue;
            if (c.lengthM + 1e-9 < neededLengthM || c.fiberType != type || std::max(1, c.legsB) != legs) continue;
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
        const int legs = fibreLegsFor(b, ctx);
        const CableModel* fibre = fibreFor(a, neededLengthM, int(ctx.cls), legs);
        pairIssues(a, b, fibre, ctx, neededLengthM, sameRack, cand.issues, cand.sol.loss, cand.sol.reason);
        const int panels = patchPanelsOf(sameRack);
        cand.sol.cls = ctx.cls;
        cand.sol.media = mediaClassOf(a.medium);
        cand.moduleA = &a;
        cand.moduleB = &b;
        cand.endIssuesChecked = withEndIssues;
        cand.sol.moduleA = a.partNumber;
        cand.sol.moduleB = b.partNumber;
        // A module serves as many links as its ports carry (two a port when it splits them), bounded by
        // what the cage carries at its split.
        const PortMode modeA = portMode(a, ctx.a, ctx.linkGbps), modeB = portMode(b, ctx.b, ctx.linkGbps);
        auto linksPerModule = [](const TransceiverModel& m, const LinkEnd& end, PortMode mode) {
            const int links = m.ports * std::max(1, linksPerPort(mode));
            return std::max(1, end.generic ? links : std::min(links, std::max(1, end.linksPerCage)));
        };
        cand.sol.linksPerModuleA = linksPerModule(a, ctx.a, modeA);
        cand.sol.linksPerModuleB = linksPerModule(b, ctx.b, modeB);
        cand.sol.halfLanesA = modeA == PortMode::HalfLeg;
        cand.sol.halfLanesB = modeB == PortMode::HalfLeg;
        // A 1:2 splitter fibre carries two links, one a leg, from one port of the upper module.
        cand.sol.linksPerCable = legs;
        cand.sol.cableLegs = legs;
        // Cost and power per link: a module in half-used cages serves only the links they carry (a
        // twin-port module on one link is charged to that link whole).
        const int servedA = a.ports > 0 && !ctx.a.generic ? linksServed(ctx.a, cand.sol.linksPerModuleA) : cand.sol.linksPerModuleA;
        const int servedB = b.ports > 0 && !ctx.b.generic ? linksServed(ctx.b, cand.sol.linksPerModuleB) : cand.sol.linksPerModuleB;
        cand.sol.cablePart = fibre ? fibre->partNumber : std::string();
        cand.sol.orderLengthM = fibre ? fibre->lengthM : neededLengthM;
        cand.sol.patchPanelPorts = panels;
        cand.costUsdPerLink = price(a) / servedA + price(b) / servedB + (fibre ? price(*fibre) / legs : kUnknownCost) +
                              panels * (1.0 + 1.0 / legs) / 2 * panelPortCost(a.connector);  // bom.cpp's count
        cand.powerWPerLink = modulePowerW(a, modeA) / servedA + modulePowerW(b, modeB) / servedB;
        return cand;
    }

    int patchPanelsOf(bool sameRack) const { return sameRack ? 0 : spec_.floor.patchPanelsPerFibreLink; }

    // The constraints between two modules and the fibre joining them (optics() adds the ends' own).
    void pairIssues(const TransceiverModel& a, const TransceiverModel& b, const CableModel* fibre,
                    const ClassContext& ctx, double neededLengthM, bool sameRack, std::vector<Issue>& out,
                    LossBudget& loss, std::string& lossText) const
    {
        ChannelInput channel;
        channel.matedPairs = patchPanelsOf(sameRack);
        channel.splices = optical::kSplicesPerLink;
        modulePairIssues(a, b, fibre, neededLengthM, channel, ctx, out, loss, lossText);
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

    // The best of the candidates without issues (nullptr: none), how many there were, and whether copper
    // was preferred in the rack.
    const Candidate* bestOf(const std::vector<Candidate>& all, bool sameRack, int& feasible, bool& copperFirst) const
    {
        copperFirst = sameRack && spec_.media.preferCopperInRack &&
                      std::any_of(all.begin(), all.end(), [](const Candidate& c) {
                          return c.issues.empty() && (c.sol.media == MediaClass::DAC || c.sol.media == MediaClass::ACC);
                      });
        const bool byPower = spec_.media.objective == MediaObjective::LowestPower;
        const Candidate* best = nullptr;
        feasible = 0;
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
        return best;
    }

    // The chosen candidate's reason: the objective, the feasible count, power and cost per link, and
    // for optics the loss arithmetic (their sol.reason so far).
    void explain(Candidate& out, int feasible, bool copperFirst) const
    {
        const bool byPower = spec_.media.objective == MediaObjective::LowestPower;
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
    }

    const ClusterSpec& spec_;
    const Catalog& catalog_;
    ClassContext ctx_[kLinkClassCount];
    std::map<std::tuple<int, bool, int>, std::vector<const TransceiverModel*>> fitting_;
    // Assemblies long enough for their group's route, weighed quietly (candidates), by cable (its index in
    // the catalog) and group shape: class, links carried at the lower and upper end, aligned.
    std::map<std::tuple<std::size_t, int, int, int, bool>, Candidate> assemblies_;
    std::string pin_[kLinkClassCount];
    bool pinIsFibre_[kLinkClassCount] = {};
    bool diagnosed_[kLinkClassCount] = {};
    std::vector<double> lengthsM_;  // distinct orderable lengths, ascending
};

Severity severityOf(const std::string& rule)
{
    return rule == kNotQualifiedRule || rule == "media.not-oem" || rule == kThirdPartyRule ? Severity::Warning
                                                                                                 : Severity::Error;
}

} // namespace

MediaAssignment select(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout, const Catalog& catalog,
                       const Hardware& hardware)
{
    return select(spec, fabric, layout, catalog, hardware, groupByCage(fabric, hardware));
}

bool partFitsFullUpperCage(const ClusterSpec& spec, const FabricShape& shape, const Catalog& catalog,
                           const Hardware& hardware, LinkClass cls)
{
    Fabric shaped;  // the selector reads the shape alone
    shaped.shape = shape;
    Selector selector(spec, shaped, catalog, hardware);
    const int c = int(cls);
    const int lowerCarried = selector.linksPerCage(c, false) > 1 ? 1 : 0;  // 0: a one-link cage is full
    for (bool sameRack : {false, true})
        if (selector.anyFits(GroupKey{c, 0, sameRack, true, lowerCarried, 0}, 0.0)) return true;
    return false;
}

namespace {

constexpr std::uint64_t kSlots = kCarriedSlots;

std::vector<int> linksPerCageOf(const Selector& selector)
{
    std::vector<int> out;
    for (int cls = 0; cls < kLinkClassCount; ++cls)
        for (const bool upper : {false, true}) out.push_back(selector.linksPerCage(cls, upper));
    return out;
}

// The link keys of `grouping`'s cage groups (LinkKeys), for the selector's links per cage.
void keyLinks(const Fabric& fabric, const Layout& layout, const CageGrouping& grouping, const Selector& selector,
              LinkKeys& out)
{
    const std::size_t linkCount = fabric.links.size();
    const int steps = selector.steps();
    const bool haveLengths = layout.linkLengthM.size() == linkCount;
    const bool haveRacks = layout.rackOfDevice.size() == fabric.devices.size();
    out.linksPerCage = linksPerCageOf(selector);
    ++out.version;
    out.keys.clear();
    out.longestM.clear();

    // Cage groups (media/cage_grouping.h): each is sized for its longest link and counts as in-rack
    // only if all of its links are.
    const std::vector<std::uint32_t>& parent = grouping.rootOfLink;
    const std::vector<std::uint8_t>&carriedA = grouping.carriedA, &carriedB = grouping.carriedB,
                                   &cageGroupAligned = grouping.aligned;
    // One word per link serves three purposes in turn at each cage group's root (a group's root is its
    // lowest link, so parent[i] <= i): its longest link, then its key's number in order of appearance,
    // then its key's rank; every link finally takes its root's. A length >= 0 (or +inf) orders as its
    // bits do, so the longest is kept as bits. This spares two per-link arrays (8 bytes a link).
    std::vector<std::uint32_t>& atRoot = out.keyOfLink;
    atRoot.assign(linkCount, std::bit_cast<std::uint32_t>(0.0f));
    // Per cage group, at its root: whether all of its links stay in one rack.
    std::vector<std::uint8_t> cageGroupInRack(linkCount, 1);
    const float* const lengthM = haveLengths ? layout.linkLengthM.data() : nullptr;
    const std::uint32_t* const rackOf = haveRacks ? layout.rackOfDevice.data() : nullptr;
    // 0 when the cages are full (or over-full: the invariant check reports that), else the links carried.
    auto carriedKey = [&](int cls, bool upper, int carried) {
        const int split = selector.linksPerCage(cls, upper);
        return carried >= split || carried >= kCarriedSlots ? 0 : carried;
    };
    // Group key = ((((class * steps + step) * 2 + aligned) * 2 + sameRack) * slots + carriedA) * slots + carriedB;
    // links in a group share one solution. Keys are computed per cage group (at its root) and the few
    // distinct ones numbered in key order, so solutions come out in the same order whatever the links'.
    // A group is solved when any link falls in it, whatever its lengths: a length that is not a number
    // (an overflowed floor dimension) must not leave its links without a solution.
    // The links are taken from the last: a group's other links all come after its root, so each group is
    // complete when its root is reached and keyed there, in the same pass (one pass and a short one, not
    // three). Keys are numbered in order of appearance here, then ranked in key order.
    std::vector<std::uint64_t> seen;  // in order of appearance
    std::vector<float> longestOfSeen;
    std::vector<std::int64_t> firstOfSeen;  // the lowest root of each
    {
        std::unordered_map<std::uint64_t, std::uint32_t> groupOfKey;
        std::uint64_t lastKey = ~std::uint64_t(0);
        std::uint32_t lastGroup = 0;
        // The last step looked up and the lengths that share it: neighbouring groups mostly do, and a
        // binary search per group was a third of keying them.
        int lastStep = 0;
        double stepLow = 0, stepHigh = -1;  // empty: the first group looks its step up
        const Link* const links = fabric.links.data();
        for (std::size_t i = linkCount; i-- > 0;) {
            const Link& l = links[i];
            const std::uint32_t root = parent[i];
            // NaN reads as "no cable is long enough", so the link gets a reach finding, not a lost group.
            const float raw = lengthM ? lengthM[i] : 0.0f;
            // (raw > 0 ? raw : +0, not std::max: a -0 would keep its sign bit and outrank every length.)
            const float len = std::isnan(raw) ? std::numeric_limits<float>::infinity() : raw > 0.0f ? raw : 0.0f;
            const std::uint32_t longest = std::max(atRoot[root], std::bit_cast<std::uint32_t>(len));
            const bool inRack = cageGroupInRack[root] && rackOf && rackOf[l.a] == rackOf[l.b];
            if (root != i) {
                atRoot[root] = longest;
                cageGroupInRack[root] = inRack;
                continue;
            }
            const int cls = int(l.cls);
            const float groupLengthM = std::bit_cast<float>(longest);
            const double compared = double(groupLengthM) - 1e-6;  // as stepOf compares it
            if (!(stepLow < compared && compared <= stepHigh)) {
                lastStep = selector.stepOf(groupLengthM);
                selector.stepBounds(lastStep, stepLow, stepHigh);
            }
            const std::uint64_t base = std::uint64_t(
                ((cls * steps + lastStep) * 2 + (cageGroupAligned[i] ? 1 : 0)) * 2 + (inRack ? 1 : 0));
            const std::uint64_t key = (base * kSlots + std::uint64_t(carriedKey(cls, false, carriedA[i]))) * kSlots +
                                      std::uint64_t(carriedKey(cls, true, carriedB[i]));
            if (key != lastKey) {
                const auto [it, added] = groupOfKey.try_emplace(key, std::uint32_t(seen.size()));
                if (added) {
                    seen.push_back(key);
                    longestOfSeen.push_back(0.0f);
                    firstOfSeen.push_back(0);
                }
                lastKey = key;
                lastGroup = it->second;
            }
            atRoot[i] = lastGroup;
            firstOfSeen[lastGroup] = std::int64_t(i);  // lower roots come later
            longestOfSeen[lastGroup] = std::max(longestOfSeen[lastGroup], groupLengthM);
        }
    }
    std::vector<std::uint32_t> byKey(seen.size());
    std::iota(byKey.begin(), byKey.end(), 0u);
    std::sort(byKey.begin(), byKey.end(), [&](std::uint32_t x, std::uint32_t y) { return seen[x] < seen[y]; });
    std::vector<std::uint32_t> rankOf(seen.size(), 0);
    out.firstLink.clear();
    for (std::uint32_t k : byKey) {
        rankOf[k] = std::uint32_t(out.keys.size());
        out.keys.push_back(seen[k]);
        out.longestM.push_back(longestOfSeen[k]);
        out.firstLink.push_back(firstOfSeen[k]);
    }
    // Each root's number becomes its key's rank, and every other link takes its root's, which comes
    // before it and so is already a rank.
    out.links.assign(out.keys.size(), 0);
    long long* const linksOf = out.links.data();
    for (std::size_t i = 0; i < linkCount; ++i) {
        const std::uint32_t root = parent[i];
        const std::uint32_t k = root == i ? rankOf[atRoot[i]] : atRoot[root];
        atRoot[i] = k;
        ++linksOf[k];
    }
}

// select on `grouping`'s cage groups with their link keys; `out` holds the grouping's cages already.
MediaAssignment selectOnKeys(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout, const Catalog& catalog,
                             const Hardware& hardware, const CageGrouping& grouping, LinkKeys& linkKeys,
                             bool keysShared, MediaAssignment out)
{
    Selector selector(spec, fabric, catalog, hardware);
    if (linkKeys.keyOfLink.size() != fabric.links.size() || linkKeys.linksPerCage != linksPerCageOf(selector))
        keyLinks(fabric, layout, grouping, selector, linkKeys);
    const int steps = selector.steps();
    std::vector<std::vector<Issue>> issuesOfSolution;
    for (std::size_t k = 0; k < linkKeys.keys.size(); ++k) {
        const std::uint64_t g = linkKeys.keys[k];
        const std::uint64_t base = g / (kSlots * kSlots);
        GroupKey key{int(base / 4 / std::uint64_t(steps)), int(base / 4 % std::uint64_t(steps)), base % 2 == 1,
                     base / 2 % 2 == 1, int(g / kSlots % kSlots), int(g % kSlots)};
        Candidate c = selector.solve(key, linkKeys.longestM[k]);
        out.solutions.push_back(std::move(c.sol));
        issuesOfSolution.push_back(std::move(c.issues));
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
                a.f.link = linkKeys.firstLink[s];
                a.message = issue.message;
            }
            a.links += linkKeys.links[s];
        }
    }
    for (auto& [k, a] : agg) {
        const std::string cls = displayName(LinkClass(k.second)), links = withThousands(a.links);
        a.f.where = cls + " links (" + links + ")";
        a.f.message = links + " " + cls + (a.links == 1 ? " link: " : " links: ") + a.message;
        out.findings.push_back(std::move(a.f));
    }
    // Solution k solves key k. Each plan keeps its own copy of shared keys (4 bytes a link, a plain copy).
    out.solutionOfLink = keysShared ? linkKeys.keyOfLink : std::move(linkKeys.keyOfLink);
    return out;
}

MediaAssignment selectOnGroups(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout,
                               const Catalog& catalog, const Hardware& hardware, const CageGrouping& grouping,
                               MediaAssignment out)
{
    LinkKeys own;
    return selectOnKeys(spec, fabric, layout, catalog, hardware, grouping, own, false, std::move(out));
}

} // namespace

MediaAssignment select(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout, const Catalog& catalog,
                       const Hardware& hardware, CageGrouping&& grouping)
{
    MediaAssignment out;
    out.cages = std::move(grouping.cages);
    return selectOnGroups(spec, fabric, layout, catalog, hardware, grouping, std::move(out));
}

MediaAssignment select(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout, const Catalog& catalog,
                       const Hardware& hardware, const CageGrouping& grouping)
{
    MediaAssignment out;
    out.cages = grouping.cages;
    return selectOnGroups(spec, fabric, layout, catalog, hardware, grouping, std::move(out));
}

MediaAssignment select(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout, const Catalog& catalog,
                       const Hardware& hardware, const CageGrouping& grouping, LinkKeys& keys)
{
    MediaAssignment out;
    out.cages = grouping.cages;
    return selectOnKeys(spec, fabric, layout, catalog, hardware, grouping, keys, true, std::move(out));
}

} // namespace media
} // namespace fp
