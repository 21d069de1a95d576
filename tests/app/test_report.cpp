// The PDF report and the PNG/SVG diagrams, checked with readers that share no code with the writer:
// poppler's pdfinfo/pdftotext for the PDF, QImage/QSvgRenderer for the pictures. Expected figures
// come from the Plan (what the planner computed) formatted here by hand, never from the report code.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

#include "image_checks.h"

#include <cmath>
#include <optional>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "common/format.h"
#include "estimate/resilience_text.h"
#include "common/paths.h"
#include "io/exporter.h"
#include "plan/cluster_plan.h"
#include "plan/plan.h"
#include "report/report.h"
#include "spec/spec_json.h"

using namespace fp;

namespace {

// 1234567.4 -> "1,234,567": written independently of report_support.cpp.
QString commas(double value)
{
    QString digits = QString::number(static_cast<long long>(std::llround(value)));
    QString out;
    for (int i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += QLatin1Char(',');
        out += digits[i];
    }
    return out;
}

QString run(const QString& program, const QStringList& args)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(20000) || p.exitCode() != 0) return {};
    return QString::fromUtf8(p.readAllStandardOutput());
}

int pdfPages(const QString& pdf)
{
    for (const QString& line : run(QStringLiteral("pdfinfo"), {pdf}).split(QLatin1Char('\n')))
        if (line.startsWith(QStringLiteral("Pages:"))) return line.mid(6).trimmed().toInt();
    return -1;
}

QString pdfText(const QString& pdf, int firstPage = 0, int lastPage = 0)
{
    QStringList args;
    if (firstPage > 0) args << QStringLiteral("-f") << QString::number(firstPage) << QStringLiteral("-l") << QString::number(lastPage);
    args << QStringLiteral("-layout") << pdf << QStringLiteral("-");  // keep each printed line together
    // Whitespace runs (layout padding, line breaks) are folded so phrases match however they are spaced.
    // NFKC turns the typesetter's ligatures back into letters ("ﬁ" -> "fi").
    return run(QStringLiteral("pdftotext"), args).normalized(QString::NormalizationForm_KC).simplified();
}

double nonWhiteShare(const QImage& image)
{
    long long ink = 0, all = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2, ++all)
            if (image.pixel(x, y) != qRgb(255, 255, 255)) ++ink;
    return all ? double(ink) / double(all) : 0;
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT

