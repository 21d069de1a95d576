#include "plan/plan_figures.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "plan/plan_json.h"

namespace fp {
namespace {

// Any non-finite number at all: the common case (none) walks the document without building paths.
bool anyNonFinite(const nlohmann::json& j)
{
    if (j.is_number_float()) return !std::isfinite(j.get<double>());
    if (j.is_structured())
        for (const auto& v : j)
            if (anyNonFinite(v)) return true;
    return false;
}

// JSON pointer of the first non-finite number, if any.
std::optional<std::string> firstNonFinite(const nlohmann::json& j, const std::string& path)
{
    if (j.is_number_float()) {
        if (!std::isfinite(j.get<double>())) return path.empty() ? "/" : path;
        return std::nullopt;
    }
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it)
            if (auto p = firstNonFinite(it.value(), path + "/" + it.key())) return p;
    } else if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i)
            if (auto p = firstNonFinite(j[i], path + "/" + std::to_string(i))) return p;
    }
    return std::nullopt;
}

} // namespace

void requireFiniteFigures(const Plan& plan)
{
    const nlohmann::json figures = planToJson(plan);
    if (!anyNonFinite(figures)) return;
    const auto where = firstNonFinite(figures, "");
    if (!where) return;
    // Name the most likely cause: the BOM line with the largest (or a non-finite) unit price.
    const BomLine* culprit = nullptr;
    for (const auto& l : plan.bom.lines)
        if (!culprit || !std::isfinite(l.extendedUsd) || l.unitPriceUsd > culprit->unitPriceUsd) {
            culprit = &l;
            if (!std::isfinite(l.extendedUsd)) break;
        }
    std::string cause;
    if (culprit && (!std::isfinite(culprit->extendedUsd) || culprit->unitPriceUsd > 1e12)) {
        char price[48];
        std::snprintf(price, sizeof price, "%.3g", culprit->unitPriceUsd);
        cause = "; part " + culprit->part + " is priced at $" + price + " each";
    }
    throw UserError("the plan's figure " + *where + " is too large to compute (it overflows)" + cause, "plan",
                    "check the prices in the catalog (catalog export-prices) and the design's economics for "
                    "absurd values");
}

} // namespace fp
