#pragma once
// What choosing a compute platform does to a design: it fixes the node (GPUs, scale-out NICs and
// their part), the node's power and how many nodes share a rack. Explicit user settings made after
// applying it win (the CLI applies --platform first, then the other flags).
#include <string>
#include <string_view>
#include <vector>

#include "catalog/parts.h"
#include "spec/cluster_spec.h"

namespace fp {

// Sets spec.platform and every figure the platform fixes; figures the platform leaves open (0 or
// empty: CUSTOM, the PCIe server's NIC) keep the design's own values. The rack power budget only
// ever grows, to hold the platform's nodes per rack.
void applyPlatform(ClusterSpec&, const PlatformModel&);

// True when the platform ships with its scale-out NICs and `nicPart` is that NIC: the system's price
// includes them, so the BOM lists them at no price and the network budget does not buy them again. Any
// other NIC on such a platform is priced as add-in cards (the comparison retargets a DGX design to other
// fabrics' NICs; data/catalog/README.md).
bool nicsIncludedWith(const PlatformModel&, std::string_view nicPart);

// True when the NIC has what `fabric` asks of the NIC side. The rule, on the catalog's sourced NIC
// flags (nics.csv protocol, super_nic, packet_spraying): InfiniBand and RoCE need a NIC that speaks the
// protocol; Spectrum-X's adaptive routing and congestion control are a SuperNIC's (BlueField-3 B3140H in
// NVIDIA's Enterprise RA for HGX, ConnectX-8 SuperNIC in the SuperPOD B300 RA: fabric-facts §5; the flow
// balance the estimates model, estimate/throughput.h balancesFlows); UEC's transport needs a NIC that
// sprays packets (AMD Pollara 400: fabric-facts §2). NVIDIA's Spectrum-X NIC configuration also accepts
// ConnectX-7 (https://docs.nvidia.com/networking/display/kubernetes2640/spectrum-x/spectrum-x-configuration.html),
// so Spectrum switches run one, but as RoCE without the SuperNIC's features: not the Spectrum-X this
// planner estimates.
bool nicRunsFabric(const NicModel&, FabricKind);

// What a platform's built-in NIC lacks for `fabric` (nicRunsFabric), for a system that takes no other NIC:
// `what` names the NIC and the missing feature, `fix` where the missing NICs can be priced (a platform of
// `platforms` with the same GPUs that takes NIC cards). Both empty when the NIC runs the fabric, or when
// the platform's NICs are not built in or `nic` is not its built-in one.
struct BuiltInNicShortfall {
    std::string what, fix;
    bool empty() const { return what.empty(); }
};
BuiltInNicShortfall builtInNicShortfall(const PlatformModel&, const NicModel&, FabricKind,
                                        const std::vector<PlatformModel>& platforms);

// Where a design contradicts its platform (data/catalog/README.md "Platform rules"): GPUs per node
// other than an NVLink system's own (DGX, HGX baseboard, NVL72 tray: exactly the platform's), or more
// than a PCIe server holds; more NICs per node than the platform's scale-out ports (built in) or NIC
// slots (HGX); a GPU count that is not whole racks of a rack-scale system (NVL72: 72 GPUs per rack,
// one NVLink domain). Whole nodes are every design's rule already (validateSpec). `what` names the platform's figures,
// `where` the design field, `fix` the nearest values that fit. Empty when the design fits, and for a
// platform that fixes no GPU count (CUSTOM). `builtInNic`: the platform's NIC part (for its name), or null.
struct PlatformMisfit {
    std::string what, where, fix;
    bool empty() const { return what.empty(); }
};
PlatformMisfit platformMisfit(const ClusterSpec&, const PlatformModel&, const NicModel* platformNic);
// The GPU count the platform comes in whole multiples of: a rack for a rack-scale system (72 on NVL72),
// a node for a fixed one (8 on DGX, HGX), else 1 (PCIe, CUSTOM).
int wholeGpuUnit(const PlatformModel&);

// Scale-out ports per GPU the platform gives (NICs x ports / GPUs); 0 when it leaves NICs open.
double scaleOutPortsPerGpu(const PlatformModel&);

} // namespace fp
