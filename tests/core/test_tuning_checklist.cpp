// Issue 43's remainder: the lossless settings as design fields and CLI flags that reach the plan, and the
// per-fabric tuning checklist the workbook and the PDF print.
//  - Settings: a design's MTU, priorities, DSCPs and buffer reach the analysis (a broken one is a
//    lossless.settings error naming its field and flag; two lossless priorities reserve exactly twice the
//    headroom; a 1 MB buffer puts every analysed switch over); the design file keeps them (format minor 1,
//    written only when set) and refuses one out of range with its path.
//  - Checklist: RoCE sets PFC on the design's priority and maps its DSCPs; InfiniBand says why it needs none
//    and counts the 48 switches of NVIDIA's DGX H100 SuperPOD RA (32 leaves + 16 spines, Table 4); UEC has no
//    PFC step; Spectrum-X adds adaptive routing; the workbook's sheet, read back by openpyxl, is the list.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <nlohmann/json.hpp>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "export_test_support.h"
#include "io/exporter.h"
#include "plan/plan.h"
#include "plan/tuning_checklist.h"
#include "spec/spec_json.h"
#include "spec/validate.h"

using namespace fp;
using nlohmann::json;

namespace {

ClusterSpec example(const char* name)
{
    return loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR "/") + name).spec;
}

const Finding* findingOf(const Plan& p, const std::string& rule)
{
    for (const Finding& f : p.findings)
        if (f.rule == rule) return &f;
    return nullptr;
}

bool anyStep(const TuningChecklist& c, const std::string& text)
{
    return std::any_of(c.steps.begin(), c.steps.end(), [&](const TuningStep& s) {
        return s.action.find(text) != std::string::npos || s.figure.find(text) != std::string::npos;
    });
}

} // namespace

class TestTuningChecklist : public QObject {
    Q_OBJECT
    Catalog catalog_;

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    void designSettingsReachThePlan()
    {
        const ClusterSpec base = example("roce-tomahawk5-4096.fabricplan");
        const Plan clean = makePlan(base, catalog_);
        QVERIFY(!findingOf(clean, "lossless.settings"));
        QVERIFY(!clean.lossless.tiers.empty());

        ClusterSpec mtu = base;
        mtu.lossless.portMtu = 3000;
        const Plan badMtu = makePlan(mtu, catalog_);
        const Finding* f = findingOf(badMtu, "lossless.settings");
        QVERIFY(f);
        QCOMPARE(f->severity, Severity::Error);
        QVERIFY2(f->fix.find("--port-mtu") != std::string::npos && f->fix.find("/lossless/port_mtu") != std::string::npos,
                 f->fix.c_str());

        // Headroom is reserved per lossless priority (core/lossless/README.md "Buffer fit"): two priorities,
        // twice the headroom on the same worst switch; the reserved buffers do not change.
        ClusterSpec two = base;
        two.lossless.losslessPriorities = 2;
        const Plan twice = makePlan(two, catalog_);
        QCOMPARE(twice.lossless.tiers.size(), clean.lossless.tiers.size());
        for (std::size_t i = 0; i < clean.lossless.tiers.size(); ++i) {
            QCOMPARE(twice.lossless.tiers[i].worstHeadroomBytes, 2 * clean.lossless.tiers[i].worstHeadroomBytes);
            QCOMPARE(twice.lossless.tiers[i].worstReservedBytes, clean.lossless.tiers[i].worstReservedBytes);
        }

        // A 1 MB buffer: every switch of every analysed tier needs more (each port reserves over 19 KB).
        ClusterSpec tiny = base;
        tiny.lossless.bufferMbOverride = 1;
        const Plan small = makePlan(tiny, catalog_);
        QVERIFY(findingOf(small, "lossless.buffer-fit"));
        long long over = 0, analysed = 0;
        for (const lossless::TierLossless& t : small.lossless.tiers) {
            QCOMPARE(t.bufferBytes, 1e6);
            over += t.switchesOver;
            analysed += t.switches;
        }
        QCOMPARE(over, analysed);
        QCOMPARE(analysed, small.fabric.switchCount());
    }

