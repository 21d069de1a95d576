#include "plan/compare_bound.h"

#include <cmath>

#include "catalog/platforms.h"
#include "plan/ranking.h"
#include "plan/resolve.h"
#include "topology/builder.h"

namespace fp::plan {

namespace {

// The fewest switches the candidate's plan can have (switchCostLowerBoundUsd's count), with its switch;
// 0 when no bound is known (generic, per-tier models, unknown parts, no port at the link speed).
double switchCountLowerBound(const ClusterSpec& spec, const Catalog& catalog, const SwitchModel** model)
{
    if (spec.genericRadix > 0 || hasTierSwitches(spec)) return 0;  // per-tier models: no bound (0 is always one)
    const SwitchModel* sw = catalog.findSwitch(spec.switchModel);
    const NicModel* nic = catalog.findNic(spec.nicModel);
    if (!sw || !nic) return 0;
    const int gbps = linkGbpsOf(spec, *nic);
    const topology::SwitchPorts ports{sw->portsAt(gbps), sw->portsPerCageAt(gbps)};
    if (ports.ports <= 0) return 0;

    const double endpoints = double(spec.nodes()) * spec.nicsPerNode;  // NIC ports per plane
    const auto& leaf = spec.leafOversubscription;
    const auto& spine = spec.spineOversubscription;
    if (leaf.down <= 0 || spine.down <= 0) return 0;
    double portsPerPlane = endpoints;
    if (endpoints > ports.ports) {  // two tiers at least
        const double leafUplinks = endpoints * leaf.up / leaf.down;
        portsPerPlane += leafUplinks;
        if (endpoints > double(topology::maxEndpoints(2, ports, leaf, spine)))  // three tiers
            portsPerPlane += leafUplinks * spine.up / spine.down;
    }
    *model = sw;
    return std::ceil(portsPerPlane / ports.ports) * std::max(1, spec.planes);
}

} // namespace

double switchCostLowerBoundUsd(const ClusterSpec& spec, const Catalog& catalog)
{
    const SwitchModel* sw = nullptr;
    const double switches = switchCountLowerBound(spec, catalog, &sw);
    if (switches <= 0) return 0;
    const PriceQuote* price = catalog.priceFor(*sw, spec.economics);
    if (!price || price->priceUsd <= 0) return 0;
    return switches * price->priceUsd;
}

double energyLowerBoundUsd(const ClusterSpec& spec, const Catalog& catalog)
{
    const SwitchModel* sw = nullptr;
    const double switches = switchCountLowerBound(spec, catalog, &sw);
    double watts = switches > 0 ? switches * std::max(0.0, sw->powerW) : 0.0;
    // Every NIC draws power, priced or built in (estimate::opexOf counts them all).
    if (const NicModel* nic = catalog.findNic(plan::canonicalParts(spec, catalog).nicModel))
        watts += double(spec.nodes()) * spec.nicsPerNode * std::max(0.0, nic->powerW);
    return energyUsdOver(watts, spec.economics);
}

double nicCostUsd(const ClusterSpec& spec, const Catalog& catalog)
{
    if (!spec.economics.includeNics) return 0;
    const NicModel* nic = catalog.findNic(plan::canonicalParts(spec, catalog).nicModel);
    // A platform's built-in NICs come with the system: the BOM lists them at no price (bom::collect).
    const PlatformModel* platform = spec.platform.empty() ? nullptr : catalog.findPlatform(spec.platform);
    if (nic && platform && nicsIncludedWith(*platform, nic->partNumber)) return 0;
    const PriceQuote* price = nic ? catalog.priceFor(*nic, spec.economics) : nullptr;
    return price ? double(spec.nodes()) * spec.nicsPerNode * price->priceUsd : 0.0;
}

} // namespace fp::plan
