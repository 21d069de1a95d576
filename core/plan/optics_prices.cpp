#include "plan/optics_prices.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace fp {

namespace {

// The catalog part a priced BOM line is about, or nullptr: patch panels, rack contents, a NIC the
// platform's price includes (its BOM price is 0 whatever the sources quote), a part the catalog lacks
// (the synthesised generic switch).
const PartBase* comparedPart(const BomLine& line, const Catalog& catalog, OpticsLineKind* kind)
{
    switch (line.category) {
    case BomCategory::Switches: *kind = OpticsLineKind::Switch; return catalog.findSwitch(line.part);
    case BomCategory::Nics:
        *kind = OpticsLineKind::Nic;
        return line.includedWith.empty() ? catalog.findNic(line.part) : nullptr;
    case BomCategory::Transceivers: *kind = OpticsLineKind::Transceiver; break;
    case BomCategory::Cables: *kind = OpticsLineKind::Cable; break;
    case BomCategory::Fibre: *kind = OpticsLineKind::Fibre; break;
    case BomCategory::Spares:
        if (const PartBase* p = catalog.findTransceiver(line.part)) return *kind = OpticsLineKind::SpareTransceiver, p;
        if (const PartBase* p = catalog.findCable(line.part)) return *kind = OpticsLineKind::SpareCable, p;
        if (const PartBase* p = catalog.findSwitch(line.part)) return *kind = OpticsLineKind::SpareSwitch, p;
        if (const PartBase* p = catalog.findNic(line.part)) return *kind = OpticsLineKind::SpareNic, p;
        return nullptr;
    default: return nullptr;
    }
    // Optics, cables and fibre: the module or the cable, whichever the catalog has (as before issue 41).
    if (const PartBase* t = catalog.findTransceiver(line.part)) return t;
    return catalog.findCable(line.part);
}

struct SourceTally {
    double usd = 0;
    int lines = 0;
    bool estimated = false;
    int lastLine = -1;  // the line whose quote was counted last: a second quote of one source counts once
};

struct Found {
    std::size_t bomIndex;
    OpticsLineKind kind;
    const PartBase* part;
};

// (cost, name): the cheaper wins, ties go to the name first in order, as Catalog::priceFor breaks them.
bool cheaper(double usd, std::string_view name, double thanUsd, std::string_view thanName)
{
    return usd < thanUsd || (usd == thanUsd && name < thanName);
}

} // namespace

