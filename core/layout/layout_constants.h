#pragma once
// Planning assumptions of the floor model (not vendor facts; change them here, nowhere else).
// Where a figure has an outside source it is named; the rest are stated assumptions.

namespace fp::layout_constants {

// Switches one network rack holds. A 48U rack gives 32U to switches and ~16U to patch panels, cable
// managers and PDUs; at most 16 switches per rack (cabling density), so 16 x 1U/2U (QM9700 1U,
// SN5600 2U) but 8 x 4U (Q3400-RA; fabric-facts §1). Assumption.
constexpr int kSwitchSpaceU = 32;
constexpr int kSwitchesPerNetworkRack = 16;
constexpr int switchesPerNetworkRack(int switchRackUnits)
{
    const int byHeight = kSwitchSpaceU / (switchRackUnits > 0 ? switchRackUnits : 1);
    return byHeight < 1 ? 1 : byHeight > kSwitchesPerNetworkRack ? kSwitchesPerNetworkRack : byHeight;
}

// Vertical pitch of one GPU server: 10U (DGX B200 class is 10U, DGX H100 8U; 1U = 44.45 mm, EIA-310).
constexpr double kNodePitchM = 10 * 0.04445;

// Service loop at each end of a cable that stays inside one rack (front-to-front, cable manager).
// Smaller than FloorSpec::slackPerEndM, which is for cables that leave the rack. Assumption.
constexpr double kInRackSlackPerEndM = 0.3;

} // namespace fp::layout_constants
