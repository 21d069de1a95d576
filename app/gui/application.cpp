#include "application.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "common/paths.h"
#include "document.h"
#include "english_plurals.h"
#include "main_window.h"
#include "screenshot.h"
#include "session.h"
#include "startup_catalog.h"

static void initApplicationResources()
{
    Q_INIT_RESOURCE(fabricplan);
}

namespace fp::gui {

namespace {

// Up to 0.x the window kept its catalog copy in Qt's AppDataLocation (~/.local/share/FabricPlan/
// fabricplan), where the CLI never looked. Move it once, so the user's price edits are kept.
void adoptEarlierCatalogCopy(const QString& dataDir)
{
    const QString earlier = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                                .filePath(QStringLiteral("catalog.sqlite"));
    const QString now = QDir(dataDir).filePath(QStringLiteral("catalog.sqlite"));
    if (earlier == now || !QFileInfo::exists(earlier) || QFileInfo::exists(now)) return;
    QDir().mkpath(dataDir);
    QFile::copy(earlier, now);
}

} // namespace

int runApplication(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i)
        if (QByteArray(argv[i]) == "--version") {  // answered before any Qt start-up noise
            std::printf("fabricplan %s\n", versionString().c_str());
            return 0;
        }
    // --screenshot and --version need no display: render offscreen unless a platform was chosen.
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if ((arg == "--screenshot" || arg.startsWith("--screenshot=") || arg == "--version" || arg == "--help") &&
            qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    initApplicationResources();
    EnglishPlurals plurals;
    QCoreApplication::installTranslator(&plurals);
    QApplication::setApplicationName(QStringLiteral("fabricplan"));
    QApplication::setApplicationDisplayName(QStringLiteral("FabricPlan"));
    QApplication::setOrganizationName(QStringLiteral("FabricPlan"));
    QApplication::setApplicationVersion(QString::fromStdString(versionString()));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/fabricplan.svg")));
    QApplication::setDesktopFileName(QStringLiteral("io.github.fabricplan.FabricPlan")); // matches the installed .desktop entry so Wayland shows our icon

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Design GPU-cluster network fabrics and their bill of materials"));
    parser.addHelpOption();
    const QCommandLineOption version(QStringLiteral("version"), QStringLiteral("Print the version and exit."));
    const QCommandLineOption catalogOption(QStringLiteral("catalog"), QStringLiteral("Use this parts catalog (read-only)."),
                                           QStringLiteral("FILE"));
    const QCommandLineOption screenshotOption(QStringLiteral("screenshot"),
                                              QStringLiteral("Render the window offscreen to a PNG and exit."),
                                              QStringLiteral("FILE"));
    const QCommandLineOption tabOption(QStringLiteral("tab"),
                                       QStringLiteral("Tab for --screenshot: %1|explorer|start|compare-designs (the design against the "
                                                      "DESIGNs after it).").arg(MainWindow::tabNames().join(QLatin1Char('|'))),
                                       QStringLiteral("NAME"), QStringLiteral("summary"));
    const QCommandLineOption sizeOption(QStringLiteral("size"), QStringLiteral("Window size for --screenshot."),
                                        QStringLiteral("WxH"), QStringLiteral("1400x900"));
    const QCommandLineOption darkOption(QStringLiteral("dark"), QStringLiteral("--screenshot with a dark palette."));
    const QCommandLineOption networkOption(QStringLiteral("network"),
                                           QStringLiteral("--screenshot of this network of the design (default: compute)."),
                                           QStringLiteral("NAME"));
    const QCommandLineOption exploreOption(QStringLiteral("explore"),
                                           QStringLiteral("--screenshot --tab explorer with filters and pins: "
                                                          "x=FIGURE,y=FIGURE,capex=MAX,power=MAX,busbw=MIN,pin=N+M|front (capex in $ M)."),
                                           QStringLiteral("SETUP"));
    parser.addOptions({version, catalogOption, screenshotOption, tabOption, sizeOption, darkOption, networkOption, exploreOption});
    parser.addPositionalArgument(QStringLiteral("DESIGN"), QStringLiteral("A .fabricplan design to open."));
    parser.process(app);

    if (parser.isSet(version)) {
        std::printf("fabricplan %s\n", versionString().c_str());
        return 0;
    }
    const bool screenshot = parser.isSet(screenshotOption);
    // A screenshot neither reads nor writes the user's settings (recent files): reproducible pictures,
    // and no scratch designs in the user's Open recent menu.
    // Test mode alone would read the settings the test suite leaves behind (its recent designs), so the
    // settings live in a folder of their own that is deleted on exit.
    QTemporaryDir screenshotSettings;
    if (screenshot) {
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, screenshotSettings.path());
    }
    const QString design = parser.positionalArguments().value(0);
    // The same folder the CLI reads its catalog from (fp::userDataDir), so a price edited here is the
    // price `fabricplan-cli plan` uses (issue 20: one catalog, not a GUI copy and a CLI default).
    const QString dataDir = QString::fromStdString(userDataDir());
    adoptEarlierCatalogCopy(dataDir);

