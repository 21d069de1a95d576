// The lossless RoCE profile (core/lossless) against figures it does not compute itself:
//  - SONiC's published SN5600 lossless PG table (every speed and cable length it lists);
//  - physics: two cable lengths at one speed differ by the round trip in flight, by hand;
//  - a buffer-fit case computed by hand that raises lossless.buffer-fit, and a short-cable case that does not;
//  - every RoCE example's exports (SONiC config_db JSON, NVUE, NIC script) parse back against the schema
//    and grammar in tests/data, and agree with the plan port by port;
//  - the tuning effort: generated and checked vs tuned by hand; bad settings are refused.
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "estimate/estimates.h"
#include "export_test_support.h"
#include "hardware_fixture.h"
#include "io/lossless_config.h"
#include "lossless/lossless.h"
#include "plan/plan_json.h"
#include "spec/spec_json.h"
#include "test_estimate_fixtures.h"

using namespace fp;
using nlohmann::json;

namespace {

json readJson(const std::string& path)
{
    std::ifstream in(path);
    return json::parse(in);
}

std::vector<std::string> readLines(const std::string& path)
{
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// A Spectrum-4 switch with 800G OSFP cages that split 2 x 400G (SN5600's shape), for fixture fabrics; its
// ASIC figures are the built catalog's Spectrum-4 row (the data the plan reads).
SwitchModel spectrum4()
{
    static const Catalog catalog = loadCatalog(FABRICPLAN_TEST_CATALOG);
    SwitchModel sw;
    sw.asicFigures = catalog.asicFigures("Spectrum-4");
    sw.partNumber = "SN5600";
    sw.vendor = "NVIDIA";
    sw.asic = "Spectrum-4";
    sw.cages = 64;
    sw.cageType = "OSFP";
    sw.breakouts = {{800, 1}, {400, 2}};
    return sw;
}

// 4 nodes x 1 port on one leaf, 4 parallel links leaf -> one spine: the leaf uses 8 ports, the spine 4.
struct SmallFabric {
    Fabric fabric = fixture::twoTier(4, 1, 1, 1, 4, [](int, int) { return 0; });
    Layout layout;
    MediaAssignment media;
    Hardware hw = testhw::of(spectrum4(), NicModel{});
    ClusterSpec spec;
    explicit SmallFabric(double metres)
    {
        spec.fabric = FabricKind::RoCE;
        layout.linkLengthM.assign(fabric.links.size(), float(metres));
        media.solutions.push_back(fixture::solution(LinkClass::HostLeaf, MediaClass::SingleMode, "FIBRE"));
        fixture::assign(media, fabric, LinkClass::HostLeaf, 0);
    }
};

bool hasRule(const std::vector<Finding>& fs, const std::string& rule)
{
    return std::any_of(fs.begin(), fs.end(), [&](const Finding& f) { return f.rule == rule; });
}

} // namespace

class TestLossless : public QObject {
    Q_OBJECT
    Catalog catalog_;

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // sonic-buildimage @ 086b03bd70f9e211aaaf5f6aefe0790b508d2a94,
    // device/mellanox/x86_64-nvidia_sn5600-r0/ACS-SN5600/pg_profile_lookup.ini (also SN5400's, by symlink):
    //   speed cable size xon xoff. 800G ports there are 8-lane ports (xon doubled), the others 4-lane.
    void headroomMatchesSonicSn5600Table_data()
    {
        QTest::addColumn<int>("speedMbps");
        QTest::addColumn<int>("cableM");
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("xon");
        QTest::addColumn<int>("xoff");
        const int rows[][5] = {
            {10000, 5, 64512, 19456, 45056},     {25000, 5, 67584, 19456, 48128},
            {40000, 5, 75776, 19456, 57344},     {50000, 5, 82944, 19456, 63488},
            {100000, 5, 133120, 19456, 113664},  {200000, 5, 150528, 19456, 131072},
            {400000, 5, 250880, 19456, 231424},  {800000, 5, 304128, 38912, 257024},
            {10000, 40, 65536, 19456, 46080},    {25000, 40, 71680, 19456, 52224},
            {40000, 40, 81920, 19456, 62464},    {50000, 40, 89088, 19456, 69632},
            {100000, 40, 146432, 19456, 126976}, {200000, 40, 177152, 19456, 157696},
            {400000, 40, 303104, 19456, 283648}, {800000, 40, 410624, 38912, 362496},
            {10000, 300, 75776, 19456, 56320},   {25000, 300, 96256, 19456, 76800},
            {40000, 300, 120832, 19456, 101376}, {50000, 300, 138240, 19456, 118784},
            {100000, 300, 244736, 19456, 225280}, {200000, 300, 374784, 19456, 355328},
            {400000, 300, 697344, 19456, 677888}, {800000, 300, 1198080, 38912, 1150976}};
        for (const auto& r : rows)
            QTest::addRow("%dG %dm", r[0] / 1000, r[1]) << r[0] << r[1] << r[2] << r[3] << r[4];
    }
    void headroomMatchesSonicSn5600Table()
    {
        QFETCH(int, speedMbps);
        QFETCH(int, cableM);
        QFETCH(int, size);
        QFETCH(int, xon);
        QFETCH(int, xoff);
        const int gbps = speedMbps / 1000;
        const lossless::Headroom h = lossless::headroomOf(catalog_.asicFigures("Spectrum-4"), gbps, cableM, false,
                                                          gbps == 800 ? 8 : 4);
        QCOMPARE(h.xoff, (long long)xoff);
        QCOMPARE(h.xon, (long long)xon);
        // The table's sizes are xoff + xon rounded, less 1 KB at 40G 5 m and 800G 5 m / 300 m (the 8-lane MTU
        // allowance rounded down there); ours rounds up, so it never reserves less than the table.
        QVERIFY2(h.size >= size && h.size <= size + 1024, qPrintable(QString::number(h.size)));
    }

