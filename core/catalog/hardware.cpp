#include "catalog/hardware.h"

#include <algorithm>
#include <span>

namespace fp {

Cage switchCage(const SwitchModel& sw, int linkGbps)
{
    // The uplink cages where only they run the speed (an SN2201's 100G QSFP28 beside its 1G RJ45).
    const bool uplink = sw.runsOnUplinkCages(linkGbps);
    Cage c;
    c.formFactor = uplink ? sw.uplinkCageType : sw.cageType;
    c.finned = sw.cageFinned;
    c.powerClassW = uplink ? sw.uplinkCagePowerClassW : sw.cagePowerClassW;
    c.linksPerCage = uplink ? sw.uplinkPortsPerCageAt(linkGbps) : sw.portsPerCageAt(linkGbps);
    for (int ports = 1; !uplink && ports < c.linksPerCage && ports < 32; ++ports)
        if (sw.cageRuns(linkGbps, ports)) c.splits |= 1u << ports;
    c.count = uplink ? sw.uplinkCages : sw.cages;
    return c;
}

Cage nicCage(const NicModel& nic, int linkGbps, int planes)
{
    Cage c;
    c.formFactor = nic.cageType;
    c.finned = nic.cageFinned;
    c.powerClassW = nic.cagePowerClassW;
    c.count = std::max(1, nic.ports);
    c.host = true;
    const int links = (std::max(1, planes) + c.count - 1) / c.count;
    const int L = linkGbps > 0 ? linkGbps : nic.portGbps;
    c.linksPerCage = nic.portGbps >= L * links ? links : 0;
    return c;
}

Hardware Hardware::uniform(SwitchModel sw, NicModel nic, int linkGbps, int planes)
{
    Hardware h;
    h.switches.push_back(std::move(sw));
    h.nic = std::move(nic);
    h.linkGbps = linkGbps;
    h.planes = std::max(1, planes);
    return h;
}

const SwitchModel& Hardware::switchOf(Tier t) const
{
    return switches.at(modelOf(t == Tier::Node ? Tier::Leaf : t));
}

Cage Hardware::cageOf(Tier t) const
{
    if (t == Tier::Node) {
        Cage c = nicCage(nic, linkGbps, planes);
        if (const int share = nicPortsPerHostCage(); share > 1) {
            // The platform's twin-port cages: one module per cage serves `share` NIC ports (one link each).
            c.formFactor = platform->cageType;
            c.finned = platform->cageFinned;
            c.linksPerCage = c.linksPerCage > 0 ? share : 0;
            // No power class is published for the DGX host cage; it feeds the optics of `share` NIC ports,
            // so it supplies `share` x the card cage's class (DERIVED: NVIDIA ships 15-17 W flat twin-port
            // modules, MMA4Z00-NS-FLT / MMS4X00-NS-FLT, for these cages).
            c.powerClassW *= share;
            c.count = platform->hostCages;
        }
        return c;
    }
    return switchCage(switchOf(t), linkGbps > 0 ? linkGbps : nic.portGbps);
}

int Hardware::nicPortsPerHostCage() const
{
    if (!platform || platform->portsPerCage <= 1 || platform->hostCages <= 0) return 1;
    if (platform->nicPart != nic.partNumber) return 1;  // another NIC: the platform's cage layout does not apply
    if (nic.ports != 1 || planes != 1) return 1;          // a NIC port carrying several links fills its cage alone
    return platform->portsPerCage;
}

namespace {
constexpr Tier kSwitchTiers[] = {Tier::Leaf, Tier::Spine, Tier::Core};
std::span<const Tier> tiersOf(int tiers) { return {kSwitchTiers, std::size_t(std::clamp(tiers, 1, 3))}; }
} // namespace

bool Hardware::oneSwitchOnEveryTier(int tiers) const
{
    const auto used = tiersOf(tiers);
    return std::all_of(used.begin(), used.end(),
                       [&](Tier t) { return switchOf(t).partNumber == switchOf(Tier::Leaf).partNumber; });
}

std::string Hardware::switchesText(int tiers) const
{
    if (oneSwitchOnEveryTier(tiers)) return switchOf(Tier::Leaf).partNumber;
    const auto used = tiersOf(tiers);
    std::string s;
    for (Tier t : used) s += (s.empty() ? "" : ", ") + std::string(toString(t)) + " " + switchOf(t).partNumber;
    return s;
}

} // namespace fp
