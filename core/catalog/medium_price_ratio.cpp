#include "catalog/medium_price_ratio.h"

#include <map>

namespace fp {

std::vector<MediumPriceRatio> mediumPriceRatios(const Catalog& catalog, const Economics& economics)
{
    std::vector<MediumPriceRatio> out;
    std::map<std::string, std::size_t> index;  // family -> position in out
    for (const TransceiverModel& m : catalog.transceivers) {
        const bool multimode = m.medium == Medium::Multimode;
        const bool dr = m.medium == Medium::SingleMode && m.pmd.rfind("DR", 0) == 0;
        if (!multimode && !dr) continue;
        const PriceQuote* q = catalog.priceFor(m, economics);
        if (!q) continue;
        const std::string family = m.vendor + " " + m.formFactor + " " + (m.ports > 1 ? std::to_string(m.ports) + " x " : "") +
                                   std::to_string(m.portGbps) + "G" + (m.formFactor == "OSFP" ? (m.finned ? " finned" : " flat") : "");
        auto [it, added] = index.try_emplace(family, out.size());
        if (added) out.push_back({family, {}, {}, 0, 0});
        MediumPriceRatio& r = out[it->second];
        std::string& part = multimode ? r.multimodePart : r.singleModePart;
        double& usd = multimode ? r.multimodeUsd : r.singleModeUsd;
        if (part.empty() || q->priceUsd < usd) {
            part = m.partNumber;
            usd = q->priceUsd;
        }
    }
    std::vector<MediumPriceRatio> both;
    for (MediumPriceRatio& r : out)
        if (!r.multimodePart.empty() && !r.singleModePart.empty() && r.singleModeUsd > 0) both.push_back(std::move(r));
    return both;
}

} // namespace fp
