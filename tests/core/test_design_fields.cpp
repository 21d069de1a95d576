// The design-field table (spec/design_fields.h) and format 2: each field spelled once and found by the
// writer, the schema and the undo ids; format 1 files open through the upgrade step as the same design;
// format 2 writes the per-tier switches (only the tiers that have one) and dual_tor.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "spec/design_fields.h"
#include "spec/spec_json.h"
#include "spec/validate.h"

using namespace fp;
using nlohmann::json;

namespace {

// Where a JSON pointer leads in `j`, or nullptr.
const json* at(const json& j, const std::string& pointer)
{
    const json::json_pointer p(pointer);
    return j.contains(p) ? &j.at(p) : nullptr;
}

std::string errorOf(const std::string& text)
{
    try {
        specFromText(text, "d");
    } catch (const UserError& e) {
        return std::string(e.where) + " | " + e.what() + " | " + e.fix;
    }
    return "no error";
}

json schema()
{
    std::ifstream in(std::string(FABRICPLAN_SOURCE_DIR) + "/data/schema/fabricplan-design.schema.json");
    return json::parse(in);
}

} // namespace

class TestDesignFields : public QObject {
    Q_OBJECT
private slots:
    void everyFieldHasOnePathAndOneUndoId()
    {
        std::set<std::string> paths;
        std::set<int> ids;
        for (const AnyDesignField& any : designFields())
            std::visit(
                [&](auto* f) {
                    QVERIFY2(paths.insert(f->path).second, f->path);
                    QVERIFY2(ids.insert(f->undoId).second, f->path);
                    QVERIFY2(*f->label, f->path);
                    QVERIFY(findDesignField(f->path) == &any);
                },
                any);
        // Hand count of ClusterSpec's scalar fields (cluster_spec.h): name, compute_only; 6 compute; the fabric (with the
        // three per-tier switches, dual_tor and fabric_gbps: 17); 14 floor; 4 media (the pins are a list); 10 economics;
        // 3 workload; 7 lossless.
        QCOMPARE(int(designFields().size()), 2 + 6 + 17 + 14 + 4 + 10 + 3 + 7);
        QVERIFY(findDesignField("/compute/gpu") == nullptr);
    }

    // A field the table knows but the writer or the schema does not would be lost on save or refused by
    // the schema check: every field must be in a written file (with the written-when-set ones set) and
    // in the schema.
    void everyFieldIsWrittenAndInTheSchema()
    {
        ClusterSpec s;
        s.platform = "DGX-H100";
        s.leafSwitchModel = "A";
        s.spineSwitchModel = "B";
        s.coreSwitchModel = "C";
        s.dualTor = true;
        s.computeOnly = true;
        s.fabricGbps = 800;
        s.lossless = {.losslessPriority = 4, .cnpPriority = 7, .roceDscp = 30, .cnpDscp = 46, .portMtu = 9000,
                      .losslessPriorities = 2, .bufferMbOverride = 64};
        const json written = specToJson(s);
        const json sch = schema();
        for (const AnyDesignField& any : designFields())
            std::visit(
                [&](auto* f) {
                    QVERIFY2(at(written, f->path), f->path);
                    std::string schemaPointer = "/properties";
                    std::string path = f->path;
                    for (std::size_t from = 1; from < path.size();) {
                        const std::size_t slash = std::min(path.find('/', from), path.size());
                        schemaPointer += "/" + path.substr(from, slash - from) + (slash < path.size() ? "/properties" : "");
                        from = slash + 1;
                    }
                    QVERIFY2(at(sch, schemaPointer), (std::string(f->path) + " not in the schema at " + schemaPointer).c_str());
                },
                any);
    }

