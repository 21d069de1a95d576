#pragma once
// Internal: the names FabricPlan writes into NetBox's import files, in one place so the devices and
// the cables files always agree (a cable refers to its devices by name).
#include <string>

#include "plan/plan.h"

namespace fp::io {

// Servers are not catalog parts; NetBox needs some manufacturer and type for them.
inline constexpr const char* kNetboxNodeManufacturer = "Generic";

std::string netboxRole(Tier);                         // "GPU server", "Leaf switch", ...
std::string netboxNodeType(const ClusterSpec&);       // "GPU server 8-GPU"
std::string netboxSite(const ClusterSpec&);           // the design's name
std::string netboxCableType(const std::string& media, const ClusterSpec&);  // "dac-passive", "mmf-om4", ...
std::string deviceDescription(const Device&);         // "plane 1, SU 3, rail 5"

} // namespace fp::io
