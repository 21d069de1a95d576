#pragma once
// Planning assumptions of the floor model (not vendor facts; change them here, nowhere else).
// Where a figure has an outside source it is named; the rest are stated assumptions.

namespace fp::layout_constants {

// Switches one network rack holds. 48U rack: up to 16 x 2U switches (SN5600 is 2U, QM9700 is 1U;
// fabric-facts §1) leaves ~16U for patch panels, cable managers and PDUs. Assumption.
constexpr int kSwitchesPerNetworkRack = 16;

// Vertical pitch of one GPU server: 10U (DGX B200 class is 10U, DGX H100 8U; 1U = 44.45 mm, EIA-310).
constexpr double kNodePitchM = 10 * 0.04445;

// Service loop at each end of a cable that stays inside one rack (front-to-front, cable manager).
// Smaller than FloorSpec::slackPerEndM, which is for cables that leave the rack. Assumption.
constexpr double kInRackSlackPerEndM = 0.3;

} // namespace fp::layout_constants