OpticsPriceComparison compareOpticsPrices(const Plan& plan, const Catalog& catalog, std::size_t shownSources)
{
    OpticsPriceComparison out;
    // Every source of the catalog, numbered in order of first appearance (views into the catalog).
    std::unordered_map<std::string_view, int> ids;
    std::vector<std::string_view> names;
    const auto collect = [&](const auto& models) {
        for (const PartBase& m : models)
            for (const PriceQuote& q : m.prices)
                if (ids.try_emplace(q.source, int(names.size())).second) names.push_back(q.source);
    };
    collect(catalog.switches);
    collect(catalog.nics);
    collect(catalog.transceivers);
    collect(catalog.cables);
    collect(catalog.patchPanels);
    out.totalSources = names.size();

    std::vector<Found> found;
    for (std::size_t i = 0; i < plan.bom.lines.size(); ++i) {
        const BomLine& b = plan.bom.lines[i];
        OpticsLineKind kind{};
        if (const PartBase* part = comparedPart(b, catalog, &kind)) {
            found.push_back({i, kind, part});
            out.planUsd += b.extendedUsd;
            out.planEstimated = out.planEstimated || b.priceEstimated;
        }
    }
    const int lineCount = int(found.size());

    // Pass 1: each source's total over the lines it quotes, and each line's cheapest source.
    std::vector<SourceTally> tally(names.size());
    std::vector<int> cheapestId(found.size(), -1);
    std::vector<double> cheapestUsd(found.size(), 0.0);
    for (int l = 0; l < lineCount; ++l) {
        const double qty = double(plan.bom.lines[found[std::size_t(l)].bomIndex].qty);
        const auto& quotes = found[std::size_t(l)].part->prices;
        for (auto q = quotes.rbegin(); q != quotes.rend(); ++q) {  // the last quote of a source wins
            const int id = ids.find(q->source)->second;
            SourceTally& t = tally[std::size_t(id)];
            if (t.lastLine == l) continue;
            t.lastLine = l;
            const double usd = qty * q->priceUsd;
            t.usd += usd;
            ++t.lines;
            t.estimated = t.estimated || q->estimated;
            int& best = cheapestId[std::size_t(l)];
            if (best < 0 || cheaper(usd, names[std::size_t(id)], cheapestUsd[std::size_t(l)], names[std::size_t(best)])) {
                best = id;
                cheapestUsd[std::size_t(l)] = usd;
            }
        }
        if (cheapestId[std::size_t(l)] >= 0) out.bestMixUsd += cheapestUsd[std::size_t(l)];
        else ++out.linesWithoutQuote;
    }

    // More lines quoted first (every line: one supplier for the whole order), then the lower total.
    const auto moreRelevant = [&](int a, int b) {
        const SourceTally &x = tally[std::size_t(a)], &y = tally[std::size_t(b)];
        if (x.lines != y.lines) return x.lines > y.lines;
        if (x.usd != y.usd) return x.usd < y.usd;
        return names[std::size_t(a)] < names[std::size_t(b)];
    };
    std::vector<char> chosen(names.size(), 0);
    std::vector<int> shown;
    const auto choose = [&](int id) {
        if (id >= 0 && !chosen[std::size_t(id)]) {
            chosen[std::size_t(id)] = 1;
            shown.push_back(id);
        }
    };
    int bestComplete = -1;
    if (lineCount > 0)
        for (int id = 0; id < int(names.size()); ++id)
            if (tally[std::size_t(id)].lines == lineCount && (bestComplete < 0 || moreRelevant(id, bestComplete)))
                bestComplete = id;
    choose(bestComplete);
    for (int id : cheapestId) choose(id);
    if (shown.size() < shownSources) {
        std::vector<int> rest;
        rest.reserve(names.size() - shown.size());
        for (int id = 0; id < int(names.size()); ++id)
            if (!chosen[std::size_t(id)]) rest.push_back(id);
        const std::size_t k = std::min(shownSources - shown.size(), rest.size());
        std::partial_sort(rest.begin(), rest.begin() + std::ptrdiff_t(k), rest.end(), moreRelevant);
        for (std::size_t i = 0; i < k; ++i) choose(rest[i]);
    }
    std::sort(shown.begin(), shown.end(), moreRelevant);

    std::vector<int> shownIndex(names.size(), -1);
    for (std::size_t s = 0; s < shown.size(); ++s) {
        const int id = shown[s];
        const SourceTally& t = tally[std::size_t(id)];
        shownIndex[std::size_t(id)] = int(s);
        out.sources.push_back({std::string(names[std::size_t(id)]), t.usd, t.lines, t.estimated});
    }
    out.cheapestComplete = bestComplete >= 0 ? shownIndex[std::size_t(bestComplete)] : -1;
    for (std::size_t id = 0; id < names.size(); ++id)
        if (!chosen[id] && tally[id].lines == 0) ++out.otherSourcesQuotingNone;

    // Pass 2: the shown sources' cells, and what the others offer on each line.
    std::vector<int> seenAt(names.size(), -1);
    out.lines.reserve(found.size());
    for (int l = 0; l < lineCount; ++l) {
        const Found& f = found[std::size_t(l)];
        const double qty = double(plan.bom.lines[f.bomIndex].qty);
        OpticsPriceLine line;
        line.bomIndex = f.bomIndex;
        line.kind = f.kind;
        line.quotes.resize(shown.size());
        if (cheapestId[std::size_t(l)] >= 0) line.cheapest = shownIndex[std::size_t(cheapestId[std::size_t(l)])];
        for (auto q = f.part->prices.rbegin(); q != f.part->prices.rend(); ++q) {
            const int id = ids.find(q->source)->second;
            if (seenAt[std::size_t(id)] == l) continue;
            seenAt[std::size_t(id)] = l;
            const SourceQuote quote{q->priceUsd, qty * q->priceUsd, q->estimated};
            if (const int s = shownIndex[std::size_t(id)]; s >= 0) {
                line.quotes[std::size_t(s)] = quote;
                continue;
            }
            ++line.otherQuotes;
            if (!line.otherCheapest.quoted() ||
                cheaper(quote.extendedUsd, q->source, line.otherCheapest.extendedUsd, line.otherCheapestSource)) {
                line.otherCheapest = quote;
                line.otherCheapestSource = q->source;
            }
        }
        out.lines.push_back(std::move(line));
    }
    return out;
}

} // namespace fp
