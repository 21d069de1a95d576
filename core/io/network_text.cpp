#include "io/network_text.h"

#include <sstream>

#include "common/format.h"

namespace fp::io {

std::string networkTopologyText(const NetworkPlan& n)
{
    const Plan& p = n.plan;
    const FabricShape& s = p.fabric.shape;
    std::ostringstream out;
    out << displayName(p.spec.fabric) << ", " << p.hardware.switchesText(s.tiers) << " (" << s.switchPorts << " x "
        << s.linkGbps << "G), port " << p.hardware.nic.partNumber << "; " << counted(s.tiers, "tier") << ": leaf "
        << withThousands(p.fabric.switchCount(Tier::Leaf)) << ", spine " << withThousands(p.fabric.switchCount(Tier::Spine));
    if (s.tiers >= 3) out << ", core " << withThousands(p.fabric.switchCount(Tier::Core));
    return out.str();
}

} // namespace fp::io
