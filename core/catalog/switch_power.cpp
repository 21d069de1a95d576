// The estimate rule for a switch's maximum power (switch_power.h).
#include "catalog/switch_power.h"

#include <algorithm>
#include <cmath>

namespace fp {

double switchMaxOverTypical(const SwitchModel& m)
{
    int fastest = 0;
    for (const Breakout& b : m.breakouts) fastest = std::max(fastest, b.portGbps);
    return fastest >= 800 ? kSwitchMaxOverTypical800G : kSwitchMaxOverTypical400G;
}

double estimatedSwitchMaxPowerW(const SwitchModel& m)
{
    return std::round(m.powerW * switchMaxOverTypical(m));
}

} // namespace fp
