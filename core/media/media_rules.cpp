#include "media/media_rules.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/format.h"

namespace fp::media {
namespace {

std::string fmt(const char* f, auto... args)
{
    char buf[400];
    std::snprintf(buf, sizeof buf, f, args...);
    return buf;
}

// Third-party optics off: a module or cable in `end`'s cage is that platform's vendor's own part, or any
// part when the platform is open optics (its vendor sells none: white boxes). A cable has a plug in two
// devices and comes from one vendor: one from the far device's vendor (`far`, a NIC vendor's DAC to an
// Arista leaf) counts as OEM at this end too (core/media/README.md, "OEM only"). True when it added the
// issue: the qualification list is then not asked too (one reason per end, so a third-party candidate does
// not count twice against a real misfit when the closest candidate is looked for).
bool originIssue(const PartBase& part, const LinkEnd& end, const LinkEnd* far, const ClassContext& ctx,
                 std::vector<Issue>& out)
{
    if (ctx.allowThirdParty || end.generic || !ctx.catalog) return false;
    if (ctx.catalog->originAt(end.platform, part) != PartOrigin::ThirdParty) return false;
    if (far) {
        const PartBase* farHost = ctx.catalog->findPart(far->platform);
        if (farHost && farHost->vendor == part.vendor) return false;
    }
    addIssue(out, ctx, kThirdPartyRule,
        [&] {
            const PartBase* host = ctx.catalog->findPart(end.platform);
            return fmt("%s is a third-party part (%s) in %s, whose vendor %s sells its own; third-party optics are off",
                       part.partNumber.c_str(), part.vendor.c_str(), end.platform.c_str(),
                       host ? host->vendor.c_str() : "?");
        },
        "Allow third-party optics, or add the platform vendor's part to the catalog");
    return true;
}

void qualificationIssues(const PartBase& part, const LinkEnd& end, const ClassContext& ctx,
                         std::vector<Issue>& out)
{
    if (ctx.oemOnly && !part.oem)
        addIssue(out, ctx, "media.not-oem",
            [&] { return fmt("%s is a third-party part; the price policy is OEM-only", part.partNumber.c_str()); },
            "Choose an OEM part, or change the price policy");
    if (!ctx.allowThirdParty && !end.generic && ctx.catalog && !ctx.catalog->isQualified(end.platform, part))
        addIssue(out, ctx, kNotQualifiedRule,
            [&] { return fmt("%s is not qualified on %s", part.partNumber.c_str(), end.platform.c_str()); },
            "Use a part on the platform's qualification list, or allow third-party optics");
}

void protocolIssue(const PartBase& part, Protocol p, const ClassContext& ctx, std::vector<Issue>& out)
{
    if (!speaksFabric(p, ctx.fabric))
        addIssue(out, ctx, "media.protocol",
            [&] {
                return fmt("%s speaks %s; the fabric is %s", part.partNumber.c_str(), toString(p),
                           isEthernet(ctx.fabric) ? "Ethernet" : "InfiniBand");
            },
            "Use a part for the fabric's protocol (or a dual-protocol part)");
}

bool isMpo(const std::string& connector) { return connector.rfind("MPO", 0) == 0; }

} // namespace

MediaClass mediaClassOf(CableKind k)
{
    switch (k) {
    case CableKind::DAC: return MediaClass::DAC;
    case CableKind::ACC: return MediaClass::ACC;
    case CableKind::AOC: return MediaClass::AOC;
    default: return MediaClass::None;
    }
}

MediaClass mediaClassOf(Medium m)
{
    switch (m) {
    case Medium::Multimode: return MediaClass::Multimode;
    case Medium::SingleMode: return MediaClass::SingleMode;
    case Medium::Copper: return MediaClass::DAC;
    }
    return MediaClass::None;
}

const char* fiberTypeName(Medium m, FiberType multimodeFiber)
{
    return m == Medium::SingleMode ? "OS2" : toString(multimodeFiber);
}

bool plugFitsCage(const std::string& form, const std::string& cageType)
{
    if (form == cageType) return true;
    // The QSFP family is backward compatible: a QSFP28 (4 x 25G NRZ) plug seats in a QSFP56 or QSFP112 cage,
    // which runs it at 100G (SFF-8665; NVIDIA's QSFP56 DACs are specified "for use in ConnectX-6/7 adapters and
    // BlueField-2/3", whose ConnectX-7 and BlueField-3 cages are QSFP112: MCP7Y60 product specification). So a
    // DGX H100's QSFP112 in-band port takes a 100GbE QSFP28 cable to an SN4600C. Only QSFP28 is let down this
    // way: QSFP56 plugs in QSFP112 cages would change which parts today's 200G/400G plans pick.
    return form == "QSFP28" && (cageType == "QSFP56" || cageType == "QSFP112");
}

bool endTakes(const LinkEnd& end, int ports)
{
    if (end.generic || ports == end.linksPerCage) return true;
    return end.linksCarried > 0 && ports >= end.linksCarried && ports < end.linksPerCage && ports < 32 &&
           (end.splits >> ports & 1u) != 0;
}

int linksServed(const LinkEnd& end, int ports)
{
    const int carried = end.linksCarried > 0 ? end.linksCarried : std::max(1, end.linksPerCage);
    return std::max(1, std::min(ports, carried));
}

PortMode portMode(const TransceiverModel& m, const LinkEnd& end, int linkGbps)
{
    if (end.linksPerCage == 0 || linkGbps <= 0) return PortMode::None;
    const bool native = m.portGbps == linkGbps, half = m.halfLaneGbps > 0 && m.halfLaneGbps == linkGbps;
    // Split first at a what-if switch, which takes any ports: a twin-port module there feeds four hosts.
    if (half && end.upper && !end.isNic && (end.generic || !endTakes(end, m.ports)) && endTakes(end, 2 * m.ports))
        return PortMode::Split;
    if ((native || half) && endTakes(end, m.ports)) return native ? PortMode::Native : PortMode::HalfLeg;
    return PortMode::None;
}

int fibreLegsFor(const TransceiverModel& b, const ClassContext& ctx)
{
    return portMode(b, ctx.b, ctx.linkGbps) == PortMode::Split ? 2 : 1;
}

double modulePowerW(const TransceiverModel& m, PortMode mode)
{
    return mode == PortMode::HalfLeg && m.halfLanePowerW > 0 ? m.halfLanePowerW : m.powerW;
}

namespace {

enum class CageMisfit { None, Form, FinsUnderHeatSink, NoFins };

CageMisfit cageMisfit(const std::string& form, bool finned, const LinkEnd& end)
{
    if (end.generic) return CageMisfit::None;  // a what-if switch has whatever cage the optics need
    if (form != end.cageType && !plugFitsCage(form, end.cageType)) return CageMisfit::Form;
    // A finned top cannot slide under a NIC's riding heat sink (fabric-facts §2, §3.2).
    if (finned && !end.cageFinned) return CageMisfit::FinsUnderHeatSink;
    // Air-cooled switch OSFP cages have no heat sink: the module must bring its fins (§3.2, §3.3).
    if (!finned && end.cageFinned && form == "OSFP") return CageMisfit::NoFins;
    return CageMisfit::None;
}

// "an OSFP", "an SFP", "a QSFP-DD": the article as the form factor is read out ("oh-", "ess-", "queue-").
const char* articleFor(const std::string& cageType)
{
    return !cageType.empty() && (cageType[0] == 'O' || cageType.rfind("SFP", 0) == 0) ? "an" : "a";
}

std::string cageMisfitText(CageMisfit misfit, const std::string& form, const LinkEnd& end)
{
    switch (misfit) {
    case CageMisfit::None: return {};
    case CageMisfit::Form:
        return fmt("%s end does not fit %s %s cage", form.c_str(), articleFor(end.cageType), end.cageType.c_str());
    case CageMisfit::FinsUnderHeatSink: return fmt("finned-top %s in a flat-top (riding heat sink) cage", form.c_str());
    case CageMisfit::NoFins: return "flat-top OSFP in a finned (air-cooled) switch cage";
    }
    return {};
}

} // namespace

std::string cageFit(const std::string& form, bool finned, const LinkEnd& end)
{
    return cageMisfitText(cageMisfit(form, finned, end), form, end);
}

void moduleEndIssues(const TransceiverModel& m, const LinkEnd& end, const ClassContext& ctx,
                     std::vector<Issue>& out)
{
    if (const CageMisfit misfit = cageMisfit(m.formFactor, m.finned, end); misfit != CageMisfit::None)
        addIssue(out, ctx, "media.cage-mismatch",
            [&] { return m.partNumber + ": " + cageMisfitText(misfit, m.formFactor, end) + " (" + end.platform + ")"; },
            "Use a module of the cage's form factor and top (finned for switches, flat for NICs)");
    const bool runsSpeed = m.portGbps == ctx.linkGbps || (m.halfLaneGbps > 0 && m.halfLaneGbps == ctx.linkGbps);
    if (end.linksPerCage == 0 || !runsSpeed)
        addIssue(out, ctx, "media.speed-mismatch",
            [&] {
                const std::string half = m.halfLaneGbps > 0 ? fmt(" (%d G on half its lanes)", m.halfLaneGbps) : "";
                return fmt("%s runs %d G per port%s; the link runs %d G%s", m.partNumber.c_str(), m.portGbps,
                           half.c_str(), ctx.linkGbps, end.linksPerCage == 0 ? " (which the cage does not support)" : "");
            },
            "Use a module of the link speed");
    else if (portMode(m, end, ctx.linkGbps) == PortMode::None)
        addIssue(out, ctx, "media.cage-mismatch",
            [&] {
                // The cage's split at this speed (its ports), not how many of them are in use.
                return fmt("%s has %s; %s %s cage of %s splits into %s at %d G", m.partNumber.c_str(),
                           counted(m.ports, "port").c_str(), articleFor(end.cageType), end.cageType.c_str(),
                           end.platform.c_str(), counted(end.linksPerCage, "link").c_str(), ctx.linkGbps);
            },
            end.isNic                ? (end.linksPerCage > 1 ? "Use a twin-port host module: the NIC cage carries one link per plane"
                                                             : "Use a single-port host module in the NIC")
            : end.linksPerCage == 2 ? "Use a twin-port module in a twin-port switch cage"
                                    : "Use a breakout module with as many ports as the switch cage splits into, or a "
                                      "link speed its cages split fewer ways");
    if (end.cagePowerClassW > 0 && m.powerClassW > end.cagePowerClassW)
        addIssue(out, ctx, "media.power-class",
            [&] {
                return fmt("%s needs a %.1f W power class; the %s cage supplies %.1f W", m.partNumber.c_str(),
                           m.powerClassW, end.platform.c_str(), end.cagePowerClassW);
            },
            "Use a lower-power module or a platform whose cages support it");
    protocolIssue(m, m.protocol, ctx, out);
    if (!originIssue(m, end, nullptr, ctx, out)) qualificationIssues(m, end, ctx, out);
}

void modulePairIssues(const TransceiverModel& a, const TransceiverModel& b, const CableModel* fibre,
                      double neededLengthM, const ChannelInput& channelIn, const ClassContext& ctx,
                      std::vector<Issue>& out, LossBudget& loss, std::string& lossText)
{
    // The same lanes at both ends: medium, wavelength and lane rate (each end runs the link speed on
    // linkGbps / lane rate of them: all its lanes, or half behind a splitter's leg).
    const PortMode atA = portMode(a, ctx.a, ctx.linkGbps), atB = portMode(b, ctx.b, ctx.linkGbps);
    if (a.medium != b.medium || a.wavelengthNm != b.wavelengthNm || a.portGbps * b.lanes != b.portGbps * a.lanes)
        addIssue(out, ctx, "media.speed-mismatch",
            [&] {
                return fmt("%s (%s, %d nm, %d x %d G) does not talk to %s (%s, %d nm, %d x %d G)", a.partNumber.c_str(),
                           a.pmd.c_str(), a.wavelengthNm, a.lanes, a.portGbps, b.partNumber.c_str(), b.pmd.c_str(),
                           b.wavelengthNm, b.lanes, b.portGbps);
            },
            "Use modules of the same PMD (medium, wavelength, lanes) at both ends");
    else if (atA != PortMode::None && atB != PortMode::None &&
             !(atB == PortMode::Split ? atA != PortMode::Split : atA == PortMode::Native && atB == PortMode::Native))
        // A port on half its lanes needs a splitter's leg, and a splitter's single end a port that splits.
        addIssue(out, ctx, "media.speed-mismatch",
            [&] {
                return fmt("%s and %s do not pair at %d G: a %d G port runs on half its lanes only at a 1:2 "
                           "splitter's leg, whose single end is a port split in two on the switch side",
                           a.partNumber.c_str(), b.partNumber.c_str(), ctx.linkGbps,
                           atA == PortMode::HalfLeg ? a.portGbps : b.portGbps);
            },
            "Use modules of the link speed at both ends, or a twin-port switch module that splits its ports");
    if (a.fec != b.fec)
        addIssue(out, ctx, "media.fec-mismatch",
            [&] {
                return fmt("%s runs %s FEC, %s runs %s", a.partNumber.c_str(), a.fec.c_str(), b.partNumber.c_str(),
                           b.fec.c_str());
            },
            "Use modules with the same FEC at both ends");
    if (a.connector != b.connector)
        addIssue(out, ctx, "media.connector-mismatch",
            [&] {
                return fmt("%s has %s, %s has %s", a.partNumber.c_str(), a.connector.c_str(), b.partNumber.c_str(),
                           b.connector.c_str());
            },
            "Use modules with the same connector (APC and UPC never mate)");
    if (!fibre) {
        addIssue(out, ctx, "media.no-part",
            [&] {
                return fmt("no %s %sfibre with %s connectors of at least %.1f m in the catalog",
                           fiberTypeName(a.medium, ctx.multimodeFiber), atB == PortMode::Split ? "1:2 splitter " : "",
                           a.connector.c_str(), neededLengthM);
            },
            "Add a fibre cord/trunk of that length to the catalog");
        return;
    }
    if (const int legs = atB == PortMode::Split ? 2 : 1; std::max(1, fibre->legsB) != legs)
        addIssue(out, ctx, "media.speed-mismatch",
            [&] {
                return legs > 1 ? fmt("fibre %s is straight; %s splits each port in two: it needs a 1:2 splitter fibre",
                                      fibre->partNumber.c_str(), b.partNumber.c_str())
                                : fmt("fibre %s is a 1:%d splitter; %s and %s run one link a port",
                                      fibre->partNumber.c_str(), fibre->legsB, a.partNumber.c_str(), b.partNumber.c_str());
            },
            "Use a straight fibre between modules of the link speed, a 1:2 splitter from a port split in two");
    if (fibre->connector != a.connector || fibre->connector != b.connector)
        addIssue(out, ctx, "media.connector-mismatch",
            [&] {
                return fmt("fibre %s has %s; the modules have %s / %s", fibre->partNumber.c_str(),
                           fibre->connector.c_str(), a.connector.c_str(), b.connector.c_str());
            },
            "Use a fibre with the modules' connector (APC and UPC never mate)");
    const FiberType fiberType = a.medium == Medium::SingleMode ? FiberType::OS2 : ctx.multimodeFiber;
    if (fibre->fiberType != fiberTypeName(a.medium, ctx.multimodeFiber))
        addIssue(out, ctx, "media.reach",
            [&] {
                return fmt("fibre %s is %s; %s needs %s", fibre->partNumber.c_str(), fibre->fiberType.c_str(),
                           a.partNumber.c_str(), fiberTypeName(a.medium, ctx.multimodeFiber));
            },
            "Use fibre of the module's type");
    if (fibre->lengthM + 1e-9 < neededLengthM)
        addIssue(out, ctx, "media.reach",
            [&] {
                return fmt("fibre %s is %.1f m; the route needs %.1f m", fibre->partNumber.c_str(), fibre->lengthM,
                           neededLengthM);
            },
            "Order a longer fibre");
    const double lengthM = fibre->lengthM;
    for (const TransceiverModel* m : {&a, &b}) {
        const double reach = m->reachM(fiberType);
        if (reach + 1e-9 < lengthM) {
            addIssue(out, ctx, "media.reach",
                [&] {
                    return reach > 0 ? fmt("%.1f m of %s exceeds %s reach of %.0f m", lengthM, toString(fiberType),
                                           m->partNumber.c_str(), reach)
                                     : fmt("%s does not run over %s", m->partNumber.c_str(), toString(fiberType));
                },
                "Use a longer-reach module (e.g. single-mode DR/FR), or move the racks closer");
            break;
        }
    }
    ChannelInput channel = channelIn;
    channel.lengthM = lengthM;
    channel.singleMode = a.medium == Medium::SingleMode;
    channel.mpo = isMpo(a.connector);
    double budget = 0;  // the tighter of the two ends' budgets, where known
    for (const TransceiverModel* m : {&a, &b})
        if (m->channelLossDb > 0) budget = budget > 0 ? std::min(budget, m->channelLossDb) : m->channelLossDb;
    channel.budgetDb = budget;
    loss = computeLoss(channel);
    if (!ctx.quiet) lossText = lossArithmetic(channel, loss);
    if (budget > 0 && loss.totalDb > budget + 1e-9)
        addIssue(out, ctx, "media.loss-budget", [&] { return lossText + " (" + a.partNumber + ")"; },
            "Remove a patch-panel pass-through, shorten the route, or use a module with a larger budget");
}

void assemblyIssues(const CableModel& c, const LinkEnd& single, const LinkEnd& legs, double neededLengthM,
                    const ClassContext& ctx, std::vector<Issue>& out, int& linksPerCable)
{
    const int L = ctx.linkGbps;
    const int legs_ = std::max(1, c.legsB);
    linksPerCable = 0;
    // A connector carrying g Gbps serves g / L links; each end's cage must carry exactly that many.
    const bool divisible = L > 0 && c.portGbps % L == 0;
    const int linksPerLeg = divisible ? c.portGbps / L : 0;
    if (!divisible || linksPerLeg == 0 || single.linksPerCage == 0 || legs.linksPerCage == 0 ||
        !endTakes(single, linksPerLeg * legs_) || !endTakes(legs, linksPerLeg))
        addIssue(out, ctx, "media.speed-mismatch",
            [&] {
                return fmt("%s (%d x %d G) does not match %s per %s cage and %d per %s cage at %d G",
                           c.partNumber.c_str(), legs_, c.portGbps, counted(single.linksPerCage, "link").c_str(),
                           single.platform.c_str(), legs.linksPerCage, legs.platform.c_str(), L);
            },
            "Use an assembly of the link speed and the cages' port split");
    else
        linksPerCable = linksPerLeg * legs_;
    if (linksPerCable == 0) linksPerCable = 1;
    auto fitEnd = [&](const std::string& form, bool finned, const LinkEnd& end) {
        if (const CageMisfit misfit = cageMisfit(form, finned, end); misfit != CageMisfit::None)
            addIssue(out, ctx, "media.cage-mismatch",
                [&] { return c.partNumber + ": " + cageMisfitText(misfit, form, end) + " (" + end.platform + ")"; },
                "Use an assembly whose ends match the cages (finned for switches, flat for NICs)");
    };
    fitEnd(c.endAForm, c.endAFinned, single);
    fitEnd(c.endBForm, c.endBFinned, legs);
    if (c.lengthM + 1e-9 < neededLengthM)
        addIssue(out, ctx, "media.reach",
            [&] { return fmt("%s is %.1f m; the route needs %.1f m", c.partNumber.c_str(), c.lengthM, neededLengthM); },
            "Use a longer assembly, or optics and fibre");
    protocolIssue(c, c.protocol, ctx, out);
    if (!originIssue(c, single, &legs, ctx, out)) qualificationIssues(c, single, ctx, out);
    if (legs.platform != single.platform && !originIssue(c, legs, &single, ctx, out))
        qualificationIssues(c, legs, ctx, out);
}

} // namespace fp::media
