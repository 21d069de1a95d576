// Saved designs side by side in the window (issue 41): File › Compare designs and its window. The
// window's figures and BOM differences are checked against `fabricplan-cli diff` and `plan --json` run
// as separate processes (independent readers: the CSV and the JSON), and against the difference worked
// out by hand from the catalog's street quotes ($30,600 for a QM9700, $28,050 for a QM9790).
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "../core/cli_run.h"
#include "gui/design_comparison_window.h"
#include "gui/main_window.h"
#include "gui_test_support.h"

using namespace fp;
using namespace fp::gui;

namespace {

QString example(const char* name) { return QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/") + QLatin1String(name); }

// The SuperPOD example on QM9790 switches: the same ports, so the same fabric, another part and price.
QString writeQm9790(const QTemporaryDir& dir)
{
    QFile in(example("dgx-h100-superpod-1024.fabricplan"));
    in.open(QIODevice::ReadOnly);
    nlohmann::json j = nlohmann::json::parse(in.readAll().toStdString());
    j["fabric"]["switch"] = "MQM9790-NS2F";
    const QString path = dir.filePath(QStringLiteral("qm9790.fabricplan"));
    QFile out(path);
    out.open(QIODevice::WriteOnly);
    out.write(QByteArray::fromStdString(j.dump()));
    return path;
}

bool waitFor(DesignComparisonWindow& w)
{
    QElapsedTimer t;
    t.start();
    while (w.isPlanning()) {
        if (t.elapsed() > 60'000) return false;
        QTest::qWait(10);
    }
    return true;
}

// The figures table's row labelled `label`.
int figureRow(QTableWidget* t, const QString& label)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->verticalHeaderItem(r) && t->verticalHeaderItem(r)->text() == label) return r;
    return -1;
}

} // namespace

