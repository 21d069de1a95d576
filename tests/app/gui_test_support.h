#pragma once
// Shared by the GUI tests: the built catalog, and waiting for a Document's background plan.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStandardPaths>
#include <QTest>

#include <memory>

#include "catalog/catalog_db.h"
#include "gui/document.h"
#include "gui/main_window.h"

namespace fp::gui::test {

inline std::shared_ptr<const Catalog> builtCatalog()
{
    static auto catalog = std::make_shared<const Catalog>(loadCatalog(FABRICPLAN_TEST_CATALOG));
    return catalog;
}

// Processes events until the document has no planning work left (or 60 s pass).
inline bool settle(Document& doc, int timeoutMs = 60'000)
{
    QElapsedTimer t;
    t.start();
    // The debounce may not have fired yet: isComputing() covers the pending state too.
    while (doc.isComputing()) {
        if (t.elapsed() > timeoutMs) return false;
        QTest::qWait(10);
    }
    // MainWindow refreshes the summary, topology and floor one event each, one event loop pass apart.
    for (int i = 0; i < 4; ++i) QCoreApplication::processEvents();
    return true;
}

// A shown 1400 x 900 main window on the default design, with test-mode settings paths (nothing of the
// user's is read or written). The caller owns it and waits for its first plan with settle().
inline MainWindow* openTestWindow()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FabricPlanTest"));
    auto* window = new MainWindow(builtCatalog(), QString());
    window->resize(1400, 900);
    window->show();
    return window;
}

// openTestWindow for a test that edits the design: exposed, the fabric comparison off (its plans are not
// under test), every edit planned at once, the first plan settled. Null when it never showed or planned.
inline MainWindow* openEditingTestWindow()
{
    MainWindow* window = openTestWindow();
    window->document()->setComparisonEnabled(false);
    window->document()->setDebounceMs(0);
    if (!QTest::qWaitForWindowExposed(window) || !settle(*window->document())) {
        delete window;
        return nullptr;
    }
    return window;
}

} // namespace fp::gui::test
