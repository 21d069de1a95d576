#include "plan/invariant_proofs.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <string>
#include <type_traits>

#include "plan/cage_slots.h"
#include "plan/invariant_findings.h"
#include "plan/plan.h"

namespace fp::checks::proofs {
namespace {

// What a link end puts into its cage: a part, and what every link sharing the cage must agree on with it.
struct Kind {
    const std::string* part = nullptr;  // empty: no part
    int end = 0;                        // 0 lower, 1 upper
    int ports = 1;                      // links one of it carries
    bool module = false;                // a transceiver (else an assembly's end)
    bool excused = false;               // of a link class media reported an error on: may crowd, may lack a part
    bool operator==(const Kind& o) const
    {
        return *part == *o.part && end == o.end && ports == o.ports && module == o.module && excused == o.excused;
    }
};

// Kinds numbered 1..255 in first-seen order, so that a cage holds its kind in a byte (0: none yet). A
// linear search: a plan has a handful of solutions.
class Kinds {
public:
    std::uint8_t idOf(const Kind& k)
    {
        const auto it = std::find(kinds_.begin(), kinds_.end(), k);
        if (it != kinds_.end()) return std::uint8_t(it - kinds_.begin() + 1);
        if (kinds_.size() == 255) {
            full_ = true;  // the proof gives up
            return 0;
        }
        kinds_.push_back(k);
        return std::uint8_t(kinds_.size());
    }
    const Kind& operator[](std::uint8_t id) const { return kinds_[id - 1u]; }
    std::size_t size() const { return kinds_.size(); }
    bool full() const { return full_; }

private:
    std::vector<Kind> kinds_;
    bool full_ = false;
};

// Per solution, link class excused or not, and end ([4s + 2 excused + end], end 0 lower, 1 upper), the
// kind of part its link puts in the cage, shifted to the high byte of a cage's word; 0 (give up) for no
// part unless excused. The crowding limit is the module's ports, or for an assembly's end the links of one
// cable (findings::oneKindPerCage).
std::vector<std::uint16_t> kindsOfSolutions(const MediaAssignment& m, Kinds& kinds)
{
    std::vector<std::uint16_t> out(4 * m.solutions.size());
    for (std::size_t s = 0; s < m.solutions.size(); ++s)
        for (int excused = 0; excused < 2; ++excused)
            for (int end = 0; end < 2; ++end) {
                const LinkSolution& sol = m.solutions[s];
                const std::string& module = end ? sol.moduleB : sol.moduleA;
                const int ports = module.empty() ? sol.linksPerCable : end ? sol.linksPerModuleB : sol.linksPerModuleA;
                const std::string& part = findings::partAt(sol, end == 1);
                const Kind k{&part, end, std::max(1, ports), !module.empty(), excused == 1};
                out[4 * s + std::size_t(2 * excused + end)] =
                    std::uint16_t(part.empty() && !excused ? 0 : kinds.idOf(k) << 8);
            }
    return out;
}

constexpr std::array<std::uint8_t, 256> kBitsSet = [] {
    std::array<std::uint8_t, 256> bits{};
    for (int v = 1; v < 256; ++v) bits[std::size_t(v)] = std::uint8_t(bits[std::size_t(v / 2)] + (v & 1));
    return bits;
}();

constexpr std::array<std::uint32_t, 8> kSlotBit = {1, 2, 4, 8, 16, 32, 64, 128};  // a load, not a shift by a register

// Every multi-leg cable holds links of its leader's solution that name it, each once, and no other link
// names one: then every link is in exactly one cable (findings::bomIsTheCablePlan's link-missing), and a
// cable's legs put its leader's parts in their cages, as their own. cablesOf (per solution, one per link
// so far) loses the legs after the first of each such cable.
bool multiLegCablesAreSound(const Plan& p, const bom::CableGroups& groups, std::vector<long long>& cablesOf)
{
    if (groups.cableOfLink.empty()) return true;  // every link a cable of its own
    const std::size_t n = p.fabric.links.size();
    const std::vector<std::uint32_t>& solutionOf = p.media.solutionOfLink;
    if (groups.cableOfLink.size() != n) return false;
    std::size_t legs = 0, named = 0;
    for (std::size_t k = 0; k < groups.multiLegCables(); ++k) {
        const std::uint32_t leader = groups.leaders[k];
        const std::span<const std::uint32_t> own = groups.legsOf(k);
        if (leader >= n || groups.cableOfLink[leader] != k || own.empty() || own.size() > 8) return false;
        for (auto leg = own.begin(); leg != own.end(); ++leg)
            if (*leg >= n || groups.cableOfLink[*leg] != k || solutionOf[*leg] != solutionOf[leader] ||
                std::find(own.begin(), leg, *leg) != leg)
                return false;
        legs += own.size();
        cablesOf[solutionOf[leader]] -= std::int64_t(own.size()) - 1;
    }
    const std::uint32_t* cable = groups.cableOfLink.data();
    for (std::size_t i = 0; i + 1 < n; i += 2)  // two at a time: this runs over every link
        named += std::size_t(cable[i] != bom::CableGroups::kNone) + std::size_t(cable[i + 1] != bom::CableGroups::kNone);
    if (n % 2) named += cable[n - 1] != bom::CableGroups::kNone;
    return named == legs;  // with each cable's legs distinct and naming it: the links that name it
}

} // namespace

void PartTotals::add(const std::string& part, long long qty)
{
    const auto it = std::find(parts_.begin(), parts_.end(), part);
    if (it == parts_.end()) {
        parts_.push_back(part);
        qty_.push_back(qty);
    } else {
        qty_[std::size_t(it - parts_.begin())] += qty;
    }
}

long long PartTotals::of(const std::string& part) const
{
    const auto it = std::find(parts_.begin(), parts_.end(), part);
    return it == parts_.end() ? 0 : qty_[std::size_t(it - parts_.begin())];
}

bool PartTotals::sameAs(const PartTotals& o) const
{
    const auto within = [](const PartTotals& x, const PartTotals& y) {
        for (std::size_t k = 0; k < x.parts_.size(); ++k)
            if (x.qty_[k] != y.of(x.parts_[k])) return false;
        return true;
    };
    return within(*this, o) && within(o, *this);
}

// The plain checks keep per cage its first link and a count and look that link up again for every other
// end, then walk the cables leg by leg with a 12-byte record per cage and a map for second parts. Here a
// cage keeps, in two bytes, the kind of its first end and a bit per port slot. Same kind = same end (the
// cage is on the device of that end: checked) and same part, so no cage-mixed; every slot once = no port
// reused (an end's cage and slot are a function of its device and port); slots in use within the kind's
// ports, and a part at every end = no crowded cage, no part missing (unless excused, as the plain check
// excuses them). Stricter than the plain check where it can afford to be (ports must agree too). A cage
// that holds then holds one module of its kind, if any: modules are counted as cages, by their first end
// (a crowded cage of modules, excused, leaves the BOM to the plain check).
namespace {
void walk(const Plan&, const CageIndex&, const bom::CableGroups&, const Kinds&, const bool* excusedClass, Walk&);
} // namespace

Proof::Proof(const Plan& p, const CageIndex& cages, const bom::CableGroups& groups, Walk* memo)
{
    const Fabric& f = p.fabric;
    const MediaAssignment& m = p.media;
    const std::size_t n = f.links.size();
    if (m.solutionOfLink.size() < n) return;
    Kinds kinds;
    Walk w;
    w.kindAt = kindsOfSolutions(m, kinds);
    if (kinds.full()) return;
    // A link class media reported an error on is excused a crowded cage or a missing part (that error is
    // what the user sees and fixes), when it is the class of the cage's first link.
    bool excusedClass[kLinkClassCount] = {};
    for (const Finding& fd : m.findings)
        if (fd.severity == Severity::Error && fd.link >= 0 && std::size_t(fd.link) < n)
            excusedClass[int(f.links[std::size_t(fd.link)].cls)] = true;
    w.excusedClasses.assign(std::begin(excusedClass), std::end(excusedClass));
    for (std::size_t k = 1; k <= kinds.size(); ++k) {
        const Kind& kind = kinds[std::uint8_t(k)];
        w.kindShapes.push_back(std::uint32_t(kind.ports) << 2 | std::uint32_t(kind.module) << 1 | std::uint32_t(kind.excused));
    }
    const bool walkedAlike = memo && memo->done && memo->kindAt == w.kindAt && memo->kindShapes == w.kindShapes &&
                             memo->excusedClasses == w.excusedClasses;
    if (walkedAlike) w = *memo;
    else walk(p, cages, groups, kinds, excusedClass, w);
    if (memo && !walkedAlike) *memo = w;
    if (!w.portsAndCagesHold) return;
    portsAndCagesHold_ = true;
    if (w.crowdedButExcused || !w.cablesSound) return;

    for (std::size_t k = 1; k <= kinds.size(); ++k)
        if (kinds[std::uint8_t(k)].module) planModules_.add(*kinds[std::uint8_t(k)].part, w.cagesOfKind[k]);
    for (std::size_t s = 0; s < m.solutions.size(); ++s)
        if (!m.solutions[s].cablePart.empty()) planCables_.add(m.solutions[s].cablePart, w.cablesOf[s]);
    counted_ = true;
}

namespace {

// The walk itself: fills w's results (w.kindAt given).
void walk(const Plan& p, const CageIndex& cages, const bom::CableGroups& groups, const Kinds& kinds,
          const bool* excusedClass, Walk& w)
{
    const Fabric& f = p.fabric;
    const MediaAssignment& m = p.media;
    const std::size_t n = f.links.size();
    const std::vector<std::uint16_t>& kindAt = w.kindAt;
    w.done = true;
    // fits[kind << 8 | slots in use]: 1 no more slots than the kind's ports, or more but excused; 2 more
    // modules excused (the cage holds, a count of one module per cage does not); 0 more (never for kind 0).
    std::vector<std::uint8_t> fits(256 * (kinds.size() + 1), 0);
    for (std::size_t k = 1; k <= kinds.size(); ++k) {
        const Kind& kind = kinds[std::uint8_t(k)];
        for (std::size_t slots = 0; slots < 256; ++slots)
            fits[k << 8 | slots] = kBitsSet[slots] <= kind.ports || (kind.excused && !kind.module) ? 1
                                   : kind.excused                                                ? 2
                                                                                                 : 0;
    }

    const CageSlots where(f, cages);
    std::vector<std::uint16_t> cageWords(cages.count());  // per cage: kind << 8 | a bit per port slot in use
    std::vector<long long> cagesOfKind(kinds.size() + 1, 0);
    std::uint16_t* use = cageWords.data();
    long long* firstEnds = cagesOfKind.data();
    const std::uint8_t* fit = fits.data();
    bool crowdedButExcused = false;
    const auto holds = [&](DeviceId d, std::uint16_t port, std::uint32_t kind) {
        std::uint32_t cage = 0, slot = 0;
        if (!where.ownCage(d, port, cage, slot)) return false;
        const std::uint32_t u = use[cage], mine = kind | kSlotBit[slot], both = u | mine;
        if (u == 0) ++firstEnds[kind >> 8];  // a cage newly in use
        else if ((u ^ mine) > 0xffu || both == u) return false;  // another kind of part; a port used twice
        if (fit[both] != 1) {
            if (fit[both] == 0) return false;  // more links than the part's ports, or no part
            crowdedButExcused = true;
        }
        use[cage] = std::uint16_t(both);
        return true;
    };
    const Link* links = f.links.data();
    const std::uint32_t* solutionOf = m.solutionOfLink.data();
    const std::uint32_t solutionCount = std::uint32_t(m.solutions.size());
    std::vector<long long> cablesOf(solutionCount, 0);
    // The walk, with the link's class looked up only when some class is excused.
    const auto walkLinks = [&](auto excusing) {
        for (std::size_t i = 0; i < n; ++i) {
            const Link& l = links[i];
            const std::uint32_t s = solutionOf[i];
            if (s >= solutionCount || l.a == l.b) return false;
            std::size_t at = 4 * std::size_t(s);
            if constexpr (excusing) at += excusedClass[int(l.cls)] ? 2 : 0;
            if (!holds(l.a, l.aPort, kindAt[at]) || !holds(l.b, l.bPort, kindAt[at + 1])) return false;
            ++cablesOf[s];
        }
        return true;
    };
    const bool anyExcused = std::find(excusedClass, excusedClass + kLinkClassCount, true) != excusedClass + kLinkClassCount;
    if (!(anyExcused ? walkLinks(std::true_type{}) : walkLinks(std::false_type{}))) return;
    w.portsAndCagesHold = true;
    w.crowdedButExcused = crowdedButExcused;
    w.cablesSound = !crowdedButExcused && multiLegCablesAreSound(p, groups, cablesOf);
    w.cagesOfKind = std::move(cagesOfKind);
    w.cablesOf = std::move(cablesOf);
}

} // namespace

bool Proof::bomIsTheCablePlan(const Bom& bom) const
{
    if (!counted_) return false;
    PartTotals bomModules, bomCables;
    for (const BomLine& l : bom.lines) {
        if (l.category == BomCategory::Transceivers) bomModules.add(l.part, l.qty);
        if (l.category == BomCategory::Cables || l.category == BomCategory::Fibre) bomCables.add(l.part, l.qty);
    }
    return planModules_.sameAs(bomModules) && planCables_.sameAs(bomCables);
}

Verdict prove(const Plan& p, const CageIndex& cages, const bom::CableGroups& groups)
{
    const Proof proof(p, cages, groups);
    return {proof.portsAndCagesHold(), proof.bomIsTheCablePlan(p.bom)};
}

} // namespace fp::checks::proofs
