// The Export menu, offscreen: every core format and the drawn outputs (PDF report, topology PNG,
// floor PNG/SVG) through MainWindow::exportTo, as the menu runs them: on a worker thread, with the
// progress dialog, cancel, failures reported and no partial file left; suggested file names.
#include <algorithm>

#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QProgressDialog>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QXmlStreamReader>
#include <QtTest>

#include "image_checks.h"

#include <atomic>

#include "common/error.h"
#include "gui/document.h"
#include "gui/main_window.h"
#include "report/report_exporters.h"
#include "gui_test_support.h"
#include "io/exporter.h"
#include "report/report.h"

using namespace fp;
using namespace fp::gui;

namespace {

// An export that takes as long as the test wants: it reports `reported` progress, then waits until
// released (or 20 s pass), then writes a small file.
class HeldExporter : public io::Exporter {
public:
    std::atomic<double> reported{0.0};
    std::atomic<bool> released{false};
    std::string id() const override { return "held"; }
    std::string name() const override { return "Held (*.txt)"; }
    std::string extension() const override { return ".txt"; }
    void write(const io::ExportContext& ctx, const std::string& path) const override
    {
        QElapsedTimer waited;
        waited.start();
        while (!released.load() && waited.elapsed() < 20'000) {
            if (reported.load() > 0 && ctx.progress && !ctx.progress(reported.load())) throw io::ExportCancelled{};
            QThread::msleep(5);
        }
        QFile f(QString::fromStdString(path));
        if (!f.open(QIODevice::WriteOnly)) throw UserError("cannot write", path, "");
        f.write("held");
    }
};

} // namespace

class TestMainWindowExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase() { delete m_window; }
    void exportWritesFile();
    void exportMenuListsEveryFormat();
    void exportPdfReport();
    void exportDiagrams();
    void cancelledPdfExportLeavesNoFile();
    void failedExportReportsAnError();
    void exportFileNamesSayWhatTheyHold();
    void longExportKeepsTheWindowLiveWithProgress();
    void exportOfADesignWithNetworksHasEveryNetwork();  // last: it opens another design

private:
    MainWindow* m_window = nullptr;
};

void TestMainWindowExport::initTestCase()
{
    m_window = test::openTestWindow();
    QVERIFY(test::settle(*m_window->document()));
    QVERIFY2(m_window->document()->plan(), qPrintable(m_window->document()->planError()));
}

void TestMainWindowExport::exportWritesFile()
{
    const io::Exporter* csv = io::findExporter("bom-csv");
    if (!csv) QSKIP("no bom-csv exporter registered");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bom.csv"));
    QString error;
    QVERIFY2(m_window->exportTo(*csv, path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    // The switch line of the default design names the QM9700 part.
    QVERIFY(text.contains(QStringLiteral("MQM9700-NS2F")));
}

void TestMainWindowExport::exportMenuListsEveryFormat()
{
    QMenu* exportMenu = nullptr;
    for (QAction* a : m_window->menuBar()->actions())
        if (a->text() == QStringLiteral("E&xport")) exportMenu = a->menu();
    QVERIFY(exportMenu);
    QStringList entries;
    for (QAction* a : exportMenu->actions())
        if (!a->isSeparator()) entries << a->text();
    QCOMPARE(entries.size(), qsizetype(io::exporters().size() + report::reportExporters().size()));
    for (const char* title : {"PDF report (*.pdf)…", "Topology diagram (*.png)…", "Floor plan (*.png)…",
                              "Floor plan (*.svg)…"})
        QVERIFY2(entries.contains(QString::fromUtf8(title)), title);
}

// The drawn outputs run on the export worker thread (QPdfWriter, QPainter on QImage, QSvgGenerator):
// the files must be as good as when written on the UI thread.
void TestMainWindowExport::exportPdfReport()
{
    const io::Exporter* pdf = report::findReportExporter("pdf");
    QVERIFY(pdf);
    QVERIFY(test::settle(*m_window->document()));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QString error;
    QVERIFY2(m_window->exportTo(*pdf, path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.read(4) == "%PDF");
    QVERIFY(f.size() > 10'000);  // five pages of text and pictures, not an empty shell
    f.close();
    // The text is there when poppler can read it back (fonts were embedded off the UI thread).
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (!pdftotext.isEmpty()) {
        QProcess p;
        p.start(pdftotext, {QStringLiteral("-layout"), QStringLiteral("-f"), QStringLiteral("1"), QStringLiteral("-l"),
                            QStringLiteral("1"), path, QStringLiteral("-")});
        QVERIFY(p.waitForFinished(30'000));
        const QString text = QString::fromUtf8(p.readAllStandardOutput()).simplified();
        QVERIFY2(text.contains(QStringLiteral("GPUs 1,024")), qPrintable(text.left(400)));
    }
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("report.pdf")});  // no temporary left
}

void TestMainWindowExport::exportDiagrams()
{
    QTemporaryDir dir;
    QString error;
    const QString topology = dir.filePath(QStringLiteral("topology.png"));
    QVERIFY2(m_window->exportTo(*report::findReportExporter("topology-png"), topology, &error), qPrintable(error));
    const QImage image(topology);
    QCOMPARE(image.width(), 1600);
    QVERIFY(fp::pictures::distinctColours(image) > 8);
    // Painted on the worker thread, pixel for pixel what the UI thread paints (fonts included).
    const QString reference = dir.filePath(QStringLiteral("reference.png"));
    report::writeTopologyPng(*m_window->document()->plan(), reference.toStdString());
    QVERIFY(QImage(reference) == image);

    const QString floorPng = dir.filePath(QStringLiteral("floor.png"));
    QVERIFY2(m_window->exportTo(*report::findReportExporter("floor-png"), floorPng, &error), qPrintable(error));
    QCOMPARE(QImage(floorPng).width(), 1600);

    const QString floorSvg = dir.filePath(QStringLiteral("floor.svg"));
    QVERIFY2(m_window->exportTo(*report::findReportExporter("floor-svg"), floorSvg, &error), qPrintable(error));
    QFile svg(floorSvg);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svg);
    int rects = 0;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QStringLiteral("rect")) ++rects;
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(rects > 0);
}

void TestMainWindowExport::cancelledPdfExportLeavesNoFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cancelled.pdf"));
    // What the progress dialog's Cancel does, as soon as the export starts.
    const auto cancelling = connect(m_window, &MainWindow::exportStarted, m_window, &MainWindow::cancelExport);
    QString error = QStringLiteral("unset");
    const bool written = m_window->exportTo(*report::findReportExporter("pdf"), path, &error);
    disconnect(cancelling);
    QVERIFY(!written);
    QVERIFY2(error.isEmpty(), qPrintable(error));  // cancelling is not an error to report
    QVERIFY(QDir(dir.path()).isEmpty());
}

void TestMainWindowExport::failedExportReportsAnError()
{
    // Tests may run as root, where a read-only folder is still writable: a non-empty folder in the
    // target's place fails for everyone.
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("report.pdf"));
    QVERIFY(QDir().mkpath(target));
    QFile keep(target + QStringLiteral("/keep.txt"));
    QVERIFY(keep.open(QIODevice::WriteOnly));
    keep.close();
    for (const char* id : {"pdf", "floor-png", "floor-svg"}) {
        QString error;
        QVERIFY(!m_window->exportTo(*report::findReportExporter(id), target, &error));
        QVERIFY2(error.contains(target), qPrintable(error));  // names the file
        QVERIFY2(error.contains(QStringLiteral("writable")), qPrintable(error));  // and says what to do
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("report.pdf")});  // no temporary left beside it
    }
    QString error;
    QVERIFY(!m_window->exportTo(*report::findReportExporter("topology-png"),
                                dir.filePath(QStringLiteral("missing/topology.png")), &error));
    QVERIFY2(error.contains(QStringLiteral("does not exist")), qPrintable(error));
}

