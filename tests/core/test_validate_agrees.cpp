// `validate` and `plan` agree (issue 42): a design is valid exactly when plan's pre-planning step
// (plan::resolveStage: fields, part names, parts, tier compatibility, dual-ToR links, platform rules)
// accepts it, and a refused design gets the error plan stops with. Each design of the fuzz corpus, the
// bundled examples and generated cases of every kind of refusal found on the old code (which called all
// of them "valid") goes through `fabricplan-cli validate` and, here, through resolveStage.
#include <QtTest>

#include <QDirIterator>
#include <QProcess>

#include "cli_run.h"
#include "common/user_text.h"
#include <QTemporaryDir>

#include <optional>

#include <nlohmann/json.hpp>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "plan/plan_stages.h"
#include "spec/spec_json.h"

using namespace fp;

namespace {

using Run = test::CliRun;
using test::runCli;

// What plan does with a design file before it plans, in process: read it, then the resolve stage.
std::optional<UserError> planRefusal(const std::string& path, const Catalog& catalog)
{
    try {
        (void)plan::resolveStage(loadSpecFile(path).spec, catalog);
    } catch (const UserError& e) {
        return e;
    }
    return std::nullopt;
}

// validate's line for a refused file: "PATH: where: message — fix" (the path once).
QByteArray refusalLine(const std::string& path, const UserError& e)
{
    // Printed escaped, as plan prints its errors: a file of bad UTF-8 or a path with a line break stays
    // on one line (common/user_text.h).
    const std::string line = e.oneLine();
    return QByteArray::fromStdString(escapedText(line.rfind(path, 0) == 0 ? line : path + ": " + line));
}

// Generated designs, one per kind of refusal `validate` used to call valid: name -> JSON.
const std::vector<std::pair<const char*, const char*>>& refusalKinds()
{
    static const std::vector<std::pair<const char*, const char*>> kinds{
        {"unknown-platform", R"({"format_version": 2, "compute": {"gpus": 64, "platform": "DGX-Z9000"}})"},
        {"tier-switch-wrong-technology",
         R"({"format_version": 2, "compute": {"gpus": 4096}, "fabric": {"technology": "infiniband",
             "switch": "MQM9700-NS2F", "switches": {"spine": "SN5600"}}})"},
        {"dual-tor-one-port-nic",
         R"({"format_version": 2, "compute": {"gpus": 256, "nic": "MCX75310AAS-NEAT", "link_gbps": 400},
             "fabric": {"technology": "roce", "switch": "SN5600", "dual_tor": true}})"},
        {"unknown-nic", R"({"format_version": 2, "compute": {"gpus": 64, "nic": "CX-NOPE"}})"},
        {"link-faster-than-nic", R"({"format_version": 2, "compute": {"gpus": 64, "link_gbps": 800}})"},
        {"nvl72-tray-16-nics",
         R"({"format_version": 2, "compute": {"gpus": 576, "gpus_per_node": 4, "nics_per_node": 16,
             "platform": "GB200-NVL72"}})"},
        {"dgx-b300-16-nics",
         R"({"format_version": 2, "compute": {"gpus": 1024, "gpus_per_node": 8, "nics_per_node": 16,
             "nic": "900-9X81E-00EX-DT0", "platform": "DGX-B300"}})"},
        {"dgx-h100-72-gpus-per-node",
         R"({"format_version": 2, "compute": {"gpus": 1152, "gpus_per_node": 72, "nics_per_node": 8,
             "platform": "DGX-H100"}})"},
        {"nvl72-partial-rack",
         R"({"format_version": 2, "compute": {"gpus": 100, "gpus_per_node": 4, "nics_per_node": 4,
             "platform": "GB200-NVL72"}})"},
    };
    return kinds;
}

