// Tuning effort scales with the fabric (issue 39: "Tuning effort is 1.0 engineer-weeks from 1,000 to
// 1,000,000 GPUs"). The rule is core/estimate/README.md, "Tuning effort"; the expected figures below are
// worked out by hand from that formula and the plans' own switch counts, tiers and planes.
#include <QtTest>

#include <cmath>

#include "catalog/catalog_db.h"
#include "estimate/tuning_effort.h"
#include "plan/fabric_defaults.h"
#include "plan/plan.h"
#include "test_catalog_support.h"

using namespace fp;

namespace {

// The README's formula, written out again rather than called.
double handScale(long long switches, int tiers, int planes)
{
    const double size = 1.0 + 0.5 * std::log2(std::max(1.0, double(switches) / 64.0));
    return size * (1.0 + 0.25 * (tiers - 2)) * (1.0 + 0.10 * (planes - 1));
}

Fabric fabricOf(long long leaves, long long spines, long long cores, int tiers, int planes)
{
    Fabric f;
    f.shape.tiers = tiers;
    f.shape.planes = planes;
    const auto add = [&](Tier t, long long n) {
        for (long long i = 0; i < n; ++i) {
            Device d;
            d.tier = t;
            f.devices.push_back(d);
        }
    };
    add(Tier::Leaf, leaves);
    add(Tier::Spine, spines);
    add(Tier::Core, cores);
    return f;
}

} // namespace

class TestTuningEffort : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    Catalog catalog_;

private slots:
    void initTestCase() { catalog_ = loadCatalog(testsupport::bundledCatalog(tmp_)); }

    // The reference fabric keeps the published band; 1,024 switches on three tiers and two planes are
    // (1 + 0.5 x 4) x 1.25 x 1.1 = 4.125 times it, months sqrt(4.125) times.
    void formulaOnHandBuiltFabrics()
    {
        const Fabric small = fabricOf(32, 16, 0, 2, 1);
        QCOMPARE(small.switchCount(), 48LL);
        const estimate::TuningEffort ref = estimate::tuningEffortOf(FabricKind::InfiniBand, false, small);
        QCOMPARE(ref.scale, 1.0);
        QCOMPARE(ref.weeks, 1.0);   // model::kIbTuningWeeks, the table's InfiniBand row
        QCOMPARE(ref.months, 1.5);

        const Fabric big = fabricOf(512, 256, 256, 3, 2);
        const estimate::TuningEffort e = estimate::tuningEffortOf(FabricKind::RoCE, false, big);
        QVERIFY(std::abs(e.scale - 4.125) < 1e-9);
        QVERIFY(std::abs(e.weeks - 2.5 * 4.125) < 1e-9);              // RoCE by hand: 2.5 weeks
        QVERIFY(std::abs(e.months - 5.0 * std::sqrt(4.125)) < 1e-9);  // RoCE: 5 months
        const estimate::TuningEffort gen = estimate::tuningEffortOf(FabricKind::RoCE, true, big);
        QVERIFY(std::abs(gen.weeks - 1.5 * 4.125) < 1e-9);            // generated settings: 1.5 weeks
        QVERIFY(e.basis.find("1024 switches, 3 tiers, 2 planes") != std::string::npos);
        // One switch in one tier reads as English, not "1 switches, 1 tiers".
        const estimate::TuningEffort lab = estimate::tuningEffortOf(FabricKind::InfiniBand, false, fabricOf(1, 0, 0, 1, 1));
        QVERIFY2(lab.basis.find(": 1 switch, 1 tier, 1 plane (") != std::string::npos, lab.basis.c_str());
    }

    // Planned clusters from 1,000 to 100,000 GPUs on every fabric: the effort grows with the fabric and
    // is the hand formula of each plan's own switches, tiers and planes; the TCO carries it.
    void growsWithTheClusterOnEveryFabric()
    {
        for (FabricKind kind : {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC}) {
            double previous = 0;
            for (int gpus : {1000, 8000, 32000, 100000}) {
                ClusterSpec s;
                s.gpus = gpus;
                const plan::FabricParts parts = plan::partsForFabric(s, kind, catalog_);  // the fabric's default parts
                const Plan p = makePlan(parts.spec, catalog_);
                const double hand =
                    handScale(p.fabric.switchCount(), p.fabric.shape.tiers, p.fabric.shape.planes);
                const double base = p.estimates.opex.tuningWeeks / hand;
                const QString what = QStringLiteral("%1 GPUs, %2").arg(gpus).arg(QString::fromStdString(toString(kind)));
                // The base is one of the table's bands (1.0, 1.5, 2.0, 2.5 engineer-weeks).
                QVERIFY2(std::abs(base - std::round(base * 2) / 2) < 1e-9 && base >= 1.0 && base <= 2.5,
                         qPrintable(what + QStringLiteral(": base %1").arg(base)));
                QVERIFY2(p.estimates.opex.tuningWeeks > previous, qPrintable(what));
                previous = p.estimates.opex.tuningWeeks;
                const Economics& eco = p.spec.economics;
                QVERIFY(std::abs(p.estimates.opex.tuningUsd -
                                 p.estimates.opex.tuningWeeks * 40.0 * eco.labourUsdPerHour * eco.skillFactor) < 1e-6);
            }
            // 100,000 GPUs take several times the 1,000-GPU effort, not the same 1.0 week.
            QVERIFY(previous > 3.0);
        }
    }
};

QTEST_GUILESS_MAIN(TestTuningEffort)
#include "test_tuning_effort.moc"
