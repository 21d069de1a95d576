// Issue 39's "the GUI and CLI say the same thing for every case above", driven in the window as a person
// would (the design panel's combos, the Resilience tab at 1400 x 900) and compared with the CLI binary's
// plan JSON for the same design: a named switch picks the NIC the CLI picks (and an explicitly chosen NIC
// stays, as --nic does); Spectrum-X with a ConnectX-7 on HGX-H100 and DGX-H100 and Arista spines in a
// Spectrum-X fabric give the same findings; the "Job keeps" column is on screen; tuning effort is printed.
#include <QComboBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTableWidget>
#include <QTextDocument>
#include <QtTest>

#include <cmath>
#include <map>
#include <set>

#include "catalog/part_lookup.h"
#include "common/format.h"
#include "gui/commands.h"
#include "gui/design_panel.h"
#include "gui/document.h"
#include "gui/floor_view.h"
#include "gui/main_window.h"
#include "gui/networks_table.h"
#include "gui/resilience_view.h"
#include "gui/summary_view.h"
#include "gui_test_support.h"
#include "plan/cluster_plan.h"
#include "plan/plan.h"
#include "spec/spec_json.h"

using namespace fp;
using namespace fp::gui;

namespace {

struct CliRun {
    QJsonObject json;
    QString out;  // standard output (the summary, without --json)
    QString err;  // standard error (notes)
    int exitCode = -1;
};

CliRun runCli(QStringList args, bool json)
{
    args.prepend(QStringLiteral("plan"));
    args << QStringLiteral("--catalog") << QStringLiteral(FABRICPLAN_TEST_CATALOG);
    if (json) args << QStringLiteral("--json") << QStringLiteral("-");
    QProcess cli;
    cli.start(QStringLiteral(FABRICPLAN_CLI), args);
    CliRun run;
    if (!cli.waitForFinished(120'000)) return run;
    run.exitCode = cli.exitCode();
    run.out = QString::fromUtf8(cli.readAllStandardOutput());
    run.err = QString::fromUtf8(cli.readAllStandardError());
    if (json) run.json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    return run;
}

// The finding ids of a plan, with their count, errors and warnings only.
std::multiset<std::string> findingIds(const Plan& plan)
{
    std::multiset<std::string> ids;
    for (const Finding& f : plan.findings)
        if (f.severity != Severity::Info) ids.insert(f.rule);
    return ids;
}

std::multiset<std::string> findingIds(const QJsonObject& json)
{
    std::multiset<std::string> ids;
    for (const QJsonValue& v : json.value(QStringLiteral("checks")).toArray()) {
        const QJsonObject f = v.toObject();
        if (f.value(QStringLiteral("severity")).toString() != QLatin1String("info"))
            ids.insert(f.value(QStringLiteral("rule")).toString().toStdString());
    }
    return ids;
}

QString fixOf(const Plan& plan, const std::string& rule)
{
    for (const Finding& f : plan.findings)
        if (f.rule == rule) return QString::fromStdString(f.fix);
    return {};
}

QString fixOf(const QJsonObject& json, const QString& rule)
{
    for (const QJsonValue& v : json.value(QStringLiteral("checks")).toArray())
        if (v.toObject().value(QStringLiteral("rule")).toString() == rule)
            return v.toObject().value(QStringLiteral("fix")).toString();
    return {};
}

} // namespace

class TestGuiCliAgree : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_window = test::openEditingTestWindow();
        QVERIFY(m_window);
    }
    void cleanupTestCase() { delete m_window; }
    void namedSwitchPicksTheCliNic();
    void explicitNicIsKept();
    void spectrumXWithConnectX7();
    void aristaSpinesInSpectrumX();
    void jobKeepsColumnIsOnScreenAt1400();
    void tuningEffortIsPrinted();
    void networksAgreeWithTheCli();
    void powerReadsAsTheCliPrintsIt();

private:
    Document* doc() const { return m_window->document(); }
    QComboBox* combo(const char* key) const
    {
        return qobject_cast<QComboBox*>(m_window->designPanel()->editorFor(QString::fromLatin1(key)));
    }
    // Picks `part` in a design-panel combo as a click on its entry does (QComboBox::activated).
    bool pick(const char* key, const std::string& part)
    {
        QComboBox* c = combo(key);
        if (!c) return false;
        const int i = c->findData(QString::fromStdString(part));
        if (i < 0) return false;
        c->setCurrentIndex(i);
        emit c->activated(i);
        return true;
    }
    std::string partOf(const char* name) const
    {
        const SwitchModel* sw = matchSwitch(test::builtCatalog()->switches, name).part;
        return sw ? sw->partNumber : std::string();
    }
    void startFrom(const ClusterSpec& spec)
    {
        doc()->reset(spec, QString());
        QVERIFY(test::settle(*doc()));
    }

