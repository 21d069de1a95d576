#pragma once
// What choosing a compute platform does to a design: it fixes the node (GPUs, scale-out NICs and
// their part), the node's power and how many nodes share a rack. Explicit user settings made after
// applying it win (the CLI applies --platform first, then the other flags).
#include <string_view>

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

// Scale-out ports per GPU the platform gives (NICs x ports / GPUs); 0 when it leaves NICs open.
double scaleOutPortsPerGpu(const PlatformModel&);

} // namespace fp
