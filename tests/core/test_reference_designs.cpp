// Published production fabrics, reproduced switch for switch and cable for cable by topology::build
// with FabricPlan's defaults (auto SU size, fewest spines): NVIDIA DGX SuperPOD tables and Meta's
// 24K-GPU RoCE cluster (top-of-rack leaves, undersubscribed, pods joined at 7:1).
#include <QtTest>

#include "common/error.h"
#include "topology/builder.h"

using namespace fp;

namespace {

// Rail-optimized DGX: 8 GPUs and 8 NICs per node, SU size left on auto.
ClusterSpec dgx(int nodes)
{
    ClusterSpec s;
    s.gpus = nodes * 8;
    s.gpusPerNode = 8;
    s.nicsPerNode = 8;
    s.railOptimized = true;
    s.suNodes = 0;
    return s;
}

const topology::SwitchPorts kQm9700At400{64, 2};   // 32 twin-port OSFP cages (catalog MQM9700-NS2F)
const topology::SwitchPorts kQ3400At800{144, 2};   // 72 twin-port OSFP cages (catalog Q3400-RA)
const topology::SwitchPorts kSn5600At400{128, 2};  // 64 OSFP cages split 2 x 400G (catalog SN5600)

// The columns of a two-tier component table whose node-leaf and leaf-spine cable counts are equal.
void twoTierTableColumns()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<long long>("leaf");
    QTest::addColumn<long long>("spine");
    QTest::addColumn<long long>("cables");  // node-leaf = leaf-spine in every row
}

// The current row's nodes.
int rowNodes()
{
    QFETCH(int, nodes);
    return nodes;
}

// The current row of such a table: two tiers, its leaves and spines, and `linksPerCable` links node-leaf
// and leaf-spine for each of the table's cables.
void verifyTwoTierRow(const Fabric& f, long long linksPerCable = 1)
{
    QFETCH(long long, leaf);
    QFETCH(long long, spine);
    QFETCH(long long, cables);
    const long long links = cables * linksPerCable;
    QCOMPARE(f.shape.tiers, 2);
    QCOMPARE(f.switchCount(Tier::Leaf), leaf);
    QCOMPARE(f.switchCount(Tier::Spine), spine);
    QCOMPARE(f.switchCount(Tier::Core), 0LL);
    QCOMPARE(f.linkCount(LinkClass::HostLeaf), links);
    QCOMPARE(f.linkCount(LinkClass::LeafSpine), links);
}

} // namespace

