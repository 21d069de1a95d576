// MainWindow's menus and file handling: New/Open/Save/Save As, recent files, drag and drop, dirty
// prompts, autosave, export (the core's formats and the drawn reports) with progress, the catalog browser.
#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <optional>

#include "catalog_dialog.h"
#include "common/error.h"
#include "common/paths.h"
#include "design_comparison_window.h"
#include "document.h"
#include "explorer_view.h"
#include "io/exporter.h"
#include "main_window.h"
#include "plan/cluster_plan.h"
#include "recent_files.h"
#include "report/report_exporters.h"
#include "session.h"
#include "start_page.h"
#include "user_guide.h"

namespace fp::gui {

namespace {

const QString kDesignFilter = QObject::tr("FabricPlan designs (*.fabricplan);;All files (*)");
const QString kLastExportDirKey = QStringLiteral("lastExportDir");

} // namespace

DesignComparisonWindow* MainWindow::compareDesigns(const QStringList& paths)
{
    if (!m_designComparison) m_designComparison = new DesignComparisonWindow(m_document->catalog(), this);
    // The open design first, as the window holds it (edits not yet saved included): the baseline.
    const QString name = m_document->fileName().isEmpty() ? tr("Open design (unsaved)")
                                                           : QFileInfo(m_document->fileName()).fileName();
    std::vector<DesignToCompare> designs{{name, QString(), m_document->spec()}};
    for (const QString& p : paths) designs.push_back({QFileInfo(p).fileName(), p, std::nullopt});
    m_designComparison->setDesigns(std::move(designs));
    m_designComparison->show();
    m_designComparison->raise();
    return m_designComparison;
}

void MainWindow::chooseDesignsToCompare()
{
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Designs to compare with the open one"),
                                                            QString(), kDesignFilter);
    if (!paths.isEmpty()) compareDesigns(paths);
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* newAction = file->addAction(tr("&New"), this, &MainWindow::newDesign);
    newAction->setShortcut(QKeySequence::New);
    QMenu* templates = file->addMenu(tr("New from &template"));
    const QDir examples(QString::fromStdString(examplesDir()));
    for (const QFileInfo& fi : examples.entryInfoList({QStringLiteral("*.fabricplan")}, QDir::Files, QDir::Name)) {
        const QString path = fi.absoluteFilePath();
        templates->addAction(fi.completeBaseName(), this, [this, path] { newFromTemplate(path); });
    }
    templates->setEnabled(!templates->isEmpty());
    file->addAction(tr("&Open…"), this, &MainWindow::open)->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    rebuildRecentMenu();
    file->addAction(tr("&Compare designs…"), this, &MainWindow::chooseDesignsToCompare);
    file->addSeparator();
    file->addAction(tr("&Save"), this, &MainWindow::save)->setShortcut(QKeySequence::Save);
    file->addAction(tr("Save &as…"), this, &MainWindow::saveAs)->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* exportMenu = menuBar()->addMenu(tr("E&xport"));
    for (const auto& exporter : io::exporters()) {
        const io::Exporter* ex = exporter.get();
        exportMenu->addAction(QString::fromStdString(ex->name()) + QStringLiteral("…"), this,
                              [this, ex] { exportWithDialog(*ex); });
    }
    exportMenu->addSeparator();  // the drawn outputs: PDF report and diagrams
    for (const auto& exporter : report::reportExporters()) {
        const io::Exporter* ex = exporter.get();
        exportMenu->addAction(QString::fromStdString(ex->name()) + QStringLiteral("…"), this,
                              [this, ex] { exportWithDialog(*ex); });
    }

