#pragma once
// A switch's maximum power where no datasheet gives one: typical x the published maximum/typical ratio of
// its port class (data/catalog/README.md, "Switch power"). One rule for the seed's estimated rows, a
// catalog row without a figure, a user's custom switch and the --radix generic switch; catalog migration 8
// (catalog_schema.cpp) writes the same ratios into older files.
#include "catalog/parts.h"

namespace fp {

// 800G ports and faster (51.2T class and up): 1,125 W at full load over 540 W typical for a published
// 51.2T switch (issue 39) = 2.08.
inline constexpr double kSwitchMaxOverTypical800G = 2.08;
// 400G ports and slower (12.8-25.6T class): Arista 7050DX4-32S, 32 x 400G, 880 W max over 353 W typical
// (Arista 7050X4 Series data sheet, model comparison table) = 2.49.
inline constexpr double kSwitchMaxOverTypical400G = 2.49;

// The ratio for a switch: its fastest port mode decides the class.
double switchMaxOverTypical(const SwitchModel&);
// typical x the ratio, rounded to the watt.
double estimatedSwitchMaxPowerW(const SwitchModel&);

} // namespace fp
