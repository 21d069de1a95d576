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

bool nicRunsFabric(const NicModel& nic, FabricKind fabric)
{
    if (!speaksFabric(nic.protocol, fabric)) return false;
    if (fabric == FabricKind::SpectrumX) return nic.superNic;
    if (fabric == FabricKind::UEC) return nic.packetSpraying;
    return true;
}

BuiltInNicShortfall builtInNicShortfall(const PlatformModel& platform, const NicModel& nic, FabricKind fabric,
                                        const std::vector<PlatformModel>& platforms)
{
    if (!nicsIncludedWith(platform, nic.partNumber) || nicRunsFabric(nic, fabric)) return {};
    std::string cards = "a platform that takes NIC cards";
    for (const PlatformModel& p : platforms)
        if (p.gpu == platform.gpu && !p.nicsBuiltIn && p.id != platform.id) {
            cards = p.id;
            break;
        }
    const std::string fabricName = displayName(fabric);
    const std::string head = fabricName + " on " + platform.id + ": its built-in NIC " + nic.partNumber;
    const std::string tail = " fabric's switches, not " + fabricName + ".";
    if (fabric == FabricKind::SpectrumX && nic.protocol != Protocol::InfiniBand)
        return {head + " is not a SuperNIC and " + platform.id +
                    " cannot take one (BlueField-3, ConnectX-8): the plan is RoCE on the" + tail,
                "Compare on " + cards + " to price SuperNICs, or choose RoCE or InfiniBand for " + platform.id + "."};
    if (fabric == FabricKind::UEC && nic.protocol != Protocol::InfiniBand)
        return {head + " does not spray packets and " + platform.id +
                    " cannot take a UEC NIC: the plan is RoCE on the" + tail,
                "Compare on " + cards + " to price UEC NICs, or choose RoCE or InfiniBand for " + platform.id + "."};
    return {head + " does not run " + fabricName + " and " + platform.id + " cannot take another NIC.",
            "Compare on " + cards + " to price one, or choose another fabric."};
}

double scaleOutPortsPerGpu(const PlatformModel& p)
{
    return p.gpusPerNode > 0 && p.nicsPerNode > 0 ? double(p.nicsPerNode) / double(p.gpusPerNode) : 0.0;
}

} // namespace fp
