#include "catalog/platforms.h"

#include <algorithm>
#include <string>

#include "common/error.h"

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

void requireBuiltInNics(const PlatformModel& p, std::string_view nicPart, int nicsPerNode)
{
    if (!p.nicsBuiltIn) return;
    const std::string builtIn = std::to_string(p.nicsPerNode) + " x " + p.nicPart;
    if (nicPart != p.nicPart)
        throw UserError(p.id + " has its scale-out NICs built in (" + builtIn + " per node); it cannot take NIC " +
                            std::string(nicPart) + " instead",
                        "/compute/nic",
                        "keep the platform's NIC (" + p.nicPart + "), or choose a server that takes NIC cards "
                        "(an HGX OEM platform, PCIE-8GPU or CUSTOM)");
    if (nicsPerNode > p.nicsPerNode)
        throw UserError(p.id + " has " + builtIn + " built-in NICs per node; it cannot carry " +
                            std::to_string(nicsPerNode),
                        "/compute/nics_per_node",
                        "use at most " + std::to_string(p.nicsPerNode) +
                            " NICs per node, or a server that takes NIC cards (an HGX OEM platform, PCIE-8GPU or CUSTOM)");
}

double scaleOutPortsPerGpu(const PlatformModel& p)
{
    return p.gpusPerNode > 0 && p.nicsPerNode > 0 ? double(p.nicsPerNode) / double(p.gpusPerNode) : 0.0;
}

} // namespace fp
