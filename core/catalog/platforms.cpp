#include "catalog/platforms.h"

#include <algorithm>

namespace fp {

void applyPlatform(ClusterSpec& spec, const PlatformModel& p)
{
    spec.platform = p.id;
    if (p.gpusPerNode > 0) spec.gpusPerNode = p.gpusPerNode;
    if (p.nicsPerNode > 0) spec.nicsPerNode = p.nicsPerNode;
    if (!p.nicPart.empty()) spec.nicModel = p.nicPart;
    FloorSpec& floor = spec.floor;
    if (p.nodesPerRack > 0) floor.nodesPerRack = p.nodesPerRack;
    if (p.nodePowerKw > 0) floor.nodePowerKw = p.nodePowerKw;
    const double rackKw = p.rackPowerKw > 0 ? p.rackPowerKw : double(floor.nodesPerRack) * floor.nodePowerKw;
    if (p.nodePowerKw > 0 && p.nodesPerRack > 0) floor.rackPowerBudgetKw = std::max(floor.rackPowerBudgetKw, rackKw);
}

bool nicsIncludedWith(const PlatformModel& p, std::string_view nicPart)
{
    return p.nicsBuiltIn && !p.nicPart.empty() && p.nicPart == nicPart;
}

double scaleOutPortsPerGpu(const PlatformModel& p)
{
    return p.gpusPerNode > 0 && p.nicsPerNode > 0 ? double(p.nicsPerNode) / double(p.gpusPerNode) : 0.0;
}

} // namespace fp