    // The whole-number ranges too (test_hostile_design compares the decimal ones): the schema states
    // each, directly or in the branch of an anyOf that is not 0 / "auto".
    void theSchemaStatesEveryWholeNumberRange()
    {
        const json sch = schema();
        for (const AnyDesignField& any : designFields()) {
            auto* f = std::get_if<const DesignField<int>*>(&any);
            if (!f || !(*f)->range) continue;
            const std::string path = (*f)->path;
            const auto slash = path.find('/', 1);
            const json* at = &sch.at("properties").at(path.substr(1, slash - 1)).at("properties");
            QVERIFY2(at->contains(path.substr(slash + 1)), path.c_str());
            json prop = at->at(path.substr(slash + 1));
            if (prop.contains("$ref")) prop = sch.at("$defs").at(prop["$ref"].get<std::string>().substr(std::string("#/$defs/").size()));
            if (prop.contains("anyOf")) {
                json ranged;
                for (const json& branch : prop["anyOf"])
                    if (branch.contains("maximum")) ranged = branch;
                prop = ranged;
            }
            QVERIFY2(prop.contains("minimum") && prop.contains("maximum"), path.c_str());
            QVERIFY2(prop.at("minimum").get<double>() == (*f)->range->min, path.c_str());
            QVERIFY2(prop.at("maximum").get<double>() == (*f)->range->max, path.c_str());
        }
    }

    void theSchemaAndTheWriterAgreeOnTheVersion()
    {
        const json sch = schema();
        QCOMPARE(sch["properties"]["format_version"]["maximum"].get<int>(), kDesignFormatVersion);
        QCOMPARE(specToJson(ClusterSpec{})["format_version"].get<int>(), 2);
    }

    void formatTwoWritesOnlyTheTiersWithTheirOwnSwitch()
    {
        ClusterSpec s;
        s.spineSwitchModel = "SN5600";
        const json j = specToJson(s);
        QCOMPARE(j["fabric"]["switches"], json({{"spine", "SN5600"}}));
        QVERIFY(!j["fabric"].contains("dual_tor"));  // false is the default: not written
        QVERIFY(!specToJson(ClusterSpec{})["fabric"].contains("switches"));

        s.leafSwitchModel = "QM9700";
        s.coreSwitchModel = "Q3400";
        s.dualTor = true;
        const json all = specToJson(s);
        QCOMPARE(all["fabric"]["switches"], json({{"leaf", "QM9700"}, {"spine", "SN5600"}, {"core", "Q3400"}}));
        QCOMPARE(all["fabric"]["dual_tor"], json(true));
        const auto back = specFromJson(all);
        QVERIFY(back.warnings.empty());
        QVERIFY(back.spec == s);
        QCOMPARE(back.spec.coreSwitchModel, std::string("Q3400"));
        QVERIFY(back.spec.dualTor);
    }

    // Planes on auto read as 0 from "auto" or 0, are written as 0 and read back the same; a word other
    // than "auto" is refused with the field's path and the values it takes.
    void planesOnAutoReadAndWrite()
    {
        const json named = json::parse(R"({"format_version":2,"name":"n","fabric":{"planes":"auto","switch":"X"}})");
        const ClusterSpec s = specFromJson(named).spec;
        QCOMPARE(s.planes, 0);
        const json saved = specToJson(s);
        QCOMPARE(saved["fabric"]["planes"].get<int>(), 0);
        QCOMPARE(specFromJson(saved).spec.planes, 0);
        const json wrong = json::parse(R"({"format_version":2,"name":"n","fabric":{"planes":"many","switch":"X"}})");
        try {
            specFromJson(wrong);
            QFAIL("\"planes\": \"many\" was accepted");
        } catch (const UserError& e) {
            QVERIFY2(e.where.find("/fabric/planes") != std::string::npos, e.where.c_str());
            QVERIFY2(std::string(e.what()).find("plane count") != std::string::npos, e.what());
            QVERIFY2(e.fix.find("\"auto\" or a number from 0 to 8") != std::string::npos, e.fix.c_str());
        }
    }

    void upgradeFromOneChangesOnlyTheVersion()
    {
        const json v1 = json::parse(R"({"format_version":1,"name":"n","fabric":{"tiers":"auto","switch":"X"}})");
        json expected = v1;
        expected["format_version"] = 2;
        QCOMPARE(upgradeDesignJson(v1, 1), expected);
        QCOMPARE(upgradeDesignJson(expected, 2), expected);
    }

