#pragma once
// Hardware values for tests that call a stage directly with one switch and one NIC.
#include "catalog/hardware.h"

namespace testhw {

// The same switch on every tier, with this NIC (what plan::resolve builds).
inline fp::Hardware of(const fp::SwitchModel& sw, const fp::NicModel& nic) { return fp::Hardware::uniform(sw, nic, 0, 1); }

// For layout tests: switches that only draw power and take rack units.
inline fp::Hardware switchDrawing(double powerW, int rackUnits = 2)
{
    fp::SwitchModel sw;
    sw.powerW = powerW;
    sw.rackUnits = rackUnits;
    return fp::Hardware::uniform(sw, fp::NicModel{}, 0, 1);
}

} // namespace testhw
