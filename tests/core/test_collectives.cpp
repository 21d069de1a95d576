// The collectives model against published nccl-tests results (busbw at the largest size of each run).
// Every expected figure below is a measurement someone published, cited at the assertion; the model
// must land within 15 % of it. Bus bandwidth definitions: NVIDIA nccl-tests doc/PERFORMANCE.md.
// The same figures, with ours, are the calibration table of core/estimate/README.md.
#include <QtTest>

#include "estimate/collectives.h"
#include "estimate/throughput.h"

using namespace fp;
using namespace fp::estimate;

namespace {
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double k8GiB = 8.0 * kGiB;
// One-way network latency of a two- or three-tier NDR fabric as latency.h models it (~2-4 us with
// NICs, switches, FEC and cables); the large-message figures below barely depend on it.
constexpr double kNetUs = 3.0;

// NDR InfiniBand: 400 Gb/s = 50 GB/s per port; per-NIC efficiency 0.94 (estimate README, "Throughput").
CollectiveSystem hopperNode(int ranks)
{
    CollectiveSystem s;  // DGX/HGX H100: 8 GPUs, NVLink 4 at 450 GB/s one way, NVSwitch SHARP, 8 x 400G
    s.ranks = ranks;
    s.domainGpus = 8;
    s.scaleUpGBps = 450;
    s.nvlink = true;
    s.nvlinkSharp = true;
    s.scaleOutGBpsPerGpu = 50;
    s.nicEfficiency = collectiveEfficiency(FabricKind::InfiniBand, 400, false);
    s.networkLatencyUs = kNetUs;
    s.inNetworkReductionAvailable = true;
    return s;
}

CollectiveSystem blackwell(int ranks, int domain)
{
    CollectiveSystem s = hopperNode(ranks);  // B200 / GB200: NVLink 5 at 900 GB/s one way, 400G NICs
    s.domainGpus = domain;
    s.scaleUpGBps = 900;
    s.blackwell = true;
    return s;
}

void within15(double ours, double published, const char* what)
{
    const double err = (ours - published) / published;
    qInfo("%s: ours %.1f GB/s, published %.1f GB/s (%+.1f %%)", what, ours, published, err * 100);
    QVERIFY2(std::abs(err) <= 0.15, qPrintable(QStringLiteral("%1: ours %2 GB/s vs published %3 GB/s (%4 %)")
                                                   .arg(QString::fromUtf8(what))
                                                   .arg(ours, 0, 'f', 1)
                                                   .arg(published, 0, 'f', 1)
                                                   .arg(err * 100, 0, 'f', 1)));
}

CollectiveAlgorithm algorithmNamed(const std::string& name)
{
    for (CollectiveAlgorithm a : {CollectiveAlgorithm::Ring, CollectiveAlgorithm::Tree, CollectiveAlgorithm::Nvls,
                                  CollectiveAlgorithm::NvlsTree, CollectiveAlgorithm::CollNet, CollectiveAlgorithm::Pairwise})
        if (name == toString(a)) return a;
    qFatal("unknown algorithm %s", name.c_str());
    return CollectiveAlgorithm::Ring;
}

double busbw(const CollectiveSystem& s, Collective c, CollectiveAlgorithm a, double bytes = k8GiB)
{
    return evaluate(s, c, a, bytes).busbwGBps;
}
} // namespace

class TestCollectives : public QObject {
    Q_OBJECT
private slots:
    void h100SingleNodeNvls()
    {
        // "On 8 GPUs, you should reach a peak busBw of ~480GB/s" (S. Jeaugey, NVIDIA/nccl-tests#212);
        // 476 GB/s measured (NVIDIA/nccl-tests#290, "expected range for H100").
        const CollectivePoint p = pick(hopperNode(8), Collective::AllReduce, k8GiB);
        QCOMPARE(QString::fromStdString(p.algorithm), QStringLiteral("nvls"));
        within15(p.busbwGBps, 480, "8 x H100 all-reduce");
        within15(p.busbwGBps, 476, "8 x H100 all-reduce (#290)");
    }

    void h100SingleNodeRingAndAllGather()
    {
        // "NCCL can get an effective NVLink bandwidth of 370GB/s, which you can observe as BusBw when
        // running non-allreduce operations, or when running with NCCL_ALGO=RING" (nccl-tests#212).
        within15(busbw(hopperNode(8), Collective::AllReduce, CollectiveAlgorithm::Ring), 370, "8 x H100 ring");
        within15(pick(hopperNode(8), Collective::AllGather, k8GiB).busbwGBps, 370, "8 x H100 all-gather");
    }

