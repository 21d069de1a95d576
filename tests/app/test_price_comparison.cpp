// The price comparison table (switches, NICs, optics and cables; issue 41): per-source totals, the
// cheapest-source highlight and missing quotes, on a hand-built catalog (figures worked out by hand) and
// on a real plan from the built catalog.
#include <QAbstractItemModelTester>
#include <QtTest>

#include <algorithm>
#include <set>

#include "gui/price_comparison_model.h"
#include "gui_test_support.h"
#include "plan/plan.h"

using namespace fp;
using namespace fp::gui;

namespace {

// "a-list" quotes are real (a published list), "b-street" ones estimates.
PriceQuote quote(const std::string& source, double usd)
{
    PriceQuote q;
    q.source = source;
    q.priceUsd = usd;
    q.estimated = source != "a-list";
    return q;
}

BomLine line(BomCategory category, const std::string& part, long long qty, double unitUsd,
             const std::string& source)
{
    BomLine l;
    l.category = category;
    l.part = part;
    l.qty = qty;
    l.unitPriceUsd = unitUsd;
    l.extendedUsd = double(qty) * unitUsd;
    l.priceSource = source;
    l.priceEstimated = source != "a-list";
    return l;
}

// The catalog part a BOM line is compared on, read here from the catalog by the rule the Prices tab
// states: every priced switch, NIC, transceiver, cable and fibre line, spares of them included; not patch
// panels, rack contents, nor NICs the platform's price includes.
const PartBase* comparedPart(const Catalog& catalog, const BomLine& l)
{
    const auto moduleOrCable = [&]() -> const PartBase* {
        if (const PartBase* t = catalog.findTransceiver(l.part)) return t;
        return catalog.findCable(l.part);
    };
    switch (l.category) {
    case BomCategory::Switches: return catalog.findSwitch(l.part);
    case BomCategory::Nics: return l.includedWith.empty() ? catalog.findNic(l.part) : nullptr;
    case BomCategory::Transceivers:
    case BomCategory::Cables:
    case BomCategory::Fibre: return moduleOrCable();
    case BomCategory::Spares:
        if (const PartBase* p = moduleOrCable()) return p;
        if (const PartBase* p = catalog.findSwitch(l.part)) return p;
        return catalog.findNic(l.part);
    default: return nullptr;
    }
}

} // namespace

class TestPriceComparison : public QObject {
    Q_OBJECT
private slots:
    void handBuiltTotals();
    void realPlanTotalsMatchCatalog();
    void realQuotesCarryNoEstimateMark();
    void manySourcesShowTheRelevantOnesAndSumUpTheRest();
};

