// Building the catalog from its text seed, and opening + checking + loading a catalog file.
#include "catalog/catalog_db.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "catalog/catalog_access.h"
#include "catalog/catalog_check_stamp.h"
#include "catalog/catalog_rows.h"
#include "catalog/price_csv.h"
#include "catalog/sqlite_handle.h"
#include "common/atomic_file.h"
#include "common/error.h"

namespace fs = std::filesystem;

namespace fp {
namespace {

struct SeedTable {
    const char* file;
    const char* table;     // the category table, or prices / qualifications
    bool isPartTable;      // rows are parts: split columns between `parts` and `table`
    const char* category;  // for part tables (cables decide per row: fibre kinds are "fiber")
};

const SeedTable kSeedTables[] = {
    {"switches.csv", "switches", true, "switch"},
    {"nics.csv", "nics", true, "nic"},
    {"transceivers.csv", "transceivers", true, "transceiver"},
    {"cables.csv", "cables", true, "cable"},
    {"patch_panels.csv", "patch_panels", true, "patch_panel"},
    {"prices.csv", "prices", false, ""},
    {"qualifications.csv", "qualifications", false, ""},
    {"platforms.csv", "platforms", false, ""},
    {"failure_rates.csv", "failure_rates", false, ""},
    {"asics.csv", "asics", false, ""},
    {"rack_contents.csv", "rack_contents", false, ""},
};

std::string readWholeFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UserError("cannot read the seed file", path, "check the data/catalog folder");
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// FNV-1a over the seed files, so a user's copy can tell that the bundled parts list changed.
std::string seedIdOf(const std::map<std::string, std::string>& contents)
{
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&](const std::string& s) {
        for (unsigned char c : s) {
            h ^= c;
            h *= 1099511628211ULL;
        }
    };
    for (const auto& [name, text] : contents) {
        mix(name);
        mix(text);
    }
    std::ostringstream os;
    os << std::hex << h;
    return os.str();
}

void importSeedFile(SqliteDb& db, const SeedTable& t, const std::string& fileName, const std::string& text)
{
    const std::vector<CsvRecord> records = parseCsv(text, fileName);
    if (records.empty()) throw UserError("the seed file is empty", fileName + ":1", "add the header line");
    const std::vector<std::string>& header = records[0].fields;

    const std::vector<std::string> partCols = tableColumns(db, "parts");
    const std::vector<std::string> typeCols = tableColumns(db, t.table);
    auto has = [](const std::vector<std::string>& v, const std::string& c) {
        return std::find(v.begin(), v.end(), c) != v.end();
    };
    std::set<std::string> seenCols;
    for (const std::string& col : header) {
        const bool known = has(typeCols, col) || (t.isPartTable && has(partCols, col) && col != "category" &&
                                                  col != "user_added");
        if (!known)
            throw UserError("unknown column '" + col + "'", fileName + ":1",
                            "see data/catalog/README.md for the columns of this file");
        if (!seenCols.insert(col).second)
            throw UserError("column '" + col + "' appears twice", fileName + ":1", "remove one of them");
    }

    for (size_t r = 1; r < records.size(); ++r) {
        const CsvRecord& rec = records[r];
        const std::string where = fileName + ":" + std::to_string(rec.line);
        if (rec.fields.size() != header.size())
            throw UserError("expected " + std::to_string(header.size()) + " fields, found " +
                                std::to_string(rec.fields.size()),
                            where, "check for an unquoted comma");
        CatalogRow partRow, typeRow;
        std::string kind;
        for (size_t i = 0; i < header.size(); ++i) {
            const std::string& col = header[i];
            const std::string& value = rec.fields[i];
            if (col == "kind") kind = value;
            if (value.empty() && col != "part") continue;  // empty cell: the column default applies
            if (t.isPartTable && has(partCols, col)) partRow.emplace_back(col, value);
            if (has(typeCols, col)) typeRow.emplace_back(col, value);
        }
        try {
            if (t.isPartTable) {
                const bool fibre = kind == "fiber_patch" || kind == "fiber_trunk";
                partRow.emplace_back("category", fibre ? "fiber" : t.category);
                insertRow(db, "parts", partRow, false);
            } else {
                // Name the missing part instead of SQLite's bare "FOREIGN KEY constraint failed".
                for (const auto& [col, value] : typeRow) {
                    if (col != "part" && col != "platform") continue;
                    SqliteStmt q(db, "SELECT 1 FROM parts WHERE part = ?");
                    q.bind(1, value);
                    if (!q.step())
                        throw UserError("unknown part number '" + value + "' in column " + col, where,
                                        "add the part to its category file or fix the spelling");
                }
            }
            insertRow(db, t.table, typeRow, false);
        } catch (const UserError& e) {
            if (!e.where.empty() && e.where != db.path()) throw;
            std::string part = rec.fields.empty() ? "" : rec.fields[0];
            throw UserError(std::string(e.what()) + " (row " + part + ")", where,
                            "fix the value; data/catalog/README.md lists what each column accepts");
        }
    }
}

void checkForeignKeys(SqliteDb& db)
{
    SqliteStmt fk(db, "PRAGMA foreign_key_check");
    if (fk.step())
        throw UserError("the catalog has a dangling reference in table " + fk.text(0) + " (row " +
                            std::to_string(fk.integer(1)) + " points into " + fk.text(2) + ")",
                        db.path(), "restore the bundled catalog");
}

void checkIntegrity(SqliteDb& db)
{
    SqliteStmt ic(db, "PRAGMA integrity_check");
    if (ic.step() && ic.text(0) != "ok") throw CatalogDamagedError(db.path(), "integrity check: " + ic.text(0));
}

// A writer killed mid-transaction leaves a hot journal that only a writable connection can roll back
// (a read-only one fails). Rolling it back is SQLite's own recovery; a folder we cannot write is left
// to the read below to report.
void recoverHotJournal(const std::string& dbPath)
{
    if (!fs::exists(dbPath + "-journal")) return;
    try {
        SqliteDb db(dbPath, SqliteDb::Mode::ReadWrite);
        SqliteStmt(db, "SELECT count(*) FROM sqlite_master").step();
    } catch (const CatalogBusyError&) {
        throw;
    } catch (const UserError&) {
    }
}

} // namespace