// Two PNGs (or four CSVs) of one design must not both default to "design.png".
void TestMainWindowExport::exportFileNamesSayWhatTheyHold()
{
    const auto name = [this](const io::Exporter* e) { return QFileInfo(m_window->suggestedExportPath(*e)).fileName(); };
    QCOMPARE(name(report::findReportExporter("pdf")), QStringLiteral("design.pdf"));
    QCOMPARE(name(report::findReportExporter("topology-png")), QStringLiteral("design-topology.png"));
    QCOMPARE(name(report::findReportExporter("floor-png")), QStringLiteral("design-floor.png"));
    QCOMPARE(name(report::findReportExporter("floor-svg")), QStringLiteral("design-floor.svg"));
    if (const io::Exporter* bom = io::findExporter("bom-csv")) QCOMPARE(name(bom), QStringLiteral("design-bom.csv"));
    QSet<QString> names;
    for (const auto* list : {&io::exporters(), &report::reportExporters()})
        for (const auto& e : *list) names.insert(name(e.get()));
    QCOMPARE(names.size(), qsizetype(io::exporters().size() + report::reportExporters().size()));
}

// While an export runs the window's event loop keeps going, and after a moment a progress dialog
// shows: a busy bar until the exporter reports progress, then the fraction.
void TestMainWindowExport::longExportKeepsTheWindowLiveWithProgress()
{
    HeldExporter exporter;
    QTemporaryDir dir;
    bool sawBusy = false, sawFraction = false;
    QTimer watch;
    connect(&watch, &QTimer::timeout, this, [&] {
        auto* dialog = m_window->findChild<QProgressDialog*>();
        if (!dialog || !dialog->isVisible()) return;
        if (!sawBusy) {
            sawBusy = dialog->maximum() == 0;
            exporter.reported = 0.5;
        } else if (dialog->maximum() == 1000 && dialog->value() == 500) {
            sawFraction = true;
            exporter.released = true;
        }
    });
    watch.start(20);  // ticks only while the export's event loop runs
    QString error;
    QVERIFY2(m_window->exportTo(exporter, dir.filePath(QStringLiteral("held.txt")), &error), qPrintable(error));
    watch.stop();
    QVERIFY(sawBusy);
    QVERIFY(sawFraction);
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("held.txt"))));
}

QTEST_MAIN(TestMainWindowExport)
#include "test_main_window_export.moc"

// A design with other networks (issue 38): the window plans its compute fabric only, but an export holds
// every network, as the CLI's does: the BOM CSV's first column names the network of each line.
void TestMainWindowExport::exportOfADesignWithNetworksHasEveryNetwork()
{
    QVERIFY(m_window->openFile(QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024-all-networks.fabricplan")));
    QVERIFY(test::settle(*m_window->document()));
    const io::Exporter* csv = io::findExporter("bom-csv");
    QVERIFY(csv);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bom.csv"));
    QString error;
    QVERIFY2(m_window->exportTo(*csv, path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QVERIFY(lines.front().startsWith(QStringLiteral("network,category,")));
    for (const char* network : {"compute,", "storage,", "inband,"})
        QVERIFY2(std::any_of(lines.begin(), lines.end(), [&](const QString& l) { return l.startsWith(QLatin1String(network)); }),
                 network);
}
