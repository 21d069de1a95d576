#pragma once
// Shared by the GUI tests: the built catalog, and waiting for a Document's background plan.
#include <QElapsedTimer>
#include <QTest>

#include <memory>

#include "catalog/catalog_db.h"
#include "gui/document.h"

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
    return true;
}

} // namespace fp::gui::test
