// Saved designs side by side (issue 41): plan/design_diff.h. BOM differences worked out by hand, on
// BOMs written here and on real plans whose difference follows from the catalog's quotes
// (data/catalog/prices.csv) and the SuperPOD's published switch count.
#include <QtTest>

#include <cmath>

#include "catalog/catalog_db.h"
#include "plan/cluster_plan.h"
#include "plan/design_diff.h"
#include "spec/spec_json.h"

using namespace fp;

namespace {

BomLine line(BomCategory c, const char* part, long long qty, double unitUsd)
{
    BomLine l;
    l.category = c;
    l.part = part;
    l.description = std::string("the ") + part;
    l.qty = qty;
    l.unitPriceUsd = unitUsd;
    l.extendedUsd = double(qty) * unitUsd;
    return l;
}

ClusterPlan clusterOf(std::vector<std::pair<std::string, std::vector<BomLine>>> networks)
{
    ClusterPlan c;
    for (auto& [name, lines] : networks) {
        NetworkPlan n;
        n.name = name;
        n.plan.bom.lines = std::move(lines);
        for (const BomLine& l : n.plan.bom.lines) n.plan.bom.totalUsd += l.extendedUsd;
        c.networks.push_back(std::move(n));
    }
    return c;
}

ClusterPlan planOf(const ClusterSpec& spec, const Catalog& catalog)
{
    return makeClusterPlan(spec, catalog);
}

double sumOfDeltas(const std::vector<BomDifference>& d)
{
    double usd = 0;
    for (const BomDifference& x : d) usd += x.deltaUsd();
    return usd;
}

} // namespace

class TestDesignDiff : public QObject {
    Q_OBJECT

    Catalog catalog_;