    // Physics, by hand. 400G, fibre at 198,000,000 m/s (SONiC's), 10 m and 110 m: 100 m more cable is a
    // round trip of 2 x 100 m / 1.98e8 m/s = 1.0101 us more in flight = 1.0101e-6 s x 400e9 b/s / 8
    // = 50,505.05 bytes. Each of those bytes may arrive as 64-byte packets in 192-byte cells (3x), so xoff
    // grows by 3 x 50,505.05 = 151,515 bytes, within the 1 KB rounding.
    void twoLengthsDifferByTheRoundTripInFlight()
    {
        const AsicFigures& asic = catalog_.asicFigures("Spectrum-4");
        QCOMPARE(asic.asic, std::string("Spectrum-4"));
        const lossless::Headroom near = lossless::headroomOf(asic, 400, 10, false, 4);
        const lossless::Headroom far = lossless::headroomOf(asic, 400, 110, false, 4);
        QVERIFY(std::abs((far.bytesOnCable - near.bytesOnCable) - 50505.05) < 0.01);
        QVERIFY(std::abs(double(far.xoff - near.xoff) - 3 * 50505.05) <= 1024);
        QCOMPARE(far.xon, near.xon);  // xon is the pipeline latency, not the cable
        // Copper at 4.5 ns/m: 2 x 100 m x 4.5 ns = 0.9 us x 400e9 / 8 = 45,000 bytes.
        const lossless::Headroom copperNear = lossless::headroomOf(asic, 400, 10, true, 4);
        const lossless::Headroom copperFar = lossless::headroomOf(asic, 400, 110, true, 4);
        QVERIFY(std::abs((copperFar.bytesOnCable - copperNear.bytesOnCable) - 45000.0) < 0.01);
    }

