#include "catalog/sqlite_handle.h"

#include <thread>

#include <sqlite3.h>

#include "common/error.h"

namespace fp {

SqliteDb::SqliteDb(const std::string& path, Mode mode) : path_(path)
{
    int flags = mode == Mode::ReadOnly    ? SQLITE_OPEN_READONLY
                : mode == Mode::ReadWrite ? SQLITE_OPEN_READWRITE
                                          : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    const int rc = sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        const std::string reason = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
        sqlite3_close(db_);
        db_ = nullptr;
        throw UserError("cannot open the catalog database: " + reason, path,
                        "check that the file exists and is readable");
    }
    waitPolicy_ = catalogWaitPolicy();
    sqlite3_busy_handler(db_, &SqliteDb::onBusy, this);
    sqlite3_extended_result_codes(db_, 1);
    exec("PRAGMA foreign_keys = ON");
}

// SQLite calls this while another connection holds the lock it needs; returning 0 gives up (SQLITE_BUSY).
int SqliteDb::onBusy(void* self, int attempt)
{
    auto& db = *static_cast<SqliteDb*>(self);
    using namespace std::chrono;
    const auto now = steady_clock::now();
    if (attempt == 0) db.waitStart_ = db.lastReport_ = now;
    const auto waited = duration_cast<milliseconds>(now - db.waitStart_);
    if (waited >= db.waitPolicy_.limit) return 0;
    if (db.waitPolicy_.onWait && (attempt == 0 || now - db.lastReport_ >= milliseconds(250))) {
        db.lastReport_ = now;
        if (!db.waitPolicy_.onWait({db.path_, catalogWriterOf(db.path_), waited, db.waitPolicy_.limit})) return 0;
    }
    std::this_thread::sleep_for(milliseconds(attempt < 10 ? 5 : 25));
    return 1;
}

void SqliteDb::throwIfBusyOrDamaged() const
{
    const int code = sqlite3_extended_errcode(db_) & 0xff;
    if (code == SQLITE_BUSY || code == SQLITE_LOCKED) throw CatalogBusyError(path_, catalogWriterOf(path_));
    if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB) throw CatalogDamagedError(path_, lastError());
}

SqliteDb::~SqliteDb()
{
    sqlite3_close(db_);
}

std::string SqliteDb::lastError() const
{
    return sqlite3_errmsg(db_);
}

void SqliteDb::exec(const std::string& sql)
{
    char* err = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        std::string reason = err ? err : lastError();
        sqlite3_free(err);
        throwIfBusyOrDamaged();
        throw UserError("catalog database error: " + reason, path_,
                        "check that the file is a FabricPlan catalog you may write");
    }
}

SqliteStmt::SqliteStmt(const SqliteDb& db, const std::string& sql) : db_(db)
{
    if (sqlite3_prepare_v2(db.handle(), sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK) {
        db.throwIfBusyOrDamaged();
        throw UserError("catalog database error: " + db.lastError(), db.path(),
                        "check that the file is a FabricPlan catalog (a table or column it needs is missing)");
    }
}

SqliteStmt::~SqliteStmt()
{
    sqlite3_finalize(stmt_);
}

SqliteStmt& SqliteStmt::bind(int index, const std::string& text)
{
    sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
    return *this;
}

SqliteStmt& SqliteStmt::bind(int index, double value)
{
    sqlite3_bind_double(stmt_, index, value);
    return *this;
}

SqliteStmt& SqliteStmt::bind(int index, long long value)
{
    sqlite3_bind_int64(stmt_, index, value);
    return *this;
}

SqliteStmt& SqliteStmt::bindNull(int index)
{
    sqlite3_bind_null(stmt_, index);
    return *this;
}

bool SqliteStmt::step()
{
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    db_.throwIfBusyOrDamaged();
    throw UserError(db_.lastError(), db_.path());
}

void SqliteStmt::reset()
{
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

int SqliteStmt::columnCount() const { return sqlite3_column_count(stmt_); }
std::string SqliteStmt::columnName(int i) const { return sqlite3_column_name(stmt_, i); }
bool SqliteStmt::isNull(int i) const { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }
double SqliteStmt::real(int i) const { return sqlite3_column_double(stmt_, i); }
long long SqliteStmt::integer(int i) const { return sqlite3_column_int64(stmt_, i); }

std::string SqliteStmt::text(int i) const
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
    return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, i))) : std::string();
}

SqliteTransaction::SqliteTransaction(SqliteDb& db) : db_(db)
{
    db_.exec("BEGIN IMMEDIATE");
}

SqliteTransaction::~SqliteTransaction()
{
    if (!done_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void SqliteTransaction::commit()
{
    db_.exec("COMMIT");
    done_ = true;
}

} // namespace fp
