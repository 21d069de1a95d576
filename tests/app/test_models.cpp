// Item models over a real plan, each under QAbstractItemModelTester, with figures derived by hand.
#include <QAbstractItemModelTester>
#include <QTextBlock>
#include <QTextLayout>
#include <QtTest>

#include "lossless/lossless.h"
#include "gui/bom_model.h"
#include "gui/cable_model.h"
#include "gui/catalog_model.h"
#include "gui/checks_model.h"
#include "gui/summary_view.h"
#include "gui_test_support.h"
#include "plan/plan.h"
#include "spec/spec_json.h"

using namespace fp;
using namespace fp::gui;

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void bomGroupsAndSubtotals();
    void bomSortKeepsGroupsAndFilterHidesSubtotals();
    void bomIncludedNicsSubtotalReadsIncluded();
    void cablePlanIsOneRowPerLink();
    void cablePlanFilters();
    void cablePlanRowsComeInChunks();
    void cablePlanNamesSplitterFibreAsTheCsvDoes();
    void checksModel();
    void catalogModel();
    void summaryFigures1024();
    void keyFiguresStayOnOneLine();
    void flowControlReadsAsTheCliPrintsIt();

private:
    std::shared_ptr<const Plan> m_plan;
};

void TestModels::initTestCase()
{
    // The default spec: 1024 GPUs, DGX-style 8 GPUs + 8 NICs per node, InfiniBand QM9700 (64 x 400G).
    m_plan = std::make_shared<const Plan>(makePlan(ClusterSpec{}, *test::builtCatalog()));
}