    ClusterSpec example(const char* name)
    {
        return loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR "/") + name).spec;
    }

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // Every kind of change, on BOMs written here: a part added, one removed, one whose quantity changed,
    // one whose price changed, one the same (left out), and a part on two lines taken together.
    void handWrittenBoms()
    {
        const ClusterPlan a = clusterOf({{"compute",
                                          {line(BomCategory::Switches, "SW-A", 10, 1000),
                                           line(BomCategory::Nics, "NIC", 64, 500),
                                           line(BomCategory::Transceivers, "OPT", 100, 10),
                                           line(BomCategory::Transceivers, "OPT", 20, 10),  // another tier
                                           line(BomCategory::Cables, "CAB", 50, 20)}}});
        const ClusterPlan b = clusterOf({{"compute",
                                          {line(BomCategory::Switches, "SW-B", 6, 1500),
                                           line(BomCategory::Nics, "NIC", 64, 500),
                                           line(BomCategory::Transceivers, "OPT", 150, 10),
                                           line(BomCategory::Cables, "CAB", 50, 25)}}});
        const auto d = bomDifferences(a, b);
        QCOMPARE(d.size(), std::size_t(4));
        // Category order: switches (removed before added: the baseline's first), transceivers, cables.
        QCOMPARE(d[0].part, std::string("SW-A"));
        QCOMPARE(d[0].change, BomChange::Removed);
        QCOMPARE(d[0].baselineQty, 10LL);
        QCOMPARE(d[0].deltaUsd(), -10000.0);
        QCOMPARE(d[1].part, std::string("SW-B"));
        QCOMPARE(d[1].change, BomChange::Added);
        QCOMPARE(d[1].otherQty, 6LL);
        QCOMPARE(d[1].deltaUsd(), 9000.0);
        QCOMPARE(d[2].part, std::string("OPT"));
        QCOMPARE(d[2].change, BomChange::Quantity);
        QCOMPARE(d[2].baselineQty, 120LL);  // 100 + 20, the two lines together
        QCOMPARE(d[2].qtyDelta(), 30LL);
        QCOMPARE(d[2].deltaUsd(), 300.0);
        QCOMPARE(d[3].part, std::string("CAB"));
        QCOMPARE(d[3].change, BomChange::Price);
        QCOMPARE(d[3].qtyDelta(), 0LL);
        QCOMPARE(d[3].deltaUsd(), 250.0);  // 50 x (25 - 20)
        // -10,000 + 9,000 + 300 + 250
        QCOMPARE(sumOfDeltas(d), -450.0);
        QCOMPARE(bomTotalUsd(b) - bomTotalUsd(a), -450.0);
        // Swapped, every delta changes sign.
        const auto back = bomDifferences(b, a);
        QCOMPARE(sumOfDeltas(back), 450.0);
    }

    // A network only one design has: its every line is added (or removed), keyed by the network.
    void networkOnlyOneDesignHas()
    {
        const ClusterPlan a = clusterOf({{"compute", {line(BomCategory::Switches, "SW", 4, 100)}}});
        const ClusterPlan b = clusterOf({{"compute", {line(BomCategory::Switches, "SW", 4, 100)}},
                                         {"oob", {line(BomCategory::Switches, "SW", 2, 100),
                                                  line(BomCategory::Cables, "CAT6", 40, 3)}}});
        const auto d = bomDifferences(a, b);
        QCOMPARE(d.size(), std::size_t(2));
        for (const BomDifference& x : d) {
            QCOMPARE(x.network, std::string("oob"));
            QCOMPARE(x.change, BomChange::Added);
        }
        QCOMPARE(sumOfDeltas(d), 200.0 + 120.0);
        const auto r = bomDifferences(b, a);
        QCOMPARE(r.size(), std::size_t(2));
        QCOMPARE(r[0].change, BomChange::Removed);
        QCOMPARE(sumOfDeltas(r), -320.0);
    }

    void sameDesignHasNoDifference()
    {
        const ClusterPlan a = planOf(example("dgx-h100-superpod-1024.fabricplan"), catalog_);
        const ClusterPlan b = planOf(example("dgx-h100-superpod-1024.fabricplan"), catalog_);
        QVERIFY(bomDifferences(a, b).empty());
    }

    // The SuperPOD on QM9790 (the QM9700 without its management CPU; the same ports, so the same
    // topology) instead of QM9700: 48 switches (32 leaves and 16 spines, NVIDIA's SuperPOD reference
    // for 4 SUs) swap part, at the street quotes of prices.csv ($30,600 and $28,050), and nothing else
    // changes but the spare switches, which swap part too.
    void otherSwitchModel()
    {
        ClusterSpec spec = example("dgx-h100-superpod-1024.fabricplan");
        const ClusterPlan a = planOf(spec, catalog_);
        spec.switchModel = "MQM9790-NS2F";
        const ClusterPlan b = planOf(spec, catalog_);
        const auto d = bomDifferences(a, b);
        long long spares = -1;
        for (const BomDifference& x : d) {
            QCOMPARE(x.network, std::string("compute"));
            QVERIFY2(x.category == BomCategory::Switches || x.category == BomCategory::Spares, x.part.c_str());
            if (x.category == BomCategory::Switches && x.change == BomChange::Removed) {
                QCOMPARE(x.part, std::string("MQM9700-NS2F"));
                QCOMPARE(x.baselineQty, 48LL);
                QCOMPARE(x.baselineUsd, 48 * 30600.0);
            } else if (x.category == BomCategory::Switches) {
                QCOMPARE(x.change, BomChange::Added);
                QCOMPARE(x.part, std::string("MQM9790-NS2F"));
                QCOMPARE(x.otherQty, 48LL);
                QCOMPARE(x.otherUsd, 48 * 28050.0);
            } else if (x.change == BomChange::Removed) {
                spares = x.baselineQty;
            }
        }
        QVERIFY(spares >= 0);
        // 48 switches and the spares each $2,550 cheaper: the capex falls by exactly that.
        const double expected = -2550.0 * double(48 + spares);
        QCOMPARE(sumOfDeltas(d), expected);
        const DesignFigures fa = designFigures(a), fb = designFigures(b);
        QCOMPARE(fb.capexUsd - fa.capexUsd, expected);
        QCOMPARE(fa.switches, 48LL);
        QCOMPARE(fb.switches, 48LL);
        QCOMPARE(fa.gpus, 1024);
        QCOMPARE(fa.fabric, std::string("InfiniBand"));
        QCOMPARE(fa.nics, 128LL * 8);  // 128 DGX H100, 8 ConnectX-7 each
    }

    // Two planes instead of one: each plane is a whole fabric, so the switches double (the same part,
    // the same quote: the line's cost doubles) and the NICs stay.
    void twoPlanes()
    {
        ClusterSpec spec = example("dgx-h100-superpod-1024.fabricplan");
        const ClusterPlan a = planOf(spec, catalog_);
        spec.planes = 2;
        const ClusterPlan b = planOf(spec, catalog_);
        const DesignFigures fa = designFigures(a), fb = designFigures(b);
        QCOMPARE(fb.planes, 2);
        QCOMPARE(fb.switches, 2 * fa.switches);
        bool sawSwitches = false;
        for (const BomDifference& x : bomDifferences(a, b)) {
            QVERIFY2(x.category != BomCategory::Nics, x.part.c_str());
            if (x.category == BomCategory::Switches) {
                sawSwitches = true;
                QCOMPARE(x.change, BomChange::Quantity);
                QCOMPARE(x.otherQty, 2 * x.baselineQty);
                QCOMPARE(x.deltaUsd(), x.baselineUsd);
            }
        }
        QVERIFY(sawSwitches);
        QCOMPARE(sumOfDeltas(bomDifferences(a, b)), bomTotalUsd(b) - bomTotalUsd(a));
    }

    // The figures are those `sweep` and `plan` read: each checked against the Plan's own field here.
    void figuresAreThePlans()
    {
        const ClusterPlan c = planOf(example("dgx-h100-superpod-1024-all-networks.fabricplan"), catalog_);
        const DesignFigures f = designFigures(c);
        const Plan& p = c.compute();
        QVERIFY(c.networks.size() > 1);
        QCOMPARE(f.networks, int(c.networks.size()));
        QCOMPARE(f.capexUsd, p.estimates.capex.totalUsd);
        QCOMPARE(f.tcoUsd, p.estimates.tcoUsd);
        QCOMPARE(f.allCapexUsd, c.total.capexUsd);
        QVERIFY(f.allCapexUsd > f.capexUsd);
        QCOMPARE(f.allSwitches, c.total.switches);
        QCOMPARE(f.jobInterruptionsPerDay, p.resilience.jobInterruptionsPerDay);
        // The BOM total of every network is the cluster's capex (no capex outside the BOM).
        QCOMPARE(bomTotalUsd(c), c.total.capexUsd);
    }
};

QTEST_GUILESS_MAIN(TestDesignDiff)
#include "test_design_diff.moc"
