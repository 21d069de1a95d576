// The user's own catalog copy: first-use copy, the user's choice for a damaged copy, upgrade to a newer bundled
// catalog that keeps the user's edits, and the edits themselves.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <optional>
#include <sstream>

#include "catalog/catalog_access.h"
#include "catalog/catalog_db.h"
#include "catalog/catalog_rows.h"
#include "catalog/sqlite_handle.h"
#include "common/atomic_file.h"
#include "common/error.h"

namespace fs = std::filesystem;

namespace fp {
namespace {

const char* const kPartTables[] = {"switches", "nics", "transceivers", "cables", "patch_panels"};

void copyFileAtomically(const std::string& from, const std::string& to)
{
    if (!fs::path(to).parent_path().empty()) fs::create_directories(fs::path(to).parent_path());
    replaceFileAtomically(to, [&](const std::string& tmp) {
        std::error_code ec;
        fs::copy_file(from, tmp, fs::copy_options::overwrite_existing, ec);
        if (ec) throw UserError("cannot copy the catalog: " + ec.message(), from, "check the installation");
        fs::permissions(tmp, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::add, ec);
    });
}

std::string metaValue(const std::string& dbPath, const std::string& key)
{
    SqliteDb db(dbPath, SqliteDb::Mode::ReadOnly);
    SqliteStmt s(db, "SELECT value FROM catalog_meta WHERE key = ?");
    s.bind(1, key);
    return s.step() ? s.text(0) : std::string();
}

std::string timestampForFileName()
{
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
    return buf;
}

// Columns that both databases' `table` have, as a quoted list for INSERT ... SELECT.
std::string commonColumns(SqliteDb& db, const std::string& table)
{
    std::vector<std::string> mine = tableColumns(db, table);
    std::string list;
    SqliteStmt s(db, "SELECT name FROM pragma_table_info(?, 'old')");
    s.bind(1, table);
    while (s.step()) {
        const std::string c = s.text(0);
        if (std::find(mine.begin(), mine.end(), c) != mine.end()) list += (list.empty() ? "\"" : ",\"") + c + "\"";
    }
    return list;
}

// Checks a file the way loadCatalog does, without loading it; returns its schema version.
int checkedVersion(const std::string& path)
{
    {
        SqliteDb db(path, SqliteDb::Mode::ReadOnly);
        SqliteStmt ic(db, "PRAGMA integrity_check");
        if (ic.step() && ic.text(0) != "ok") throw CatalogDamagedError(path, "integrity check: " + ic.text(0));
        SqliteStmt fk(db, "PRAGMA foreign_key_check");
        if (fk.step()) throw UserError("the file has dangling references in " + fk.text(0), path);
    }
    const int v = catalogFileSchemaVersion(path);
    if (v < 1) throw UserError("the file is not a FabricPlan catalog", path);
    return v;
}

template <typename Model>
void addPart(const std::string& dbPath, const Model& m)
{
    if (m.partNumber.empty()) throw UserError("a custom part needs a part number", dbPath);
    if (m.source.empty())
        throw UserError("a custom part needs a source", m.partNumber, "name the datasheet or quote it comes from");
    SqliteDb db(dbPath, SqliteDb::Mode::ReadWrite);
    SqliteTransaction tx(db);
    SqliteStmt existing(db, "SELECT user_added FROM parts WHERE part = ?");
    existing.bind(1, m.partNumber);
    if (existing.step()) {
        if (existing.integer(0) == 0)
            throw UserError("part " + m.partNumber + " is a bundled part and cannot be replaced", dbPath,
                            "give your part its own part number");
        SqliteStmt del(db, "DELETE FROM parts WHERE part = ?");  // cascades to its rows
        del.bind(1, m.partNumber).step();
    }
    insertRow(db, "parts", partRow(m, true), false);
    insertRow(db, tableFor(m.category), typeRow(m), false);
    for (const PriceQuote& q : m.prices) {
        insertRow(db, "prices",
                  {{"part", m.partNumber}, {"source", q.source}, {"price_usd", formatNumber(q.priceUsd)},
                   {"currency", q.currency}, {"date", q.date}, {"basis", q.basis},
                   {"estimated", q.estimated ? "1" : "0"}, {"user_edited", "1"}},
                  true);
    }
    tx.commit();
}

} // namespace

void upgradeUserCatalog(const std::string& userPath, const std::string& bundledPath)
{
    const int userVersion = checkedVersion(userPath);
    const int bundledVersion = checkedVersion(bundledPath);
    if (userVersion > bundledVersion)
        throw UserError("your catalog has schema version " + std::to_string(userVersion) +
                            ", newer than the bundled version " + std::to_string(bundledVersion),
                        userPath, "use the FabricPlan that wrote it, or restore the bundled catalog");

    replaceFileAtomically(userPath, [&](const std::string& tmp) {
        fs::copy_file(bundledPath, tmp, fs::copy_options::overwrite_existing);
        fs::permissions(tmp, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::add);
        SqliteDb db(tmp, SqliteDb::Mode::ReadWrite);
        db.exec("PRAGMA journal_mode = MEMORY");
        SqliteStmt attach(db, "ATTACH DATABASE ? AS old");
        attach.bind(1, userPath).step();
        {
            SqliteTransaction tx(db);
            // Custom parts the bundled catalog does not have (a bundled part of the same number wins).
            const std::string custom =
                "SELECT part FROM old.parts WHERE user_added = 1 AND part NOT IN (SELECT part FROM main.parts)";
            db.exec("CREATE TEMP TABLE custom_parts AS " + custom);
            db.exec("INSERT INTO main.parts (" + commonColumns(db, "parts") + ") SELECT " +
                    commonColumns(db, "parts") + " FROM old.parts WHERE part IN (SELECT part FROM custom_parts)");
            for (const char* t : kPartTables) {
                const std::string cols = commonColumns(db, t);
                db.exec(std::string("INSERT INTO main.") + t + " (" + cols + ") SELECT " + cols + " FROM old." + t +
                        " WHERE part IN (SELECT part FROM custom_parts)");
            }
            const std::string priceCols = commonColumns(db, "prices");
            db.exec("INSERT OR REPLACE INTO main.prices (" + priceCols + ") SELECT " + priceCols +
                    " FROM old.prices WHERE (user_edited = 1 OR part IN (SELECT part FROM custom_parts))"
                    " AND part IN (SELECT part FROM main.parts)");
            const std::string qualCols = commonColumns(db, "qualifications");
            db.exec("INSERT OR IGNORE INTO main.qualifications (" + qualCols + ") SELECT " + qualCols +
                    " FROM old.qualifications WHERE (user_added = 1 OR part IN (SELECT part FROM custom_parts)"
                    " OR platform IN (SELECT part FROM custom_parts))"
                    " AND part IN (SELECT part FROM main.parts) AND platform IN (SELECT part FROM main.parts)");
            // Rows the user set replace (or join) the bundled ones: failure rates (files from schema 3 on)
            // and ASIC figures (from schema 6 on). An older file has no such table to keep rows from.
            for (const char* table : {"failure_rates", "asics"}) {
                SqliteStmt has(db, "SELECT count(*) FROM old.sqlite_master WHERE type='table' AND name=?");
                has.bind(1, std::string(table)).step();
                if (has.integer(0) == 0) continue;
                const std::string cols = commonColumns(db, table);
                db.exec(std::string("INSERT OR REPLACE INTO main.") + table + " (" + cols + ") SELECT " + cols +
                        " FROM old." + table + " WHERE user_edited = 1");
            }
            SqliteStmt fk(db, "PRAGMA main.foreign_key_check");
            if (fk.step()) throw UserError("upgrading left a dangling reference in " + fk.text(0), userPath);
            tx.commit();
        }
        db.exec("DETACH DATABASE old");
    });
}

UserCatalogResult ensureUserCatalog(const std::string& userPath, const std::string& bundledPath)
{
    const int bundledVersion = checkedVersion(bundledPath);  // a broken installation is not the user's copy
    if (!fs::exists(userPath)) {
        copyFileAtomically(bundledPath, userPath);
        return {userPath, "Created your own parts catalog at " + userPath + " from the bundled one."};
    }
    // A busy file (CatalogBusyError) is not caught here: the caller reports it and stops.
    int userVersion = 0;
    try {
        userVersion = checkedVersion(userPath);
    } catch (const CatalogDamagedError& e) {
        return {"", "Your catalog " + userPath + " is damaged (SQLite: " + e.reason + "). It was left as it is.",
                UserCatalogState::Damaged};
    } catch (const CatalogBusyError&) {
        throw;
    } catch (const UserError& e) {
        return {"", "Your catalog " + userPath + " cannot be used (" + e.what() + "). It was left as it is.",
                UserCatalogState::Unusable};
    }
    if (userVersion > kCatalogSchemaVersion)
        return {bundledPath, "Your catalog " + userPath + " has schema version " + std::to_string(userVersion) +
                                 " from a newer FabricPlan (this one reads up to " +
                                 std::to_string(kCatalogSchemaVersion) +
                                 "); it was left untouched and the bundled catalog is used instead."};
    const bool older = userVersion < bundledVersion;
    const bool newerParts = metaValue(userPath, "seed_id") != metaValue(bundledPath, "seed_id");
    if (!older && !newerParts) return {userPath, ""};
    try {
        upgradeUserCatalog(userPath, bundledPath);  // atomic: a failure leaves the file as it was
    } catch (const CatalogBusyError&) {
        throw;
    } catch (const UserError& e) {
        return {"", "Your catalog " + userPath + " could not be upgraded (" + e.what() + "). It was left as it is.",
                UserCatalogState::Unusable};
    }
    return {userPath, std::string("Your catalog was updated to the bundled ") +
                          (older ? "schema version " + std::to_string(bundledVersion) : "parts list") +
                          "; your edited prices and custom parts were kept."};
}

std::string replaceUserCatalog(const std::string& userPath, const std::string& bundledPath)
{
    (void)checkedVersion(bundledPath);
    std::string backup;
    // Held while the file is copied and replaced, so no other process writes it meanwhile; a busy file
    // throws CatalogBusyError and nothing is replaced. A damaged file cannot be locked this way, nor
    // needs to be: nobody can write it.
    std::optional<SqliteDb> lock;
    if (fs::exists(userPath)) {
        try {
            lock.emplace(userPath, SqliteDb::Mode::ReadWrite);
            lock->exec("BEGIN IMMEDIATE");
        } catch (const CatalogDamagedError&) {
            lock.reset();
        }
        backup = userPath + ".backup-" + timestampForFileName();
        std::error_code ec;
        fs::copy_file(userPath, backup, fs::copy_options::none, ec);
        if (ec)
            throw UserError("your catalog cannot be backed up: " + ec.message(), backup,
                            "free some space or move the file aside by hand; nothing was replaced");
    }
    copyFileAtomically(bundledPath, userPath);
    return backup;
}

void setPrice(const std::string& dbPath, const std::string& part, const PriceQuote& q)
{
    SqliteDb db(dbPath, SqliteDb::Mode::ReadWrite);
    SqliteStmt known(db, "SELECT 1 FROM parts WHERE part = ?");
    known.bind(1, part);
    if (!known.step()) throw UserError("unknown part number '" + part + "'", dbPath, "check the spelling");
    if (q.source.empty()) throw UserError("a price needs a source", part, "name who quoted it");
    if (!(q.priceUsd >= 0)) throw UserError("a price cannot be negative", part);
    SqliteStmt s(db, "INSERT OR REPLACE INTO prices (part, source, price_usd, currency, date, basis, estimated, "
                     "user_edited) VALUES (?, ?, ?, ?, ?, ?, ?, 1)");
    s.bind(1, part).bind(2, q.source).bind(3, q.priceUsd).bind(4, q.currency).bind(5, q.date).bind(6, q.basis);
    s.bindInt(7, q.estimated ? 1 : 0);
    try {
        s.step();
    } catch (const UserError& e) {
        throw UserError(std::string("the price was refused: ") + e.what(), part,
                        "use a YYYY-MM-DD date, a 3-letter currency and basis list, quote, street or estimate");
    }
}

void setFailureRate(const std::string& dbPath, const FailureRateEntry& e)
{
    std::string classes;
    for (std::string_view c : kFailureRateClasses) classes += (classes.empty() ? "" : ", ") + std::string(c);
    if (!isFailureRateClass(e.partClass))
        throw UserError("unknown part class '" + e.partClass + "'", dbPath, "use one of: " + classes);
    if (!std::isfinite(e.afrPct) || e.afrPct < 0 || e.afrPct >= 100)
        throw UserError("an annualised failure rate must be a number from 0 to below 100 %", e.partClass,
                        "give the failures per 100 installed parts per year, e.g. 1.5");
    if (!std::isfinite(e.replacementShare) || e.replacementShare < 0 || e.replacementShare > 1)
        throw UserError("the replacement share must be from 0 to 1", e.partClass,
                        "give the share of failures that consume a spare, e.g. 0.32");
    if (e.source.empty())
        throw UserError("a failure rate needs a source", e.partClass,
                        "name the report or field data it comes from, or say it is an estimate");
    SqliteDb db(dbPath, SqliteDb::Mode::ReadWrite);
    SqliteStmt has(db, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='failure_rates'");
    has.step();
    if (has.integer(0) == 0)
        throw UserError("the catalog has no failure_rates table", dbPath,
                        "open it once with this FabricPlan (it upgrades older catalogs) or restore the bundled one");
    insertRow(db, "failure_rates",
              {{"part_class", e.partClass}, {"afr_pct", formatNumber(e.afrPct)},
               {"replacement_share", formatNumber(e.replacementShare)}, {"estimated", e.estimated ? "1" : "0"},
               {"source", e.source}, {"user_edited", "1"}},
              true);
}

void addCustomPart(const std::string& p, const SwitchModel& m) { addPart(p, m); }
void addCustomPart(const std::string& p, const NicModel& m) { addPart(p, m); }
void addCustomPart(const std::string& p, const TransceiverModel& m) { addPart(p, m); }
void addCustomPart(const std::string& p, const CableModel& m) { addPart(p, m); }
void addCustomPart(const std::string& p, const PatchPanelModel& m) { addPart(p, m); }

void addQualification(const std::string& dbPath, const std::string& platform, const std::string& part,
                      const std::string& source)
{
    SqliteDb db(dbPath, SqliteDb::Mode::ReadWrite);
    for (const std::string& pn : {platform, part}) {
        SqliteStmt known(db, "SELECT 1 FROM parts WHERE part = ?");
        known.bind(1, pn);
        if (!known.step()) throw UserError("unknown part number '" + pn + "'", dbPath, "check the spelling");
    }
    insertRow(db, "qualifications", {{"platform", platform}, {"part", part}, {"source", source}, {"user_added", "1"}},
              true);
}

void restoreDefaultPrices(const std::string& userPath, const std::string& bundledPath)
{
    SqliteDb db(userPath, SqliteDb::Mode::ReadWrite);
    SqliteStmt attach(db, "ATTACH DATABASE ? AS bundled");
    attach.bind(1, bundledPath).step();
    SqliteTransaction tx(db);
    // Custom parts keep their prices: there is no bundled price to go back to.
    db.exec("DELETE FROM main.prices WHERE user_edited = 1 AND part IN (SELECT part FROM bundled.parts)");
    db.exec("INSERT OR IGNORE INTO main.prices (part, source, price_usd, currency, date, basis, estimated, "
            "user_edited) SELECT part, source, price_usd, currency, date, basis, estimated, 0 FROM bundled.prices "
            "WHERE part IN (SELECT part FROM main.parts)");
    tx.commit();
}

} // namespace fp
