#pragma once
// The parts database on disk (SQLite): build it from the text seed, open and check it, migrate older
// files, keep the user's own copy healthy, and apply the user's edits. The in-memory Catalog
// (catalog.h) is what the planning stages read; nothing outside this header touches SQL.
#include <string>
#include <vector>

#include "catalog/catalog.h"

struct sqlite3;

namespace fp {

constexpr int kCatalogSchemaVersion = 5;  // 2: compute platforms; 3: failure rates; 4: built-in NICs;
                                          // 5: NIC Ethernet port modes

// Build a fresh SQLite catalog from the text seed folder (data/catalog). Throws UserError naming file:line.
// The file is written atomically: a failed build leaves no half-built database behind.
void buildCatalogFromSeed(const std::string& seedDir, const std::string& dbPath);

// Open + integrity check (PRAGMA integrity_check, schema_version, foreign_key_check) + migrate + load.
// Throws UserError for a missing, corrupt or newer-version file. The two checks are skipped when
// `<dbPath>.checked` records that these exact bytes passed them (catalog_check_stamp.h); with
// CatalogStamp::Write a load that ran them and passed writes that record (for FabricPlan's own files:
// the bundled catalog as it is built, the user's copy; never beside a file the user names).
enum class CatalogStamp { Read, Write };
Catalog loadCatalog(const std::string& dbPath, CatalogStamp stamp = CatalogStamp::Read);

// The user's own copy: copy the bundled one on first use; if the user copy is corrupt or unreadable, move it
// aside to <name>.corrupt-<timestamp> and copy the bundled one again; an older user copy is upgraded
// (upgradeUserCatalog). A user copy from a newer FabricPlan is left untouched and the bundled catalog is
// used instead. `path` is the file to load; `message` says what happened (empty when nothing did).
struct UserCatalogResult { std::string path; std::string message; };
UserCatalogResult ensureUserCatalog(const std::string& userPath, const std::string& bundledPath);

// Migrate an older user catalog to the bundled schema/parts, keeping the user's edited/imported prices and
// custom parts (rows with user_edited / user_added set) and their qualifications.
void upgradeUserCatalog(const std::string& userPath, const std::string& bundledPath);

// Edits (bound parameters only). setPrice adds or replaces the quote (part, quote.source) and marks it
// user_edited. Throws UserError for an unknown part or a bad quote.
void setPrice(const std::string& dbPath, const std::string& part, const PriceQuote&);
// Add (or replace) a part of the user's own; it is marked user_added and survives upgrades.
void addCustomPart(const std::string& dbPath, const SwitchModel&);
void addCustomPart(const std::string& dbPath, const NicModel&);
void addCustomPart(const std::string& dbPath, const TransceiverModel&);
void addCustomPart(const std::string& dbPath, const CableModel&);
void addCustomPart(const std::string& dbPath, const PatchPanelModel&);
void addQualification(const std::string& dbPath, const std::string& platform, const std::string& part,
                      const std::string& source);
// Sets the annualised failure rate of a part class (FailureRateEntry::kPartClasses), marked user_edited
// so it survives upgrades. Throws UserError for an unknown class, an AFR outside 0 <= AFR < 100 % or not
// a number, a replacement share outside 0..1, or an empty source.
void setFailureRate(const std::string& dbPath, const FailureRateEntry&);
// Throw away the user's price edits: user-edited quotes are deleted and the bundled quotes restored.
void restoreDefaultPrices(const std::string& userPath, const std::string& bundledPath);

// Schema migrations, applied in order to files whose schema_version is below `toVersion`.
struct CatalogMigration {
    int toVersion = 0;
    std::string sql;
};
const std::vector<CatalogMigration>& catalogMigrations();
// Applies every migration newer than the file's version in one transaction (exposed for tests, which
// pass a list that pretends a newer schema exists). Returns the version the file has afterwards.
int migrateCatalog(const std::string& dbPath, const std::vector<CatalogMigration>& migrations);
// schema_version of a file (throws UserError if it cannot be read).
int catalogFileSchemaVersion(const std::string& dbPath);
class SqliteDb;
int catalogSchemaVersion(const SqliteDb& db);  // the same, on an open connection

} // namespace fp