    MainWindow* m_window = nullptr;
};

// `plan --gpus 1024 --fabric infiniband --switch Q3400` plans with an 800G XDR NIC and no errors; choosing
// Q3400 in the design panel kept the 400G NDR default NIC and planned with "no part fits" errors.
void TestGuiCliAgree::namedSwitchPicksTheCliNic()
{
    startFrom(ClusterSpec{});  // the CLI's spec from flags: the built-in defaults (1,024 GPUs, InfiniBand)
    const std::string q3400 = partOf("Q3400");
    QVERIFY(!q3400.empty());
    QVERIFY(pick("switch", q3400));
    QVERIFY(test::settle(*doc()));
    const auto plan = doc()->plan();
    QVERIFY(plan);

    const CliRun cli = runCli({QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("--fabric"),
                               QStringLiteral("infiniband"), QStringLiteral("--switch"), QStringLiteral("Q3400")},
                              true);
    QCOMPARE(cli.exitCode, 0);
    const QJsonObject parts = cli.json.value(QStringLiteral("parts")).toObject();
    QCOMPARE(QString::fromStdString(doc()->spec().nicModel), parts.value(QStringLiteral("nic")).toString());
    QCOMPARE(QString::fromStdString(doc()->spec().switchModel), parts.value(QStringLiteral("switch")).toString());
    // An 800G NIC (independent of the CLI: the catalog's figure), and no errors in either.
    QCOMPARE(test::builtCatalog()->findNic(doc()->spec().nicModel)->portGbpsOn(FabricKind::InfiniBand), 800);
    QCOMPARE(plan->errorCount(), 0);
    QCOMPARE(cli.json.value(QStringLiteral("errors")).toInt(), 0);
    const double cliCapex = cli.json.value(QStringLiteral("capex_usd")).toObject().value(QStringLiteral("total")).toDouble();
    QVERIFY(cliCapex > 0);
    QCOMPARE(plan->estimates.capex.totalUsd, cliCapex);
    // The window says why the NIC changed, as the CLI's note does, and one Undo takes both back.
    QVERIFY2(m_window->statusBar()->currentMessage().contains(QStringLiteral("runs 800G ports")),
             qPrintable(m_window->statusBar()->currentMessage()));
    QVERIFY(cli.err.contains(QStringLiteral("runs 800G ports")));
    // FABRICPLAN_TEST_SHOTS=DIR keeps pictures for a person to look at (the summary with the note, the BOM).
    if (const QString shots = qEnvironmentVariable("FABRICPLAN_TEST_SHOTS"); !shots.isEmpty())
        for (const char* tab : {"summary", "checks"}) {
            QVERIFY(m_window->showTab(QString::fromLatin1(tab)));
            QCoreApplication::processEvents();
            QVERIFY(m_window->grab().save(shots + QStringLiteral("/q3400-%1.png").arg(QString::fromLatin1(tab))));
        }
    doc()->undoStack()->undo();
    QCOMPARE(doc()->spec().switchModel, ClusterSpec{}.switchModel);
    QCOMPARE(doc()->spec().nicModel, ClusterSpec{}.nicModel);
    QVERIFY(m_window->statusBar()->currentMessage().isEmpty());  // the note was about that edit only
}