    // Hand figures, 400G 4-lane Spectrum-4 ports on 100 m fibre:
    //   cable 2 x 100 x 400e9 / 1.98e8 / 8 = 50,505.05; peer response 905 quanta x 64 = 57,920; tile 400 x 15 = 6,000
    //   propagation 9,216 + 50,505.05 + 819.2 + 57,920 + 6,000 = 124,460.25
    //   xoff = ceil_KB(1,024 + 3 x 124,460.25 = 374,404.75) = 366 KB = 374,784; xon 19 KB = 19,456; size 394,240
    //   reserved per port: lossy PG 19,456 + management PG 19,456 + mirror 10,240 = 49,152
    //   leaf, 8 ports: 8 x (394,240 + 49,152) + 256 KB management pool = 3,809,280 bytes
    void bufferFitByHand()
    {
        SmallFabric f(100);
        lossless::Options o;
        o.bufferBytesOverride = 3809280;  // exactly enough
        lossless::Analysis fits = lossless::analyse(f.spec, f.fabric, f.layout, f.media, f.hw, o);
        QCOMPARE(fits.tiers.size(), std::size_t(2));
        QCOMPARE(fits.tiers[0].worstNeedBytes(), 3809280.0);
        QCOMPARE(fits.tiers[0].worstPorts, 8);
        QVERIFY(!hasRule(fits.findings, "lossless.buffer-fit"));

        o.bufferBytesOverride = 3809279;  // one byte short: the leaf (8 ports) is over, the spine (4) is not
        const lossless::Analysis over = lossless::analyse(f.spec, f.fabric, f.layout, f.media, f.hw, o);
        QVERIFY(hasRule(over.findings, "lossless.buffer-fit"));
        QCOMPARE(over.tiers[0].switchesOver, 1LL);
        QCOMPARE(over.tiers[1].switchesOver, 0LL);
        const Finding& fd = *std::find_if(over.findings.begin(), over.findings.end(),
                                          [](const Finding& x) { return x.rule == "lossless.buffer-fit"; });
        QCOMPARE(fd.severity, Severity::Error);
        QVERIFY(fd.message.find("100 m") != std::string::npos);
        QVERIFY(fd.fix.find("shared headroom pool") != std::string::npos);

        // Short cables, same buffer: 1 m -> size 244,736, leaf 8 x (244,736 + 49,152) + 262,144 = 2,613,248.
        SmallFabric shortCables(1);
        const lossless::Analysis shortFit = lossless::analyse(shortCables.spec, shortCables.fabric, shortCables.layout,
                                                              shortCables.media, shortCables.hw, o);
        QCOMPARE(shortFit.tiers[0].worstNeedBytes(), 2613248.0);
        QVERIFY(!hasRule(shortFit.findings, "lossless.buffer-fit"));
    }

    // With SONiC's Spectrum-4 buffer (158,229,504 B): 32 nodes on one leaf and 32 uplinks, 64 x 400G ports at
    // 2 km need 64 x (size 3,276,800 + 49,152) + 262,144 = 212,860,928 B: over. The plan check raises it.
    void longRoutesOverflowARealBufferAndTheChecksSayIt()
    {
        Fabric fabric = fixture::twoTier(32, 1, 1, 1, 32, [](int, int) { return 0; });
        Layout layout;
        layout.linkLengthM.assign(fabric.links.size(), 2000.0f);
        MediaAssignment media;
        const Hardware hw = testhw::of(spectrum4(), NicModel{});
        ClusterSpec spec;
        spec.fabric = FabricKind::RoCE;
        const lossless::Analysis a = lossless::analyse(spec, fabric, layout, media, hw);
        QCOMPARE(a.tiers[0].worstNeedBytes(), 212860928.0);
        QVERIFY(hasRule(a.findings, "lossless.buffer-fit"));
        // InfiniBand on the same cables: credit-based, nothing reserved, nothing to find.
        spec.fabric = FabricKind::InfiniBand;
        const lossless::Analysis ib = lossless::analyse(spec, fabric, layout, media, hw);
        QCOMPARE(ib.flowControl, lossless::FlowControl::CreditBased);
        QVERIFY(ib.findings.empty() && ib.tiers.empty());
        QVERIFY(lossless::flowControlText(FabricKind::InfiniBand).find("credit") != std::string::npos);
    }