    void designFileKeepsTheSettings()
    {
        ClusterSpec plain;
        const std::string plainText = specToText(plain);
        QVERIFY(plainText.find("\"lossless\"") == std::string::npos);
        QVERIFY(plainText.find("format_minor") == std::string::npos);  // older FabricPlans read it unchanged

        ClusterSpec s;
        s.fabric = FabricKind::RoCE;
        s.lossless.losslessPriority = 4;
        s.lossless.cnpPriority = 7;
        s.lossless.roceDscp = 30;
        s.lossless.cnpDscp = 46;
        s.lossless.portMtu = 9000;
        s.lossless.losslessPriorities = 2;
        s.lossless.bufferMbOverride = 64;
        const std::string text = specToText(s);
        const json j = json::parse(text);
        QCOMPARE(j["format_minor"].get<int>(), 1);
        QCOMPARE(j["lossless"]["lossless_priority"].get<int>(), 4);
        QCOMPARE(j["lossless"]["switch_buffer_mb"].get<double>(), 64.0);
        const SpecReadResult back = specFromText(text, "test");
        QVERIFY(back.warnings.empty());
        QVERIFY(back.spec == s);

        // One setting: only it is written.
        ClusterSpec one;
        one.lossless.portMtu = 9000;
        const json oneJson = json::parse(specToText(one));
        QCOMPARE(oneJson["lossless"].size(), std::size_t(1));

        // Out of range: refused with the field's path (the validator's range, as the schema states it).
        json bad = j;
        bad["lossless"]["roce_dscp"] = 64;
        const auto problems = validateSpec(specFromText(bad.dump(), "bad.fabricplan").spec);
        QVERIFY(!problems.empty());
        QCOMPARE(problems.front().field, std::string("/lossless/roce_dscp"));
    }

    void roceSetsPfcOnTheDesignsPriority()
    {
        ClusterSpec s = example("roce-tomahawk5-4096.fabricplan");
        s.lossless.losslessPriority = 4;
        s.lossless.roceDscp = 30;
        const Plan p = makePlan(s, catalog_);
        const TuningChecklist c = tuningChecklistOf(p);
        QCOMPARE(c.fabric, FabricKind::RoCE);
        QVERIFY(anyStep(c, "PFC on priority 4 only"));
        // The flow-control sentence (checklist, plan JSON, exports) names the design's priority, not 3.
        QVERIFY2(c.flowControl.find("one priority (4)") != std::string::npos, c.flowControl.c_str());
        QVERIFY(anyStep(c, "DSCP 30 (RoCE) to priority 4"));
        QVERIFY(anyStep(c, "Buffer fit: headroom and reserved buffers within"));
        QVERIFY(!anyStep(c, "FAILS"));
        // Every analysed tier's switch count is on the PFC step, as the fabric counts them.
        for (const lossless::TierLossless& t : p.lossless.tiers)
            QVERIFY2(anyStep(c, "on each of " + std::to_string(t.switches) + " " + t.part),
                     (t.part + " x" + std::to_string(t.switches)).c_str());
        long long counted = 0;
        for (const lossless::TierLossless& t : p.lossless.tiers) counted += t.switches;
        QCOMPARE(counted, p.fabric.switchCount());
        // The effort is the plan's.
        char weeks[32];
        std::snprintf(weeks, sizeof weeks, "%.1f engineer-weeks", p.estimates.opex.tuningWeeks);
        QVERIFY(anyStep(c, weeks));

        s.lossless.bufferMbOverride = 1;
        const TuningChecklist failing = tuningChecklistOf(makePlan(s, catalog_));
        QVERIFY(anyStep(failing, "Buffer fit FAILS"));
    }

