#pragma once
// What the plan's priced parts (the switch, NIC, transceiver, cable and fibre lines of the BOM, spares
// included; not patch panels, rack contents, nor NICs a platform's price includes) would cost from each
// price source in the catalog, for the GUI's price comparison (the Prices tab). The file keeps its
// first name: it began with optics and cables only (issue 41 added switches and NICs).
//
// One pass over the quotes of those parts, O(Q + S log N) for Q quotes and S sources: a price list of
// 200,000 sources costs milliseconds (the per-source scan it replaces took minutes, issue 42). Only the
// most relevant sources are kept in full, which is what a buyer reads:
//   - every line's cheapest source (so each row's best price is shown),
//   - then the sources that quote every line (one supplier for the whole order), cheapest first,
//   - then the others by how many lines they quote, then by their total; sources quoting none last.
// The rest are counted, and each line keeps the cheapest of them and how many of them quote it.
#include <cstddef>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "plan/plan.h"

namespace fp {

enum class OpticsLineKind { Switch, Nic, Transceiver, Cable, Fibre, SpareSwitch, SpareNic, SpareTransceiver, SpareCable };

struct SourceQuote {
    double unitUsd = -1;      // < 0: no quote
    double extendedUsd = -1;  // qty x unitUsd
    bool estimated = false;   // PriceQuote::estimated
    bool quoted() const { return unitUsd >= 0; }
};

struct PriceSourceTotal {
    std::string name;
    double usd = 0;          // over the lines it quotes
    int quotedLines = 0;
    bool estimated = false;  // any quote it sums is an estimate
};

struct OpticsPriceLine {
    std::size_t bomIndex = 0;  // into plan.bom.lines
    OpticsLineKind kind = OpticsLineKind::Transceiver;
    std::vector<SourceQuote> quotes;  // per shown source
    int cheapest = -1;                // shown source with the lowest cost (ties: the name first in order)
    // The sources not shown: how many quote this line, and the cheapest of them.
    int otherQuotes = 0;
    SourceQuote otherCheapest;
    std::string otherCheapestSource;
};

struct OpticsPriceComparison {
    std::vector<PriceSourceTotal> sources;  // shown, most relevant first (see above)
    std::vector<OpticsPriceLine> lines;
    std::size_t totalSources = 0;           // distinct sources in the whole catalog
    std::size_t otherSourcesQuotingNone = 0;  // of those not shown
    int cheapestComplete = -1;              // shown source quoting every line at the lowest total; -1: none
    double planUsd = 0;                     // what the plan's own choice costs for these lines
    bool planEstimated = false;
    double bestMixUsd = 0;                  // the cheapest quote of every line, from any source
    int linesWithoutQuote = 0;              // lines no source quotes (not in bestMixUsd)

    std::size_t otherSources() const { return totalSources - sources.size(); }
};

constexpr std::size_t kShownPriceSources = 50;

// `shownSources` is the number of sources kept in full; every line's cheapest source is kept even past it.
OpticsPriceComparison compareOpticsPrices(const Plan&, const Catalog&, std::size_t shownSources = kShownPriceSources);

} // namespace fp