    // Tuning effort: RoCE whose settings are generated and checked (the buffer fits) takes 1.5 engineer-weeks,
    // tuned by hand (the check fails, so the generated settings cannot be applied as they are) 2.5.
    void tuningEffortFollowsTheCheck()
    {
        const auto weeks = [&](double metres) {
            SmallFabric f(metres);
            f.spec.gpus = 256;  // the 32 nodes below, 8 GPUs each
            Fabric fabric = fixture::twoTier(32, 1, 1, 1, 32, [](int, int) { return 0; });
            Layout layout;
            layout.linkLengthM.assign(fabric.links.size(), float(metres));
            MediaAssignment media;
            media.solutions.push_back(fixture::solution(LinkClass::HostLeaf, MediaClass::SingleMode, "FIBRE"));
            fixture::assign(media, fabric, LinkClass::HostLeaf, 0);
            fixture::assign(media, fabric, LinkClass::LeafSpine, 0);
            Estimates e = estimate::run(f.spec, fabric, layout, media, Bom{}, catalog_, f.hw);
            estimate::creditCheckedLossless(e, f.spec, lossless::analyse(f.spec, fabric, layout, media, f.hw));
            return e.opex.tuningWeeks;
        };
        QCOMPARE(weeks(10), 1.5);
        QCOMPARE(weeks(2000), 2.5);
    }

    void badSettingsAreRefused_data()
    {
        QTest::addColumn<int>("mtu");
        QTest::addColumn<int>("priority");
        QTest::addColumn<int>("cnp");
        QTest::addColumn<double>("buffer");
        QTest::newRow("MTU below a RoCE packet") << 1500 << 3 << 6 << 0.0;
        QTest::newRow("MTU above the ASIC's") << 10000 << 3 << 6 << 0.0;
        QTest::newRow("priority 8") << 9216 << 8 << 6 << 0.0;
        QTest::newRow("lossless priority 0") << 9216 << 0 << 6 << 0.0;
        QTest::newRow("CNP on the lossless priority") << 9216 << 3 << 3 << 0.0;
        QTest::newRow("negative buffer") << 9216 << 3 << 6 << -1.0;
    }
    void badSettingsAreRefused()
    {
        QFETCH(int, mtu);
        QFETCH(int, priority);
        QFETCH(int, cnp);
        QFETCH(double, buffer);
        lossless::Options o;
        o.portMtu = mtu;
        o.losslessPriority = priority;
        o.cnpPriority = cnp;
        o.bufferBytesOverride = buffer;
        SmallFabric f(5);
        const lossless::Analysis a = lossless::analyse(f.spec, f.fabric, f.layout, f.media, f.hw, o);
        QVERIFY(hasRule(a.findings, "lossless.settings"));
        QVERIFY(a.hasErrors());
        QVERIFY(!a.findings.front().fix.empty());
        QVERIFY(lossless::validateOptions(lossless::Options{}, 9216).empty());
    }