private:
    std::optional<Catalog> catalog_;
    std::optional<Plan> plan_;             // DGX H100 SuperPOD, 1,024 GPUs
    std::optional<Comparison> comparison_;
    QTemporaryDir dir_;
    bool havePoppler_ = false;

    QString path(const QString& name) const { return dir_.filePath(name); }
    Plan planFor(const QString& example) const
    {
        const SpecReadResult read = loadSpecFile((QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/") + example).toStdString());
        return makePlan(read.spec, *catalog_);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        // FABRICPLAN_TEST_KEEP=1 keeps the files to look at them (pdftoppm -png -r 50 report.pdf page).
        if (qEnvironmentVariableIsSet("FABRICPLAN_TEST_KEEP")) {
            dir_.setAutoRemove(false);
            qInfo("report files kept in %s", qPrintable(dir_.path()));
        }
        catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG);
        plan_ = planFor(QStringLiteral("dgx-h100-superpod-1024.fabricplan"));
        comparison_ = comparePlans(plan_->spec, *catalog_);
        havePoppler_ = !QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty() &&
                       !QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty();
    }

    // Five sections for this design: summary, topology, BOM, comparison (two pages: its reasons end with
    // why DGX H100 cannot build Spectrum-X and UEC with its built-in ConnectX-7), checks.
    void pdfHasEveryPageAndThePlansFigures()
    {
        const QString pdf = path(QStringLiteral("report.pdf"));
        std::vector<double> seen;
        report::writePdfReport(*plan_, *catalog_, &*comparison_, pdf.toStdString(), [&](double f) {
            seen.push_back(f);
            return true;
        });
        QVERIFY(QFile::exists(pdf));
        QVERIFY(seen.size() >= 3);
        QCOMPARE(seen.front(), 0.0);
        QCOMPARE(seen.back(), 1.0);
        if (!havePoppler_) QSKIP("pdfinfo/pdftotext (poppler-utils) not installed");

        // Summary, topology, BOM, comparison (2), checks, then Resilience (domains and rates; spares continue on an 8th),
        // then the tuning checklist.
        QCOMPARE(pdfPages(pdf), 9);
        const QString tuning = pdfText(pdf, 9, 9);
        QVERIFY2(tuning.contains(QStringLiteral("Tuning checklist: InfiniBand")) && tuning.contains(QStringLiteral("credit-based")) &&
                     !tuning.contains(QStringLiteral("PFC on priority")),
                 qPrintable(tuning.left(800)));
        QVERIFY2(tuning.contains(QStringLiteral("fabric of ") + commas(double(plan_->fabric.switchCount())) + QStringLiteral(" switches")),
                 qPrintable(tuning.left(800)));
        const QString resilience = pdfText(pdf, 7, 8);
        QVERIFY2(resilience.contains(QStringLiteral("one leaf switch")), qPrintable(resilience.left(600)));
        QVERIFY(resilience.contains(QStringLiteral("spares by 99 % service level")));
        const QString summary = pdfText(pdf, 1, 1);
        QVERIFY2(summary.contains(QStringLiteral("Switches, all tiers ") + commas(double(plan_->fabric.switchCount()))),
                 qPrintable(summary.left(600)));
        QVERIFY(summary.contains(QStringLiteral("Total capex * $") + commas(plan_->estimates.capex.totalUsd)));
        QVERIFY(summary.contains(QStringLiteral("GPUs 1,024")));
        QVERIFY(summary.contains(QStringLiteral("Prices are estimates")));
        QVERIFY(summary.contains(QStringLiteral("Page 1")));
        QVERIFY(summary.contains(QStringLiteral("FabricPlan ") + QString::fromStdString(versionString())));

        const QString bomPage = pdfText(pdf, 3, 3);
        QVERIFY(bomPage.contains(QStringLiteral("Bill of materials")));
        QVERIFY(bomPage.contains(QStringLiteral("$") + commas(plan_->bom.totalUsd)));

        const QString cmpPage = pdfText(pdf, 4, 4);
        for (const Plan& p : comparison_->plans)
            QVERIFY2(cmpPage.contains(QString::fromLatin1(displayName(p.spec.fabric))), displayName(p.spec.fabric));
        QVERIFY(cmpPage.contains(QStringLiteral("Advice: ") +
                                 QString::fromLatin1(displayName(comparison_->advice.recommended))));

        QVERIFY(pdfText(pdf, 5, 5).contains(QStringLiteral("Fabric comparison (continued)")));
        // The floor plan's caption: its size by formatMetres, the rule the window and the CLI use.
        const Layout& floor = plan_->layout;
        const QString floorLine = QStringLiteral("Floor plan — %1 in %2, %3 m × %4 m")
                                      .arg(QString::fromStdString(counted(static_cast<long long>(floor.racks.size()), "rack")),
                                           QString::fromStdString(counted(floor.rows, "row")),
                                           QString::fromStdString(formatMetres(floor.floorWidthM)),
                                           QString::fromStdString(formatMetres(floor.floorDepthM)));
        QVERIFY2(pdfText(pdf, 1, 9).contains(floorLine), qPrintable(floorLine));
        const QString checks = pdfText(pdf, 6, 6);
        QVERIFY(checks.contains(QStringLiteral("Design-rule checks")));
        QVERIFY(checks.contains(QStringLiteral("Page 6")));
        for (const Finding& f : plan_->findings)
            QVERIFY2(checks.contains(QString::fromStdString(f.rule)), f.rule.c_str());
    }

    // A lab of two racks (one compute rack, one network rack, each 0.6 m wide and 1.2 m deep) in one row:
    // "1 row" (it read "1 rows") and 1.2 m, not the whole metres that read it as 1 m.
    void pdfFloorCaptionOfATwoRackLab()
    {
        if (!havePoppler_) QSKIP("pdfinfo/pdftotext (poppler-utils) not installed");
        const Plan lab = planFor(QStringLiteral("single-node-8-gpus.fabricplan"));
        const QString pdf = path(QStringLiteral("lab.pdf"));
        report::writePdfReport(lab, *catalog_, nullptr, pdf.toStdString(), {});
        const QString text = pdfText(pdf, 1, pdfPages(pdf));
        QVERIFY2(text.contains(QStringLiteral("Floor plan — 2 racks in 1 row, 1.2 m × 1.2 m")), qPrintable(text.left(1500)));
    }

    // Several networks (issue 38): a Networks page after the summary with one row per network and the
    // total, each row as the network's own figures and the total as ClusterPlan::total (formatted here
    // by hand), the total equal to the sum of the rows read back from the page; then a section per network
    // with its topology line and capex. The pages after it stay the compute fabric's.
    void pdfHasANetworksPageWhoseTotalIsTheSum()
    {
        const SpecReadResult read = loadSpecFile(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024-all-networks.fabricplan");
        const ClusterPlan c = makeClusterPlan(read.spec, *catalog_);
        QCOMPARE(c.networks.size(), std::size_t(4));  // compute, storage, in-band, OOB
        const QString pdf = path(QStringLiteral("networks.pdf"));
        report::writePdfReport(c.compute(), *catalog_, nullptr, pdf.toStdString(), {}, &c);
        if (!havePoppler_) QSKIP("pdfinfo/pdftotext (poppler-utils) not installed");
        const QString summary = pdfText(pdf, 1, 1);
        QVERIFY(!summary.contains(QStringLiteral("Totals by network")));
        QVERIFY(summary.contains(QStringLiteral("Total capex * $") + commas(c.compute().estimates.capex.totalUsd)));
        const QString page = pdfText(pdf, 2, 3);
        QVERIFY2(page.contains(QStringLiteral("Totals by network")), qPrintable(page.left(400)));
        const auto kw = [](double w) { return QString::number(w / 1000.0, 'f', 1); };
        const auto row = [&](const QString& name, const NetworkFigures& f) {
            return name + QLatin1Char(' ') + commas(double(f.switches)) + QLatin1Char(' ') +
                   commas(double(f.transceivers)) + QLatin1Char(' ') + commas(double(f.cables)) + QStringLiteral(" $") +
                   commas(f.capexUsd) + QLatin1Char(' ') + kw(f.powerW) + QLatin1Char(' ') + kw(f.powerMaxW) +
                   QLatin1Char(' ') + QString::number(f.errors);
        };
        double capexSum = 0;
        long long switchSum = 0, cableSum = 0;
        for (std::size_t i = 0; i < c.networks.size(); ++i) {
            const NetworkPlan& n = c.networks[i];
            // The role sits between the name and the figures; look for both halves.
            const QString figures = row(QString(), c.figures[i]).trimmed();
            QVERIFY2(page.contains(QString::fromStdString(n.name) + QLatin1Char(' ')) && page.contains(figures),
                     qPrintable(figures + QStringLiteral(" not in: ") + page.left(900)));
            QVERIFY(page.contains(QStringLiteral("Network %1: ").arg(QString::fromStdString(n.name))));
            QVERIFY(page.contains(QStringLiteral("Capex: $") + commas(c.figures[i].capexUsd)));
            capexSum += c.figures[i].capexUsd;
            switchSum += c.figures[i].switches;
            cableSum += c.figures[i].cables;
        }
        QVERIFY2(page.contains(row(QStringLiteral("Total"), c.total)), qPrintable(row(QStringLiteral("Total"), c.total)));
        QCOMPARE(commas(capexSum), commas(c.total.capexUsd));
        QCOMPARE(switchSum, c.total.switches);
        QCOMPARE(cableSum, c.total.cables);
        QVERIFY(page.contains(QStringLiteral("Topology: InfiniBand, MQM9700-NS2F (64 x 400G), port MCX715105AS-WEAT")));
        QVERIFY(page.contains(QStringLiteral("Topology: Ethernet, SN4600C")));  // the in-band network, as the RA: TCP/IP, not RoCE
        // Each network's parts fail and need spares: its section says how many, as `plan` does, and the
        // totals table is followed by the cluster's sum.
        const QString sections = pdfText(pdf, 2, 6).simplified();
        QVERIFY(sections.contains(QStringLiteral("Parts of all 4 networks: ") +
                                  QString::fromStdString(clusterPartsSummary(c.partFailures()))));
        for (const NetworkPlan& n : c.networks) {
            const QString parts = QStringLiteral("Parts: ") + QString::fromStdString(partFailuresSummary(n.plan.resilience));
            QVERIFY2(n.plan.resilience.failuresPerMonth > 0 && sections.contains(parts), qPrintable(parts));
        }
        // The rest of the report is the compute fabric's, as before.
        QVERIFY(pdfText(pdf).contains(QStringLiteral("Bill of materials")));
    }

    // Per-tier switch models: the summary page names each tier's model (the catalog's description up to
    // its first comma) under the tier's count, here SN5600 leaves under Arista 7816R4 chassis spines.
    void pdfNamesEachTiersSwitchModel()
    {
        ClusterSpec spec;
        spec.fabric = FabricKind::RoCE;
        spec.gpus = 16384;
        spec.nicModel = "MCX75310AAS-NEAT";
        spec.switchModel = "SN5600";
        spec.spineSwitchModel = "DCS-7816R4-16x36PE";
        const Plan p = makePlan(spec, *catalog_);
        const QString pdf = path(QStringLiteral("tiers.pdf"));
        report::writePdfReport(p, *catalog_, nullptr, pdf.toStdString(), [](double) { return true; });
        if (!havePoppler_) QSKIP("pdfinfo/pdftotext (poppler-utils) not installed");
        const QString summary = pdfText(pdf, 1, 1).simplified();
        QVERIFY2(summary.contains(QStringLiteral("Leaf switches 256 (ports 100.0% used)")) &&
                     summary.contains(QStringLiteral("Model Spectrum-4 SN5600 Ethernet switch")), qPrintable(summary.left(1500)));
        QVERIFY2(summary.contains(QStringLiteral("Model Arista 7816R4 16-slot modular chassis")), qPrintable(summary.left(1500)));
        // A RoCE plan's tuning checklist (the last page) sets PFC on the lossless priority and maps the DSCPs.
        const QString tuning = pdfText(pdf, pdfPages(pdf), pdfPages(pdf));
        QVERIFY2(tuning.contains(QStringLiteral("Tuning checklist: RoCEv2")) && tuning.contains(QStringLiteral("PFC on priority 3 only")) &&
                     tuning.contains(QStringLiteral("DSCP 26 (RoCE)")),
                 qPrintable(tuning.left(1500)));
    }

    // Findings reach the checks page with their rule ids; a long list flows onto further pages
    // (each finding gets a distinct rule id here so a lost row is noticed).
    void findingsAreListedOnTheLastPages()
    {
        Plan plan = *plan_;
        const int kFindings = 60;
        for (int i = 0; i < kFindings; ++i) {
            Finding f;
            f.severity = i % 3 == 0 ? Severity::Error : (i % 3 == 1 ? Severity::Warning : Severity::Info);
            f.rule = "test.rule-" + std::to_string(i);
            f.where = "leaf-su1-r" + std::to_string(i);
            f.message = "a message long enough to wrap onto a second line of its table cell, number " + std::to_string(i);
            f.fix = "a fix that also wraps in the narrow column of the checks table";
            plan.findings.push_back(f);
        }
        const QString pdf = path(QStringLiteral("findings.pdf"));
        report::writePdfReport(plan, *catalog_, nullptr, pdf.toStdString());
        if (!havePoppler_) QSKIP("pdfinfo/pdftotext (poppler-utils) not installed");
        const int pages = pdfPages(pdf);
        QVERIFY2(pages >= 6, "60 two-line findings do not fit on one A4 page");
        const QString checks = pdfText(pdf, 5, pages);
        for (int i = 0; i < kFindings; ++i)
            QVERIFY2(checks.contains(QStringLiteral("test.rule-%1 ").arg(i)), qPrintable(QString::number(i)));
        // 60 findings: i % 3 gives 20 of each severity.
        QVERIFY(checks.contains(QStringLiteral("%1 errors, %2 warnings, %3 notes")
                                    .arg(plan.errorCount())
                                    .arg(plan.warningCount())
                                    .arg(20 + int(plan_->findings.size()) - plan_->errorCount() - plan_->warningCount())));
        QVERIFY(checks.contains(QStringLiteral("Design-rule checks (continued)")));
        QVERIFY(checks.contains(QStringLiteral("Page %1").arg(pages)));
    }

    void pdfWithoutComparisonSaysSo()
    {
        const QString pdf = path(QStringLiteral("no-comparison.pdf"));
        report::writePdfReport(*plan_, *catalog_, nullptr, pdf.toStdString());
        if (!havePoppler_) QSKIP("pdfinfo/pdftotext (poppler-utils) not installed");
        QCOMPARE(pdfPages(pdf), 8);  // the comparison's two pages gone, the tuning checklist's added
        QVERIFY(pdfText(pdf, 4, 4).contains(QStringLiteral("No fabric comparison was computed")));
    }

    // Other shapes (a single switch, planes, three tiers): the switch count must reach page 1.
    void pdfForEveryExample_data()
    {
        QTest::addColumn<QString>("example");
        // Every bundled example (the set changes as the catalog grows).
        const QStringList examples = QDir(QStringLiteral(FABRICPLAN_EXAMPLES_DIR))
                                         .entryList({QStringLiteral("*.fabricplan")}, QDir::Files, QDir::Name);
        QVERIFY(examples.size() >= 3);
        for (const QString& e : examples) QTest::newRow(qPrintable(e)) << e;
    }
    void pdfForEveryExample()
    {
        QFETCH(QString, example);
        const Plan plan = planFor(example);
        const QString pdf = path(example + QStringLiteral(".pdf"));
        report::writePdfReport(plan, *catalog_, nullptr, pdf.toStdString());
        if (!havePoppler_) QSKIP("pdfinfo/pdftotext (poppler-utils) not installed");
        QVERIFY(pdfPages(pdf) >= 5);
        QVERIFY(pdfText(pdf, 1, 1).contains(QStringLiteral("Switches, all tiers ") +
                                            commas(double(plan.fabric.switchCount()))));
    }

    void topologyPngHasTheAskedWidthAndADrawing()
    {
        const QString png = path(QStringLiteral("topology.png"));
        report::writeTopologyPng(*plan_, png.toStdString(), 1200);
        QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.width(), 1200);
        QVERIFY(image.height() > 100);
        QVERIFY2(fp::pictures::distinctColours(image, 3) >= 6, "a blank or one-colour picture");
        QVERIFY(nonWhiteShare(image) > 0.02);
    }

    void floorPngAndSvg()
    {
        const QString png = path(QStringLiteral("floor.png"));
        report::writeFloorPng(*plan_, png.toStdString());
        QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.width(), 1600);  // the default width
        QVERIFY(fp::pictures::distinctColours(image, 3) >= 6);
        QVERIFY(nonWhiteShare(image) > 0.02);

        const QString svg = path(QStringLiteral("floor.svg"));
        report::writeFloorSvg(*plan_, svg.toStdString());
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("Compute racks"));
        QVERIFY(text.contains("Row 1"));
    }

    // The OOB network of the four-network example: its leaf for the spine room's management ports stands
    // in the room's aisle (row -1). The picture labels the six rows (4 compute, 2 service) and no "Row 0".
    void floorSvgLabelsNoAisleRow()
    {
        const ClusterSpec spec = loadSpecFile((QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/") +
                                               QStringLiteral("dgx-h100-superpod-1024-all-networks.fabricplan")).toStdString()).spec;
        const ClusterPlan cluster = makeClusterPlan(spec, *catalog_);
        const Plan& oob = cluster.networks.back().plan;
        QVERIFY(std::any_of(oob.layout.racks.begin(), oob.layout.racks.end(),
                            [](const Rack& r) { return r.row < 0 && r.kind == RackKind::Network; }));
        const QString svg = path(QStringLiteral("oob-floor.svg"));
        report::writeFloorSvg(oob, svg.toStdString());
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("Row 6"));
        QVERIFY(!text.contains("Row 0"));
        QVERIFY(!text.contains("Row 7"));
    }

    // Nothing is written into a folder that does not exist, and the error says where and what to do.
    void writeIntoMissingFolderThrowsAndLeavesNothing_data()
    {
        QTest::addColumn<QString>("kind");
        for (const char* k : {"pdf", "topology-png", "floor-png", "floor-svg"}) QTest::newRow(k) << QString::fromLatin1(k);
    }
    void writeIntoMissingFolderThrowsAndLeavesNothing()
    {
        QFETCH(QString, kind);
        const QString target = path(QStringLiteral("missing/out.") + kind);
        const std::string t = target.toStdString();
        try {
            if (kind == QLatin1String("pdf")) report::writePdfReport(*plan_, *catalog_, nullptr, t);
            if (kind == QLatin1String("topology-png")) report::writeTopologyPng(*plan_, t);
            if (kind == QLatin1String("floor-png")) report::writeFloorPng(*plan_, t);
            if (kind == QLatin1String("floor-svg")) report::writeFloorSvg(*plan_, t);
            QFAIL("no UserError");
        } catch (const UserError& e) {
            QCOMPARE(QString::fromStdString(e.where), target);
            QVERIFY(!e.fix.empty());
        }
        QVERIFY(!QFile::exists(target));
        QVERIFY(!QDir(path(QStringLiteral("missing"))).exists());
    }

    // Cancelling keeps the previous file as it was and leaves no temporary behind.
    void cancelKeepsThePreviousFile()
    {
        QTemporaryDir folder;
        const QString pdf = folder.filePath(QStringLiteral("keep.pdf"));
        {
            QFile old(pdf);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("previous report");
        }
        bool cancelled = false;
        try {
            report::writePdfReport(*plan_, *catalog_, &*comparison_, pdf.toStdString(), [](double f) { return f < 0.5; });
        } catch (const io::ExportCancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        QFile kept(pdf);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("previous report"));
        QCOMPARE(QDir(folder.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("keep.pdf")});
    }

    void imageWidthOutsideTheRangeIsAUserError()
    {
        QVERIFY_THROWS_EXCEPTION(UserError, report::writeFloorPng(*plan_, path(QStringLiteral("tiny.png")).toStdString(), 10));
        QVERIFY(!QFile::exists(path(QStringLiteral("tiny.png"))));
    }
};

QTEST_MAIN(TestReport)
#include "test_report.moc"
