// Catalog look-ups. The catalog is small (hundreds of parts) and read-only once loaded, so a linear
// scan is fast enough and keeps the Catalog a plain copyable struct that tests can build by hand.
#include "catalog/catalog.h"

#include <algorithm>
#include <set>

namespace fp {
namespace {

template <typename Model>
const Model* findIn(const std::vector<Model>& models, std::string_view partNumber)
{
    for (const Model& m : models)
        if (m.partNumber == partNumber) return &m;
    return nullptr;
}

const PriceQuote* cheapest(const std::vector<PriceQuote>& quotes)
{
    const PriceQuote* best = nullptr;
    for (const PriceQuote& q : quotes) {
        // Ties break on the source name so the choice never depends on row order.
        if (!best || q.priceUsd < best->priceUsd || (q.priceUsd == best->priceUsd && q.source < best->source))
            best = &q;
    }
    return best;
}

} // namespace

const SwitchModel* Catalog::findSwitch(std::string_view pn) const { return findIn(switches, pn); }
const NicModel* Catalog::findNic(std::string_view pn) const { return findIn(nics, pn); }
const TransceiverModel* Catalog::findTransceiver(std::string_view pn) const { return findIn(transceivers, pn); }
const CableModel* Catalog::findCable(std::string_view pn) const { return findIn(cables, pn); }
const PatchPanelModel* Catalog::findPatchPanel(std::string_view pn) const { return findIn(patchPanels, pn); }

const PlatformModel* Catalog::findPlatform(std::string_view id) const
{
    for (const PlatformModel& p : platforms)
        if (p.id == id) return &p;
    return nullptr;
}

const FailureRateEntry* Catalog::findFailureRate(std::string_view partClass) const
{
    for (const FailureRateEntry& e : failureRates)
        if (e.partClass == partClass) return &e;
    return nullptr;
}

const AsicFigures& Catalog::asicFigures(std::string_view asic) const
{
    const AsicFigures* generic = nullptr;
    for (const AsicFigures& a : asics) {
        if (a.asic == asic) return a;
        if (a.asic == kGenericAsic) generic = &a;
    }
    // The loader refuses a catalog without the generic row; a hand-made Catalog (tests) gets the defaults.
    static const AsicFigures none{.asic = std::string(kGenericAsic), .source = "no asics table"};
    return generic ? *generic : none;
}

const PartBase* Catalog::findPart(std::string_view pn) const
{
    if (const PartBase* p = findSwitch(pn)) return p;
    if (const PartBase* p = findNic(pn)) return p;
    if (const PartBase* p = findTransceiver(pn)) return p;
    if (const PartBase* p = findCable(pn)) return p;
    return findPatchPanel(pn);
}

bool Catalog::isQualified(std::string_view platform, const PartBase& part) const
{
    bool platformHasRows = false;
    for (const Qualification& q : qualifications) {
        if (q.platform != platform) continue;
        platformHasRows = true;
        if (q.part == part.partNumber) return true;
    }
    if (platformHasRows) return false;
    // No list for this platform: assume OEM lock-in, i.e. only the platform vendor's own parts.
    const PartBase* host = findPart(platform);
    return host && host->vendor == part.vendor;
}

PartOrigin Catalog::originAt(std::string_view platform, const PartBase& part) const
{
    bool open = false;
    const PartBase* host = nullptr;
    if (const SwitchModel* sw = findSwitch(platform)) {
        host = sw;
        open = sw->openOptics;
    } else if (const NicModel* nic = findNic(platform)) {
        host = nic;
        open = nic->openOptics;
    }
    if (!host || host->vendor == part.vendor) return PartOrigin::Oem;
    return open ? PartOrigin::OpenOptics : PartOrigin::ThirdParty;
}

const PriceQuote* Catalog::priceFor(const PartBase& part, const Economics& economics) const
{
    switch (economics.pricePolicy) {
    case PricePolicy::NamedSource:
        for (const PriceQuote& q : part.prices)
            if (q.source == economics.priceSource) return &q;
        return cheapest(part.prices);  // the named source has no quote for this part
    case PricePolicy::CheapestQualified:
    case PricePolicy::OemOnly:        // the media stage excludes non-OEM parts; the price rule is the same
        return cheapest(part.prices);
    }
    return nullptr;
}

std::vector<std::string> Catalog::priceSources() const
{
    std::set<std::string> sources;
    auto collect = [&](const auto& models) {
        for (const PartBase& m : models)
            for (const PriceQuote& q : m.prices) sources.insert(q.source);
    };
    collect(switches);
    collect(nics);
    collect(transceivers);
    collect(cables);
    collect(patchPanels);
    return {sources.begin(), sources.end()};
}

} // namespace fp
