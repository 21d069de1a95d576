#pragma once
// A thin RAII wrapper over the SQLite C API for the catalog code: every failure becomes a UserError
// naming the database file, and every value goes through bound parameters (never spliced into SQL).
// A file another process holds locked is waited for (catalog_access.h's policy, with its progress
// callback), then CatalogBusyError; a file SQLite finds corrupt or not a database is CatalogDamagedError.
#include <chrono>
#include <optional>
#include <string>

#include "catalog/catalog_access.h"

struct sqlite3;
struct sqlite3_stmt;

namespace fp {

class SqliteDb {
public:
    enum class Mode { ReadOnly, ReadWrite, Create };
    SqliteDb(const std::string& path, Mode mode);
    ~SqliteDb();
    SqliteDb(const SqliteDb&) = delete;
    SqliteDb& operator=(const SqliteDb&) = delete;

    void exec(const std::string& sql);   // statements without results; throws UserError
    sqlite3* handle() const { return db_; }
    const std::string& path() const { return path_; }
    std::string lastError() const;
    // Throws CatalogBusyError / CatalogDamagedError when the last failure was a lock or damage.
    void throwIfBusyOrDamaged() const;

private:
    static int onBusy(void* self, int attempt);
    sqlite3* db_ = nullptr;
    std::string path_;
    CatalogWaitPolicy waitPolicy_;
    std::chrono::steady_clock::time_point waitStart_;
    std::chrono::steady_clock::time_point lastReport_;
};

class SqliteStmt {
public:
    SqliteStmt(const SqliteDb& db, const std::string& sql);
    ~SqliteStmt();
    SqliteStmt(const SqliteStmt&) = delete;
    SqliteStmt& operator=(const SqliteStmt&) = delete;

    SqliteStmt& bind(int index, const std::string& text);  // 1-based like SQLite
    SqliteStmt& bind(int index, double value);
    SqliteStmt& bind(int index, long long value);
    SqliteStmt& bindInt(int index, int value) { return bind(index, static_cast<long long>(value)); }
    SqliteStmt& bindNull(int index);
    bool step();          // true while a row is available; throws UserError on a constraint or I/O error
    void reset();

    int columnCount() const;
    std::string columnName(int i) const;
    bool isNull(int i) const;
    std::string text(int i) const;
    double real(int i) const;
    long long integer(int i) const;

private:
    const SqliteDb& db_;
    sqlite3_stmt* stmt_ = nullptr;
};

// A transaction that rolls back unless commit() is called.
class SqliteTransaction {
public:
    explicit SqliteTransaction(SqliteDb& db);
    ~SqliteTransaction();
    void commit();

private:
    SqliteDb& db_;
    bool done_ = false;
};

} // namespace fp
