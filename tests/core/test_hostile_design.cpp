// Hostile design input (issue 21): every value that crashed, hung, grew without bound or planned the
// wrong cluster now ends in a UserError that names the field or the line, quickly.
#include <QtTest>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>

#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "media/media.h"
#include "plan/plan.h"
#include "spec/json_text.h"
#include "spec/spec_json.h"
#include "spec/validate.h"
#include "hardware_fixture.h"
#include "test_media_fixtures.h"

using namespace fp;
using nlohmann::json;

namespace {

std::string example(const char* name) { return std::string(FABRICPLAN_EXAMPLES_DIR) + "/" + name; }

json exampleJson()
{
    std::ifstream in(example("dgx-h100-superpod-1024.fabricplan"));
    return json::parse(in);
}

const Catalog& bundled()
{
    static const Catalog c = loadCatalog(FABRICPLAN_TEST_CATALOG);
    return c;
}

// The UserError a call throws (fails the test when it throws nothing).
template <typename F>
UserError errorOf(F&& f)
{
    try {
        f();
    } catch (const UserError& e) {
        return e;
    }
    return UserError("(no error was thrown)", "", "");
}

double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// Every decimal field of a ClusterSpec (the validator must bound each one).
std::vector<double*> decimalFields(ClusterSpec& s)
{
    return {&s.floor.rackPowerBudgetKw, &s.floor.nodePowerKw, &s.floor.rackWidthM, &s.floor.rackDepthM,
            &s.floor.rowPitchM, &s.floor.rackHeightM, &s.floor.trayHeightM, &s.floor.slackPerEndM,
            &s.floor.spineRoomDistanceM, &s.economics.labourUsdPerHour, &s.economics.skillFactor,
            &s.economics.powerUsdPerKwh, &s.economics.pue, &s.economics.sparesOpticsPct,
            &s.workload.commToComputePct, &s.workload.modelParamsBillion, &s.lossless.bufferMbOverride};
}

} // namespace