    void everyRoceExampleExportsConfigsThatParseBackAndAgree_data()
    {
        QTest::addColumn<QString>("path");
        int roce = 0;
        for (const auto& e : std::filesystem::directory_iterator(FABRICPLAN_EXAMPLES_DIR)) {
            if (e.path().extension() != ".fabricplan") continue;
            const ClusterSpec spec = loadSpecFile(e.path().string()).spec;
            if (lossless::flowControlOf(spec.fabric) != lossless::FlowControl::PfcEcn) continue;
            QTest::newRow(e.path().stem().string().c_str()) << QString::fromStdString(e.path().string());
            ++roce;
        }
        QVERIFY(roce >= 3);  // roce-tomahawk5-4096, spectrum-x-hgx-4096, dgx-b300-spectrum-x-4su-2048
    }
    void everyRoceExampleExportsConfigsThatParseBackAndAgree()
    {
        QFETCH(QString, path);
        const Plan plan = makePlan(loadSpecFile(path.toStdString()).spec, catalog_);
        QCOMPARE(plan.errorCount(), 0);
        QTemporaryDir dir;
        const std::string sonicPath = dir.filePath(QStringLiteral("sonic.json")).toStdString();
        const std::string nvuePath = dir.filePath(QStringLiteral("nvue.txt")).toStdString();
        const std::string nicPath = dir.filePath(QStringLiteral("nic.sh")).toStdString();
        exporttest::write("sonic-lossless", plan, catalog_, QString::fromStdString(sonicPath));
        exporttest::write("nvue-lossless", plan, catalog_, QString::fromStdString(nvuePath));
        exporttest::write("nic-lossless", plan, catalog_, QString::fromStdString(nicPath));

        // What the plan says, worked out here from its links and layout: per switch tier, the port numbers
        // in use and the longest cable (whole metres, rounded up) on each.
        // And each port's speed: its link class's (a leaf's uplinks run the fabric speed where it is faster).
        std::map<Tier, std::map<int, int>> longest, speed;
        for (std::size_t i = 0; i < plan.fabric.links.size(); ++i) {
            const Link& l = plan.fabric.links[i];
            const int metres = int(std::ceil(double(plan.layout.linkLengthM[i]) - 1e-9));
            for (const auto& [dev, port] : {std::pair{l.a, l.aPort}, std::pair{l.b, l.bPort}}) {
                const Tier t = plan.fabric.devices[dev].tier;
                if (t == Tier::Node) continue;
                int& m = longest[t][port];
                m = std::max(m, metres);
                speed[t][port] = plan.fabric.shape.gbpsOf(l.cls);
            }
        }

        const json schema = readJson(std::string(FABRICPLAN_TEST_DATA) + "/sonic_lossless_schema.json");
        const json doc = readJson(sonicPath);
        for (const auto& k : schema["document_required"]) QVERIFY2(doc.contains(k.get<std::string>()), k.dump().c_str());
        QCOMPARE(doc["flow_control"].get<std::string>(), std::string("pfc+ecn"));
        QCOMPARE(doc["switches"].size(), longest.size());
        for (const json& sw : doc["switches"]) {
            for (const auto& k : schema["switch_required"]) QVERIFY(sw.contains(k.get<std::string>()));
            const json& db = sw["config_db"];
            for (const auto& [table, rows] : db.items()) {
                QVERIFY2(schema["tables"].contains(table), table.c_str());
                const json& rule = schema["tables"][table];
                const std::regex key(rule["key"].get<std::string>());
                for (const auto& [k, fields] : rows.items()) {
                    QVERIFY2(std::regex_match(k, key), (table + " key " + k).c_str());
                    QVERIFY(fields.is_object());
                    if (rule.contains("field_key")) {
                        const std::regex fk(rule["field_key"].get<std::string>()), fv(rule["field_value"].get<std::string>());
                        for (const auto& [f, v] : fields.items())
                            QVERIFY2(std::regex_match(f, fk) && v.is_string() && std::regex_match(v.get<std::string>(), fv),
                                     (table + " " + k + " " + f).c_str());
                        continue;
                    }
                    for (const auto& r : rule["required"]) QVERIFY2(fields.contains(r.get<std::string>()), (table + " " + k).c_str());
                    for (const auto& [f, v] : fields.items()) {
                        QVERIFY2(rule["fields"].contains(f), (table + " field " + f).c_str());
                        QVERIFY2(v.is_string() && std::regex_match(v.get<std::string>(), std::regex(rule["fields"][f].get<std::string>())),
                                 (table + " " + k + " " + f).c_str());
                        if (rule.contains("refs") && rule["refs"].contains(f))
                            QVERIFY2(db[rule["refs"][f].get<std::string>()].contains(v.get<std::string>()),
                                     (table + " " + k + " " + f + " -> " + v.get<std::string>()).c_str());
                    }
                }
            }
            // Agreement with the plan: one PORT_QOS_MAP entry, one cable length and one lossless PG per port
            // the tier uses, the profile named for the port's speed and its longest cable.
            Tier tier = Tier::Leaf;
            for (const Tier t : {Tier::Leaf, Tier::Spine, Tier::Core})
                if (sw["tier"] == toString(t)) tier = t;
            const auto& ports = longest.at(tier);
            QCOMPARE(sw["ports"].get<std::size_t>(), ports.size());
            QCOMPARE(db["PORT_QOS_MAP"].size(), ports.size() + 1);  // + "global"
            QCOMPARE(db["CABLE_LENGTH"]["AZURE"].size(), ports.size());
            QCOMPARE(db["BUFFER_PG"].size(), ports.size());
            std::multiset<std::pair<int, int>> planLengths, configLengths;  // (metres, Gb/s) per port
            for (const auto& [port, metres] : ports) planLengths.insert({metres, speed.at(tier).at(port)});
            for (const auto& [name, len] : db["CABLE_LENGTH"]["AZURE"].items()) {
                const int metres = std::stoi(len.get<std::string>());
                const std::string profile = db["BUFFER_PG"][name + "|3"]["profile"];
                const int gbps = std::stoi(profile.substr(std::string("pg_lossless_").size())) / 1000;
                configLengths.insert({metres, gbps});
                QCOMPARE(profile, "pg_lossless_" + std::to_string(gbps * 1000) + "_" + std::to_string(metres) + "m_profile");
                QVERIFY(db["PORT_QOS_MAP"][name]["pfc_enable"] == "3");
            }
            QCOMPARE(configLengths, planLengths);
            QVERIFY(db["DSCP_TO_TC_MAP"]["ROCE"]["26"] == "3");
            QVERIFY(db["DSCP_TO_TC_MAP"]["ROCE"]["48"] == "6");
        }

        const json grammar = readJson(std::string(FABRICPLAN_TEST_DATA) + "/lossless_cli_grammar.json");
        const auto matchesGrammar = [&](const std::vector<std::string>& lines, const char* which) {
            std::vector<std::regex> forms;
            for (const auto& g : grammar[which]) forms.emplace_back(g.get<std::string>());
            for (const std::string& line : lines)
                QVERIFY2(std::any_of(forms.begin(), forms.end(), [&](const std::regex& r) { return std::regex_match(line, r); }),
                         (std::string(which) + ": " + line).c_str());
        };
        const std::vector<std::string> nvue = readLines(nvuePath);
        matchesGrammar(nvue, "nvue");
        const std::vector<std::string> nic = readLines(nicPath);
        matchesGrammar(nic, "nic");
        // NVUE agrees with the plan: every port of a Spectrum tier gets a PFC profile named for its cable.
        long long spectrumPorts = 0;
        for (const Tier t : {Tier::Leaf, Tier::Spine, Tier::Core})
            if (longest.count(t) && plan.hardware.switchOf(t).asic == "Spectrum-4") spectrumPorts += longest.at(t).size();
        const long long pfcLines = std::count_if(nvue.begin(), nvue.end(), [](const std::string& l) {
            return l.find(" qos pfc profile pfc-") != std::string::npos;
        });
        QCOMPARE(pfcLines, spectrumPorts);
        if (plan.hardware.nic.vendor == "NVIDIA")
            QVERIFY(std::count(nic.begin(), nic.end(), "  mlnx_qos -i \"$IF\" --pfc 0,0,0,1,0,0,0,0") == 1);
    }