    QMenu* view = menuBar()->addMenu(tr("&View"));
    const QStringList titles = {tr("Summary"), tr("Topology"), tr("Floor"), tr("Bill of materials"),
                                tr("Prices"), tr("Cable plan"), tr("Compare"), tr("Checks"), tr("Resilience")};
    for (int i = 0; i < titles.size(); ++i) {
        QAction* a = view->addAction(titles[i], this, [this, i] { m_tabs->setCurrentIndex(i); });
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    }

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(tr("Parts &catalog…"), this, &MainWindow::showCatalog)->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    tools->addAction(tr("&Recompute now"), this, [this] { m_document->recomputeNow(); })->setShortcut(QKeySequence::Refresh);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&User guide"), this, [this] { showUserGuide(this); })->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&Start page"), this, &MainWindow::showStartPage);
    help->addSeparator();
    help->addAction(tr("&About FabricPlan"), this, &MainWindow::about)->setMenuRole(QAction::AboutRole);
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified()) return true;
    const auto answer = QMessageBox::warning(this, tr("Unsaved changes"),
                                             tr("%1 has unsaved changes. Save them?").arg(m_document->displayName()),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                             QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::newDesign()
{
    if (maybeSave()) m_document->reset(ClusterSpec{}, QString());
}

void MainWindow::newFromTemplate(const QString& path)
{
    if (!maybeSave()) return;
    QString error;
    if (!m_document->load(path, &error)) {
        QMessageBox::warning(this, tr("Template not loaded"), error);
        return;
    }
    m_document->reset(m_document->spec(), QString());  // a template starts an untitled design
}

void MainWindow::open()
{
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open design"), QString(), kDesignFilter);
    if (!path.isEmpty()) openFile(path);
}

bool MainWindow::openFile(const QString& path)
{
    QString error;
    QStringList warnings;
    if (!m_document->load(path, &error, &warnings)) {
        if (isVisible()) QMessageBox::warning(this, tr("Design not opened"), error);
        else qWarning("%s", qPrintable(error));
        return false;
    }
    addRecentFile(m_document->fileName());
    if (!warnings.isEmpty() && isVisible())
        QMessageBox::information(this, tr("Design opened with warnings"), warnings.join(QLatin1Char('\n')));
    return true;
}

bool MainWindow::save()
{
    if (m_document->fileName().isEmpty()) return saveAs();
    return saveTo(m_document->fileName());
}

bool MainWindow::saveAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save design"), m_document->fileName(), kDesignFilter);
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".fabricplan");
    return saveTo(path);
}

bool MainWindow::saveTo(const QString& path)
{
    QString error;
    SaveStatus status = SaveStatus::Failed;
    if (!m_document->save(path, &error, &status)) {
        switch (status) {
        case SaveStatus::SaveAsChosen: return saveAs();
        case SaveStatus::Reloaded:
            m_diskNotice->setVisible(false);
            statusBar()->showMessage(tr("Reloaded %1 from disk; Edit › Undo brings your version back").arg(path), 8000);
            return false;
        case SaveStatus::Cancelled: statusBar()->showMessage(tr("Not saved; nothing was written"), 5000); return false;
        default:
            if (isVisible()) QMessageBox::warning(this, tr("Design not saved"), error);
            return false;
        }
    }
    m_diskNotice->setVisible(false);
    addRecentFile(m_document->fileName());
    if (m_session) m_session->discardAutosave();
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    return true;
}