class TestReferenceDesigns : public QObject {
    Q_OBJECT
private slots:
    // DGX SuperPOD with DGX B200, RA "Larger DGX SuperPOD component counts" (QM9700 NDR, SU = 32 nodes):
    // https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-b200/latest/dgx-superpod-architecture.html
    // SU | nodes | leaf | spine | core | node-leaf | leaf-spine | spine-core
    void dgxB200SuperPod_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<long long>("leaf");
        QTest::addColumn<long long>("spine");
        QTest::addColumn<long long>("core");
        QTest::addColumn<long long>("nodeLeaf");
        QTest::addColumn<long long>("leafSpine");
        QTest::addColumn<long long>("spineCore");
        QTest::newRow("2 SU") << 64 << 16LL << 8LL << 0LL << 512LL << 512LL << 0LL;
        QTest::newRow("4 SU") << 128 << 32LL << 16LL << 0LL << 1024LL << 1024LL << 0LL;
        QTest::newRow("8 SU") << 256 << 64LL << 32LL << 0LL << 2048LL << 2048LL << 0LL;
        QTest::newRow("16 SU") << 512 << 128LL << 128LL << 64LL << 4096LL << 4096LL << 4096LL;
        QTest::newRow("32 SU") << 1024 << 256LL << 256LL << 128LL << 8192LL << 8192LL << 8192LL;
        QTest::newRow("64 SU") << 2048 << 512LL << 512LL << 256LL << 16384LL << 16384LL << 16384LL;
    }
    void dgxB200SuperPod()
    {
        QFETCH(int, nodes);
        QFETCH(long long, leaf);
        QFETCH(long long, spine);
        QFETCH(long long, core);
        QFETCH(long long, nodeLeaf);
        QFETCH(long long, leafSpine);
        QFETCH(long long, spineCore);
        const Fabric f = topology::build(dgx(nodes), kQm9700At400, 400);
        QCOMPARE(f.shape.suNodes, 32);  // auto: a QM9700 rail leaf's 32 down ports at 1:1
        QCOMPARE(f.switchCount(Tier::Leaf), leaf);
        QCOMPARE(f.switchCount(Tier::Spine), spine);
        QCOMPARE(f.switchCount(Tier::Core), core);
        QCOMPARE(f.linkCount(LinkClass::HostLeaf), nodeLeaf);
        QCOMPARE(f.linkCount(LinkClass::LeafSpine), leafSpine);
        QCOMPARE(f.linkCount(LinkClass::SpineCore), spineCore);
    }

    // DGX SuperPOD with DGX B300 on XDR (Q3400-RA, 144 x 800G), Table 3 "Example Compute Fabric
    // Components": https://docs.nvidia.com/dgx-superpod/reference-architecture/scalable-infrastructure-b300-xdr/latest/dgx-superpod-architecture.html
    // The SU of 72 nodes is what fills a Q3400 rail leaf (72 down at 1:1). The 4- and 8-SU rows need
    // the fewest-spines rule: 32 leaves x 72 uplinks fit 16 spines by ports, but 72 does not stripe
    // over 16..17; 18 spines x 4 links does (the table's 18); 8 SU: 36 spines x 2 links.
    // (The table's 18-SU row says 9,216 GPUs but 1,296 nodes and 10,368 cables: 1,296 x 8 = 10,368.)
    void dgxB300XdrSuperPod_data()
    {
        twoTierTableColumns();
        QTest::newRow("1 SU") << 72 << 8LL << 4LL << 576LL;
        QTest::newRow("2 SU") << 144 << 16LL << 8LL << 1152LL;
        QTest::newRow("4 SU") << 288 << 32LL << 18LL << 2304LL;
        QTest::newRow("8 SU") << 576 << 64LL << 36LL << 4608LL;
        QTest::newRow("18 SU") << 1296 << 144LL << 72LL << 10368LL;
    }
    void dgxB300XdrSuperPod()
    {
        const int nodes = rowNodes();
        const Fabric f = topology::build(dgx(nodes), kQ3400At800, 800);
        QCOMPARE(f.shape.suNodes, std::min(72, nodes));
        verifyTwoTierRow(f);
    }

    // DGX SuperPOD with DGX B300 on Spectrum-X (SN5600, Spectrum-4), Table 3 "Larger DGX SuperPOD component
    // counts": https://docs.nvidia.com/dgx-superpod/reference-architecture/scalable-infrastructure-b300/latest/dgx-superpod-architecture.html
    // SU = 64 nodes, two planes: each GPU's ConnectX-8 runs 2 x 400GbE through its one OSFP cage, one port
    // per plane (the NIC's catalog Ethernet mode), so the fabric is two 400G planes of 128-port leaves.
    // The table counts one cable per 800G cage (a twin-port module's two 400G links: one per GPU at the
    // node, 32 per leaf upward); FabricPlan counts every 400G link, twice the table's figure.
    void dgxB300SpectrumXSuperPod_data()
    {
        twoTierTableColumns();
        QTest::newRow("1 SU") << 64 << 16LL << 8LL << 512LL;
        QTest::newRow("2 SU") << 128 << 32LL << 16LL << 1024LL;
        QTest::newRow("4 SU") << 256 << 64LL << 32LL << 2048LL;
        QTest::newRow("8 SU") << 512 << 128LL << 64LL << 4096LL;
        QTest::newRow("16 SU") << 1024 << 256LL << 128LL << 8192LL;
    }
    void dgxB300SpectrumXSuperPod()
    {
        ClusterSpec spec = dgx(rowNodes());
        spec.planes = 2;
        const Fabric f = topology::build(spec, kSn5600At400, 400);
        QCOMPARE(f.shape.suNodes, 64);  // auto: an SN5600 rail leaf's 64 down ports at 400G, 1:1
        verifyTwoTierRow(f, 2);
    }

    // The one-SU DGX H100 design: 31 nodes (the RA's 32nd slot is the UFM). Each rail leaf has 31
    // endpoints, needs 31 uplinks; 8 leaves x 31 fit ceil(248 / 64) = 4 spines, 8 links each (32
    // uplinks, within the 32 reserved): 4 spines, not 31 (one per uplink, the old divisor rule).
    void oneSuDgxH100GetsFourSpines()
    {
        const Fabric f = topology::build(dgx(31), kQm9700At400, 400);
        QCOMPARE(f.switchCount(Tier::Leaf), 8LL);
        QCOMPARE(f.switchCount(Tier::Spine), 4LL);
        QCOMPARE(f.shape.linksLeafToSpine, 8);
        QCOMPARE(f.linkCount(LinkClass::LeafSpine), 8LL * 32);
        QCOMPARE(f.linkCount(LinkClass::HostLeaf), 31LL * 8);
    }

    // Meta's 24K-GPU RoCE cluster (Llama 3 training), "The Llama 3 Herd of Models", arXiv:2407.21783,
    // section 3.3.1, as summarised at https://glennklockwood.com/garden/systems/meta's-h100-clusters and
    // Meta's "A RoCE network for distributed AI training at scale" (engineering.fb.com, 2024-08-05):
    // 24,576 GPUs in 3,072 8-GPU servers, two servers (16 GPUs, 16 x 400G NICs) per rack under one
    // top-of-rack switch (RTSW), 1,536 racks; 192 racks form a pod (AI zone) of 3,072 GPUs with full
    // bisection; 8 pods joined by aggregation switches (ATSW) at 7:1; RTSW-to-CTSW links undersubscribed
    // (Klockwood: 2:1, i.e. leaf DOWN:UP 1:2). All tiers here on a 576 x 400G switch (Arista 7800-class
    // CTSW; per-tier models are another change, so the RTSW is the same model, using 48 of its ports).
    void metaLlama3RoceCluster()
    {
        ClusterSpec s;
        s.gpus = 24576;
        s.gpusPerNode = 8;
        s.nicsPerNode = 8;
        s.railOptimized = false;
        s.leafPerRack = true;
        s.floor.nodesPerRack = 2;
        s.floor.rackPowerBudgetKw = 30;
        s.floor.nodePowerKw = 10.2;
        s.leafOversubscription = {1, 2};
        s.spineOversubscription = {7, 1};
        s.podNodes = 384;  // 192 racks x 2 servers
        const Fabric f = topology::build(s, {576, 1}, 400);
        QCOMPARE(f.shape.tiers, 3);
        QCOMPARE(f.switchCount(Tier::Leaf), 1536LL);     // one ToR per rack
        QCOMPARE(f.shape.nodesPerLeaf, 2);
        QCOMPARE(f.shape.pods, 8);
        QCOMPARE(f.shape.leavesPerPod, 192);
        QCOMPARE(f.linkCount(LinkClass::HostLeaf), 24576LL);
        QCOMPARE(f.shape.leafUplinks, 32);                 // 16 down, 32 up: undersubscribed 1:2
        QCOMPARE(f.linkCount(LinkClass::LeafSpine), 1536LL * 32);
        // Every spine's down links go up at 7:1 (rounded up to a whole link).
        const long long down = (long long)f.shape.leavesPerPod * f.shape.linksLeafToSpine;
        QCOMPARE((long long)f.shape.spineUp, (down + 6) / 7);
        QCOMPARE(f.linkCount(LinkClass::SpineCore), f.switchCount(Tier::Spine) * f.shape.spineUp);
        // Every leaf's 16 NICs are in its own rack's two servers.
        for (const Link& l : f.links) {
            if (l.cls != LinkClass::HostLeaf) break;
            QCOMPARE(l.a / 2, l.b - f.nodeCount);
        }
    }

    // The same cluster with its real tiers: a 400G top-of-rack RTSW (64 ports; 48 used) under 576-port
    // modular CTSW spines and ATSW aggregation (a 16-slot chassis of 36 x 400G cards, the Arista 7800
    // class of the post). Hand count for the spines: each RTSW has 32 uplinks; a CTSW keeps 504 of its 576
    // ports down at 7:1, so a zone's 192 RTSWs can give each CTSW 2 links (192 x 2 = 384 <= 504) and
    // 16 CTSWs take all 32 uplinks: 16 per zone, 128 in all. Counts of the uniform model hold unchanged.
    void metaLlama3RoceClusterPerTier()
    {
        ClusterSpec s;
        s.gpus = 24576;
        s.gpusPerNode = 8;
        s.nicsPerNode = 8;
        s.railOptimized = false;
        s.leafPerRack = true;
        s.floor.nodesPerRack = 2;
        s.leafOversubscription = {1, 2};
        s.spineOversubscription = {7, 1};
        s.podNodes = 384;
        const topology::TierPorts ports{{64, 1, 0}, {576, 1, 1}, {576, 1, 1}};
        const Fabric f = topology::build(s, ports, 400);
        QCOMPARE(f.shape.tiers, 3);
        QCOMPARE(f.switchCount(Tier::Leaf), 1536LL);
        QCOMPARE(f.shape.pods, 8);
        QCOMPARE(f.shape.leafUplinks, 32);
        QCOMPARE(f.shape.spinesPerPod, 16);
        QCOMPARE(f.shape.linksLeafToSpine, 2);
        QCOMPARE(f.switchCount(Tier::Spine), 128LL);
        QCOMPARE(f.linkCount(LinkClass::HostLeaf), 24576LL);
        QCOMPARE(f.linkCount(LinkClass::LeafSpine), 1536LL * 32);
        QCOMPARE((long long)f.shape.spineUp, (192LL * 2 + 6) / 7);
        const Fabric uniform = topology::build(s, {576, 1}, 400);
        QCOMPARE(f.switchCount(), uniform.switchCount());
        QCOMPARE(f.linkCount(LinkClass::SpineCore), uniform.linkCount(LinkClass::SpineCore));
        // Each device records its tier's model.
        for (const Device& d : f.devices)
            if (d.tier != Tier::Node) QCOMPARE(int(d.model), d.tier == Tier::Leaf ? 0 : 1);
    }
};

QTEST_GUILESS_MAIN(TestReferenceDesigns)
#include "test_reference_designs.moc"
