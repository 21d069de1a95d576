#include "startup_catalog.h"

#include <QApplication>
#include <QDir>
#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QPushButton>
#include <QThread>
#include <QTimer>

#include "catalog/catalog_access.h"
#include "catalog/catalog_db.h"
#include "common/error.h"
#include "common/paths.h"

namespace fp::gui {

namespace {

std::shared_ptr<const Catalog> load(const QString& path)
{
    return std::make_shared<const Catalog>(loadCatalog(path.toStdString()));
}

} // namespace

LoadedCatalog loadStartupCatalog(const QString& overridePath, const QString& dataDir, const CatalogChooser& choose)
{
    LoadedCatalog out;
    const QString bundled = QString::fromStdString(bundledCatalogPath());
    const QString user = QDir(dataDir).filePath(QStringLiteral("catalog.sqlite"));
    const QString bundledNote =
        QObject::tr("This window uses the bundled catalog, read-only, until you restart FabricPlan.");
    for (;;) {
        CatalogProblem problem;
        try {
            if (!overridePath.isEmpty()) {
                out.catalog = load(overridePath);
                return out;
            }
            QDir().mkpath(dataDir);
            const UserCatalogResult r = ensureUserCatalog(user.toStdString(), bundled.toStdString());
            if (r.state == UserCatalogState::Ready) {
                const QString path = QString::fromStdString(r.path);
                out.catalog = load(path);
                out.userPath = path == user ? path : QString();  // a newer copy is left alone: bundled, read-only
                out.message = QString::fromStdString(r.message);
                return out;
            }
            problem = {r.state == UserCatalogState::Damaged ? CatalogProblemKind::Damaged : CatalogProblemKind::Unusable,
                       user, QString::fromStdString(r.message)};
        } catch (const CatalogBusyError& e) {
            problem = {CatalogProblemKind::Busy, QString::fromStdString(e.where), QString::fromStdString(e.oneLine())};
        } catch (const UserError& e) {
            out.error = QString::fromStdString(e.oneLine());
            return out;
        } catch (const std::exception& e) {
            out.error = QString::fromLocal8Bit(e.what());
            return out;
        }
        const CatalogChoice choice = choose(problem);
        try {
            switch (choice) {
            case CatalogChoice::Retry:
                continue;
            case CatalogChoice::Quit:
                out.quit = true;
                out.error = problem.message;
                return out;
            case CatalogChoice::UseBundled:
                out.catalog = load(bundled);
                out.message = problem.message + QLatin1Char(' ') + bundledNote;
                return out;
            case CatalogChoice::ReplaceWithBundled: {
                if (problem.kind == CatalogProblemKind::Busy || !overridePath.isEmpty()) continue;  // not offered
                const QString backup =
                    QString::fromStdString(replaceUserCatalog(user.toStdString(), bundled.toStdString()));
                out.catalog = load(user);
                out.userPath = user;
                out.message = QObject::tr("Your catalog was kept as %1; %2 is a fresh copy of the bundled catalog.")
                                  .arg(backup, user);
                return out;
            }
            }
        } catch (const UserError& e) {
            out.error = QString::fromStdString(e.oneLine());
            return out;
        }
    }
}

CatalogChoice askAboutCatalog(const CatalogProblem& problem, QWidget* parent)
{
    QMessageBox box(parent);
    box.setIcon(QMessageBox::Warning);
    box.setWindowTitle(QStringLiteral("FabricPlan"));
    const bool busy = problem.kind == CatalogProblemKind::Busy;
    box.setText(busy ? QObject::tr("Your parts catalog is busy.")
                     : problem.kind == CatalogProblemKind::Damaged ? QObject::tr("Your parts catalog is damaged.")
                                                                   : QObject::tr("Your parts catalog cannot be used."));
    box.setInformativeText(problem.message);
    QPushButton* retry = busy ? box.addButton(QObject::tr("Try again"), QMessageBox::AcceptRole) : nullptr;
    QPushButton* replace =
        busy ? nullptr : box.addButton(QObject::tr("Replace it with the bundled catalog (keep a backup)"),
                                       QMessageBox::DestructiveRole);
    QPushButton* bundled = box.addButton(busy ? QObject::tr("Use the bundled catalog for now")
                                              : QObject::tr("Keep my file; use the bundled catalog for now"),
                                         QMessageBox::AcceptRole);
    QPushButton* quit = box.addButton(QObject::tr("Quit"), QMessageBox::RejectRole);
    box.setDefaultButton(busy ? retry : bundled);
    box.exec();
    if (box.clickedButton() == retry) return CatalogChoice::Retry;
    if (box.clickedButton() == replace) return CatalogChoice::ReplaceWithBundled;
    if (box.clickedButton() == bundled) return CatalogChoice::UseBundled;
    (void)quit;
    return CatalogChoice::Quit;
}

void showCatalogWaitProgress()
{
    CatalogWaitPolicy policy;
    policy.onWait = [](const CatalogWait& w) {
        if (!qApp || QThread::currentThread() != qApp->thread()) return true;  // workers wait without a dialog
        static QPointer<QProgressDialog> dialog;
        static QPointer<QTimer> closer;
        if (w.waited < std::chrono::milliseconds(500)) return true;
        if (!dialog) {
            dialog = new QProgressDialog;
            dialog->setWindowTitle(QStringLiteral("FabricPlan"));
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            dialog->setMinimumDuration(0);
            dialog->setWindowModality(Qt::ApplicationModal);  // its Cancel takes input; other windows do not
            closer = new QTimer(dialog);
            closer->setSingleShot(true);
            QObject::connect(closer, &QTimer::timeout, dialog, &QWidget::close);  // the wait ended
        }
        dialog->setRange(0, static_cast<int>(w.limit.count()));
        dialog->setLabelText(QObject::tr("Waiting for the parts catalog %1:\n%2")
                                 .arg(QString::fromStdString(w.path),
                                      w.holder.empty() ? QObject::tr("another FabricPlan process is writing it.")
                                                       : QString::fromStdString(w.holder)));
        dialog->setValue(static_cast<int>(w.waited.count()));
        closer->start(700);
        QCoreApplication::processEvents();
        return !dialog->wasCanceled();
    };
    setCatalogWaitPolicy(std::move(policy));
}

} // namespace fp::gui
