#include "spec/cluster_spec.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace fp {
namespace {

// One table per enum keeps the text form and the parser in step.
template <typename E, std::size_t N>
const char* nameOf(const std::array<std::pair<E, const char*>, N>& table, E value)
{
    for (const auto& [e, s] : table)
        if (e == value) return s;
    return "?";
}

template <typename E, std::size_t N>
bool parseName(const std::array<std::pair<E, const char*>, N>& table, const std::string& text, E& out)
{
    for (const auto& [e, s] : table)
        if (text == s) {
            out = e;
            return true;
        }
    return false;
}

constexpr std::array<std::pair<FabricKind, const char*>, 4> kFabricNames{{
    {FabricKind::InfiniBand, "infiniband"},
    {FabricKind::RoCE, "roce"},
    {FabricKind::SpectrumX, "spectrum-x"},
    {FabricKind::UEC, "uec"},
}};
constexpr std::array<std::pair<FiberType, const char*>, 4> kFiberNames{{
    {FiberType::OM3, "OM3"}, {FiberType::OM4, "OM4"}, {FiberType::OM5, "OM5"}, {FiberType::OS2, "OS2"},
}};
constexpr std::array<std::pair<LeafPlacement, const char*>, 3> kLeafPlacementNames{{
    {LeafPlacement::EndOfRow, "end-of-row"},
    {LeafPlacement::MiddleOfRow, "middle-of-row"},
    {LeafPlacement::InRack, "in-rack"},
}};
constexpr std::array<std::pair<SpinePlacement, const char*>, 2> kSpinePlacementNames{{
    {SpinePlacement::CentralRoom, "central-room"},
    {SpinePlacement::EndOfRow, "end-of-row"},
}};
constexpr std::array<std::pair<MediaObjective, const char*>, 2> kObjectiveNames{{
    {MediaObjective::LowestCost, "lowest-cost"},
    {MediaObjective::LowestPower, "lowest-power"},
}};
constexpr std::array<std::pair<PricePolicy, const char*>, 3> kPricePolicyNames{{
    {PricePolicy::CheapestQualified, "cheapest-qualified"},
    {PricePolicy::NamedSource, "named-source"},
    {PricePolicy::OemOnly, "oem-only"},
}};

} // namespace

const char* toString(FabricKind v) { return nameOf(kFabricNames, v); }
bool parseFabricKind(const std::string& s, FabricKind& v) { return parseName(kFabricNames, s, v); }
const char* displayName(FabricKind v)
{
    switch (v) {
    case FabricKind::InfiniBand: return "InfiniBand";
    case FabricKind::RoCE: return "RoCEv2";
    case FabricKind::SpectrumX: return "Spectrum-X";
    case FabricKind::UEC: return "UEC Ethernet";
    }
    return "?";
}
const char* toString(FiberType v) { return nameOf(kFiberNames, v); }
bool parseFiberType(const std::string& s, FiberType& v) { return parseName(kFiberNames, s, v); }
const char* toString(LeafPlacement v) { return nameOf(kLeafPlacementNames, v); }
const char* toString(SpinePlacement v) { return nameOf(kSpinePlacementNames, v); }
bool parseLeafPlacement(const std::string& s, LeafPlacement& v) { return parseName(kLeafPlacementNames, s, v); }
bool parseSpinePlacement(const std::string& s, SpinePlacement& v) { return parseName(kSpinePlacementNames, s, v); }
const char* toString(MediaObjective v) { return nameOf(kObjectiveNames, v); }
bool parseMediaObjective(const std::string& s, MediaObjective& v) { return parseName(kObjectiveNames, s, v); }
const char* toString(PricePolicy v) { return nameOf(kPricePolicyNames, v); }
bool parsePricePolicy(const std::string& s, PricePolicy& v) { return parseName(kPricePolicyNames, s, v); }

int nodesPerRackOf(const FloorSpec& floor)
{
    const int byPower = floor.nodePowerKw > 0 ? int(std::floor(floor.rackPowerBudgetKw / floor.nodePowerKw + 1e-9))
                                              : floor.nodesPerRack;
    // A node that alone exceeds the budget still needs a rack; checks report floor.rack-power.
    return std::max(1, std::min(floor.nodesPerRack, byPower));
}

} // namespace fp