void buildCatalogFromSeed(const std::string& seedDir, const std::string& dbPath)
{
    std::map<std::string, std::string> contents;
    for (const SeedTable& t : kSeedTables) {
        const fs::path p = fs::path(seedDir) / t.file;
        if (!fs::exists(p))
            throw UserError("seed file missing", p.string(), "every catalog table needs its CSV file");
        contents[t.file] = readWholeFile(p.string());
    }
    replaceFileAtomically(dbPath, [&](const std::string& tmp) {
        {
            SqliteDb db(tmp, SqliteDb::Mode::Create);
            db.exec("PRAGMA journal_mode = MEMORY");
            SqliteTransaction tx(db);
            for (const CatalogMigration& m : catalogMigrations()) db.exec(m.sql);
            // Migrations after the first leave the version to migrateCatalog; a fresh build is at the last one.
            SqliteStmt version(db, "UPDATE schema_version SET version = ?");
            version.bindInt(1, catalogMigrations().back().toVersion).step();
            // Migration 3 seeds the failure rates for files it upgrades; a fresh build takes the seed's.
            db.exec("DELETE FROM failure_rates");
            db.exec("DELETE FROM asics");  // migration 6 seeds them for upgraded files, likewise
            for (const SeedTable& t : kSeedTables) importSeedFile(db, t, t.file, contents[t.file]);
            SqliteStmt meta(db, "INSERT INTO catalog_meta (key, value) VALUES ('seed_id', ?)");
            meta.bind(1, seedIdOf(contents)).step();
            checkForeignKeys(db);
            tx.commit();
        }
        fs::remove(tmp + "-journal");
    });
    // Checked once here, with the record written, so loading the built file skips the checks.
    (void)loadCatalog(dbPath, CatalogStamp::Write);
}

Catalog loadCatalog(const std::string& dbPath, CatalogStamp stamp)
{
    if (!fs::exists(dbPath))
        throw UserError("the catalog file does not exist", dbPath, "reinstall FabricPlan or choose another catalog");
    recoverHotJournal(dbPath);
    // One read-only connection checks, versions and reads the file: each open parses the schema again,
    // which was a third of a small plan's start-up. Only an older file is reopened, to migrate it.
    std::optional<SqliteDb> db(std::in_place, dbPath, SqliteDb::Mode::ReadOnly);
    // A read transaction holds SQLite's shared lock from the first read to the end, so no writer can
    // change the file between hashing its bytes and reading them.
    db->exec("BEGIN");
    SqliteStmt(*db, "SELECT count(*) FROM sqlite_master").step();
    std::string contentKey = catalogContentKey(dbPath);
    bool checked = catalogCheckStampMatches(dbPath, contentKey);
    if (!checked) checkIntegrity(*db);
    int version = catalogSchemaVersion(*db);
    if (version < 1)
        throw UserError("the file is not a FabricPlan catalog (it has no schema version)", dbPath,
                        "choose a catalog file made by FabricPlan");
    if (version > kCatalogSchemaVersion)
        throw UserError("the catalog has schema version " + std::to_string(version) +
                            " but this FabricPlan reads up to version " + std::to_string(kCatalogSchemaVersion),
                        dbPath, "update FabricPlan, or use the bundled catalog");
    if (version < kCatalogSchemaVersion) {
        db.reset();
        version = migrateCatalog(dbPath, catalogMigrations());
        db.emplace(dbPath, SqliteDb::Mode::ReadOnly);
        checked = false;
        contentKey.clear();  // the file changed; the next load records it
    }
    if (!checked) checkForeignKeys(*db);
    Catalog cat = readCatalog(*db);
    if (!checked && stamp == CatalogStamp::Write) writeCatalogCheckStamp(dbPath, contentKey);
    cat.schemaVersion = version;
    cat.path = dbPath;
    return cat;
}

} // namespace fp