DiskConflictChoice MainWindow::askDiskConflict(const DiskConflict& conflict)
{
    QMessageBox box(QMessageBox::Warning, tr("File changed on disk"),
                    tr("%1 was changed on disk (%2) since you opened or saved it here, by another window or "
                       "program.").arg(QFileInfo(conflict.path).fileName(),
                                       QLocale().toString(conflict.onDisk.modified, QLocale::ShortFormat)),
                    QMessageBox::NoButton, this);
    box.setInformativeText(tr("Overwrite replaces that version with yours. Reload takes that version instead of "
                              "yours (Edit › Undo brings yours back). Save as keeps both."));
    QPushButton* overwrite = box.addButton(tr("Overwrite"), QMessageBox::DestructiveRole);
    QPushButton* reload = box.addButton(tr("Reload"), QMessageBox::ActionRole);
    QPushButton* saveAs = box.addButton(tr("Save as…"), QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(saveAs);  // the choice that loses nothing
    box.exec();
    if (box.clickedButton() == overwrite) return DiskConflictChoice::Overwrite;
    if (box.clickedButton() == reload) return DiskConflictChoice::Reload;
    if (box.clickedButton() == saveAs) return DiskConflictChoice::SaveAs;
    return DiskConflictChoice::Cancel;
}

void MainWindow::showDiskNotice()
{
    FileIdentity now;
    if (!m_document->fileChangedOnDisk(&now)) return;
    const QString name = m_document->displayName().toHtmlEscaped();
    QString text;
    if (!now.exists)
        text = tr("<b>%1 was removed or renamed on disk.</b> Save writes it again.").arg(name);
    else if (m_document->isModified())
        text = tr("<b>%1 was changed on disk</b> by another window or program. Saving will ask whether to "
                  "overwrite it. &nbsp;<a href='reload'>Reload it</a> (Undo brings yours back) · "
                  "<a href='dismiss'>Dismiss</a>").arg(name);
    else
        text = tr("<b>%1 was changed on disk</b> by another window or program. &nbsp;<a href='reload'>Reload it</a> · "
                  "<a href='dismiss'>Dismiss</a>").arg(name);
    QPalette notice = m_diskNotice->palette();
    notice.setColor(QPalette::Window, palette().color(QPalette::ToolTipBase));
    notice.setColor(QPalette::WindowText, palette().color(QPalette::ToolTipText));
    m_diskNotice->setPalette(notice);
    m_diskNotice->setText(text);
    m_diskNotice->setVisible(true);
}

void MainWindow::onDiskNoticeLink(const QString& link)
{
    m_diskNotice->setVisible(false);
    if (link != QStringLiteral("reload")) return;
    QString error;
    if (m_document->reloadFromDisk(&error))
        statusBar()->showMessage(tr("Reloaded %1 from disk; Edit › Undo brings your version back")
                                     .arg(m_document->displayName()), 8000);
    else
        QMessageBox::warning(this, tr("Design not reloaded"), error);
}

void MainWindow::addRecentFile(const QString& path)
{
    recent::add(path);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList listed = recent::files();
    for (const QString& path : listed)
        m_recentMenu->addAction(recent::label(path, listed), this, [this, path] {
            if (maybeSave()) openFile(path);
        })->setToolTip(path);
    m_recentMenu->setEnabled(!listed.isEmpty());
}

void MainWindow::autosaveNow()
{
    if (!m_session || !m_document->isModified()) return;
    QString error;
    if (!m_document->writeCopy(m_session->autosavePath(), &error))
        statusBar()->showMessage(tr("Autosave failed: %1").arg(error), 6000);
}

void MainWindow::showNotice(const QString& text)
{
    m_start->setNotice(text);
    statusBar()->showMessage(text, 20'000);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    if (m_session) m_session->endCleanly();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile() && url.toLocalFile().endsWith(QStringLiteral(".fabricplan"))) {
            event->acceptProposedAction();
            return;
        }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile() && url.toLocalFile().endsWith(QStringLiteral(".fabricplan"))) {
            event->acceptProposedAction();
            if (maybeSave()) openFile(url.toLocalFile());
            return;
        }
}

QString MainWindow::suggestedExportPath(const io::Exporter& exporter) const
{
    const QString ext = QString::fromStdString(exporter.extension());
    // "bom-csv" -> "bom", "floor-png" -> "floor"; "pdf" and "xlsx" add nothing.
    QString what = QString::fromStdString(exporter.id());
    const QString format = ext.mid(1);
    if (what.endsWith(QLatin1Char('-') + format)) what.chop(format.size() + 1);
    if (what == format) what.clear();
    const QFileInfo design(m_document->fileName());
    const QString base = m_document->fileName().isEmpty() ? QStringLiteral("design") : design.completeBaseName();
    const QString folder = !m_document->fileName().isEmpty()
                               ? design.absolutePath()
                               : QSettings().value(kLastExportDirKey, QDir::homePath()).toString();
    return QDir(folder).filePath(what.isEmpty() ? base + ext : base + QLatin1Char('-') + what + ext);
}

void MainWindow::exportWithDialog(const io::Exporter& exporter)
{
    if (!m_document->computePlan()) {
        QMessageBox::information(this, tr("Nothing to export"),
                                 tr("The design has no plan yet: %1").arg(m_document->planError()));
        return;
    }
    const QString ext = QString::fromStdString(exporter.extension());
    QString path = QFileDialog::getSaveFileName(this, tr("Export"), suggestedExportPath(exporter),
                                                QString::fromStdString(exporter.name()));
    if (path.isEmpty()) return;
    if (!path.endsWith(ext)) path += ext;
    QString error;
    if (exportTo(exporter, path, &error)) {
        QSettings().setValue(kLastExportDirKey, QFileInfo(path).absolutePath());
        statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
    } else if (error.isEmpty()) {
        statusBar()->showMessage(tr("Export cancelled; nothing was written"), 5000);
    } else {
        QMessageBox::warning(this, tr("Export failed"), error);
    }
}

