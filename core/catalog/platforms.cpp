#include "catalog/platforms.h"

#include <algorithm>

#include "common/format.h"

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

namespace {

// GPUs on an NVLink baseboard or tray (DGX, HGX, NVL72): a node has exactly the platform's. A PCIe server
// (no NVLink) holds up to its count.
bool gpusFixed(const PlatformModel& p) { return p.nvlinkGeneration > 0; }

// A rack-scale system: one NVLink domain spans several trays (NVL72: 18 trays x 4 GPUs).
bool rackScale(const PlatformModel& p)
{
    return p.gpusPerNode > 0 && p.gpusPerScaleUp > p.gpusPerNode && p.gpusPerScaleUp % p.gpusPerNode == 0;
}

std::string nodeWord(const PlatformModel& p) { return p.nodeRackUnits == 0 && rackScale(p) ? "compute tray" : "node"; }

// "ConnectX-7": the NIC's family, the first word of its description.
std::string nicFamily(const PlatformModel& p, const NicModel* nic)
{
    if (!nic || nic->description.empty()) return p.nicPart;
    return nic->description.substr(0, nic->description.find(' '));
}

// "DGX-H100 has 8 GPUs and 8 ConnectX-7 ports per node"
std::string figuresOf(const PlatformModel& p, const NicModel* nic)
{
    const std::string unit = nodeWord(p);
    std::string s = p.id + " has " + (gpusFixed(p) ? "" : "up to ") + counted(p.gpusPerNode, "GPU");
    if (p.nicsPerNode > 0)
        s += p.nicsBuiltIn ? " and " + withThousands(p.nicsPerNode) + " " + nicFamily(p, nic) + " ports"
                           : " and room for " + counted(p.nicsPerNode, "scale-out NIC card");
    s += " per " + unit;
    if (rackScale(p))
        s += ", " + counted(p.gpusPerScaleUp / p.gpusPerNode, unit) + " (" + counted(p.gpusPerScaleUp, "GPU") +
             ", one NVLink domain) per rack";
    return s;
}

// "1,016 or 1,024": the whole multiples of `unit` nearest to n, below (when any) and above.
std::string nearestWhole(long long n, long long unit)
{
    const long long below = n / unit * unit;
    return below > 0 ? withThousands(below) + " or " + withThousands(below + unit) : withThousands(unit);
}

constexpr const char* kCustom = ", or choose a custom server (--platform CUSTOM)";

} // namespace

PlatformMisfit platformMisfit(const ClusterSpec& spec, const PlatformModel& p, const NicModel* platformNic)
{
    if (p.gpusPerNode <= 0) return {};  // CUSTOM: the design's own node
    const std::string unit = nodeWord(p);
    const std::string per = "per " + unit;
    if (gpusFixed(p) ? spec.gpusPerNode != p.gpusPerNode : spec.gpusPerNode > p.gpusPerNode)
        return {figuresOf(p, platformNic) + ": the design asks for " + counted(spec.gpusPerNode, "GPU") + " " + per,
                "/compute/gpus_per_node",
                "set the GPUs per node to " + std::to_string(p.gpusPerNode) + (gpusFixed(p) ? "" : " or fewer") +
                    " (--gpus-per-node " + std::to_string(p.gpusPerNode) + ")" + kCustom};
    if (p.nicsPerNode > 0 && spec.nicsPerNode > p.nicsPerNode)
        return {figuresOf(p, platformNic) + ": the design asks for " + counted(spec.nicsPerNode, "NIC") + " " + per,
                "/compute/nics_per_node",
                "set the NICs per node to " + std::to_string(p.nicsPerNode) + " or fewer (--nics-per-node " +
                    std::to_string(p.nicsPerNode) + (p.nicsBuiltIn ? "; ports left uncabled cost nothing" : "") + ")" +
                    kCustom};
    if (rackScale(p) && spec.gpus % wholeGpuUnit(p) != 0) {
        const int racks = spec.gpus / p.gpusPerScaleUp;
        return {p.id + " is built and sold in whole racks of " + counted(p.gpusPerScaleUp, "GPU") + " (" +
                    counted(p.gpusPerScaleUp / p.gpusPerNode, unit) + " of " + std::to_string(p.gpusPerNode) +
                    ", one NVLink domain): " + counted(spec.gpus, "GPU") + " would be " +
                    (racks > 0 ? counted(racks, "whole rack") + " and " : "") + "a partial rack of " +
                    counted(spec.gpus % p.gpusPerScaleUp, "GPU") +
                    ", whose NVLink domain, power and price are still a whole rack's",
                "/compute/gpus",
                "set the GPUs to " + nearestWhole(spec.gpus, p.gpusPerScaleUp) + " (--gpus): whole racks"};
    }
    return {};
}

int wholeGpuUnit(const PlatformModel& p)
{
    if (rackScale(p)) return p.gpusPerScaleUp;
    return gpusFixed(p) && p.gpusPerNode > 0 ? p.gpusPerNode : 1;
}

double scaleOutPortsPerGpu(const PlatformModel& p)
{
    return p.gpusPerNode > 0 && p.nicsPerNode > 0 ? double(p.nicsPerNode) / double(p.gpusPerNode) : 0.0;
}

} // namespace fp
