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
// includes them, so the BOM lists them at no price and the network budget does not buy them again.
bool nicsIncludedWith(const PlatformModel&, std::string_view nicPart);

// A platform with built-in NICs takes no other NIC and no more NICs per node than it has: a DGX's
// ConnectX-7 sit on its own network modules, an NVL72 tray's on its mezzanine boards, with no slots for
// eight add-in cards. Throws UserError saying so (with the platform's part and count) when the design's
// NIC (its catalog part number) or NICs per node break that. Fewer NICs per node is allowed: the
// unused ports stay dark.
void requireBuiltInNics(const PlatformModel&, std::string_view nicPart, int nicsPerNode);

// Scale-out ports per GPU the platform gives (NICs x ports / GPUs); 0 when it leaves NICs open.
double scaleOutPortsPerGpu(const PlatformModel&);

} // namespace fp
