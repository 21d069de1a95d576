#include "plan/compare_siblings.h"

#include "estimate/opex.h"

namespace fp::plan {
namespace {

bool sameBreakouts(const std::vector<Breakout>& a, const std::vector<Breakout>& b)
{
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].portGbps != b[i].portGbps || a[i].portsPerCage != b[i].portsPerCage) return false;
    return true;
}

// Media checks ask whether a part is qualified on the switch (catalog.h isQualified: its own list, or
// the vendor's parts when it has none) and whose part it is there (originAt: the vendor's own, open optics
// or third-party): the answers must be the same for every part.
bool sameQualifications(const SwitchModel& a, const SwitchModel& b, const Catalog& catalog)
{
    auto same = [&](const auto& parts) {
        for (const PartBase& p : parts)
            if (catalog.isQualified(a.partNumber, p) != catalog.isQualified(b.partNumber, p) ||
                catalog.originAt(a.partNumber, p) != catalog.originAt(b.partNumber, p))
                return false;
        return true;
    };
    return same(catalog.transceivers) && same(catalog.cables) && same(catalog.patchPanels) && same(catalog.nics);
}

} // namespace

bool plansAlike(const SwitchModel& a, const SwitchModel& b, const Catalog& catalog)
{
    // Not compared: part number, vendor, description and source (names, in text only), prices (what
    // capexWithSwitch re-prices), lead time and power (neither moves a BOM quantity or price).
    if (a.generic || b.generic) return false;
    return a.category == b.category && a.oem == b.oem && a.protocol == b.protocol && a.asic == b.asic &&
           a.cages == b.cages && a.cageType == b.cageType && a.cageFinned == b.cageFinned &&
           a.cagePowerClassW == b.cagePowerClassW && sameBreakouts(a.breakouts, b.breakouts) &&
           a.latencyNs == b.latencyNs && a.latencyEstimated == b.latencyEstimated && a.rackUnits == b.rackUnits &&
           a.adaptiveRouting == b.adaptiveRouting && sameQualifications(a, b, catalog);
}

namespace {

// plan's BOM with `sibling` in place of its switch: prices (and, with `repower`, power) as bom::makeLine
// and addSpare compute them.
Bom bomWithSwitch(const Plan& plan, const SwitchModel& sibling, const Catalog& catalog, bool repower)
{
    const std::string& own = plan.hardware.switches.front().partNumber;
    const PriceQuote* quote = catalog.priceFor(sibling, plan.spec.economics);
    const double unit = quote ? quote->priceUsd : 0.0;
    Bom bom;
    bom.lines.reserve(plan.bom.lines.size());
    for (const BomLine& l : plan.bom.lines) {
        BomLine line;
        line.category = l.category;
        line.qty = l.qty;
        line.priceEstimated = l.priceEstimated;
        line.extendedUsd = l.extendedUsd;
        line.extendedPowerW = l.extendedPowerW;
        line.extendedPowerMaxW = l.extendedPowerMaxW;
        const bool isSwitch = l.part == own && (l.category == BomCategory::Switches || l.category == BomCategory::Spares);
        if (isSwitch) {
            line.priceEstimated = quote ? quote->estimated : true;
            line.extendedUsd = double(l.qty) * unit;  // as bom::makeLine and addSpare compute it
            if (repower && l.category == BomCategory::Switches) {  // spares: none
                line.extendedPowerW = double(l.qty) * sibling.powerW;
                line.extendedPowerMaxW = double(l.qty) * sibling.maxPowerW();
            }
        }
        bom.lines.push_back(std::move(line));
    }
    return bom;
}

} // namespace

Capex capexWithSwitch(const Plan& plan, const SwitchModel& sibling, const Catalog& catalog)
{
    return estimate::capexOf(bomWithSwitch(plan, sibling, catalog, false), plan.spec.gpus);
}

SiblingFigures figuresWithSwitch(const Plan& plan, const SwitchModel& sibling, const Catalog& catalog)
{
    const Bom bom = bomWithSwitch(plan, sibling, catalog, true);
    SiblingFigures f;
    f.capex = estimate::capexOf(bom, plan.spec.gpus);
    f.energyUsd = estimate::opexOf(plan.spec, plan.fabric, bom, plan.hardware.nic).energyUsdPerYear *
                  plan.spec.economics.horizonYears;
    return f;
}

} // namespace fp::plan
