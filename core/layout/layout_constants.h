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

// Rows of compute racks one data hall holds: 32 rows at the 3 m default pitch is a hall ~100 m deep
// (512 racks of 16, ~29 MW at 57 kW a rack). A three-tier floor with more rows gives each pod (zone) a
// hall of its own (README "Halls"); fewer stay one hall with one spine room. Assumption.
constexpr int kMaxRowsPerHall = 32;

// Corridor between two data halls, and between a hall and the core room (walls, a walkway, the tray
// crossing). Assumption; every route from one hall to the core room crosses it.
constexpr double kHallGapM = 10.0;

// Space between two buildings of a described site on the drawing (README "Sites"). Drawing only: a cable
// between buildings follows the site's route between their centres, not this gap.
constexpr double kBuildingGapM = 50.0;

// Service racks (layout/shared_floor.h): storage servers, management servers and fabric-manager (UFM)
// appliances of the other networks, 16 to a rack at a 2U pitch. 2U is the common height of a storage or
// management server (a 1U UFM appliance takes a 2U slot here); 16 x 2U = 32U, the same 32U of a 48U rack
// as kSwitchSpaceU, the rest for panels, a management switch and PDUs. Assumption: the reference
// architectures count these servers but leave their racks to the integrator.
constexpr int kServersPerServiceRack = 16;
constexpr double kServicePitchM = 2 * 0.04445;

// Height of a rack-level port that belongs to no server (a PDU's management port, an in-rack management
// switch's uplink), as a fraction of the rack height: mid-rack. Assumption (a 0U PDU runs the rack's height).
constexpr double kRackPortHeightFraction = 0.5;

} // namespace fp::layout_constants
