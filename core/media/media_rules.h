#pragma once
// The constraints one candidate (an assembly, or two transceivers and a fibre) must meet on one
// class of links. Each broken constraint is an Issue carrying the finding's rule id, so a pinned part
// that does not work can be kept and reported with exactly the rules it breaks.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "media/loss_budget.h"
#include "media/media.h"

namespace fp::media {

struct Issue {
    std::string rule;     // "media.reach", "media.cage-mismatch", ...
    std::string message;
    std::string fix;
    bool origin = false;  // only whose part it is (media.third-party, media.not-qualified); set quiet too
};

// Issues that only say whose part it is: allowing third-party optics would remove every one of them.
inline bool onlyOrigin(const std::vector<Issue>& issues)
{
    for (const Issue& i : issues)
        if (!i.origin) return false;
    return !issues.empty();
}

// One end of a link class: the cage a module or a cable end plugs into.
struct LinkEnd {
    std::string platform;     // switch or NIC part number (for qualification)
    std::string cageType;
    bool cageFinned = true;
    double cagePowerClassW = 0;
    int linksPerCage = 1;     // logical links one cage carries at the link speed (0: speed unsupported)
    std::uint32_t splits = 0; // bit k: the cage can also run k (< linksPerCage) ports (Cage::splits)
    int linksCarried = 0;     // the most links any cage of the group carries here; 0: as many as it can
    bool isNic = false;
    bool generic = false;     // a what-if switch (--radix): takes any module/assembly of the link speed
    bool upper = false;       // the class's upper (switch) end: where a splitter's single end goes
};

struct ClassContext {
    LinkClass cls = LinkClass::HostLeaf;
    LinkEnd a, b;
    int linkGbps = 400;
    FabricKind fabric = FabricKind::InfiniBand;
    bool allowThirdParty = false;
    bool oemOnly = false;
    FiberType multimodeFiber = FiberType::OM4;
    const Catalog* catalog = nullptr;
    // Count the issues without writing them: each broken constraint still adds one Issue, with empty
    // texts, and no loss arithmetic is written. The choice reads only whether a candidate has issues
    // (and how many), so it is the same; media::select writes the texts of the parts it keeps.
    bool quiet = false;
};

inline constexpr const char* kThirdPartyRule = "media.third-party";
inline constexpr const char* kNotQualifiedRule = "media.not-qualified";

// Adds one issue; its message (`message()`) is written only when the context is not quiet
// (ClassContext::quiet): the texts of rejected parts were most of what choosing media cost.
template <typename Message>
void addIssue(std::vector<Issue>& out, const ClassContext& ctx, const char* rule, Message&& message, const char* fix)
{
    const bool origin = std::strcmp(rule, kThirdPartyRule) == 0 || std::strcmp(rule, kNotQualifiedRule) == 0;
    if (ctx.quiet) {
        out.emplace_back();
        out.back().origin = origin;
        return;
    }
    out.push_back({rule, message(), fix, origin});
}

// Does a plug of this form factor seat in a cage of this type? Its own type, and a QSFP28 plug in a QSFP56 or
// QSFP112 cage (the QSFP family is backward compatible; media_rules.cpp gives the source).
bool plugFitsCage(const std::string& form, const std::string& cageType);

// Does a module or cable end with `ports` ports (links at the link speed) fit the end's cages? Yes when it
// fills the cage's split, or when every cage of the group carries at most `ports` links and the cage
// can run that many ports (a 400G module in a QSFP-DD800 cage carrying one link). A twin-port module in a
// cage with one link always fits: its other leg stays unused.
bool endTakes(const LinkEnd&, int ports);
// Links one part of `ports` ports serves at this end: no more than its cages carry.
int linksServed(const LinkEnd&, int ports);

// Does a module/cable end of this form factor and top fit the cage? Empty string when it does.
std::string cageFit(const std::string& form, bool finned, const LinkEnd&);

MediaClass mediaClassOf(CableKind);
MediaClass mediaClassOf(Medium);
const char* fiberTypeName(Medium, FiberType multimodeFiber);  // "OM4", "OS2"

// How a module's ports run the link in an end's cage (core/media/README.md, "200G from 400G ports"):
// Native at its port speed, one link a port; HalfLeg on half its lanes at the end of a 1:2 splitter fibre's
// leg (a 400G SR4/DR4 host module at 200G), one link a port; Split: each port feeds the two legs of a 1:2
// splitter fibre, two links a port (a twin-port switch module to four 200G hosts), only at the upper end.
// None: the module does not run the link speed in that cage.
enum class PortMode : std::uint8_t { None, Native, HalfLeg, Split };
PortMode portMode(const TransceiverModel&, const LinkEnd&, int linkGbps);
inline int linksPerPort(PortMode m) { return m == PortMode::Split ? 2 : m == PortMode::None ? 0 : 1; }
// The legs of the fibre from upper module b: 2 (a 1:2 splitter, its single end at b) when b splits its
// ports, else 1 (straight).
int fibreLegsFor(const TransceiverModel& b, const ClassContext&);
// A module's power running the link in that mode (half its lanes: the datasheet's lower figure).
double modulePowerW(const TransceiverModel&, PortMode);

// Constraints of one transceiver at one end (form, top, power class, speed, ports, protocol,
// qualification, OEM policy).
void moduleEndIssues(const TransceiverModel&, const LinkEnd&, const ClassContext&, std::vector<Issue>&);

// Constraints between the two modules and the fibre joining them (PMD, connector, FEC, fibre type,
// reach, loss budget). `loss`/`lossText` receive the arithmetic.
void modulePairIssues(const TransceiverModel& a, const TransceiverModel& b, const CableModel* fibre,
                      double neededLengthM, const ChannelInput& channel, const ClassContext&,
                      std::vector<Issue>&, LossBudget& loss, std::string& lossText);

// Constraints of a DAC/ACC/AOC assembly with its single end at `single` and its legs at `legs`.
// linksPerCable receives the links one cable carries.
void assemblyIssues(const CableModel&, const LinkEnd& single, const LinkEnd& legs, double neededLengthM,
                    const ClassContext&, std::vector<Issue>&, int& linksPerCable);

} // namespace fp::media
