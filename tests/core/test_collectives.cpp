// Alpha-beta collectives against hand calculations and the NCCL bus-bandwidth ceiling.
// busbw definitions: NVIDIA nccl-tests doc/PERFORMANCE.md (all-reduce algbw x 2(n-1)/n; all-to-all
// algbw x (n-1)/n).
#include <QtTest>

#include "estimate/collectives.h"
#include "estimate/throughput.h"

using namespace fp;
using namespace fp::estimate;

namespace {
constexpr double kMiB = 1048576.0;
AlphaBeta ab(double alphaUs, double gbps, double a2aGbps)
{
    AlphaBeta a;
    a.alphaUs = alphaUs;
    a.bandwidthGBps = gbps;
    a.alltoallGBps = a2aGbps;
    return a;
}
} // namespace

class TestCollectives : public QObject {
    Q_OBJECT
private slots:
    void ringByHand()
    {
        // n = 4, alpha 10 us, B 50 GB/s, S = 1 MiB:
        // t = 2 x 3 x 10 = 60 us + 2 x 3/4 x 1,048,576 B / 50e3 B/us (= 20.97152 us) x 1.5 = 31.45728 -> 91.45728 us
        // busbw = 1,048,576 / 91.45728e3 x 1.5 = 17.19780 GB/s.
        const CollectivePoint p = ringAllReduce(ab(10, 50, 25), 4, kMiB);
        QVERIFY(qFuzzyCompare(p.timeUs, 91.45728));
        QVERIFY(qAbs(p.busbwGBps - 17.19780) < 1e-4);
    }

    void treeByHand()
    {
        // n = 8: 2 x ceil(log2 8) = 6 steps x 10 = 60 us + 2 x 7/8 x 20.97152 = 36.70016 -> 96.70016 us;
        // busbw = 1,048,576 / 96.70016e3 x 1.75 = 18.97627 GB/s.
        const CollectivePoint p = treeAllReduce(ab(10, 50, 25), 8, kMiB);
        QVERIFY(qFuzzyCompare(p.timeUs, 96.70016));
        QVERIFY(qAbs(p.busbwGBps - 18.97627) < 1e-4);
    }

    void allToAllByHand()
    {
        // n = 4, all-to-all bandwidth 25 GB/s: 3 x 10 = 30 us + 3/4 x 1 MiB / 25e3 (= 41.94304) = 31.45728
        // -> 61.45728 us; busbw = 1,048,576 / 61.45728e3 x 0.75 = 12.79640 GB/s.
        const CollectivePoint p = allToAll(ab(10, 50, 25), 4, kMiB);
        QVERIFY(qFuzzyCompare(p.timeUs, 61.45728));
        QVERIFY(qAbs(p.busbwGBps - 12.79640) < 1e-4);
    }

    void ncclCeilingOnNdr()
    {
        // 400 Gb/s per GPU = 50 GB/s line rate. nccl-tests on NDR typically report ~45-48 GB/s large-message
        // all-reduce busbw (task brief; not in our stored sources). The model's large-message ring busbw must
        // sit within 5 % under line rate x efficiency and inside that published band.
        const double efficiency = collectiveEfficiency(FabricKind::InfiniBand, 400, false);
        const double lineGBps = 400.0 / 8.0;
        const CollectivePoint p = ringAllReduce(ab(4.0, lineGBps * efficiency, 0), 1024, 8.0 * 1024 * kMiB);
        QVERIFY(p.busbwGBps <= lineGBps * efficiency);
        QVERIFY(p.busbwGBps >= 0.95 * lineGBps * efficiency);
        QVERIFY2(p.busbwGBps >= 44.0 && p.busbwGBps <= 48.5, qPrintable(QString::number(p.busbwGBps)));
    }

    void treeBeatsRingForSmallMessagesAtScale()
    {
        const AlphaBeta a = ab(4, 47, 47);
        QVERIFY(treeAllReduce(a, 1024, 1024).timeUs < ringAllReduce(a, 1024, 1024).timeUs);
        // And never loses on bandwidth for huge messages (same beta term).
        const double big = 8.0 * 1024 * kMiB;
        QVERIFY(treeAllReduce(a, 1024, big).timeUs <= ringAllReduce(a, 1024, big).timeUs);
    }

    void busbwGrowsWithSize()
    {
        const AlphaBeta a = ab(5, 47, 30);
        double previous = 0;
        for (double bytes : collectiveSizesBytes()) {
            const double b = ringAllReduce(a, 64, bytes).busbwGBps;
            QVERIFY(b > previous);
            previous = b;
        }
    }

    void sizesAndDegenerateCases()
    {
        const std::vector<double> sizes = collectiveSizesBytes();
        QCOMPARE(sizes.size(), std::size_t(24));         // 2^10 .. 2^33
        QCOMPARE(sizes.front(), 1024.0);
        QCOMPARE(sizes.back(), 8589934592.0);            // 8 GiB
        QCOMPARE(ringAllReduce(ab(5, 47, 30), 1, kMiB).busbwGBps, 0.0);  // one GPU: nothing to exchange
    }
};

QTEST_GUILESS_MAIN(TestCollectives)
#include "test_collectives.moc"
