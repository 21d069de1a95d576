// Design files: round trip, and every kind of bad input answered with the exact error, its JSON path
// and a fix; atomic saves that never lose the previous file.
#include <QtTest>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "common/error.h"
#include "spec/spec_json.h"
#include "spec/validate.h"

using namespace fp;
using nlohmann::json;

namespace {

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeAll(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

} // namespace

class TestSpec : public QObject {
    Q_OBJECT
private slots:
    void roundTripKeepsEveryField()
    {
        ClusterSpec s;
        s.name = "round trip";
        s.gpus = 4096;
        s.fabric = FabricKind::SpectrumX;
        s.railOptimized = false;
        s.planes = 2;
        s.leafOversubscription = {3, 1};
        s.floor.leafPlacement = LeafPlacement::InRack;
        s.media.pins.push_back({"leaf_spine", "MMS4X00-NM"});
        s.economics.pricePolicy = PricePolicy::OemOnly;
        s.workload.commToComputePct = 33;
        const auto back = specFromJson(specToJson(s));
        QVERIFY(back.warnings.empty());
        QVERIFY(back.spec == s);
    }

    void badInputs_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("message");
        QTest::addRow("gpus is a string") << R"({"format_version":1,"compute":{"gpus":"many"}})"
                                          << "/compute/gpus" << "must be a whole number";
        QTest::addRow("gpus is fractional") << R"({"format_version":1,"compute":{"gpus":10.5}})"
                                            << "/compute/gpus" << "must be a whole number";
        QTest::addRow("unknown technology") << R"({"format_version":1,"fabric":{"technology":"token-ring"}})"
                                            << "/fabric/technology" << "\"token-ring\" is not a known value";
        QTest::addRow("bad ratio") << R"({"format_version":1,"fabric":{"leaf_oversubscription":"2-1"}})"
                                   << "/fabric/leaf_oversubscription" << "is not a DOWN:UP ratio";
        QTest::addRow("newer version") << R"({"format_version":99})" << "/format_version"
                                       << "newer FabricPlan (format 99); this version reads format 2";
        QTest::addRow("missing version") << R"({"name":"x"})" << "/format_version" << "is missing";
        QTest::addRow("not an object") << R"([1,2,3])" << "/" << "must be a JSON object";
        QTest::addRow("compute not an object") << R"({"format_version":1,"compute":7})" << "/compute"
                                               << "must be a JSON object";
        QTest::addRow("rail flag not bool") << R"({"format_version":1,"fabric":{"rail_optimized":"yes"}})"
                                            << "/fabric/rail_optimized" << "must be true or false";
        QTest::addRow("tiers word") << R"({"format_version":1,"fabric":{"tiers":"many"}})" << "/fabric/tiers"
                                    << "is not a tier count";
        QTest::addRow("pins not a list") << R"({"format_version":1,"media":{"pins":{}}})" << "/media/pins"
                                         << "must be a list";
        QTest::addRow("single-mode as multimode") << R"({"format_version":1,"media":{"multimode_fiber":"OS2"}})"
                                                  << "/media/multimode_fiber" << "\"OS2\" is not a known value";
    }
    void badInputs()
    {
        QFETCH(QString, text);
        QFETCH(QString, where);
        QFETCH(QString, message);
        try {
            specFromJson(json::parse(text.toStdString()), "d.fabricplan");
            QFAIL("accepted bad input");
        } catch (const UserError& e) {
            QCOMPARE(QString::fromStdString(e.where), QStringLiteral("d.fabricplan: ") + where);
            QVERIFY2(std::string(e.what()).find(message.toStdString()) != std::string::npos, e.what());
        }
    }

    void unknownFieldsOfANewerMinorFormatAreReportedNotDropped()
    {
        const auto r = specFromJson(
            json::parse(R"({"format_version":1,"format_minor":7,"colour":"blue","compute":{"gpus":16,"gpu_model":"B300"}})"),
            "d");
        QCOMPARE(r.spec.gpus, 16);
        QCOMPARE(r.warnings.size(), std::size_t(2));
        QVERIFY(r.warnings[0].find("/compute/gpu_model") != std::string::npos ||
                r.warnings[1].find("/compute/gpu_model") != std::string::npos);
    }