// A NIC the user chose is theirs: a switch chosen afterwards keeps it, as `--nic` keeps it in the CLI
// (and the plan then shows the same findings as `--switch Q3400 --nic MCX75310AAS-NEAT`).
void TestGuiCliAgree::explicitNicIsKept()
{
    startFrom(ClusterSpec{});
    const std::string q3400 = partOf("Q3400"), qm9700 = ClusterSpec{}.switchModel, ndr = ClusterSpec{}.nicModel;
    QVERIFY(pick("switch", q3400));
    const std::string xdr = doc()->spec().nicModel;
    QVERIFY(xdr != ndr);
    QVERIFY(!doc()->nicChosen());
    const int beforeChoice = doc()->undoStack()->index();
    QVERIFY(pick("nic", ndr));  // the user takes the NDR NIC back
    QVERIFY(doc()->nicChosen());
    QVERIFY(pick("switch", qm9700));
    QVERIFY(pick("switch", q3400));
    QCOMPARE(doc()->spec().nicModel, ndr);
    QVERIFY(test::settle(*doc()));
    const CliRun cli = runCli({QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("--fabric"),
                               QStringLiteral("infiniband"), QStringLiteral("--switch"), QStringLiteral("Q3400"),
                               QStringLiteral("--nic"), QString::fromStdString(ndr)},
                              true);
    QCOMPARE(cli.json.value(QStringLiteral("parts")).toObject().value(QStringLiteral("nic")).toString(),
             QString::fromStdString(ndr));
    QVERIFY(doc()->plan());
    QCOMPARE(findingIds(*doc()->plan()), findingIds(cli.json));
    QCOMPARE(doc()->plan()->errorCount(), cli.json.value(QStringLiteral("errors")).toInt());
    // Undoing back past the NIC choice makes the NIC the core's again, and no longer the user's.
    doc()->undoStack()->setIndex(beforeChoice);
    QCOMPARE(doc()->spec().nicModel, xdr);
    QVERIFY(!doc()->nicChosen());
    QVERIFY(pick("switch", qm9700));
    QVERIFY(pick("switch", q3400));
    QCOMPARE(doc()->spec().nicModel, xdr);
}

// Spectrum-X with a ConnectX-7 (no SuperNIC): an error on HGX-H100 (a card that can be swapped, the fix
// names the SuperNIC) and on DGX-H100 (the NIC is built in), the same in the window and the CLI.
void TestGuiCliAgree::spectrumXWithConnectX7()
{
    const std::string cx7 = "MCX75310AAS-NEAT";
    const std::map<std::string, std::string> ruleOf{{"HGX-H100", "fabric.spectrum-x-parts"},
                                                    {"DGX-H100", "platform.builtin-nic"}};
    for (const auto& [platform, rule] : ruleOf) {
        startFrom(ClusterSpec{});
        Command::choosePlatform(doc(), platform);
        Command::setTechnology(doc(), FabricKind::SpectrumX);
        QVERIFY(pick("nic", cx7) || doc()->spec().nicModel == cx7);  // DGX: already its NIC
        QCOMPARE(doc()->spec().nicModel, cx7);
        QVERIFY(test::settle(*doc()));
        const auto plan = doc()->plan();
        QVERIFY2(plan, qPrintable(doc()->planError()));
        const CliRun cli = runCli({QStringLiteral("--platform"), QString::fromStdString(platform), QStringLiteral("--gpus"),
                                   QStringLiteral("1024"), QStringLiteral("--fabric"), QStringLiteral("spectrum-x"),
                                   QStringLiteral("--nic"), QString::fromStdString(cx7)},
                                  true);
        QVERIFY2(!cli.json.isEmpty(), qPrintable(cli.err));  // planned (exit 1: the plan has errors)
        QVERIFY2(findingIds(*plan).count(rule) == 1, platform.c_str());
        QCOMPARE(findingIds(*plan), findingIds(cli.json));
        QVERIFY(plan->errorCount() >= 1);
        QCOMPARE(fixOf(*plan, rule), fixOf(cli.json, QString::fromStdString(rule)));
        QCOMPARE(cli.json.value(QStringLiteral("parts")).toObject().value(QStringLiteral("switch")).toString(),
                 QString::fromStdString(doc()->spec().switchModel));
        if (const QString shots = qEnvironmentVariable("FABRICPLAN_TEST_SHOTS"); !shots.isEmpty()) {
            QVERIFY(m_window->showTab(QStringLiteral("checks")));
            QCoreApplication::processEvents();
            QVERIFY(m_window->grab().save(shots + QStringLiteral("/spectrum-x-cx7-%1.png").arg(QString::fromStdString(platform))));
        }
    }
}