void TestPriceComparison::handBuiltTotals()
{
    // Two sources "a-list" and "b-street"; the optic has both quotes, the DAC only a-list's.
    auto catalog = std::make_shared<Catalog>();
    TransceiverModel optic;
    optic.partNumber = "OPT-800";
    optic.category = PartCategory::Transceiver;
    optic.prices = {quote("a-list", 1000), quote("b-street", 800)};
    catalog->transceivers.push_back(optic);
    CableModel dac;
    dac.partNumber = "DAC-2M";
    dac.category = PartCategory::Cable;
    dac.prices = {quote("a-list", 150)};
    catalog->cables.push_back(dac);
    SwitchModel sw;
    sw.partNumber = "SW-64";
    sw.prices = {quote("a-list", 30000), quote("b-street", 25000)};
    catalog->switches.push_back(sw);
    NicModel nic;
    nic.partNumber = "NIC-400";
    nic.prices = {quote("a-list", 2000), quote("b-street", 1500)};
    catalog->nics.push_back(nic);

    auto plan = std::make_shared<Plan>();
    BomLine builtIn = line(BomCategory::Nics, "NIC-400", 8, 0, "");
    builtIn.includedWith = "SYSTEM-1";  // the system's price includes it: not compared
    plan->bom.lines = {
        line(BomCategory::Switches, "SW-64", 48, 25000, "b-street"),
        line(BomCategory::Nics, "NIC-400", 64, 1500, "b-street"),
        builtIn,
        line(BomCategory::Transceivers, "OPT-800", 100, 800, "b-street"),
        line(BomCategory::Cables, "DAC-2M", 20, 150, "a-list"),
        line(BomCategory::Spares, "OPT-800", 2, 800, "b-street"),
        line(BomCategory::Spares, "SW-64", 1, 25000, "b-street"),
    };

    PriceComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPlan(plan, catalog);
    QCOMPARE(model.lineCount(), 6);
    QCOMPARE(model.rowCount(), 7);  // + totals
    QCOMPARE(model.sourceCount(), 2);
    QCOMPARE(model.sourceName(0), QStringLiteral("a-list"));
    QCOMPARE(model.columnCount(), int(PriceComparisonModel::FirstSource) + 2);
    // The Kind column tells the parts apart, in the BOM's order.
    QStringList kinds;
    for (int r = 0; r < model.lineCount(); ++r) kinds << model.index(r, PriceComparisonModel::Kind).data().toString();
    QCOMPARE(kinds, (QStringList{QStringLiteral("Switch"), QStringLiteral("NIC"), QStringLiteral("Transceiver"), QStringLiteral("Cable"),
                           QStringLiteral("Spare transceiver"), QStringLiteral("Spare switch")}));
    // a-list: 48 x 30,000 + 64 x 2,000 + 100 x 1,000 + 20 x 150 + 2 x 1,000 + 1 x 30,000
    //       = 1,440,000 + 128,000 + 100,000 + 3,000 + 2,000 + 30,000 = 1,703,000
    QCOMPARE(model.sourceTotalUsd(0), 1703000.0);
    QCOMPARE(model.sourceMissingLines(0), 0);
    // b-street: 48 x 25,000 + 64 x 1,500 + 100 x 800 + 2 x 800 + 1 x 25,000
    //         = 1,200,000 + 96,000 + 80,000 + 1,600 + 25,000 = 1,402,600; no quote for the DAC line
    QCOMPARE(model.sourceTotalUsd(1), 1402600.0);
    QCOMPARE(model.sourceMissingLines(1), 1);
    // The plan's own choice: 1,200,000 + 96,000 + 80,000 + 3,000 + 1,600 + 25,000 = 1,405,600
    QCOMPARE(model.planTotalUsd(), 1405600.0);
    // Only a-list quotes every line, so it is the cheapest complete source.
    QCOMPARE(model.cheapestCompleteSource(), 0);

    const int a = PriceComparisonModel::FirstSource, b = a + 1;
    // Switch row: b-street (1,200,000) beats a-list (1,440,000) and is highlighted.
    QCOMPARE(model.index(0, b).data(PriceComparisonModel::IsCheapestRole).toBool(), true);
    QCOMPARE(model.index(0, a).data().toString(), QStringLiteral("$1,440,000"));
    QCOMPARE(model.index(1, b).data().toString(), QStringLiteral("$96,000 ~"));
    // Optic row: b-street (80,000) beats a-list (100,000) and is highlighted.
    const int opticRow = 2, dacRow = 3, totals = 6;
    QCOMPARE(model.index(opticRow, b).data(PriceComparisonModel::IsCheapestRole).toBool(), true);
    QCOMPARE(model.index(opticRow, a).data(PriceComparisonModel::IsCheapestRole).toBool(), false);
    // Estimated quotes carry the BOM's "~" mark and colour; a real quote neither.
    QCOMPARE(model.index(opticRow, b).data().toString(), QStringLiteral("$80,000 ~"));
    QCOMPARE(model.index(opticRow, a).data().toString(), QStringLiteral("$100,000"));
    QVERIFY(model.index(opticRow, b).data(Qt::ForegroundRole).isValid());
    QVERIFY(!model.index(opticRow, a).data(Qt::ForegroundRole).isValid());
    QCOMPARE(model.index(opticRow, PriceComparisonModel::PlanCost).data().toString(), QStringLiteral("$80,000 ~"));
    QCOMPARE(model.index(dacRow, PriceComparisonModel::PlanCost).data().toString(), QStringLiteral("$3,000"));
    QVERIFY(model.index(opticRow, b).data(Qt::BackgroundRole).isValid());
    QVERIFY(!model.index(opticRow, a).data(Qt::BackgroundRole).isValid());
    // DAC row: no b-street quote shows a dash; a-list is then the cheapest.
    QCOMPARE(model.index(dacRow, b).data().toString(), QStringLiteral("—"));
    QCOMPARE(model.index(dacRow, a).data(PriceComparisonModel::IsCheapestRole).toBool(), true);
    QCOMPARE(model.index(dacRow, PriceComparisonModel::PlanSource).data().toString(), QStringLiteral("a-list"));
    // Totals row: values and the missing-line marker.
    QCOMPARE(model.index(totals, 0).data(PriceComparisonModel::IsTotalRole).toBool(), true);
    QCOMPARE(model.index(totals, a).data().toString(), QStringLiteral("$1,703,000"));
    QCOMPARE(model.index(totals, b).data().toString(), QStringLiteral("$1,402,600 ~ (−1 line)"));
    QCOMPARE(model.index(totals, PriceComparisonModel::PlanCost).data().toString(), QStringLiteral("$1,405,600 ~"));
    QVERIFY(model.summaryText().contains(QStringLiteral("no quote for 1 line")));
    QVERIFY(model.summaryText().contains(QStringLiteral("~ estimate: no public prices exist")));

    model.setPlan(nullptr, catalog);
    QCOMPARE(model.rowCount(), 0);
}