    void h100TwoNodes()
    {
        // 2 x 8 H100, 8 x 400G per node, default algorithm: 440.58 GB/s at 8 GiB (coreweave/nccl-tests
        // PR #92 test plan); ~470 GB/s expected for 2 x 8 x 400G (NVIDIA/nccl#2409, citing nccl-tests#309).
        const double ours = pick(hopperNode(16), Collective::AllReduce, k8GiB).busbwGBps;
        within15(ours, 440.58, "2 x 8 H100 all-reduce");
        within15(ours, 470, "2 x 8 H100 all-reduce (#2409)");
    }

    void hopperOverRoceAtTwoAndFourNodes()
    {
        // 8 x H100 per node, 8 x 400G RoCE, NCCL 2.19.3, all_reduce_perf 4-8 GiB (NVIDIA/nccl#1221): on
        // 2 nodes NVLS on/off moves busbw from 330 to 430 GB/s; on 4 nodes both give 320 GB/s. NCCL's tuner
        // doubles NVLSTree's network share only on <= 2 nodes and rates the tree at the network's
        // bandwidth beyond, so from 3 nodes on it runs at a ring's network bound.
        auto roce = [](int ranks, bool nvls) {
            CollectiveSystem s = hopperNode(ranks);
            s.nicEfficiency = collectiveEfficiency(FabricKind::RoCE, 400, false);
            s.inNetworkReductionAvailable = false;
            s.nvlinkSharp = nvls;
            return s;
        };
        within15(pick(roce(16, true), Collective::AllReduce, k8GiB).busbwGBps, 430, "2 x 8 H100 RoCE, NVLS on");
        within15(pick(roce(16, false), Collective::AllReduce, k8GiB).busbwGBps, 330, "2 x 8 H100 RoCE, NVLS off");
        within15(pick(roce(32, true), Collective::AllReduce, k8GiB).busbwGBps, 320, "4 x 8 H100 RoCE, NVLS on");
        within15(pick(roce(32, false), Collective::AllReduce, k8GiB).busbwGBps, 320, "4 x 8 H100 RoCE, NVLS off");
        // The pick at 4 nodes is what a ring achieves over the network, not the tree's two-node saving.
        const double ring = busbw(roce(32, true), Collective::AllReduce, CollectiveAlgorithm::Ring);
        QVERIFY(pick(roce(32, true), Collective::AllReduce, k8GiB).busbwGBps <= ring * 1.01);
    }

    void nvlsAcrossDomainsIsBoundByTheNetwork()
    {
        // NCCL runs NVLS across nodes only with CollNet (tuning.cc disables NVLS for nNodes > 1 unless
        // collnetEnable) and bounds it there by the network bandwidth (interBw = bwInter): never the
        // single-node NVLink figure of ~480 GB/s.
        CollectiveSystem s = hopperNode(64);
        s.inNetworkReduction = true;
        const double nvls = busbw(s, Collective::AllReduce, CollectiveAlgorithm::Nvls);
        QVERIFY2(nvls <= s.scaleOutGBpsPerDomain() * 1.0001, qPrintable(QString::number(nvls)));
        QVERIFY(pick(s, Collective::AllReduce, k8GiB).busbwGBps < 0.9 * pick(hopperNode(8), Collective::AllReduce, k8GiB).busbwGBps);
        // Without SHARP it is not run at all.
        QVERIFY(pick(hopperNode(64), Collective::AllReduce, k8GiB).algorithm != "nvls");
    }

    void collNetAtEightNodesIsNotCappedByTheTunerBias()
    {
        // 8 x 8 H100 over NDR with IB SHARP, NCCL_ALGO=CollNetChain: 387 GB/s measured (the published run
        // issue 39 cites; its address was not retrievable here). tuning.cc's 0.85 for CollNet on Hopper
        // ranks the algorithms and is no ceiling: with it the model said 313 GB/s (-19 %).
        CollectiveSystem s = hopperNode(64);
        s.inNetworkReduction = true;
        within15(busbw(s, Collective::AllReduce, CollectiveAlgorithm::CollNet), 387, "8 x 8 H100 CollNet");
        // The ranking keeps the bias: with SHARP on, NCCL still picks NVLS (bounded by the network) over it.
        QVERIFY(pick(s, Collective::AllReduce, k8GiB).algorithm != "collnet");
    }