// Arista spines under Spectrum-X leaves: a finding with a fix, in the window as in the CLI.
void TestGuiCliAgree::aristaSpinesInSpectrumX()
{
    startFrom(ClusterSpec{});
    Command::choosePlatform(doc(), "HGX-H100");
    Command::setTechnology(doc(), FabricKind::SpectrumX);
    const std::string arista = partOf("DCS-7060X6-64PE");
    QVERIFY(!arista.empty());
    QVERIFY(pick("spine", arista));
    QVERIFY(test::settle(*doc()));
    const auto plan = doc()->plan();
    QVERIFY(plan);
    QVERIFY(findingIds(*plan).count("fabric.spectrum-x-parts") == 1);
    QVERIFY(!fixOf(*plan, "fabric.spectrum-x-parts").isEmpty());
    const CliRun cli = runCli({QStringLiteral("--platform"), QStringLiteral("HGX-H100"), QStringLiteral("--gpus"),
                               QStringLiteral("1024"), QStringLiteral("--fabric"), QStringLiteral("spectrum-x"),
                               QStringLiteral("--switch"), QString::fromStdString(doc()->spec().switchModel),
                               QStringLiteral("--nic"), QString::fromStdString(doc()->spec().nicModel),
                               QStringLiteral("--spine-switch"), QString::fromStdString(arista)},
                              true);
    QCOMPARE(findingIds(*plan), findingIds(cli.json));
    QCOMPARE(fixOf(*plan, "fabric.spectrum-x-parts"), fixOf(cli.json, QStringLiteral("fabric.spectrum-x-parts")));
}

