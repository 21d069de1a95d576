#include "catalog/hardware.h"

#include <algorithm>

namespace fp {

Cage switchCage(const SwitchModel& sw, int linkGbps)
{
    Cage c;
    c.formFactor = sw.cageType;
    c.finned = sw.cageFinned;
    c.powerClassW = sw.cagePowerClassW;
    c.linksPerCage = sw.portsPerCageAt(linkGbps);
    c.count = sw.cages;
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
        // The platform's own host cages (DGX twin-port OSFP) are not wired into media yet: nodes use the
        // NIC card's cages until the cage model takes them (issue 17).
        return nicCage(nic, linkGbps, planes);
    }
    return switchCage(switchOf(t), linkGbps > 0 ? linkGbps : nic.portGbps);
}

std::string Hardware::switchesText() const
{
    if (switches.size() == 1) return switches.front().partNumber;
    std::string s;
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core})
        s += (s.empty() ? "" : ", ") + std::string(toString(t)) + " " + switchOf(t).partNumber;
    return s;
}

} // namespace fp
