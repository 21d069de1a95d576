#pragma once
// The tiers of a fabric, from the servers up. Here (not in topology) because the hardware of each
// tier (catalog/hardware.h) is chosen before the topology is built.
#include <cstdint>

namespace fp {

enum class Tier : std::uint8_t { Node = 0, Leaf = 1, Spine = 2, Core = 3 };
const char* toString(Tier);  // "node", "leaf", "spine", "core"
constexpr int kSwitchTierCount = 3;  // leaf, spine, core
inline int switchTierIndex(Tier t) { return t == Tier::Node ? 0 : int(t) - 1; }

} // namespace fp