// A grid of designs around the platform rules and the parts: every catalog platform (and none, and an
// unknown one) x GPUs x GPUs and NICs per node, then fabric x tier switch x dual-ToR. Name -> JSON.
std::vector<std::pair<std::string, std::string>> generatedGrid(const Catalog& catalog)
{
    std::vector<std::pair<std::string, std::string>> out;
    std::vector<std::string> platforms{"", "NVL-404"};
    for (const PlatformModel& p : catalog.platforms) platforms.push_back(p.id);
    for (const std::string& platform : platforms)
        for (int gpus : {64, 100, 576, 1020})
            for (int perNode : {4, 8, 72})
                for (int nics : {4, 8, 16}) {
                    nlohmann::json j{{"format_version", 2},
                                     {"compute", {{"gpus", gpus}, {"gpus_per_node", perNode}, {"nics_per_node", nics}}}};
                    if (!platform.empty()) j["compute"]["platform"] = platform;
                    out.push_back({"grid-" + (platform.empty() ? "none" : platform) + "-" + std::to_string(gpus) + "-" +
                                       std::to_string(perNode) + "-" + std::to_string(nics),
                                   j.dump()});
                }
    for (const char* fabric : {"infiniband", "roce", "spectrum-x", "uec"})
        for (const char* spine : {"", "SN5600", "MQM9700-NS2F", "7060X6", "NOPE-1"})
            for (bool dualTor : {false, true}) {
                nlohmann::json j{{"format_version", 2}, {"compute", {{"gpus", 256}}}, {"fabric", {{"technology", fabric}}}};
                if (std::string(fabric) != "infiniband") j["fabric"]["switch"] = "SN5600";
                if (*spine) j["fabric"]["switches"]["spine"] = spine;
                j["fabric"]["dual_tor"] = dualTor;
                out.push_back({std::string("parts-") + fabric + "-" + (*spine ? spine : "same") + (dualTor ? "-dual" : ""),
                               j.dump()});
            }
    return out;
}

} // namespace

class TestValidateAgrees : public QObject {
    Q_OBJECT
    Catalog catalog_;
    QTemporaryDir dir_;