    void ndrPerNicWithRing()
    {
        // "For NDR @ 400Gbps you should see 46-48GB/s per NIC" with NCCL_ALGO=RING (A. Addy, NVIDIA,
        // nccl-tests#290); one GPU and one NIC per node is that figure directly.
        CollectiveSystem s = hopperNode(2);
        s.domainGpus = 1;
        const double ours = busbw(s, Collective::AllReduce, CollectiveAlgorithm::Ring);
        QVERIFY2(ours >= 46.0 * 0.98 && ours <= 48.0, qPrintable(QString::number(ours)));
        // And 8 NICs behind NVLink aggregate: 8 x 46-48 bounded by NVLink's 370 (ring, 2 nodes).
        within15(busbw(hopperNode(16), Collective::AllReduce, CollectiveAlgorithm::Ring), 8 * 47.0, "ring, 8 NICs");
    }

    void blackwellSingleNodeAndRack()
    {
        // 8 x B200 in one node: "Ours is 830+" (NVIDIA/nccl#1807).
        within15(pick(blackwell(8, 8), Collective::AllReduce, k8GiB).busbwGBps, 830, "8 x B200 all-reduce");
        // Full GB200 NVL72 rack, 72 GPUs, 8 GiB: 834.57 out-of-place / 846.82 in-place (coreweave/nccl-tests
        // PR #43).
        within15(pick(blackwell(72, 72), Collective::AllReduce, k8GiB).busbwGBps, 834.57, "GB200 NVL72 rack");
    }

    void b200TwoNodes()
    {
        // 2 x 8 B200 with 8 x ConnectX-7 400G: 690.07 GB/s at 8 GiB (coreweave/nccl-tests PR #92).
        within15(pick(blackwell(16, 8), Collective::AllReduce, k8GiB).busbwGBps, 690.07, "2 x 8 B200 all-reduce");
    }

    void gb200PartitionsOverInfiniBand()
    {
        // Three NVLink partitions on three GB200 racks joined by IB (one 400G NIC per GPU), 16 GiB,
        // NCCL 2.27 (NVIDIA/nccl#1801): NVL8 x 3 = 24 GPUs ring 393.66, tree 485.68; NVL4 x 3 = 12 GPUs
        // ring 196.72, tree 234.43. The tree beats the ring on three domains, as the model says.
        const double big = 16.0 * kGiB;
        within15(busbw(blackwell(24, 8), Collective::AllReduce, CollectiveAlgorithm::Ring, big), 393.66, "NVL8x3 ring");
        within15(busbw(blackwell(24, 8), Collective::AllReduce, CollectiveAlgorithm::Tree, big), 485.68, "NVL8x3 tree");
        within15(busbw(blackwell(12, 4), Collective::AllReduce, CollectiveAlgorithm::Ring, big), 196.72, "NVL4x3 ring");
        within15(busbw(blackwell(12, 4), Collective::AllReduce, CollectiveAlgorithm::Tree, big), 234.43, "NVL4x3 tree");
    }

    void allToAllIsBoundedByOneNic()
    {
        // "On 2 nodes, 50% of the traffic is inter-node so you should see BusBW = 2x network bandwidth
        // per GPU ... general formula is N/(N-1)x the bandwidth per GPU, N being the number of nodes"
        // (S. Jeaugey, nccl-tests#130); "Alltoall cannot aggregate the bandwidth of multiple NICs"
        // (nccl-tests#267); CX-7 at NDR "up to 48-49GB/s per NIC" (same thread).
        within15(pick(hopperNode(16), Collective::AllToAll, k8GiB).busbwGBps, 2 * 48.0, "all-to-all, 2 nodes");
        within15(pick(hopperNode(1024), Collective::AllToAll, k8GiB).busbwGBps, 128.0 / 127.0 * 48.0,
                 "all-to-all, 128 nodes");
    }

    void largeScaleStaysWithinTwoOfSmall()
    {
        // A flat ring's latency term explodes at 100,000 GPUs; NCCL switches to trees (NVLSTree), whose
        // latency grows with log2 of the nodes. The picked 8 GiB figure must stay within 2x of 32 GPUs.
        const double small = pick(hopperNode(32), Collective::AllReduce, k8GiB).busbwGBps;
        const CollectivePoint huge = pick(hopperNode(100000), Collective::AllReduce, k8GiB);
        QVERIFY2(huge.busbwGBps >= small / 2.0, qPrintable(QStringLiteral("%1 vs %2").arg(huge.busbwGBps).arg(small)));
        QVERIFY(huge.algorithm != "ring");
        // The ring alone would collapse there: that is why NCCL does not pick it.
        QVERIFY(busbw(hopperNode(100000), Collective::AllReduce, CollectiveAlgorithm::Ring) < huge.busbwGBps / 2.0);
    }