class TestHostileDesign : public QObject {
    Q_OBJECT
private slots:
    // The floor values that corrupted the heap, and every other decimal field past its bound: the
    // validator names the field, and makePlan refuses before any stage runs.
    void hugeDecimalsAreRefusedByField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<double>("value");
        QTest::newRow("row pitch 1e308") << "/floor/row_pitch_m" << 1e308;
        QTest::newRow("rack width 3e38") << "/floor/rack_width_m" << 3e38;
        QTest::newRow("rack height 1e39") << "/floor/rack_height_m" << 1e39;
        QTest::newRow("tray height 1e308") << "/floor/tray_height_m" << 1e308;
        QTest::newRow("slack 1e308") << "/floor/slack_per_end_m" << 1e308;
        QTest::newRow("spine room 1e308") << "/floor/spine_room_distance_m" << 1e308;
        QTest::newRow("labour 1e308") << "/economics/labour_usd_per_hour" << 1e308;
        QTest::newRow("power price 1e308") << "/economics/power_usd_per_kwh" << 1e308;
        QTest::newRow("skill factor 1e308") << "/economics/skill_factor" << 1e308;
        for (const NumberLimit& l : numberLimits()) {
            QTest::addRow("%s above its maximum", l.field) << l.field << l.max * 2 + 1;
            QTest::addRow("%s -1e308", l.field) << l.field << -1e308;
        }
    }
    void hugeDecimalsAreRefusedByField()
    {
        QFETCH(QString, field);
        QFETCH(double, value);
        json j = exampleJson();
        j[json::json_pointer(field.toStdString())] = value;
        const auto read = specFromJson(j, "hostile.fabricplan");
        const auto problems = validateSpec(read.spec);
        QVERIFY(!problems.empty());
        QCOMPARE(QString::fromStdString(problems.front().field), field);
        const UserError e = errorOf([&] { (void)makePlan(read.spec, bundled()); });
        QCOMPARE(QString::fromStdString(e.where), field);
    }

    // Values the JSON reader cannot produce but the GUI or a caller could: NaN and infinities.
    void nonFiniteDecimalsAreRefused()
    {
        QCOMPARE(decimalFields(*std::make_unique<ClusterSpec>()).size(), numberLimits().size());
        for (std::size_t i = 0; i < numberLimits().size(); ++i)
            for (double v : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                             -std::numeric_limits<double>::infinity()}) {
                ClusterSpec s;
                *decimalFields(s)[i] = v;
                QVERIFY2(!validateSpec(s).empty(), "a non-finite decimal passed validation");
            }
    }

    // The root of the heap overflow: a NaN length used to leave its group unsolved and index -1.
    // Whatever the layout says, every link gets a solution that exists.
    void mediaSelectionSurvivesNonFiniteLengths()
    {
        using namespace fp::testfix;
        const Catalog cat = physicalCatalog();
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const float inf = std::numeric_limits<float>::infinity();
        LinkSet s = linksOfLengths(LinkClass::LeafSpine, {2.0f, nan, inf, -inf, 1e30f, nan});
        ClusterSpec spec;
        const MediaAssignment m = media::select(spec, s.fabric, s.layout, cat, testhw::of(cat.switches.front(), cat.nics.front()));
        QCOMPARE(m.solutionOfLink.size(), s.fabric.links.size());
        for (std::size_t i = 0; i < s.fabric.links.size(); ++i)
            QVERIFY2(m.solutionOfLink[i] < m.solutions.size(), "a link points at no solution");
        // The unmeasurable links are reported, not silently given a short cable.
        bool reach = false;
        for (const auto& f : m.findings) reach |= f.severity == Severity::Error;
        QVERIFY(reach);
    }

    // 50,000 nested lists under "name" overflowed the stack; 30,000 echoed 60 KB in the message.
    void deepNestingIsRefusedWithAShortMessage_data()
    {
        QTest::addColumn<int>("levels");
        QTest::newRow("30,000") << 30000;
        QTest::newRow("50,000") << 50000;
        QTest::newRow("1,000,000") << 1000000;
    }
    void deepNestingIsRefusedWithAShortMessage()
    {
        QFETCH(int, levels);
        const std::string text = R"({"format_version":1,"name":)" + std::string(std::size_t(levels), '[') +
                                 std::string(std::size_t(levels), ']') + "}";
        const UserError e = errorOf([&] { (void)specFromText(text, "deep.fabricplan"); });
        QVERIFY2(std::string(e.what()).find("deeper than 64") != std::string::npos, e.oneLine().c_str());
        QVERIFY(e.where.rfind("deep.fabricplan: /name/0/0", 0) == 0);
        QVERIFY2(e.oneLine().size() < 400, e.oneLine().c_str());
    }

    // A whole value is never echoed: a wrong type with a 4 KB string or a big object stays short.
    void wrongTypesAreNotEchoedWhole()
    {
        json j = {{"format_version", 1}, {"compute", {{"gpus", std::string(4000, '9')}}}};
        UserError e = errorOf([&] { (void)specFromJson(j, "d"); });
        QVERIFY2(e.oneLine().size() < 200, e.oneLine().c_str());
        json deep = json::array();
        for (int i = 0; i < 1000; ++i) deep = json::array({deep, deep.size()});
        j = {{"format_version", 1}, {"name", deep}};
        e = errorOf([&] { (void)specFromJson(j, "d"); });
        QVERIFY2(e.oneLine().size() < 200, e.oneLine().c_str());
        QCOMPARE(e.where, std::string("d: /name"));
    }

    // Numbers past the double range, in every numeric field of a design: a UserError with the line,
    // not nlohmann's out_of_range ("internal error", exit 3).
    void numbersBeyondTheDoubleRangeNameTheirLine()
    {
        const json def = specToJson(ClusterSpec{});
        int fields = 0;
        for (const auto& [section, body] : def.items()) {
            if (!body.is_object()) continue;
            for (const auto& [key, value] : body.items()) {
                if (!value.is_number()) continue;
                ++fields;
                json j = def;
                j[section][key] = 12345.678;  // a unique marker, replaced by the overflowing token below
                std::string text = j.dump(2);
                const auto at = text.find("12345.678");
                QVERIFY(at != std::string::npos);
                text.replace(at, 9, "1e400");
                const long line = 1 + std::count(text.begin(), text.begin() + long(at), '\n');
                const UserError e = errorOf([&] { (void)specFromText(text, "big.fabricplan"); });
                QCOMPARE(e.where, "big.fabricplan:" + std::to_string(line));
                QVERIFY2(std::string(e.what()).find("1e400") != std::string::npos, e.what());
            }
        }
        QVERIFY2(fields >= 30, "fewer numeric fields than expected in a design");
        // Negative overflow and overflow in an array too.
        QVERIFY(errorOf([] { (void)specFromText(R"({"format_version":1,"x":[-1e999]})", "n"); }).where == "n:1");
    }

    // "gpu_count" in a version-1 file used to plan the default 1,024 GPUs with a warning.
    void unknownFieldsAreRefusedWithTheNearestName_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("hint");
        QTest::newRow("gpu_count") << R"({"format_version":1,"compute":{"gpu_count":16}})" << "d: /compute/gpu_count"
                                   << "did you mean \"gpus\"";
        QTest::newRow("nics_per_nod") << R"({"format_version":1,"compute":{"nics_per_nod":1}})"
                                      << "d: /compute/nics_per_nod" << "did you mean \"nics_per_node\"";
        QTest::newRow("Floor") << R"({"format_version":1,"Floor":{}})" << "d: /Floor" << "did you mean \"floor\"";
        QTest::newRow("colour") << R"({"format_version":1,"colour":"blue"})" << "d: /colour" << "remove it";
        QTest::newRow("in a pin") << R"({"format_version":1,"media":{"pins":[{"link_class":"host_leaf","prt":"X"}]}})"
                                  << "d: /media/pins/0/prt" << "did you mean \"part\"";
        QTest::newRow("format_minor 0 is this version")
            << R"({"format_version":1,"format_minor":0,"compute":{"gpu_count":16}})" << "d: /compute/gpu_count"
            << "did you mean \"gpus\"";
    }
    void unknownFieldsAreRefusedWithTheNearestName()
    {
        QFETCH(QString, text);
        QFETCH(QString, where);
        QFETCH(QString, hint);
        const UserError e = errorOf([&] { (void)specFromText(text.toStdString(), "d"); });
        QCOMPARE(QString::fromStdString(e.where), where);
        QVERIFY2(QString::fromStdString(e.fix).contains(hint), e.oneLine().c_str());
    }

    // A second "compute" object used to replace the first silently.
    void duplicateKeysAreRefused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where");
        QTest::newRow("two compute objects")
            << R"({"format_version":1,"compute":{"gpus":16},"compute":{"nics_per_node":1}})" << "d: /compute";
        QTest::newRow("twice gpus") << R"({"format_version":1,"compute":{"gpus":16,"gpus":32}})" << "d: /compute/gpus";
        QTest::newRow("in a list") << R"({"format_version":1,"media":{"pins":[{},{"part":"a","part":"b"}]}})"
                                   << "d: /media/pins/1/part";
    }
    void duplicateKeysAreRefused()
    {
        QFETCH(QString, text);
        QFETCH(QString, where);
        const UserError e = errorOf([&] { (void)specFromText(text.toStdString(), "d"); });
        QCOMPARE(QString::fromStdString(e.where), where);
        QVERIFY(std::string(e.what()).find("appears twice") != std::string::npos);
    }

    // /dev/zero grew to 4 GB, /dev/urandom and a FIFO without a writer hung: refused before reading.
    void onlyBoundedRegularFilesAreRead()
    {
        QTemporaryDir dir;
        const std::string fifo = dir.filePath(QStringLiteral("pipe.fabricplan")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        const std::string big = dir.filePath(QStringLiteral("big.fabricplan")).toStdString();
        { std::ofstream(big) << "{}"; }
        std::filesystem::resize_file(big, kMaxDesignFileBytes + 1);
        const auto start = std::chrono::steady_clock::now();
        for (const std::string& path : {std::string("/dev/zero"), std::string("/dev/urandom"), fifo,
                                        dir.path().toStdString(), big}) {
            const UserError e = errorOf([&] { (void)loadSpecFile(path); });
            QCOMPARE(e.where, path);
            const std::string what = e.what();
            QVERIFY2(what.find("not a regular file") != std::string::npos || what.find("too large") != std::string::npos ||
                         what.find("folder") != std::string::npos,
                     what.c_str());
        }
        QVERIFY(seconds(start) < 2.0);
    }

    // A 1,000,000-character name took 56 s to load in the GUI: refused at once, and names stay short.
    void longTextIsRefusedQuickly()
    {
        const auto start = std::chrono::steady_clock::now();
        const std::string text = "{\"format_version\":1,\"name\":\"" + std::string(1000000, 'x') + "\"}";
        const UserError e = errorOf([&] { (void)specFromText(text, "long.fabricplan"); });
        QCOMPARE(e.where, std::string("long.fabricplan: /name"));
        QVERIFY(seconds(start) < 1.0);
        ClusterSpec s;
        s.name = std::string(kMaxNameLength + 1, 'n');
        QCOMPARE(validateSpec(s).front().field, std::string("/name"));
    }

    // A design that validates (4,000,000 GPUs, 16 NICs, 8 planes, radix 4096) grew past 6 GB: the builder
    // now counts its links first and refuses at once, naming the count and the limit.
    void oversizedPlansAreRefusedBeforeTheyAreBuilt()
    {
        ClusterSpec s;
        s.gpus = kMaxGpus;
        s.nicsPerNode = kMaxNicsPerNode;
        s.planes = kMaxPlanes;
        s.genericRadix = kMaxRadix;
        s.linkGbps = 400;
        QVERIFY(validateSpec(s).empty());
        const auto start = std::chrono::steady_clock::now();
        const UserError e = errorOf([&] { (void)makePlan(s, bundled()); });
        QVERIFY2(std::string(e.what()).find("links; FabricPlan plans at most 12,000,000") != std::string::npos, e.what());
        QVERIFY(seconds(start) < 5.0);
    }

    // ... and the largest benchmarked design (1,000,000 GPUs, 2 planes of 200G on SN5600: 6.0 M links)
    // still plans.
    void theMillionGpuBenchmarkStillPlans()
    {
        ClusterSpec s;
        s.gpus = 1000000;
        s.fabric = FabricKind::RoCE;
        s.switchModel = "SN5600";
        s.nicModel = "900-9D3D4-00EN-HA0";
        s.linkGbps = 200;
        s.planes = 2;
        const Plan p = makePlan(s, bundled());
        QVERIFY(p.fabric.links.size() > 6000000);
        QVERIFY(p.fabric.links.size() <= 12000000);
    }

    // The schema states the same bounds as the validator, field by field.
    void schemaStatesTheValidatorsBounds()
    {
        std::ifstream in(std::string(FABRICPLAN_SOURCE_DIR) + "/data/schema/fabricplan-design.schema.json");
        const json schema = json::parse(in);
        for (const NumberLimit& l : numberLimits()) {
            const std::string f = l.field;  // "/floor/row_pitch_m"
            const auto slash = f.find('/', 1);
            const json& prop = schema["properties"][f.substr(1, slash - 1)]["properties"][f.substr(slash + 1)];
            QVERIFY2(prop.contains("maximum"), l.field);
            QCOMPARE(prop["maximum"].get<double>(), l.max);
            const char* minKey = l.minExclusive ? "exclusiveMinimum" : "minimum";
            QVERIFY2(prop.contains(minKey), l.field);
            QCOMPARE(prop[minKey].get<double>(), l.min);
        }
    }
};

QTEST_GUILESS_MAIN(TestHostileDesign)
#include "test_hostile_design.moc"