    // A screenshot reads the bundled catalog (or --catalog) and makes no user copy: reproducible
    // pictures, and no catalog copy appears that the CLI would then use instead of the bundled one.
    const QString catalogPath = screenshot && !parser.isSet(catalogOption)
                                    ? QString::fromStdString(bundledCatalogPath())
                                    : parser.value(catalogOption);
    // A busy, damaged or unusable catalog is the user's to decide about; a screenshot never asks.
    if (!screenshot) showCatalogWaitProgress();
    const CatalogChooser choose = screenshot ? CatalogChooser([](const CatalogProblem&) { return CatalogChoice::Quit; })
                                             : CatalogChooser([](const CatalogProblem& p) { return askAboutCatalog(p); });
    const LoadedCatalog loaded = loadStartupCatalog(catalogPath, dataDir, choose);
    if (!loaded.catalog) {
        if (screenshot) std::fprintf(stderr, "fabricplan: %s\n", qPrintable(loaded.error));
        else if (!loaded.quit)
            QMessageBox::critical(nullptr, QStringLiteral("FabricPlan"),
                                  QObject::tr("The parts catalog could not be loaded:\n%1").arg(loaded.error));
        return 2;
    }

    if (screenshot) {
        const QString tab = parser.value(tabOption);
        if (!MainWindow::tabNames().contains(tab) && tab != QLatin1String("start") && tab != QLatin1String("explorer") &&
            tab != QLatin1String("compare-designs")) {
            std::fprintf(stderr, "fabricplan: unknown tab '%s'\n", qPrintable(parser.value(tabOption)));
            return 2;
        }
        const QStringList wh = parser.value(sizeOption).split(QLatin1Char('x'));
        const QSize size(wh.value(0).toInt(), wh.value(1).toInt());
        if (size.width() < 200 || size.height() < 200) {
            std::fprintf(stderr, "fabricplan: --size wants WIDTHxHEIGHT, e.g. 1024x700\n");
            return 2;
        }
        if (parser.isSet(darkOption)) {
            QApplication::setStyle(QStringLiteral("Fusion"));
            QApplication::setPalette(darkScreenshotPalette());
        }
        MainWindow window(loaded.catalog, QString());
        QString error;
        if (!renderScreenshot(window, design, parser.value(tabOption), parser.value(screenshotOption), &error,
                              120'000, size, parser.value(networkOption), parser.value(exploreOption),
                              parser.positionalArguments().mid(1))) {
            std::fprintf(stderr, "fabricplan: %s\n", qPrintable(error));
            return 1;
        }
        return 0;
    }

    Session session(dataDir);
    session.begin();
    MainWindow window(loaded.catalog, loaded.userPath, &session);
    window.show();
    if (!loaded.message.isEmpty()) window.showNotice(loaded.message);
    // Only sessions whose process is gone are offered; a second window running beside this one
    // keeps its lock, so its autosave is neither offered nor deleted here (issue 21).
    bool recovered = false;
    for (const RecoveryInfo& recovery : session.findRecoverable()) {
        if (recovered) break;  // older crashed sessions wait for the next start
        if (QMessageBox::question(&window, QObject::tr("Recover unsaved design?"),
                                  QObject::tr("A FabricPlan window closed without saving its design (autosaved "
                                              "%1). Recover it?")
                                      .arg(QLocale().toString(recovery.savedAt, QLocale::ShortFormat)),
                                  QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) != QMessageBox::Yes) {
            session.discardRecovered(recovery);
            continue;
        }
        QString error;
        recovered = window.document()->load(recovery.autosavePath, &error);
        if (recovered) {
            // Recovered content is unsaved work: no file name, and marked modified by an undoable step.
            const ClusterSpec spec = window.document()->spec();
            window.document()->reset(spec, QString());
            window.document()->undoStack()->resetClean();
            window.autosaveNow();  // now in this session's own autosave before the old one goes
            session.discardRecovered(recovery);
        } else {
            QMessageBox::warning(&window, QObject::tr("Recovery failed"), error);
        }
    }
    if (!recovered && !design.isEmpty()) window.openFile(design);
    else if (!recovered) window.showStartPage();  // a first run, or a start with no design: say what to do
    return app.exec();
}

} // namespace fp::gui
