#pragma once
// The tiers of a fabric, from the servers up. Here (not in topology) because the hardware of each
// tier (catalog/hardware.h) is chosen before the topology is built.
#include <cstdint>

namespace fp {

enum class Tier : std::uint8_t { Node = 0, Leaf = 1, Spine = 2, Core = 3 };
const char* toString(Tier);  // "node", "leaf", "spine", "core"
constexpr int kSwitchTierCount = 3;  // leaf, spine, core
inline int switchTierIndex(Tier t) { return t == Tier::Node ? 0 : int(t) - 1; }

// The links between two tiers. Here with the tiers because each class has its own speed (host links at
// the NIC's, the others at the fabric's: Hardware::gbpsOf), known before the topology is built.
enum class LinkClass : std::uint8_t { HostLeaf = 0, LeafSpine = 1, SpineCore = 2 };
const char* toString(LinkClass);     // "host_leaf", "leaf_spine", "spine_core": JSON, CSV, --pin
const char* displayName(LinkClass);  // "host-leaf", "leaf-spine", "spine-core": text for people
constexpr int kLinkClassCount = 3;

} // namespace fp
