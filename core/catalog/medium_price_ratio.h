#pragma once
// Multimode against single-mode module prices, one module shape at a time (issue 39): for each vendor,
// form factor, top and port layout that has both, the price the plan pays (Catalog::priceFor, so imported
// quotes count) for its cheapest multimode module over that of its single-mode DR counterpart (DR4/DR8: the
// part a link takes once it is past multimode's 50-100 m reach). The Prices view shows them beside the
// published figure the bundled estimates follow (data/catalog/README.md, "Multimode against single-mode").
#include <string>
#include <vector>

#include "catalog/catalog.h"

namespace fp {

struct MediumPriceRatio {
    std::string family;          // "NVIDIA OSFP 2 x 400G finned"
    std::string multimodePart;   // cheapest multimode module of the family
    std::string singleModePart;  // cheapest single-mode DR module of the family
    double multimodeUsd = 0;
    double singleModeUsd = 0;
    double ratio() const { return singleModeUsd > 0 ? multimodeUsd / singleModeUsd : 0.0; }
};

// Families in catalog order of their first module; a family without a priced module of both media is left out.
std::vector<MediumPriceRatio> mediumPriceRatios(const Catalog&, const Economics&);

// The published ratio: single-mode DR and FR modules "can cost 2.5x as much as multi-mode SR and AOC
// transceivers" (SemiAnalysis, "100,000 H100 Clusters", 2024-06), so multimode / single-mode = 1 / 2.5.
inline constexpr double kPublishedMultimodeOverSingleMode = 0.40;

} // namespace fp
