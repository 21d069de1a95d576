#pragma once
// The catalog the window starts with: --catalog FILE, else the user's own copy (made from the bundled
// one on first use, upgraded when the bundled one is newer). A copy another process is writing is
// waited for with a progress dialog, then reported as busy; a damaged or unusable copy is left in
// place. In both cases the user chooses (try again, the bundled catalog for this session, replace the
// copy after a backup, quit): nothing is renamed, replaced or swapped for the bundled catalog silently.
// The choice is a callback, so tests answer it without a modal dialog.
#include <functional>
#include <memory>

#include <QString>

#include "catalog/catalog.h"

class QWidget;

namespace fp::gui {

enum class CatalogProblemKind { Busy, Damaged, Unusable };
enum class CatalogChoice { Retry, UseBundled, ReplaceWithBundled, Quit };
struct CatalogProblem {
    CatalogProblemKind kind = CatalogProblemKind::Busy;
    QString path;
    QString message;  // what is wrong, where, and what the choices do
};
using CatalogChooser = std::function<CatalogChoice(const CatalogProblem&)>;

struct LoadedCatalog {
    std::shared_ptr<const Catalog> catalog;
    QString userPath;  // the editable copy; empty for --catalog and for the bundled catalog
    QString message;   // shown as a notice, e.g. "your catalog was kept as ...backup-..."
    QString error;     // no catalog: why (empty when the user chose to quit)
    bool quit = false; // the user chose to quit
};

LoadedCatalog loadStartupCatalog(const QString& overridePath, const QString& dataDir, const CatalogChooser& choose);

// The window's chooser: a message box with the choices that fit the problem.
CatalogChoice askAboutCatalog(const CatalogProblem&, QWidget* parent = nullptr);

// While a catalog is busy, a progress dialog (after half a second) with a Cancel button that stops the
// wait; on the GUI thread only (the dialog is application-modal, so no other window acts meanwhile).
void showCatalogWaitProgress();

} // namespace fp::gui