    std::string writeDesign(const char* name, const char* json)
    {
        const QString path = dir_.filePath(QString::fromLatin1(name) + QStringLiteral(".fabricplan"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly)) return {};
        f.write(json);
        return path.toStdString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG);
    }

    // One test per kind: the old validate said "valid" (exit 0) for each. Now plan and validate both refuse
    // it (exit 2), with the same error: plan's "error: X", validate's "PATH: X".
    void eachKindIsRefusedByBoth_data()
    {
        QTest::addColumn<QString>("path");
        for (const auto& [name, json] : refusalKinds())
            QTest::newRow(name) << QString::fromStdString(writeDesign(name, json));
    }
    void eachKindIsRefusedByBoth()
    {
        QFETCH(QString, path);
        const std::optional<UserError> refusal = planRefusal(path.toStdString(), catalog_);
        QVERIFY2(refusal, "the generated design should be refused before planning");
        const Run plan = runCli({QStringLiteral("plan"), path});
        QCOMPARE(plan.exitCode, 2);
        QVERIFY2(plan.err.contains("error: " + QByteArray::fromStdString(refusal->oneLine())), plan.err.constData());
        const Run validate = runCli({QStringLiteral("validate"), path});
        QCOMPARE(validate.exitCode, 2);
        QVERIFY2(validate.err.startsWith(refusalLine(path.toStdString(), *refusal) + "\n"), validate.err.constData());
        QVERIFY(!validate.out.contains("valid"));
    }

    // A design's other networks (issue 38) are refused by plan before they are planned (their own fields,
    // then their parts); validate must refuse the same files with the same line, naming the network.
    void networksAreRefusedByBoth_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("field");
        const char* base = R"({"format_version": 2, "compute": {"gpus": 64}, "networks": [%1]})";
        const QString storage = QStringLiteral(
            R"({"name": "storage", "role": "storage", "fabric": "infiniband", "switch": "%1",
                "port": "MCX75310AAS-NEAT", "endpoints": [%2]})");
        const QString servers = QStringLiteral(R"({"name": "servers", "count": 8, "ports_each": 2})");
        auto design = [&](const char* name, const QString& network) {
            return QString::fromStdString(writeDesign(name, QString::fromLatin1(base).arg(network).toUtf8().constData()));
        };
        QTest::newRow("unknown switch") << design("net-unknown-switch", storage.arg(QStringLiteral("QM-NOPE"), servers))
                                        << QStringLiteral("/networks/0/switch (storage)");
        QTest::newRow("no endpoints") << design("net-no-endpoints", storage.arg(QStringLiteral("MQM9700-NS2F"), QString()))
                                      << QStringLiteral("/networks/0/endpoints (storage)");
    }
    void networksAreRefusedByBoth()
    {
        QFETCH(QString, path);
        QFETCH(QString, field);
        const Run plan = runCli({QStringLiteral("plan"), path});
        QCOMPARE(plan.exitCode, 2);
        QVERIFY2(plan.err.contains(field.toUtf8()), plan.err.constData());
        const Run validate = runCli({QStringLiteral("validate"), path});
        QCOMPARE(validate.exitCode, 2);
        QVERIFY2(validate.err.contains(field.toUtf8()), validate.err.constData());
        QVERIFY(!validate.out.contains("valid"));
        // The same message after the path: plan's "error: X" is validate's "PATH: X".
        const QByteArray planLine = plan.err.mid(plan.err.indexOf("error: ") + 7).split('\n').front();
        QVERIFY2(validate.err.contains(planLine), (plan.err + "\n---\n" + validate.err).constData());
    }

    // Every design of the corpus in one validate run: each file's verdict and first error are plan's.
    void validateAgreesWithPlanOnTheCorpus()
    {
        std::vector<std::string> paths;
        for (const char* folder : {FABRICPLAN_SOURCE_DIR "/tests/fuzz/corpus/design", FABRICPLAN_EXAMPLES_DIR}) {
            QDirIterator it(QString::fromUtf8(folder), QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) paths.push_back(it.next().toStdString());
        }
        for (const auto& [name, json] : refusalKinds()) paths.push_back(writeDesign(name, json));
        for (const auto& [name, json] : generatedGrid(catalog_)) paths.push_back(writeDesign(name.c_str(), json.c_str()));
        QVERIFY(paths.size() > 1000);
        QStringList args{QStringLiteral("validate"), QStringLiteral("--catalog"), QStringLiteral(FABRICPLAN_TEST_CATALOG)};
        for (const std::string& p : paths) args << QString::fromStdString(p);
        const Run r = runCli(args);
        int valid = 0, refused = 0;
        for (const std::string& p : paths) {
            const std::optional<UserError> refusal = planRefusal(p, catalog_);
            const QByteArray validLine = QByteArray::fromStdString(p) + ": valid (format ";
            if (!refusal) {
                ++valid;
                QVERIFY2(r.out.contains(validLine), qPrintable(QString::fromStdString(p) + " is planned but not valid:\n" +
                                                               QString::fromUtf8(r.err)));
                continue;
            }
            ++refused;
            QVERIFY2(!r.out.contains(validLine), qPrintable(QString::fromStdString(p) + " is valid but plan refuses it: " +
                                                            QString::fromStdString(refusal->oneLine())));
            QVERIFY2(r.err.contains(refusalLine(p, *refusal)),
                     qPrintable(QString::fromStdString(p) + ": validate does not say " +
                                QString::fromStdString(refusal->oneLine())));
        }
        qInfo("%zu designs: %d valid, %d refused by both", paths.size(), valid, refused);
        QVERIFY(valid > 50 && refused > 500);
        QCOMPARE(r.exitCode, 2);  // some are refused
    }
};

QTEST_GUILESS_MAIN(TestValidateAgrees)
#include "test_validate_agrees.moc"