    void infinibandSaysWhyItNeedsNone()
    {
        const Plan p = makePlan(example("dgx-h100-superpod-1024.fabricplan"), catalog_);
        const TuningChecklist c = tuningChecklistOf(p);
        QCOMPARE(c.fabric, FabricKind::InfiniBand);
        QVERIFY(c.flowControl.find("credit-based") != std::string::npos);
        QVERIFY(anyStep(c, "credit-based link-level flow control"));
        QVERIFY(!anyStep(c, "PFC on priority"));
        QVERIFY(!anyStep(c, "DCQCN on"));
        // NVIDIA DGX SuperPOD H100 RA, Table 4: 32 leaf + 16 spine QM9700 for the 1,024-GPU (4-SU) fabric.
        QVERIFY(anyStep(c, "2-tier fabric of 48 switches"));
    }

    void uecMarksEcnWithoutPfc()
    {
        ClusterSpec s = example("roce-tomahawk5-4096.fabricplan");
        s.fabric = FabricKind::UEC;
        const Plan p = makePlan(s, catalog_);
        const TuningChecklist c = tuningChecklistOf(p);
        QVERIFY(anyStep(c, "No PFC: configure ECN marking"));
        QVERIFY(!anyStep(c, "PFC on priority"));
    }

    void spectrumXAddsAdaptiveRouting()
    {
        const Plan p = makePlan(example("spectrum-x-hgx-4096.fabricplan"), catalog_);
        const TuningChecklist c = tuningChecklistOf(p);
        QVERIFY(anyStep(c, "PFC on priority 3 only"));
        QVERIFY(anyStep(c, "Spectrum-X adaptive routing"));
        QCOMPARE(anyStep(c, "NOT a SuperNIC"), !p.hardware.nic.superNic);
    }

    // The workbook's sheet, read back by openpyxl (no code shared with the writer), is the checklist.
    void workbookSheetIsTheChecklist()
    {
        QTemporaryDir dir;
        ClusterSpec s = example("roce-tomahawk5-4096.fabricplan");
        s.lossless.losslessPriority = 5;
        const Plan p = makePlan(s, catalog_);
        const std::string path = dir.filePath(QStringLiteral("plan.xlsx")).toStdString();
        const io::Exporter* xlsx = io::findExporter("xlsx");
        QVERIFY(xlsx);
        xlsx->write(io::ExportContext{p, catalog_}, path);
        QProcess python;
        python.start(QStringLiteral("/usr/bin/python3"),
                     {QStringLiteral("-c"),
                      QStringLiteral("import json, sys, openpyxl\n"
                                     "ws = openpyxl.load_workbook(sys.argv[1])['Tuning checklist']\n"
                                     "rows = [[ws.cell(r, c).value for c in range(1, 6)] for r in range(1, ws.max_row + 1)]\n"
                                     "print(json.dumps([r for r in rows if isinstance(r[0], (int, float))]))\n"),
                      QString::fromStdString(path)});
        QVERIFY(python.waitForFinished(60000));
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
        const json rows = json::parse(python.readAllStandardOutput().toStdString());
        const TuningChecklist c = tuningChecklistOf(p);
        QCOMPARE(rows.size(), c.steps.size());
        for (std::size_t i = 0; i < c.steps.size(); ++i) {
            QCOMPARE(rows[i][0].get<int>(), int(i) + 1);
            QCOMPARE(rows[i][1].get<std::string>(), c.steps[i].stage);
            QCOMPARE(rows[i][2].get<std::string>(), c.steps[i].action);
            QCOMPARE(rows[i][3].get<std::string>(), c.steps[i].figure);
            QCOMPARE(rows[i][4].get<std::string>(), c.steps[i].where);
        }
        QVERIFY(anyStep(c, "PFC on priority 5 only"));
    }
};

QTEST_GUILESS_MAIN(TestTuningChecklist)
#include "test_tuning_checklist.moc"