    // Every bundled example is a format 1 file: it opens, and saved (format 2) and read again it is the
    // same design, so it plans the same.
    void formatOneExamplesOpenAndResaveAsTheSameDesign()
    {
        int examples = 0;
        for (const auto& entry : std::filesystem::directory_iterator(FABRICPLAN_EXAMPLES_DIR)) {
            if (entry.path().extension() != ".fabricplan") continue;
            std::ifstream in(entry.path());
            const json original = json::parse(in);
            // Format 2: the several-network example (issue 38) and the two-speed one (issue 40, minor 2).
            if (original.contains("networks") || original.value("format_minor", 0) >= 2) continue;
            ++examples;
            QCOMPARE(original["format_version"].get<int>(), 1);
            const auto v1 = specFromJson(original, entry.path().string());
            QVERIFY(v1.warnings.empty());
            const json resaved = specToJson(v1.spec);
            QCOMPARE(resaved["format_version"].get<int>(), 2);
            QVERIFY2(specFromJson(resaved).spec == v1.spec, entry.path().c_str());
            // Format 1 and 2 differ only by what format 2 adds: the resave holds every key of the original.
            for (const auto& [section, value] : original.items())
                if (value.is_object())
                    for (const auto& [key, v] : value.items())
                        QVERIFY2(resaved[section].contains(key), (section + "/" + key).c_str());
        }
        QVERIFY(examples >= 7);
    }

    void formatOneRefusesTheFieldsOfFormatTwo_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("switches in a format 1 file")
            << R"({"format_version":1,"fabric":{"switches":{"leaf":"X"}}})"
            << "d: /fabric/switches | is not a field of a format 1 design";
        QTest::newRow("dual_tor in a format 1 file") << R"({"format_version":1,"fabric":{"dual_tor":true}})"
                                                     << "d: /fabric/dual_tor | is not a field of a format 1 design";
        QTest::newRow("a misspelt tier") << R"({"format_version":2,"fabric":{"switches":{"spin":"X"}}})"
                                         << "d: /fabric/switches/spin | is not a field of a format 2 design | did you mean \"spine\"";
        QTest::newRow("dual_tor not a boolean") << R"({"format_version":2,"fabric":{"dual_tor":"yes"}})"
                                                << "d: /fabric/dual_tor | must be true or false";
        QTest::newRow("a newer format") << R"({"format_version":3})"
                                        << "d: /format_version | this design was written by a newer FabricPlan (format 3); this version reads format 2 and older";
        QTest::newRow("tiers in words") << R"({"format_version":2,"fabric":{"tiers":"four"}})"
                                        << "d: /fabric/tiers | \"four\" is not a tier count | use \"auto\" or a number from 0 to 3";
    }
    void formatOneRefusesTheFieldsOfFormatTwo()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const QString got = QString::fromStdString(errorOf(text.toStdString()));
        QVERIFY2(got.startsWith(expected), qPrintable(got));
    }

    // The validator's ranges come from the table: a hand-picked value past each end is refused with the
    // field's path and noun.
    void rangesComeFromTheTable()
    {
        ClusterSpec s;
        s.floor.racksPerRow = 1001;  // fields::racksPerRow: 1 to 1000
        s.economics.pue = 0.99;      // fields::pue: 1 to 3
        s.linkGbps = 0;              // 0 = NIC native: allowed outside 10..1600
        const auto problems = validateSpec(s);
        QCOMPARE(int(problems.size()), 2);
        QCOMPARE(problems[0].field, std::string("/floor/racks_per_row"));
        QCOMPARE(problems[0].message, std::string("Racks per row must be between 1 and 1000, not 1001"));
        QCOMPARE(problems[1].field, std::string("/economics/pue"));
        QCOMPARE(problems[1].message, std::string("PUE must be from 1 to 3, not 0.99"));
        s = ClusterSpec{};
        s.linkGbps = 5;
        QCOMPARE(validateSpec(s).at(0).message, std::string("Link speed (Gb/s) must be between 10 and 1600, not 5"));
        // 17 decimal fields with a range (hand count of design_fields.cpp: 9 floor, 5 economics, 2 workload,
        // 1 lossless).
        QCOMPARE(int(numberLimits().size()), 17);
    }
};

QTEST_GUILESS_MAIN(TestDesignFields)
#include "test_design_fields.moc"