    void smallMessagesUseLowLatencyProtocols()
    {
        // NCCL picks LL/LL128 for small messages (tuning.cc latency tables): at 1 KiB the pick is not Simple,
        // at 8 GiB it is.
        QVERIFY(pick(hopperNode(16), Collective::AllReduce, 1024).protocol != "Simple");
        QCOMPARE(QString::fromStdString(pick(hopperNode(16), Collective::AllReduce, k8GiB).protocol),
                 QStringLiteral("Simple"));
    }

    void inNetworkReductionOnlyWhenEnabled()
    {
        CollectiveSystem s = hopperNode(1024);
        const auto algos = algorithmsFor(s, Collective::AllReduce);
        QVERIFY(std::find(algos.begin(), algos.end(), CollectiveAlgorithm::CollNet) != algos.end());  // visible
        QVERIFY(pick(s, Collective::AllReduce, k8GiB).algorithm != "collnet");                         // not run
        for (const AlgorithmCurve& a : modelCollectives(s).find(Collective::AllReduce)->algorithms)
            QCOMPARE(a.picked, a.algorithm != CollectiveAlgorithm::CollNet && a.algorithm != CollectiveAlgorithm::Nvls);
        s.inNetworkReduction = true;
        // With SHARP the switches reduce: one network step instead of a tree's 2 log2(m), so mid-size
        // messages finish much sooner; large ones stay bound by the network (tuning.cc) and never lose.
        constexpr double k1MiB = 1024.0 * 1024.0;
        QVERIFY(pick(s, Collective::AllReduce, k1MiB).busbwGBps > 1.5 * pick(hopperNode(1024), Collective::AllReduce, k1MiB).busbwGBps);
        QVERIFY(pick(s, Collective::AllReduce, k8GiB).busbwGBps >= pick(hopperNode(1024), Collective::AllReduce, k8GiB).busbwGBps * 0.999);
        s.inNetworkReductionAvailable = false;  // Ethernet fabrics
        s.inNetworkReduction = false;
        const auto eth = algorithmsFor(s, Collective::AllReduce);
        QVERIFY(std::find(eth.begin(), eth.end(), CollectiveAlgorithm::CollNet) == eth.end());
    }

    void withoutPlatformEachGpuIsAnEndpoint()
    {
        // No platform: domain of one GPU, so the busbw is the NIC's (designs without a platform plan as before).
        CollectiveSystem s = hopperNode(1024);
        s.domainGpus = 1;
        s.scaleUpGBps = 0;
        s.nvlink = s.nvlinkSharp = false;
        const double b = pick(s, Collective::AllReduce, k8GiB).busbwGBps;
        QVERIFY2(b > 40.0 && b <= 47.0, qPrintable(QString::number(b)));
    }

    void curvesCoverEverySize()
    {
        const CollectiveReport r = modelCollectives(hopperNode(64));
        QCOMPARE(r.collectives.size(), std::size_t(4));
        for (const CollectiveCurves& c : r.collectives) {
            QCOMPARE(c.picked.size(), std::size_t(24));  // 1 KiB .. 8 GiB
            double previous = 0;
            for (const CollectivePoint& p : c.picked) {
                QVERIFY(p.busbwGBps >= previous * 0.999);  // never falls as messages grow
                previous = p.busbwGBps;
            }
            // The pick is what NCCL's tuner ranks fastest: no pickable algorithm has a shorter tuner time.
            for (const AlgorithmCurve& a : c.algorithms)
                for (std::size_t i = 0; i < a.points.size(); ++i) {
                    if (!a.picked || a.points[i].timeUs <= 0) continue;
                    const double bytes = c.picked[i].bytes;
                    const CollectiveAlgorithm chosen = algorithmNamed(c.picked[i].algorithm);
                    QVERIFY(tunerEstimate(r.system, c.collective, chosen, bytes).timeUs <=
                            tunerEstimate(r.system, c.collective, a.algorithm, bytes).timeUs * (1 + 1e-12));
                }
        }
    }
};

QTEST_GUILESS_MAIN(TestCollectives)
#include "test_collectives.moc"