class TestDesignComparison : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void windowAgreesWithTheCli()
    {
        const QString base = example("dgx-h100-superpod-1024.fabricplan"), other = writeQm9790(m_dir);
        DesignComparisonWindow w(gui::test::builtCatalog());
        w.resize(1400, 900);
        w.show();
        w.setDesigns({{QStringLiteral("superpod"), base, std::nullopt}, {QStringLiteral("qm9790"), other, std::nullopt}});
        QVERIFY(w.isPlanning());  // the plans run on a worker: setDesigns returned before them
        QVERIFY(waitFor(w));
        QVERIFY2(w.problems().isEmpty(), qPrintable(w.problems().join(QLatin1Char('\n'))));

        // The differences, row by row, as `fabricplan-cli diff --csv` writes them.
        const QString csvPath = m_dir.filePath(QStringLiteral("diff.csv"));
        const fp::test::CliRun run = fp::test::runCli({QStringLiteral("diff"), base, other, QStringLiteral("--catalog"),
                                               QStringLiteral(FABRICPLAN_TEST_CATALOG), QStringLiteral("--csv"), csvPath});
        QCOMPARE(run.exitCode, 0);
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QStringList lines = QString::fromUtf8(csv.readAll()).remove(QChar(0xFEFF)).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        lines.removeFirst();  // header
        QTableWidget* diffs = w.differencesTable();
        QCOMPARE(diffs->rowCount(), int(lines.size()));
        long long spares = 0;
        for (int r = 0; r < diffs->rowCount(); ++r) {
            const QStringList f = lines[r].split(QLatin1Char(','));  // no field here holds a comma but the description
            QCOMPARE(diffs->item(r, 3)->text(), f[3]);                  // part
            QCOMPARE(diffs->item(r, 4)->text(), f[f.size() - 7]);       // change
            if (f[2] == QStringLiteral("spares") && f[f.size() - 7] == QStringLiteral("removed"))
                spares = f[f.size() - 6].toLongLong();
            QCOMPARE(diffs->item(r, 8)->data(Qt::UserRole).toDouble(), f.last().toDouble());
        }
        // By hand: 48 switches (32 leaves, 16 spines) and the spare switches, each $2,550 cheaper.
        QVERIFY(spares > 0);
        QTableWidget* figures = w.figuresTable();
        const int change = figureRow(figures, QStringLiteral("BOM change against the baseline"));
        QVERIFY(change >= 0);
        QCOMPARE(figures->item(change, 1)->data(Qt::UserRole).toDouble(), -2550.0 * double(48 + spares));
        QCOMPARE(figures->item(figureRow(figures, QStringLiteral("Switches")), 1)->text(), QStringLiteral("48"));

        // The capex and TCO cells are the plan JSON's figures for each file.
        for (int i = 0; i < 2; ++i) {
            const fp::test::CliRun plan = fp::test::runCli({QStringLiteral("plan"), i == 0 ? base : other, QStringLiteral("--catalog"),
                                                    QStringLiteral(FABRICPLAN_TEST_CATALOG), QStringLiteral("--json"), QStringLiteral("-")});
            QCOMPARE(plan.exitCode, 0);
            const QJsonObject j = QJsonDocument::fromJson(plan.out).object();
            QCOMPARE(figures->item(figureRow(figures, QStringLiteral("Capex (USD)")), i)->data(Qt::UserRole).toDouble(),
                     j[QStringLiteral("capex_usd")].toObject()[QStringLiteral("total")].toDouble());
            QCOMPARE(figures->item(figureRow(figures, QStringLiteral("TCO over 5 years (USD)")), i)->data(Qt::UserRole).toDouble(),
                     j[QStringLiteral("tco_usd")].toDouble());
        }
        QVERIFY(figures->horizontalHeaderItem(0)->text().endsWith(QStringLiteral("(baseline)")));
        if (const QByteArray dir = qgetenv("FABRICPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
            for (const QSize size : {QSize(1400, 900), QSize(1024, 700)}) {
                w.resize(size);
                QTest::qWait(50);
                w.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/compare-designs-%1x%2.png").arg(size.width()).arg(size.height()));
            }
        }
    }

    // A file that cannot be read is named with the reason; the others are still compared.
    void unreadableFileIsNamed()
    {
        DesignComparisonWindow w(gui::test::builtCatalog());
        const QString missing = m_dir.filePath(QStringLiteral("missing.fabricplan"));
        w.setDesigns({{QStringLiteral("superpod"), example("dgx-h100-superpod-1024.fabricplan"), std::nullopt},
                      {QStringLiteral("missing.fabricplan"), missing, std::nullopt}});
        QVERIFY(waitFor(w));
        QCOMPARE(w.problems().size(), 1);
        QVERIFY(w.problems().front().startsWith(QStringLiteral("missing.fabricplan: ")));
        QCOMPARE(w.comparison().names.size(), std::size_t(1));
        QVERIFY2(w.statusText().contains(QStringLiteral("missing.fabricplan")), qPrintable(w.statusText()));
    }

    // The workbook is written whole or not at all: a folder in the way is an error, and the folder stays.
    void exportWritesTheWorkbook()
    {
        DesignComparisonWindow w(gui::test::builtCatalog());
        w.setDesigns({{QStringLiteral("superpod"), example("dgx-h100-superpod-1024.fabricplan"), std::nullopt},
                      {QStringLiteral("qm9790"), writeQm9790(m_dir), std::nullopt}});
        QVERIFY(waitFor(w));
        const QString path = m_dir.filePath(QStringLiteral("comparison.xlsx"));
        QCOMPARE(w.exportWorkbook(path), QString());
        QFile book(path);
        QVERIFY(book.open(QIODevice::ReadOnly));
        QCOMPARE(book.read(2), QByteArray("PK"));  // a zip: the xlsx container
        QVERIFY(w.statusText().startsWith(QStringLiteral("Exported")));
        QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("folder.xlsx")));
        const QString error = w.exportWorkbook(m_dir.filePath(QStringLiteral("folder.xlsx")));
        QVERIFY(!error.isEmpty());
        QVERIFY(w.statusText().startsWith(QStringLiteral("Not exported")));
        QVERIFY(QFileInfo(m_dir.filePath(QStringLiteral("folder.xlsx"))).isDir());
        const QStringList left = QDir(m_dir.path()).entryList({QStringLiteral("*.tmp-*")}, QDir::Files);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));
    }

    // File › Compare designs: the open design is the baseline, the files follow.
    void fileMenuComparesTheOpenDesign()
    {
        std::unique_ptr<MainWindow> window(gui::test::openTestWindow());
        QVERIFY(gui::test::settle(*window->document()));
        bool found = false;
        for (QAction* a : window->menuBar()->actions())
            if (a->menu() && a->text().remove(QLatin1Char('&')) == QStringLiteral("File"))
                for (QAction* item : a->menu()->actions())
                    found = found || item->text().remove(QLatin1Char('&')) == QStringLiteral("Compare designs…");
        QVERIFY(found);
        DesignComparisonWindow* w = window->compareDesigns({example("dgx-h100-superpod-1024.fabricplan")});
        QVERIFY(w->isVisible());
        QVERIFY(waitFor(*w));
        QCOMPARE(w->comparison().names.size(), std::size_t(2));
        QCOMPARE(w->comparison().names[0], std::string("Open design (unsaved)"));
        QCOMPARE(w->comparison().figures[0].gpus, window->document()->spec().gpus);
        QCOMPARE(w->comparison().names[1], std::string("dgx-h100-superpod-1024.fabricplan"));
    }
};

QTEST_MAIN(TestDesignComparison)
#include "test_design_comparison.moc"
