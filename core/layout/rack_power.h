#pragma once
// The racks' power, apart from placing them: a floor placed for one switch serves another of the same
// rack units but other power (plan/plan_stages.h), its racks' power set again for its own.
#include "layout/layout.h"

namespace fp::layout {
// Sets each rack's power (Rack::powerW) from its devices: nodes at spec.floor.nodePowerKw, switches at
// their model's maximum power (Device::model; SwitchModel::maxPowerW: a rack budget must hold the full
// load, not the typical draw). place() sets it so too.
void setRackPower(Layout&, const ClusterSpec&, const Fabric&, const Hardware&);
} // namespace fp::layout
