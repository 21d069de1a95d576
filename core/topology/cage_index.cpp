#include "topology/cage_index.h"

#include <algorithm>

namespace fp {

CageIndex indexCages(const Fabric& f, int nicPorts, int nicsPerHostCage)
{
    CageIndex idx;
    // Host cages hold whole NIC ports, so they apply only when a node port is one NIC (one link per NIC).
    if (f.shape.linksPerNic() == 1 && std::max(1, nicPorts) == 1) idx.nicsPerHostCage = std::max(1, nicsPerHostCage);
    idx.planes = std::max(1, f.shape.linksPerNic());  // links per NIC (rail planes: one)
    idx.cagesPerNic = std::max(1, nicPorts);
    idx.linksPerNicCage = (idx.planes + idx.cagesPerNic - 1) / idx.cagesPerNic;
    idx.portsPerCageOfDevice.resize(f.devices.size());
    for (std::size_t d = 0; d < f.devices.size(); ++d) {
        const Tier t = f.devices[d].tier;
        idx.portsPerCageOfDevice[d] = t == Tier::Node ? 0 : std::uint8_t(std::clamp(f.portsPerCage(t), 1, 255));
    }
    std::vector<std::uint32_t> used(f.devices.size(), 0);
    idx.firstCage.assign(1, 0);  // localCage needs planes etc. only, not firstCage
    for (const Link& l : f.links) {
        used[l.a] = std::max(used[l.a], idx.localCage(f, l.a, l.aPort) + 1);
        used[l.b] = std::max(used[l.b], idx.localCage(f, l.b, l.bPort) + 1);
    }
    idx.firstCage.assign(f.devices.size() + 1, 0);
    for (std::size_t d = 0; d < f.devices.size(); ++d) idx.firstCage[d + 1] = idx.firstCage[d] + used[d];
    return idx;
}

} // namespace fp