bool MainWindow::exportTo(const io::Exporter& exporter, const QString& path, QString* error)
{
    // The compute fabric's plan, whichever network the views show (the exporters write one fabric).
    const auto plan = m_document->computePlan();
    const auto cluster = m_document->clusterPlan();  // its compute() is `plan`
    const auto catalog = m_document->catalog();
    const auto comparison = m_document->comparison();
    const auto explorerFront = m_explorer->frontTable();  // the PDF prints it when a sweep has run
    const auto fail = [error](const QString& why) {
        if (error) *error = why;
        return false;
    };
    if (!plan || !catalog) return fail(tr("No plan to export."));
    // The event loop below keeps the menus live; a second export would nest inside this one.
    if (m_exportCancel) return fail(tr("Another export is still running; wait for it or cancel it."));
    auto progress = std::make_shared<std::atomic<double>>(0.0);
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_exportCancel = cancel;
    emit exportStarted(path);
    const std::string target = path.toStdString();
    // The worker returns the user-facing error, empty on success; std::nullopt when cancelled.
    QFutureWatcher<std::optional<QString>> watcher;
    watcher.setFuture(QtConcurrent::run([plan, cluster, catalog, comparison, explorerFront, progress, cancel, target,
                                         &exporter]() -> std::optional<QString> {
        try {
            if (cancel->load()) throw io::ExportCancelled{};  // cancelled before it started
            // A design with other networks: every exporter writes each of them and their total, as the CLI's
            // do (io/exporter.h, ExportContext::cluster), from the cluster plan the window shows.
            const bool several = cluster && cluster->networks.size() > 1;
            io::ExportContext ctx{*plan, *catalog, comparison.get(), [progress, cancel](double p) {
                                      progress->store(p);
                                      return !cancel->load();
                                  }};
            ctx.cluster = several ? cluster.get() : nullptr;
            ctx.explorerFront = explorerFront.get();
            exporter.write(ctx, target);
            return QString();
        } catch (const io::ExportCancelled&) {
            return std::nullopt;
        } catch (const UserError& e) {
            return QString::fromStdString(e.oneLine());
        } catch (const std::exception& e) {
            return QString::fromLocal8Bit(e.what());
        } catch (...) {  // rethrown on the UI thread by result() otherwise
            return QObject::tr("%1: the export failed with an unknown error.").arg(QString::fromStdString(target));
        }
    }));
    // The dialog appears only for exports that take longer than a moment.
    // A busy bar until the exporter reports progress (the PNG and SVG writers never do).
    QProgressDialog dialog(tr("Writing %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 0, this);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(400);
    dialog.setValue(0);  // starts the minimum-duration clock
    QTimer poll;
    QEventLoop loop;
    connect(&poll, &QTimer::timeout, &dialog, [&] {
        const double fraction = progress->load();
        if (fraction > 0 && dialog.maximum() == 0) dialog.setRange(0, 1000);
        if (dialog.maximum() > 0) dialog.setValue(int(fraction * 1000));
        if (dialog.wasCanceled()) cancel->store(true);
    });
    connect(&watcher, &QFutureWatcher<std::optional<QString>>::finished, &loop, &QEventLoop::quit);
    poll.start(50);
    if (!watcher.isFinished()) loop.exec();
    m_exportCancel.reset();
    const std::optional<QString> result = watcher.result();
    if (!result) return fail(QString());
    if (!result->isEmpty()) return fail(*result);
    return true;
}

void MainWindow::cancelExport()
{
    if (m_exportCancel) m_exportCancel->store(true);
}

void MainWindow::showCatalog()
{
    auto* dialog = new CatalogDialog(m_document->catalog(), m_userCatalogPath, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (const auto plan = m_document->plan())
        dialog->setDefaultPlatforms({QString::fromStdString(plan->hardware.switchesText(plan->fabric.shape.tiers)),
                                     QString::fromStdString(plan->hardware.nic.partNumber)});
    connect(dialog, &CatalogDialog::catalogChanged, m_document, &Document::setCatalog);
    dialog->show();
}

void MainWindow::about()
{
    QMessageBox::about(this, tr("About FabricPlan"),
                       tr("<h3>FabricPlan %1</h3><p>Designs the scale-out network of GPU clusters "
                          "(InfiniBand, RoCEv2, Spectrum-X, UEC Ethernet) down to the cable, and prices it.</p>"
                          "<p>No public price lists exist for this hardware: every price is an estimate "
                          "unless you entered a quote.</p>").arg(QString::fromStdString(versionString())));
}

} // namespace fp::gui
