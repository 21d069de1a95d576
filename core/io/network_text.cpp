#include "io/network_text.h"

#include <sstream>

#include "common/format.h"

namespace fp::io {

std::string networkTechnologyText(const NetworkPlan& n)
{
    const bool management = n.role == NetworkRole::InBand || n.role == NetworkRole::OutOfBand;
    return management && n.plan.spec.fabric != FabricKind::InfiniBand ? "Ethernet" : displayName(n.plan.spec.fabric);
}

std::string networkTopologyText(const NetworkPlan& n)
{
    const Plan& p = n.plan;
    const FabricShape& s = p.fabric.shape;
    std::ostringstream out;
    out << networkTechnologyText(n) << ", " << p.hardware.switchesText(s.tiers) << " (" << s.switchPorts << " x "
        << s.linkGbps << "G";
    if (s.fabricGbps > 0) out << ", uplinks at " << s.fabricGbps << "G";  // faster than the ports (fabric_gbps)
    out << "), port " << p.hardware.nic.partNumber << "; " << counted(s.tiers, "tier") << ": leaf "
        << withThousands(p.fabric.switchCount(Tier::Leaf)) << ", spine " << withThousands(p.fabric.switchCount(Tier::Spine));
    if (s.tiers >= 3) out << ", core " << withThousands(p.fabric.switchCount(Tier::Core));
    return out.str();
}

} // namespace fp::io