// Only real quotes: no "~" anywhere, and no legend for a mark that is not shown.
void TestPriceComparison::realQuotesCarryNoEstimateMark()
{
    auto catalog = std::make_shared<Catalog>();
    TransceiverModel optic;
    optic.partNumber = "OPT-800";
    optic.category = PartCategory::Transceiver;
    optic.prices = {quote("a-list", 1000)};
    catalog->transceivers.push_back(optic);
    auto plan = std::make_shared<Plan>();
    plan->bom.lines = {line(BomCategory::Transceivers, "OPT-800", 10, 1000, "a-list")};
    PriceComparisonModel model;
    model.setPlan(plan, catalog);
    for (int r = 0; r < model.rowCount(); ++r)
        for (int c = 0; c < model.columnCount(); ++c)
            QVERIFY2(!model.index(r, c).data().toString().contains(QLatin1Char('~')), qPrintable(model.index(r, c).data().toString()));
    QVERIFY(!model.summaryText().contains(QLatin1Char('~')));
}

void TestPriceComparison::realPlanTotalsMatchCatalog()
{
    // The default spec (1,024 GPUs on InfiniBand) against the bundled catalog's three estimate sources.
    const auto catalog = test::builtCatalog();
    const auto plan = std::make_shared<const Plan>(makePlan(ClusterSpec{}, *catalog));
    PriceComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPlan(plan, catalog);
    QVERIFY(model.lineCount() > 0);
    const std::vector<std::string> sources = catalog->priceSources();
    QCOMPARE(model.sourceCount(), int(sources.size()));
    QVERIFY(sources.size() >= 2);

    // Independently: every compared BOM line (switches and NICs too), qty x that source's quote.
    int comparedLines = 0, switchAndNicLines = 0;
    double planComparedUsd = 0;
    for (const BomLine& l : plan->bom.lines) {
        if (!comparedPart(*catalog, l)) continue;
        ++comparedLines;
        planComparedUsd += l.extendedUsd;
        if (l.category == BomCategory::Switches || l.category == BomCategory::Nics) ++switchAndNicLines;
    }
    QVERIFY(switchAndNicLines >= 2);  // the default plan buys its switches and NICs
    QCOMPARE(model.lineCount(), comparedLines);
    QVERIFY(qAbs(model.planTotalUsd() - planComparedUsd) < 0.01);
    // Sources are ordered by relevance, not by name: find each one's column by its name.
    QStringList names;
    for (int s = 0; s < model.sourceCount(); ++s) names << model.sourceName(s);
    for (std::size_t s = 0; s < sources.size(); ++s) {
        const int column = int(names.indexOf(QString::fromStdString(sources[s])));
        QVERIFY2(column >= 0, sources[s].c_str());
        double expected = 0;
        int missing = 0;
        for (const BomLine& l : plan->bom.lines) {
            const PartBase* p = comparedPart(*catalog, l);
            if (!p) continue;
            bool found = false;
            for (const PriceQuote& q : p->prices)
                if (q.source == sources[s]) {
                    expected += double(l.qty) * q.priceUsd;
                    found = true;
                }
            if (!found) ++missing;
        }
        QVERIFY2(qAbs(model.sourceTotalUsd(column) - expected) < 0.01, sources[s].c_str());
        QCOMPARE(model.sourceMissingLines(column), missing);
        const QModelIndex totalCell = model.index(model.lineCount(), PriceComparisonModel::FirstSource + column);
        QVERIFY(qAbs(totalCell.data(PriceComparisonModel::UsdRole).toDouble() - expected) < 0.01);
    }
    QCOMPARE(model.otherSourcesColumn(), -1);  // a few sources: every one has its column
    // Each highlighted cell is no dearer than any other quoted cell of its row.
    for (int r = 0; r < model.lineCount(); ++r) {
        double cheapest = -1;
        for (int s = 0; s < model.sourceCount(); ++s) {
            const QModelIndex i = model.index(r, PriceComparisonModel::FirstSource + s);
            if (i.data(PriceComparisonModel::IsCheapestRole).toBool()) cheapest = i.data(PriceComparisonModel::UsdRole).toDouble();
        }
        QVERIFY(cheapest >= 0);
        for (int s = 0; s < model.sourceCount(); ++s) {
            const double usd = model.index(r, PriceComparisonModel::FirstSource + s).data(PriceComparisonModel::UsdRole).toDouble();
            if (usd >= 0) QVERIFY(cheapest <= usd);
        }
    }
}

