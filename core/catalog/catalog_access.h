#pragma once
// Using a catalog file that other FabricPlan processes may be using too. A file another process is
// writing is BUSY: it is waited for (callers can show the wait), then reported with its writer when
// known, and the caller stops; it is never taken for damage. Only a file SQLite itself rejects (not a
// database, a corrupt page, PRAGMA integrity_check) is DAMAGED. Neither is ever renamed, replaced or
// swapped for the bundled catalog behind the user's back: that is the user's choice (catalog_db.h,
// replaceUserCatalog).
#include <chrono>
#include <functional>
#include <string>

#include "common/error.h"

namespace fp {

// Another process holds the file's lock past the wait. `holder` names it when known.
struct CatalogBusyError : UserError {
    std::string holder;
    CatalogBusyError(const std::string& path, std::string holder_);
};

// SQLite rejects the file's contents. `reason` is SQLite's words.
struct CatalogDamagedError : UserError {
    std::string reason;
    CatalogDamagedError(const std::string& path, std::string reason_);
};

// One report during a wait for a busy catalog.
struct CatalogWait {
    std::string path;
    std::string holder;  // e.g. "FabricPlan process 4242 (importing prices from quotes.csv)"; "" if unknown
    std::chrono::milliseconds waited{0};
    std::chrono::milliseconds limit{0};
};

// How long a busy catalog is waited for, and who hears about the wait (about four times a second).
// The callback returns false to stop waiting at once (a Cancel button). Process-wide: the CLI and the
// window set it at start; a connection takes the policy current when it opens.
struct CatalogWaitPolicy {
    std::chrono::milliseconds limit{10'000};
    std::function<bool(const CatalogWait&)> onWait;
};
void setCatalogWaitPolicy(CatalogWaitPolicy);
CatalogWaitPolicy catalogWaitPolicy();

// While a process writes a catalog it leaves `<dbPath>.writer` beside it (its pid and what it does),
// so a reader that finds the file busy can say who holds it. Written once the write lock is held, so the
// note names the lock's holder; removed by the destructor if it is still ours. Failing to write it is
// no error (a read-only folder).
class CatalogWriterNote {
public:
    CatalogWriterNote(std::string dbPath, const std::string& activity);
    ~CatalogWriterNote();
    CatalogWriterNote(const CatalogWriterNote&) = delete;
    CatalogWriterNote& operator=(const CatalogWriterNote&) = delete;

private:
    std::string notePath_;
    std::string text_;
};

// Who writes `dbPath` now, from its note: "" when there is no note or its process is gone.
std::string catalogWriterOf(const std::string& dbPath);

} // namespace fp