// The failure-domain table's last column, the throughput a job keeps, sat past the right edge at 1400 px.
void TestGuiCliAgree::jobKeepsColumnIsOnScreenAt1400()
{
    QVERIFY(m_window->openFile(QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024.fabricplan")));
    m_window->resize(1400, 900);
    QVERIFY(m_window->showTab(QStringLiteral("resilience")));
    QVERIFY(test::settle(*doc()));
    auto* view = m_window->findChild<ResilienceView*>();
    QVERIFY(view);
    const QTableWidget* domains = view->domainTable();
    QTRY_VERIFY(domains->isVisible());
    const int last = domains->columnCount() - 1;
    QCOMPARE(domains->horizontalHeaderItem(last)->text().simplified(), QStringLiteral("Job keeps"));
    // Its whole text fits: the column is at least as wide as its widest cell, and ends inside the viewport.
    const int left = domains->columnViewportPosition(last);
    QVERIFY(left >= 0);
    int widest = domains->horizontalHeader()->sectionSizeHint(last);
    for (int r = 0; r < domains->rowCount(); ++r)
        widest = std::max(widest, domains->fontMetrics().horizontalAdvance(domains->item(r, last)->text()));
    QVERIFY(domains->columnWidth(last) >= widest);
    const int right = left + domains->columnWidth(last);
    QVERIFY2(right <= domains->viewport()->width(),
             qPrintable(QStringLiteral("Job keeps ends at %1 of %2").arg(right).arg(domains->viewport()->width())));
    // The description column still shows a useful width beside it.
    QVERIFY(domains->columnWidth(0) >= 200);
    const QString shots = qEnvironmentVariable("FABRICPLAN_TEST_SHOTS");
    if (!shots.isEmpty()) QVERIFY(m_window->grab().save(shots + QStringLiteral("/resilience-1400.png")));
}

// The window's "Tuning effort" and "Months to stable" figures are printed by the CLI too, in the same rounding.
void TestGuiCliAgree::tuningEffortIsPrinted()
{
    const QString design = QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/roce-tomahawk5-4096.fabricplan");
    QVERIFY(m_window->openFile(design));
    QVERIFY(test::settle(*doc()));
    const auto plan = doc()->plan();
    QVERIFY(plan);
    QProcess cli;
    cli.start(QStringLiteral(FABRICPLAN_CLI),
              {QStringLiteral("plan"), design, QStringLiteral("--catalog"), QStringLiteral(FABRICPLAN_TEST_CATALOG)});
    QVERIFY(cli.waitForFinished(120'000));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    const QString line = QStringLiteral("bring-up: %1 engineer-weeks (%2), %3 months to a stable cluster")
                             .arg(QString::fromStdString(formatOneDecimal(plan->estimates.opex.tuningWeeks)),
                                  QString::fromStdString(formatUsdShort(plan->estimates.opex.tuningUsd)),
                                  QString::fromStdString(formatOneDecimal(plan->estimates.opex.monthsToStable)));
    QVERIFY2(out.contains(line), qPrintable(out));
}

// Issue 38: a design of several networks in the window plans every one of them; the Network picker lists
// them, each network's figures and the total are the CLI's (`plan --json`: networks[].figures, total),
// and picking a network shows it in every view, its endpoints counted as ports, not GPUs.
void TestGuiCliAgree::networksAgreeWithTheCli()
{
    const QString design = QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024-all-networks.fabricplan");
    QVERIFY(m_window->openFile(design));
    QVERIFY(test::settle(*doc()));
    const auto cluster = doc()->clusterPlan();
    QVERIFY(cluster);
    const CliRun cli = runCli({design}, true);
    QCOMPARE(cli.exitCode, 0);
    const QJsonArray networks = cli.json.value(QStringLiteral("networks")).toArray();
    QCOMPARE(qsizetype(cluster->networks.size()), networks.size());
    QVERIFY(networks.size() >= 3);
    const auto same = [](const NetworkFigures& f, const QJsonObject& j) {
        return f.switches == j.value(QStringLiteral("switches")).toInteger() &&
               f.transceivers == j.value(QStringLiteral("transceivers")).toInteger() &&
               f.cables == j.value(QStringLiteral("cables")).toInteger() &&
               std::llround(f.capexUsd) == std::llround(j.value(QStringLiteral("capex_usd")).toDouble()) &&
               std::llround(f.powerW) == std::llround(j.value(QStringLiteral("power_w")).toDouble()) &&
               f.errors == j.value(QStringLiteral("errors")).toInt();
    };
    for (qsizetype i = 0; i < networks.size(); ++i) {
        const QJsonObject n = networks[i].toObject();
        QCOMPARE(QString::fromStdString(cluster->networks[std::size_t(i)].name), n.value(QStringLiteral("name")).toString());
        QCOMPARE(cluster->networks[std::size_t(i)].endpointPorts, n.value(QStringLiteral("endpoint_ports")).toInteger());
        const NetworkFigures& f = cluster->figures[std::size_t(i)];
        QVERIFY2(same(f, n.value(QStringLiteral("figures")).toObject()),
                 qPrintable(n.value(QStringLiteral("name")).toString() +
                            QStringLiteral(": window %1 switches, %2 transceivers, %3 cables, $%4, %5 W, %6 errors; CLI ")
                                .arg(f.switches).arg(f.transceivers).arg(f.cables).arg(f.capexUsd, 0, 'f', 0).arg(f.powerW, 0, 'f', 0).arg(f.errors) +
                            QString::fromUtf8(QJsonDocument(n.value(QStringLiteral("figures")).toObject()).toJson(QJsonDocument::Compact))));
    }
    QVERIFY(same(cluster->total, cli.json.value(QStringLiteral("total")).toObject()));

    // The picker: one entry per network, shown because there are several.
    auto* picker = m_window->findChild<QComboBox*>(QStringLiteral("networkPicker"));
    QVERIFY(picker);
    QCOMPARE(qsizetype(picker->count()), networks.size());
    QCOMPARE(picker->itemText(1), QStringLiteral("storage"));
    QVERIFY(picker->isVisible());
    QCOMPARE(doc()->plan().get(), &cluster->networks.front().plan);  // the compute fabric first
    QVERIFY(m_window->summaryView()->toPlainText().contains(QStringLiteral("Storage fabric (storage)")));
    // One floor, whichever network is viewed: the compute fabric's Floor tab draws the cluster's racks
    // (service racks and every network's racks), as the storage network's does.
    QCOMPARE(doc()->floorPlan()->layout.racks.size(), cluster->floor().racks.size());
    QTRY_VERIFY(m_window->floorView()->totals().contains(QStringLiteral("(the cluster's)")));
    const QString computeFloorTotals = m_window->floorView()->totals();
    QVERIFY2(computeFloorTotals.contains(QStringLiteral("3 service racks")), qPrintable(computeFloorTotals));

    // Picking the storage network: every view shows it, and the Summary counts its ports.
    picker->setCurrentIndex(1);
    emit picker->activated(1);
    QVERIFY(test::settle(*doc()));
    QCOMPARE(doc()->plan().get(), &cluster->networks[1].plan);
    QCOMPARE(doc()->floorPlan().get(), &cluster->networks[1].plan);
    QTRY_COMPARE(m_window->floorView()->totals(), computeFloorTotals);
    QCOMPARE(doc()->plan()->fabric.switchCount(), cluster->figures[1].switches);
    QTRY_VERIFY(m_window->summaryView()->figures().size() > 0 &&
                findFigure(m_window->summaryView()->figures(), QStringLiteral("capex.per_port")));
    const SummaryFigure* ports = findFigure(m_window->summaryView()->figures(), QStringLiteral("gpus"));
    QVERIFY(ports);
    QCOMPARE(ports->label, QStringLiteral("Endpoint ports"));
    QCOMPARE(qint64(ports->number), networks[1].toObject().value(QStringLiteral("endpoint_ports")).toInteger());
    QVERIFY(!findFigure(m_window->summaryView()->figures(), QStringLiteral("busbw")));  // no job runs on it
    QVERIFY(m_window->statusBar()->findChildren<QLabel*>().size() > 0);
    bool statusNamesIt = false;
    for (QLabel* l : m_window->statusBar()->findChildren<QLabel*>())
        statusNamesIt = statusNamesIt || l->text().startsWith(QStringLiteral("Storage fabric (storage):"));
    QVERIFY(statusNamesIt);
    // Its parts' failures and spares: the Resilience tab prints the CLI's "parts:" line under the network,
    // word for word (the tab once read "0.00 failures/month ... 0 spares" for it).
    const QString text = runCli({design}, false).out;
    const qsizetype storageAt = text.indexOf(QStringLiteral("\n  storage: "));
    QVERIFY(storageAt >= 0);
    const QString partsHead = QStringLiteral("\n    parts: ");
    const qsizetype partsAt = text.indexOf(partsHead, storageAt + 1);
    QVERIFY(partsAt > storageAt);
    const QString partsLine = text.mid(partsAt + partsHead.size(), text.indexOf(QLatin1Char('\n'), partsAt + 1) - partsAt - partsHead.size());
    QVERIFY2(partsLine.contains(QStringLiteral(" failures/month (")), qPrintable(partsLine));
    QVERIFY(m_window->showTab(QStringLiteral("resilience")));
    auto* resilienceSummary = m_window->findChild<QLabel*>(QStringLiteral("resilienceSummary"));
    QVERIFY(resilienceSummary);
    const QString failures = partsLine.left(partsLine.indexOf(QStringLiteral("; ")));
    const QString spares = partsLine.mid(partsLine.indexOf(QStringLiteral("; ")) + 2);
    QTRY_VERIFY2(resilienceSummary->text().contains(failures.toHtmlEscaped()) &&
                     resilienceSummary->text().contains(spares.toHtmlEscaped()),
                 qPrintable(partsLine + QStringLiteral(" | ") + resilienceSummary->text()));
    // The cluster's parts, under the Networks table: the CLI's line under its table.
    const QString allHead = QStringLiteral("  parts of all 4 networks: ");
    const qsizetype allAt = text.indexOf(allHead);
    QVERIFY(allAt >= 0);
    const QString allParts = text.mid(allAt + allHead.size(), text.indexOf(QLatin1Char('\n'), allAt) - allAt - allHead.size());
    QVERIFY(m_window->showTab(QStringLiteral("summary")));
    QTRY_VERIFY2(m_window->summaryView()->toPlainText().contains(QStringLiteral("Parts of all 4 networks: ") + allParts),
                 qPrintable(allParts));

    // Compare: each fabric with the other networks planned around it, as `compare --json` has it.
    doc()->setComparisonEnabled(true);
    doc()->recomputeNow();
    QVERIFY(test::settle(*doc()));
    QVERIFY(doc()->comparison());
    QProcess compare;
    compare.start(QStringLiteral(FABRICPLAN_CLI), {QStringLiteral("compare"), design, QStringLiteral("--catalog"),
                                                   QStringLiteral(FABRICPLAN_TEST_CATALOG), QStringLiteral("--json"), QStringLiteral("-")});
    QVERIFY(compare.waitForFinished(120'000));
    QCOMPARE(compare.exitCode(), 0);
    const QJsonArray totals = QJsonDocument::fromJson(compare.readAllStandardOutput()).object().value(QStringLiteral("cluster_totals")).toArray();
    QCOMPARE(qsizetype(doc()->clusterTotals().size()), totals.size());
    QCOMPARE(qsizetype(doc()->comparison()->plans.size()), totals.size());
    for (qsizetype i = 0; i < totals.size(); ++i) {
        QVERIFY(same(doc()->clusterTotals()[std::size_t(i)], totals[i].toObject()));
        // More than the compute fabric alone: the other networks are in it.
        QVERIFY(doc()->clusterTotals()[std::size_t(i)].capexUsd > doc()->comparison()->plans[std::size_t(i)].estimates.capex.totalUsd);
    }
    doc()->setComparisonEnabled(false);

    // A design of one network: no picker, and the compute fabric is shown again.
    startFrom(ClusterSpec{});
    QVERIFY(!picker->isVisible());
    QCOMPARE(doc()->viewedNetwork(), 0);
}

// Network power in one rule (common/format.h's formatKw): the window's Summary read "11.14 MW" where the CLI
// read "11144.3 kW" for the same 100,000-GPU plan. The Summary's two power figures must be the words of the
// CLI's "network power:" line, the figure the plan holds to a tenth of a kW with its thousands apart; the
// Networks table (window) and the "Networks" rows (CLI) print each network's power alike.
void TestGuiCliAgree::powerReadsAsTheCliPrintsIt()
{
    const QString roce = QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/roce-tomahawk5-4096.fabricplan");
    ClusterSpec spec = loadSpecFile(roce.toStdString()).spec;
    spec.gpus = 100000;
    const Plan plan = makePlan(spec, *test::builtCatalog());
    const std::vector<SummaryFigure> figures = summaryFigures(plan);
    const SummaryFigure* typical = findFigure(figures, QStringLiteral("power.kw"));
    const SummaryFigure* full = findFigure(figures, QStringLiteral("power.max_kw"));
    QVERIFY(typical && full);
    // Independent of the formatter: the text is the plan's figure in kW, one decimal, thousands apart.
    QVERIFY2(plan.estimates.opex.powerKw > 1000, "the case must need a thousands separator");
    QVERIFY2(typical->value.endsWith(QStringLiteral(" kW")) && typical->value.contains(QLatin1Char(',')), qPrintable(typical->value));
    const double shown = QString(typical->value).remove(QLatin1Char(',')).chopped(3).toDouble();
    QVERIFY(std::abs(shown - plan.estimates.opex.powerKw) <= 0.05 + 1e-9);
    const CliRun cli = runCli({roce, QStringLiteral("--gpus"), QStringLiteral("100000")}, false);
    QCOMPARE(cli.exitCode, 0);
    const QString line = QStringLiteral("network power: %1 typical, %2 at full load").arg(typical->value, full->value);
    QVERIFY2(cli.out.contains(line), qPrintable(line + QStringLiteral("\nnot in the CLI's\n") + cli.out));
    // The performance line too: "20000.0 Tb/s" in the CLI beside the window's "20,000.0 Tb/s" was the same slip.
    const SummaryFigure* latency = findFigure(figures, QStringLiteral("latency"));
    const SummaryFigure* bisection = findFigure(figures, QStringLiteral("bisection"));
    const SummaryFigure* busbw = findFigure(figures, QStringLiteral("busbw"));
    QVERIFY(latency && bisection && busbw);
    QVERIFY2(bisection->value.contains(QLatin1Char(',')), qPrintable(bisection->value));  // 20,000 Tb/s: thousands apart
    const QString performance = QStringLiteral("latency %1; bisection %2; all-reduce bus bw %3")
                                    .arg(QString(latency->value).replace(QStringLiteral(" – "), QStringLiteral("-")),
                                         bisection->value, busbw->value);
    QVERIFY2(cli.out.contains(performance), qPrintable(performance + QStringLiteral("\nnot in the CLI's\n") + cli.out));

    // Per network: the window's table cells are the CLI's columns (power kW, max kW) of the same row.
    const QString design = QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024-all-networks.fabricplan");
    const ClusterPlan cluster = makeClusterPlan(loadSpecFile(design.toStdString()).spec, *test::builtCatalog());
    QTextDocument table;
    table.setHtml(networksTableHtml(cluster, 0, QPalette()));
    const QString tableText = table.toPlainText();
    const CliRun networks = runCli({design}, false);
    QCOMPARE(networks.exitCode, 0);
    int rows = 0;
    for (const QString& row : networks.out.split(QLatin1Char('\n'))) {
        const QStringList cells = row.simplified().split(QLatin1Char(' '));
        // "  storage  Storage fabric  292  18  758  612  $1.19 M  30.4  50.5  0": power and max before errors.
        if (cells.size() < 4 || !row.startsWith(QStringLiteral("  ")) || !cells.last().contains(QRegularExpression(QStringLiteral("^[0-9]+$"))) ||
            !cells[cells.size() - 2].contains(QLatin1Char('.')))
            continue;
        for (const QString& kw : {cells[cells.size() - 3], cells[cells.size() - 2]})
            QVERIFY2(tableText.contains(kw + QStringLiteral(" kW")), qPrintable(kw + QStringLiteral(" kW not in\n") + tableText));
        ++rows;
    }
    QCOMPARE(rows, int(cluster.networks.size()) + 1);  // every network and the total
}

QTEST_MAIN(TestGuiCliAgree)
#include "test_gui_cli_agree.moc"