    // An InfiniBand plan exports files that say why it needs none of this, and configure nothing.
    void infinibandSaysWhyItNeedsNone()
    {
        const Plan plan = makePlan(ClusterSpec{}, catalog_);
        const json doc = io::sonicLosslessConfig(plan);
        QCOMPARE(doc["flow_control"].get<std::string>(), std::string("credit-based"));
        QVERIFY(doc["switches"].empty());
        QVERIFY(doc["why"].get<std::string>().find("credit-based") != std::string::npos);
        for (const std::string& l : io::nvueLosslessLines(plan)) QVERIFY(l.empty() || l[0] == '#');
        const json pj = planToJson(plan);
        QCOMPARE(pj["lossless"]["flow_control"].get<std::string>(), std::string("credit-based"));
    }

    // The plan JSON carries each tier's worst switch for a RoCE example, and it fits.
    void planJsonSummarisesEachTier()
    {
        const Plan plan = makePlan(loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/roce-tomahawk5-4096.fabricplan").spec, catalog_);
        const json l = planToJson(plan)["lossless"];
        QCOMPARE(l["flow_control"].get<std::string>(), std::string("pfc+ecn"));
        QCOMPARE(l["tiers"].size(), std::size_t(plan.fabric.shape.tiers));
        for (const json& t : l["tiers"]) {
            QVERIFY(t["fits"].get<bool>());
            QVERIFY(t["worst_headroom_bytes"].get<double>() > 0);
            QVERIFY(t["buffer_bytes"].get<double>() > t["worst_headroom_bytes"].get<double>());
        }
        // Generated and checked: the 1.5-week band, scaled with the fabric like every band (README, "Tuning
        // effort"): 4,096 NICs on 64-port leaves, (1 + 0.5 log2(switches / 64)) for a one-plane 2-tier fabric.
        QCOMPARE(plan.fabric.shape.tiers, 2);
        QCOMPARE(plan.fabric.shape.planes, 1);
        const double scale = 1.0 + 0.5 * std::log2(std::max(1.0, double(plan.fabric.switchCount()) / 64.0));
        QVERIFY(std::abs(plan.estimates.opex.tuningWeeks - 1.5 * scale) < 1e-9);
    }

    // A plan works its lossless profile out once (Plan::lossless) and the checks, estimate, summary and
    // JSON read it; the exporters run their own per-port analysis. Both must describe the same switches on
    // every path a plan is made by: one after the other (small), stages side by side (large), and the
    // comparison (candidates on shared floors, the winner's fabric attached afterwards).
    void thePlansAnalysisIsTheExportersOnEveryPath()
    {
        const auto sameAsFresh = [&](const Plan& p, const char* path) {
            const lossless::Analysis fresh = lossless::analyse(p.spec, p.fabric, p.layout, p.media, p.hardware);
            const lossless::Analysis& kept = p.lossless;
            QVERIFY2(kept.flowControl == fresh.flowControl && kept.tiers.size() == fresh.tiers.size(), path);
            QVERIFY2(!kept.tiers.empty(), path);
            for (std::size_t k = 0; k < fresh.tiers.size(); ++k) {
                const lossless::TierLossless &a = kept.tiers[k], &b = fresh.tiers[k];
                QVERIFY2(a.tier == b.tier && a.worstDevice == b.worstDevice && a.switchesOver == b.switchesOver, path);
                QVERIFY2(a.worstHeadroomBytes == b.worstHeadroomBytes && a.worstReservedBytes == b.worstReservedBytes, path);
                QVERIFY2(a.ports.empty() && !b.ports.empty(), path);  // Tiers detail keeps no per-port table
                QVERIFY2(a.portsConfigured == int(b.ports.size()) && b.portsConfigured == int(b.ports.size()), path);
            }
            QVERIFY2(kept.findings.size() == fresh.findings.size(), path);
            // The plan's checks carry exactly the analysis' findings of each lossless rule.
            for (const Finding& f : fresh.findings)
                QVERIFY2(std::any_of(p.findings.begin(), p.findings.end(),
                                     [&](const Finding& g) { return g.rule == f.rule && g.message == f.message; }), path);
        };
        ClusterSpec small = loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/roce-tomahawk5-4096.fabricplan").spec;
        const Plan smallPlan = makePlan(small, catalog_);
        QVERIFY(smallPlan.fabric.links.size() < 20000);  // planned one stage after the other (plan.cpp)
        sameAsFresh(smallPlan, "small plan");
        ClusterSpec large = small;
        large.gpus = 32768;
        const Plan largePlan = makePlan(large, catalog_);
        QVERIFY(largePlan.fabric.links.size() >= 20000);  // stages side by side
        sameAsFresh(largePlan, "large plan");
        const Comparison c = comparePlans(small, catalog_);
        for (const Plan& p : c.plans)
            if (p.spec.fabric == FabricKind::RoCE || p.spec.fabric == FabricKind::SpectrumX) sameAsFresh(p, toString(p.spec.fabric));
    }

    // The switches' ends gathered as runs (switchEndsOf, what a floor's later plans read) give the walk's
    // figures exactly: every tier's worst switch, its bytes, ports and longest cable, how many are over,
    // the findings word for word. Plans of mixed lengths (1 m DAC to 2 km), both buffers that fit and
    // buffers that do not, two and three tiers, and a fabric where some ends have no solution.
    void switchEndsGiveTheWalksFiguresExactly()
    {
        int compared = 0, withFindings = 0;
        const auto same = [&](const ClusterSpec& spec, const Fabric& fabric, const Layout& layout, const MediaAssignment& media,
                              const Hardware& hw, const lossless::Options& o, const QByteArray& what) {
            const lossless::SwitchEnds ends = lossless::switchEndsOf(fabric, layout, media, hw);
            QVERIFY2(ends.holdsFor(media, hw), what);
            const lossless::Analysis walk = lossless::analyse(spec, fabric, layout, media, hw, o, lossless::Detail::Tiers);
            const lossless::Analysis runs = lossless::analyse(spec, fabric, layout, media, hw, o, lossless::Detail::Tiers, &ends);
            QVERIFY2(!walk.tiers.empty() && walk.tiers.size() == runs.tiers.size(), what);
            for (std::size_t k = 0; k < walk.tiers.size(); ++k) {
                const lossless::TierLossless &a = walk.tiers[k], &b = runs.tiers[k];
                QVERIFY2(a.worstDevice == b.worstDevice && a.switchesOver == b.switchesOver, what);
                QVERIFY2(a.worstHeadroomBytes == b.worstHeadroomBytes && a.worstReservedBytes == b.worstReservedBytes, what);
                QVERIFY2(a.worstLongestM == b.worstLongestM && a.worstPorts == b.worstPorts, what);
                QVERIFY2(a.portsConfigured == b.portsConfigured && a.portsConfigured > 0, what);
            }
            QVERIFY2(walk.findings.size() == runs.findings.size(), what);
            for (std::size_t i = 0; i < walk.findings.size(); ++i)
                QVERIFY2(walk.findings[i].message == runs.findings[i].message, what);
            withFindings += walk.findings.empty() ? 0 : 1;
            ++compared;
        };
        // Real plans: the RoCE examples, one at three tiers, and the same floors with a buffer 1/3 short.
        for (const char* name : {"roce-tomahawk5-4096", "spectrum-x-hgx-4096", "dgx-b300-spectrum-x-4su-2048"}) {
            ClusterSpec spec = loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/" + name + ".fabricplan").spec;
            for (int gpus : {spec.gpus, 65536}) {
                spec.gpus = gpus;
                const Plan p = makePlan(spec, catalog_);
                lossless::Options o = lossless::optionsOf(spec.lossless);
                same(p.spec, p.fabric, p.layout, p.media, p.hardware, o, QByteArray(name) + " " + QByteArray::number(gpus));
                const lossless::Analysis a = lossless::analyse(p.spec, p.fabric, p.layout, p.media, p.hardware, o, lossless::Detail::Tiers);
                o.bufferBytesOverride = a.tiers.front().worstNeedBytes() * 2 / 3;
                same(p.spec, p.fabric, p.layout, p.media, p.hardware, o, QByteArray(name) + " short buffer");
                // Every link a different length, some copper: many runs per switch.
                Layout mixed = p.layout;
                for (std::size_t i = 0; i < mixed.linkLengthM.size(); ++i) mixed.linkLengthM[i] = float(1 + (i * 7919) % 2000) + 0.25f;
                same(p.spec, p.fabric, mixed, p.media, p.hardware, o, QByteArray(name) + " mixed lengths");
            }
        }
        // Ends with no solution (unknown medium: counted as fibre) beside copper ones.
        Fabric fabric = fixture::twoTier(32, 1, 1, 1, 32, [](int, int) { return 0; });
        Layout layout;
        for (std::size_t i = 0; i < fabric.links.size(); ++i) layout.linkLengthM.push_back(float(i % 5 == 0 ? 2000 : 1 + i % 3));
        MediaAssignment media;
        media.solutions.push_back(fixture::solution(LinkClass::HostLeaf, MediaClass::DAC, "DAC"));
        fixture::assign(media, fabric, LinkClass::HostLeaf, 0);
        for (std::size_t i = 3; i < media.solutionOfLink.size(); i += 4) media.solutionOfLink[i] = 7;  // no such solution
        ClusterSpec spec;
        spec.fabric = FabricKind::RoCE;
        same(spec, fabric, layout, media, testhw::of(spectrum4(), NicModel{}), {}, "fixture, copper and unknown ends");
        QVERIFY(compared >= 19);
        QVERIFY(withFindings >= 3);  // the short buffers were found short
        // Gathered for other solution numbers, the runs do not hold.
        const lossless::SwitchEnds ends = lossless::switchEndsOf(fabric, layout, media, testhw::of(spectrum4(), NicModel{}));
        MediaAssignment other = media;
        other.solutionOfLink.front() += 1;
        QVERIFY(!ends.holdsFor(other, testhw::of(spectrum4(), NicModel{})));
    }
};

QTEST_GUILESS_MAIN(TestLossless)
#include "test_lossless.moc"