// A price list of 20,000 sources (issue 42: 0.85 s at 2,000, 23 s at 50,000, minutes at 200,000): the
// table keeps 50 source columns and one that sums up the rest; each line's cheapest quote, worked out here
// by a plain scan of the catalog, is in a shown column and highlighted.
void TestPriceComparison::manySourcesShowTheRelevantOnesAndSumUpTheRest()
{
    auto catalog = std::make_shared<Catalog>(*test::builtCatalog());
    // The optics parts of the default plan; each bulk source quotes one of them, source i at $1,000 + i.
    const Plan before = makePlan(ClusterSpec{}, *catalog);
    std::vector<std::string> parts;
    for (const BomLine& l : before.bom.lines)
        if ((catalog->findTransceiver(l.part) || catalog->findCable(l.part)) &&
            std::find(parts.begin(), parts.end(), l.part) == parts.end())
            parts.push_back(l.part);
    QVERIFY(parts.size() >= 2);
    const int bulk = 20'000;
    for (int i = 0; i < bulk; ++i) {
        const std::string& part = parts[std::size_t(i) % parts.size()];
        PartBase* p = nullptr;
        for (auto& t : catalog->transceivers)
            if (t.partNumber == part) p = &t;
        for (auto& c : catalog->cables)
            if (c.partNumber == part) p = &c;
        PriceQuote q;
        q.source = QStringLiteral("bulk-%1").arg(i, 5, 10, QLatin1Char('0')).toStdString();
        q.priceUsd = 1000 + i;
        q.estimated = false;
        p->prices.push_back(q);
    }
    const auto plan = std::make_shared<const Plan>(makePlan(ClusterSpec{}, *catalog));
    PriceComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPlan(plan, catalog);

    const long long total = (long long)catalog->priceSources().size();
    QVERIFY(total >= bulk);
    const long long hidden = total - (long long)kShownPriceSources;
    QCOMPARE(model.totalSourceCount(), total);
    QCOMPARE(model.sourceCount(), int(kShownPriceSources));
    QCOMPARE(model.otherSourceCount(), hidden);
    QCOMPARE(model.columnCount(), int(PriceComparisonModel::FirstSource) + int(kShownPriceSources) + 1);
    int opticsLines = 0;  // every compared line: switches and NICs too
    for (const BomLine& l : plan->bom.lines)
        if (comparedPart(*catalog, l)) ++opticsLines;
    QCOMPARE(model.lineCount(), opticsLines);
    QCOMPARE(model.rowCount(), opticsLines + 1);
    const QString more = QLocale(QLocale::English).toString(hidden) + QStringLiteral(" more sources");
    const int others = model.otherSourcesColumn();
    QCOMPARE(others, model.columnCount() - 1);
    QCOMPARE(model.headerData(others, Qt::Horizontal).toString(), more);
    QCOMPARE(model.index(opticsLines, others).data().toString(), QStringLiteral("and ") + more);
    QVERIFY2(model.summaryText().contains(QStringLiteral("and ") + more + QStringLiteral(" not shown")),
             qPrintable(model.summaryText()));

    // Per line, by a plain scan: the cheapest quote of all, and how many sources quote the part.
    int row = 0;
    for (const BomLine& l : plan->bom.lines) {
        const PartBase* p = comparedPart(*catalog, l);
        if (!p) continue;
        double cheapest = -1;
        std::set<std::string> quoting;
        for (const PriceQuote& q : p->prices) {
            quoting.insert(q.source);
            if (cheapest < 0 || double(l.qty) * q.priceUsd < cheapest) cheapest = double(l.qty) * q.priceUsd;
        }
        int highlighted = 0, shownQuotes = 0;
        for (int s = 0; s < model.sourceCount(); ++s) {
            const QModelIndex cell = model.index(row, PriceComparisonModel::FirstSource + s);
            if (cell.data(PriceComparisonModel::UsdRole).toDouble() >= 0) ++shownQuotes;
            if (cell.data(PriceComparisonModel::IsCheapestRole).toBool()) {
                ++highlighted;
                QVERIFY(qAbs(cell.data(PriceComparisonModel::UsdRole).toDouble() - cheapest) < 0.01);
            }
        }
        QCOMPARE(highlighted, 1);
        const int otherQuotes = int(quoting.size()) - shownQuotes;
        const QString cell = model.index(row, others).data().toString();
        if (std::find(parts.begin(), parts.end(), l.part) == parts.end()) {
            // A switch or NIC: no bulk source quotes it, so the other sources have nothing for it.
            QCOMPARE(otherQuotes, 0);
            QCOMPARE(cell, QStringLiteral("—"));
            ++row;
            continue;
        }
        QVERIFY(otherQuotes > 0);  // ~20,000 / parts bulk sources per part, at most 50 shown
        QVERIFY2(cell.endsWith(QStringLiteral("(%1 quotes)").arg(QLocale(QLocale::English).toString(otherQuotes))),
                 qPrintable(cell));
        QVERIFY(model.index(row, others).data(PriceComparisonModel::UsdRole).toDouble() >= cheapest);
        ++row;
    }
    QCOMPARE(row, opticsLines);
    // A source quoting every line is the first column, and the cheapest of those.
    if (model.cheapestCompleteSource() >= 0) {
        QCOMPARE(model.cheapestCompleteSource(), 0);
        QCOMPARE(model.sourceMissingLines(0), 0);
    }
}

QTEST_MAIN(TestPriceComparison)
#include "test_price_comparison.moc"
