#pragma once
// The parts database on disk (SQLite): build it from the text seed, open and check it, migrate older
// files, keep the user's own copy healthy, and apply the user's edits. The in-memory Catalog
// (catalog.h) is what the planning stages read; nothing outside this header touches SQL.
#include <string>
#include <vector>

#include "catalog/catalog.h"

struct sqlite3;

namespace fp {

constexpr int kCatalogSchemaVersion = 11;  // 2: compute platforms; 3: failure rates; 4: built-in NICs;
                                          // 5: NIC Ethernet port modes; 6: switch ASICs' lossless figures
                                          // 7: open-optics switches and NICs; 8: switch maximum power
                                          // 9: QSFP28 and RJ45 cages (management networks)
                                          // 10: parallel optics at half their lanes (200G splits)
                                          // 11: a switch's uplink cages (SN2201: 4 x 100G QSFP28)

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

// The user's own copy: copy the bundled one on first use; an older user copy is upgraded
// (upgradeUserCatalog). The user's file is never renamed, replaced or deleted here:
//  - busy (another process writes it past the wait): throws CatalogBusyError (catalog_access.h);
//  - damaged (SQLite rejects it) or unusable (not a FabricPlan catalog, cannot be upgraded): returns
//    that state with an empty `path`; the caller asks the user (replaceUserCatalog, or the bundled
//    catalog for this session, said so) and never decides alone;
//  - from a newer FabricPlan: left untouched, and `path` is the bundled catalog, which `message` says.
// `path` is the file to load; `message` says what happened (empty when nothing did).
enum class UserCatalogState { Ready, Damaged, Unusable };
struct UserCatalogResult {
    std::string path;
    std::string message;
    UserCatalogState state = UserCatalogState::Ready;
};
UserCatalogResult ensureUserCatalog(const std::string& userPath, const std::string& bundledPath);
// The user's choice for a damaged or unusable copy: copies it to <name>.backup-<timestamp>, then puts a
// fresh copy of the bundled catalog in its place (atomically). Returns the backup's path ("" when there
// was no file). Throws UserError, replacing nothing, when the backup cannot be written.
std::string replaceUserCatalog(const std::string& userPath, const std::string& bundledPath);

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