void TestModels::bomGroupsAndSubtotals()
{
    BomModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPlan(m_plan);
    QVERIFY(model.rowCount() > 0);
    // Rows are grouped: category never decreases, and each group ends with its subtotal row.
    int lastCategory = -1;
    double runningUsd = 0;
    long long switchQty = -1;
    for (int r = 0; r < model.rowCount(); ++r) {
        const QModelIndex i = model.index(r, 0);
        const int cat = i.data(BomModel::CategoryRole).toInt();
        QVERIFY(cat >= lastCategory);
        lastCategory = cat;
        if (i.data(BomModel::RowKindRole).toInt() == BomModel::LineRow) {
            runningUsd += model.index(r, BomModel::Extended).data(BomModel::SortRole).toDouble();
        } else {
            QVERIFY(r + 1 == model.rowCount() ||
                    model.index(r + 1, 0).data(BomModel::CategoryRole).toInt() != cat);
            if (cat == int(BomCategory::Switches))
                switchQty = model.index(r, BomModel::Qty).data().toString().remove(QLatin1Char(',')).toLongLong();
        }
    }
    // 32 leaves + 16 spines (1024 endpoints / 32 down ports; 32 x 32 uplinks / 64 ports).
    QCOMPARE(switchQty, 48LL);
    // The grand total the footer shows is the sum of the lines (to the cent).
    QVERIFY(qAbs(runningUsd - model.totalUsd()) < 0.01);
    model.setPlan(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

// A DGX H100 ships with its ConnectX-7 NICs (data/catalog/platforms.csv): each NIC line reads "included",
// and so does their subtotal, rather than a "$0" that looks like a missing price.
void TestModels::bomIncludedNicsSubtotalReadsIncluded()
{
    const ClusterSpec spec = loadSpecFile(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024.fabricplan").spec;
    const auto plan = std::make_shared<const Plan>(makePlan(spec, *test::builtCatalog()));
    BomModel model;
    model.setPlan(plan);
    int nicRows = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        const QModelIndex i = model.index(r, 0);
        if (i.data(BomModel::CategoryRole).toInt() != int(BomCategory::Nics)) continue;
        ++nicRows;
        QCOMPARE(model.index(r, BomModel::Extended).data().toString(), QStringLiteral("included"));
    }
    QCOMPARE(nicRows, 2);  // the NIC line and its subtotal
}

void TestModels::bomSortKeepsGroupsAndFilterHidesSubtotals()
{
    BomModel model;
    model.setPlan(m_plan);
    BomProxyModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
        proxy.sort(BomModel::Extended, order);
        int lastCategory = -1;
        double lastUsd = order == Qt::AscendingOrder ? -1 : 1e300;
        for (int r = 0; r < proxy.rowCount(); ++r) {
            const QModelIndex i = proxy.index(r, 0);
            const int cat = i.data(BomModel::CategoryRole).toInt();
            QVERIFY2(cat >= lastCategory, "categories stay in BOM order whatever the sort");
            if (cat != lastCategory) lastUsd = order == Qt::AscendingOrder ? -1 : 1e300;
            lastCategory = cat;
            if (i.data(BomModel::RowKindRole).toInt() == BomModel::SubtotalRow) {
                QVERIFY(r + 1 == proxy.rowCount() || proxy.index(r + 1, 0).data(BomModel::CategoryRole).toInt() != cat);
                continue;
            }
            const double usd = proxy.index(r, BomModel::Extended).data(BomModel::SortRole).toDouble();
            QVERIFY(order == Qt::AscendingOrder ? usd >= lastUsd : usd <= lastUsd);
            lastUsd = usd;
        }
    }
    const QString part = QString::fromStdString(m_plan->bom.lines.front().part);
    proxy.setFilterFixedString(part);
    QVERIFY(proxy.rowCount() >= 1);
    for (int r = 0; r < proxy.rowCount(); ++r)
        QCOMPARE(proxy.index(r, 0).data(BomModel::RowKindRole).toInt(), int(BomModel::LineRow));
}

void TestModels::cablePlanIsOneRowPerLink()
{
    CablePlanModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPlan(m_plan);
    // 1024 host-leaf links (one per NIC) + 32 leaves x 32 uplinks = 1024 leaf-spine links.
    QCOMPARE(model.rowCount(), 2048);
    QCOMPARE(model.index(0, CablePlanModel::Class).data().toString(), QStringLiteral("Host – leaf"));  // as the summary names it
    QCOMPARE(model.index(2047, CablePlanModel::Class).data().toString(), QStringLiteral("Leaf – spine"));
    QVERIFY(!model.index(0, CablePlanModel::ADevice).data().toString().isEmpty());
    QVERIFY(!model.index(0, CablePlanModel::Media).data().toString().isEmpty());
    QVERIFY(model.index(0, CablePlanModel::Length).data().toString().toDouble() > 0);
}

void TestModels::cablePlanFilters()
{
    CablePlanModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPlan(m_plan);
    // One node's name: its 8 NICs give 8 links (nicsPerNode x planes = 8 x 1).
    const QString node = model.index(0, CablePlanModel::ADevice).data().toString();
    model.setFilter(node + QStringLiteral("\n"), -1);  // not a substring of any name
    QCOMPARE(model.rowCount(), 0);
    model.setFilter(node, -1);
    int exact = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        exact += model.index(r, CablePlanModel::ADevice).data().toString() == node;
    QCOMPARE(exact, 8);
    const int rowsOfNode = model.rowCount();
    model.setFilter(node.toUpper(), -1);  // case does not matter
    QCOMPARE(model.rowCount(), rowsOfNode);
    // Media filter: the rows of each media class add up to all links.
    int total = 0;
    for (MediaClass m : {MediaClass::DAC, MediaClass::ACC, MediaClass::AOC, MediaClass::Multimode,
                         MediaClass::SingleMode, MediaClass::None}) {
        model.setFilter(QString(), int(m));
        for (int r = 0; r < model.rowCount(); ++r)
            QVERIFY(model.index(r, CablePlanModel::Media).data().toString().startsWith(mediaName(m)));
        total += model.rowCount();
    }
    QCOMPARE(total, 2048);
    model.setFilter(QString(), -1);
    QCOMPARE(model.rowOfLink(1500), 1500);
}

// 256 x 200G hosts on one SN5600: every host link is a leg of a 1:2 splitter fibre, and the Media column
// says so as the cable plan CSV does ("multimode 1:2"), each row one leg.
void TestModels::cablePlanNamesSplitterFibreAsTheCsvDoes()
{
    ClusterSpec s;
    s.gpus = 256;
    s.fabric = FabricKind::RoCE;
    s.nicModel = "MCX755106AS-HEAT";
    s.switchModel = "SN5600";
    s.linkGbps = 200;
    s.tiers = 1;
    auto plan = std::make_shared<const Plan>(makePlan(s, *test::builtCatalog()));
    QCOMPARE(plan->errorCount(), 0);
    CablePlanModel model;
    model.setPlan(plan);
    QCOMPARE(model.rowCount(), 256);
    for (int r = 0; r < model.rowCount(); r += 37) {
        const QString media = model.index(r, CablePlanModel::Media).data().toString();
        QVERIFY2(media == mediaName(MediaClass::Multimode) + QStringLiteral(" 1:2") ||
                     media == mediaName(MediaClass::SingleMode) + QStringLiteral(" 1:2"),
                 qPrintable(media));
    }
}

// The view gets the rows in chunks as it scrolls (1,000,000 GPUs: 3 M rows at once blocked the UI for
// ~130 ms creating header entries); the counts and the link of each row stay those of the whole plan.
void TestModels::cablePlanRowsComeInChunks()
{
    // No QAbstractItemModelTester here: its checks call fetchMore themselves, and the chunks counted
    // below are what this test is about.
    CablePlanModel model;
    model.setFetchChunk(500);
    model.setPlan(m_plan);
    QCOMPARE(model.rowCount(), 500);
    QCOMPARE(model.matchCount(), 2048);  // 1024 host-leaf + 1024 leaf-spine links
    QVERIFY(model.canFetchMore({}));
    model.fetchMore({});
    QCOMPARE(model.rowCount(), 1000);
    // A finding's link beyond the rows fetched: fetched up to it, at its own row.
    QCOMPARE(model.rowOfLink(1500), 1500);
    model.fetchUpTo(1500);
    QCOMPARE(model.rowCount(), 1501);
    QCOMPARE(model.index(1500, CablePlanModel::Number).data().toString(), QStringLiteral("1,501"));
    model.fetchUpTo(5000);
    QCOMPARE(model.rowCount(), 2048);
    QVERIFY(!model.canFetchMore({}));
    QCOMPARE(model.index(2047, CablePlanModel::Class).data().toString(), QStringLiteral("Leaf – spine"));
    // A filter starts over with one chunk of its own matches: the leaf-spine links, 1024.
    model.setFilter(QStringLiteral("spine"), -1);
    QCOMPARE(model.matchCount(), 1024);
    QCOMPARE(model.rowCount(), 500);
    QCOMPARE(model.index(0, CablePlanModel::Class).data().toString(), QStringLiteral("Leaf – spine"));
}

void TestModels::checksModel()
{
    ChecksModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPlan(m_plan);
    QCOMPARE(model.rowCount(), int(m_plan->findings.size()));
    int errors = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        errors += model.index(r, 0).data(ChecksModel::SeverityRole).toInt() == int(Severity::Error);
    QCOMPARE(errors, m_plan->errorCount());
}

void TestModels::catalogModel()
{
    CatalogPartsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto catalog = test::builtCatalog();
    model.setCatalog(catalog);
    const std::size_t parts = catalog->switches.size() + catalog->nics.size() + catalog->transceivers.size() +
                              catalog->cables.size() + catalog->patchPanels.size();
    QCOMPARE(model.rowCount(), int(parts));
    // Read-only without a price editor; editable price with one.
    QVERIFY(!(model.flags(model.index(0, CatalogPartsModel::Price)) & Qt::ItemIsEditable));
    QString edited;
    double usd = 0;
    model.setPriceEditor([&](const QString& part, double price) {
        edited = part;
        usd = price;
        return true;
    });
    QVERIFY(model.flags(model.index(0, CatalogPartsModel::Price)) & Qt::ItemIsEditable);
    QVERIFY(model.setData(model.index(0, CatalogPartsModel::Price), 1234.5));
    QCOMPARE(edited, model.index(0, CatalogPartsModel::PartNumber).data().toString());
    QCOMPARE(usd, 1234.5);
    QVERIFY(!model.setData(model.index(0, CatalogPartsModel::Price), -1.0));  // refused
}

void TestModels::summaryFigures1024()
{
    const auto figures = summaryFigures(*m_plan);
    auto number = [&](const char* key) {
        const SummaryFigure* f = findFigure(figures, QString::fromLatin1(key));
        return f ? f->number : -1.0;
    };
    QCOMPARE(number("tiers"), 2.0);
    QCOMPARE(number("switches.leaf"), 32.0);
    QCOMPARE(number("switches.spine"), 16.0);
    QCOMPARE(number("links.host_leaf"), 1024.0);
    QCOMPARE(number("links.leaf_spine"), 1024.0);
    // Every price is an estimate (no public prices): capex figures must carry the badge.
    QVERIFY(findFigure(figures, QStringLiteral("capex.total"))->estimated);
    QVERIFY(findFigure(figures, QStringLiteral("capex.per_gpu"))->estimated);
    // The bundled catalog has no lead times: the figure says so rather than showing 0 days.
    QCOMPARE(number("lead.longest"), 0.0);
    QCOMPARE(findFigure(figures, QStringLiteral("lead.longest"))->value, QStringLiteral("unknown"));
}

// Each key figure on its card is one line, units and ranges included ("$110.79" / "M" and a latency
// range over two lines were the failures), in the summary pane of a 1024 x 700 window and a 1440 one.
void TestModels::keyFiguresStayOnOneLine()
{
    SummaryView view;
    view.show();
    for (const char* design : {"dgx-h100-superpod-1024", "gb200-nvl72-8-racks", "roce-tomahawk5-4096"}) {
        const ClusterSpec spec =
            loadSpecFile(QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/%1.fabricplan").arg(QLatin1String(design)).toStdString()).spec;
        view.setPlan(std::make_shared<const Plan>(makePlan(spec, *test::builtCatalog())), QString());
        for (const int paneWidth : {600, 1020}) {  // the pane beside the design panel at 1024 and 1440 px
            view.resize(paneWidth, 700);
            QCoreApplication::processEvents();
            for (const char* key : {"gpus", "switches.total", "links.total", "tiers", "capex.total", "capex.per_gpu",
                                    "power.kw", "tco", "latency", "busbw", "bisection", "tuning.weeks"}) {
                const SummaryFigure* f = findFigure(view.figures(), QString::fromLatin1(key));
                QVERIFY2(f, key);
                // find() reads a no-break space as a space; the word joiners are matched as they are.
                const QTextCursor found =
                    view.document()->find(unbrokenFigure(f->value).replace(QChar(0x00A0), QLatin1Char(' ')));
                QVERIFY2(!found.isNull(), qPrintable(f->value));
                const QTextBlock block = found.block();
                const QTextLayout* layout = block.layout();
                const int first = layout->lineForTextPosition(found.selectionStart() - block.position()).lineNumber();
                const int last = layout->lineForTextPosition(found.selectionEnd() - 1 - block.position()).lineNumber();
                QVERIFY2(first == last, qPrintable(QStringLiteral("%1 at %2 px: \"%3\" spans lines %4-%5")
                                                       .arg(QLatin1String(design)).arg(paneWidth).arg(f->value)
                                                       .arg(first).arg(last)));
            }
        }
    }
    // A wide card keeps a range large (a fixed small size for every width would pass the test above);
    // a narrow one takes a smaller size for the longest figures, never below 9 pt.
    const SummaryFigure* latency = findFigure(view.figures(), QStringLiteral("latency"));
    QVERIFY(keyFigurePointSize(latency->value, view.keyFigureWidthPx()) >= 13);
    QCOMPARE(keyFigurePointSize(QStringLiteral("2,048"), 115), 16);
    QVERIFY(keyFigurePointSize(QStringLiteral("$20,513,555,940"), 115) < 16);
    QCOMPARE(keyFigurePointSize(QStringLiteral("$20,513,555,940"), 10), 9);
}

// The summary's flow-control lines are the CLI summary's "lossless:" lines (both lossless::summaryLines of
// Plan::lossless): each RoCE tier's worst switch against its buffer, and InfiniBand's reason to need none.
void TestModels::flowControlReadsAsTheCliPrintsIt()
{
    SummaryView view;
    for (const char* design : {"roce-tomahawk5-4096", "dgx-h100-superpod-1024"}) {
        const ClusterSpec spec =
            loadSpecFile(QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/%1.fabricplan").arg(QLatin1String(design)).toStdString()).spec;
        const auto plan = std::make_shared<const Plan>(makePlan(spec, *test::builtCatalog()));
        view.setPlan(plan, QString());
        const QString text = view.document()->toPlainText();
        const std::vector<std::string> lines = lossless::summaryLines(plan->lossless);
        QVERIFY2(!lines.empty(), design);
        QVERIFY(text.contains(QStringLiteral("Flow control")));
        for (const std::string& line : lines) QVERIFY2(text.contains(QString::fromStdString(line)), line.c_str());
        if (spec.fabric == FabricKind::RoCE) QVERIFY(text.contains(QStringLiteral("PFC headroom")));
        else QVERIFY(text.contains(QStringLiteral("credit-based")));
    }
}

QTEST_MAIN(TestModels)
#include "test_models.moc"