    void validationLimits_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("radix");
        QTest::addColumn<int>("down");
        QTest::addColumn<int>("up");
        QTest::addRow("zero GPUs") << "/compute/gpus" << 0 << 0 << 1 << 1;
        QTest::addRow("negative GPUs") << "/compute/gpus" << -8 << 0 << 1 << 1;
        QTest::addRow("a billion GPUs") << "/compute/gpus" << 1000000000 << 0 << 1 << 1;
        QTest::addRow("radix 1") << "/fabric/generic_radix" << 1024 << 1 << 1 << 1;
        QTest::addRow("oversubscription 0:1") << "/fabric/leaf_oversubscription" << 1024 << 0 << 0 << 1;
        // 1:2 (undersubscription) is valid; a ratio beyond 64:1 either way is not.
        QTest::addRow("oversubscription 1:65") << "/fabric/leaf_oversubscription" << 1024 << 0 << 1 << 65;
        QTest::addRow("partial node") << "/compute/gpus" << 1020 << 0 << 1 << 1;
    }
    void validationLimits()
    {
        QFETCH(QString, field);
        QFETCH(int, gpus);
        QFETCH(int, radix);
        QFETCH(int, down);
        QFETCH(int, up);
        ClusterSpec s;
        s.gpus = gpus;
        s.genericRadix = radix;
        s.leafOversubscription = {down, up};
        const auto problems = validateSpec(s);
        QVERIFY(!problems.empty());
        QCOMPARE(QString::fromStdString(problems.front().field), field);
        QVERIFY(!problems.front().fix.empty());
        QVERIFY_THROWS_EXCEPTION(UserError, requireValid(s));
    }

    void defaultsAreValid() { QVERIFY(validateSpec(ClusterSpec{}).empty()); }

    void malformedFileNamesTheLine()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("broken.fabricplan")).toStdString();
        writeAll(path, "{\n  \"format_version\": 1,\n  \"name\": \"x\"\n  \"compute\": {}\n}\n");
        try {
            loadSpecFile(path);
            QFAIL("accepted malformed JSON");
        } catch (const UserError& e) {
            QCOMPARE(QString::fromStdString(e.where), QString::fromStdString(path + ":4"));
            QVERIFY(std::string(e.what()).find("not valid JSON") != std::string::npos);
        }
        QVERIFY_THROWS_EXCEPTION(UserError, loadSpecFile(dir.filePath(QStringLiteral("missing.fabricplan")).toStdString()));
    }

    void saveIsAtomicAndKeepsTheOldFileOnFailure()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("design.fabricplan")).toStdString();
        ClusterSpec s;
        saveSpecFile(s, path);
        const std::string before = readAll(path);
        QCOMPARE(loadSpecFile(path).spec, s);

        // Make the write fail after the temporary exists: the target path is now a non-empty folder,
        // so the final rename cannot replace it; no temporary file may be left behind.
        const std::string blocked = dir.filePath(QStringLiteral("blocked.fabricplan")).toStdString();
        std::filesystem::create_directories(blocked + "/inside");
        QVERIFY_THROWS_EXCEPTION(UserError, saveSpecFile(s, blocked));
        int leftovers = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir.path().toStdString()))
            leftovers += e.path().filename().string().find(".tmp-") != std::string::npos;
        QCOMPARE(leftovers, 0);

        // A read-only folder (meaningful only when not running as root, who may write anyway).
        if (::geteuid() != 0) {
            std::filesystem::permissions(dir.path().toStdString(), std::filesystem::perms::owner_read |
                                                                       std::filesystem::perms::owner_exec);
            s.gpus = 2048;
            QVERIFY_THROWS_EXCEPTION(UserError, saveSpecFile(s, path));
            std::filesystem::permissions(dir.path().toStdString(), std::filesystem::perms::owner_all);
        }
        QCOMPARE(readAll(path), before);
    }
};

QTEST_GUILESS_MAIN(TestSpec)
#include "test_spec.moc"
