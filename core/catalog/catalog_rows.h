#pragma once
// Internal to core/catalog: how the part records map to table rows. Rows are column -> text pairs so
// the seed importer, the user's edits and the upgrade all write through one INSERT path (STRICT
// tables convert numeric text and refuse anything else).
#include <string>
#include <utility>
#include <vector>

#include "catalog/catalog.h"

namespace fp {

class SqliteDb;

using CatalogRow = std::vector<std::pair<std::string, std::string>>;

const char* tableFor(PartCategory);             // "switches", "nics", "transceivers", "cables", "patch_panels"
std::vector<std::string> tableColumns(SqliteDb&, const std::string& table);

// Inserts one row (INSERT OR REPLACE when `replace`); throws UserError with SQLite's reason.
void insertRow(SqliteDb&, const std::string& table, const CatalogRow&, bool replace);

CatalogRow partRow(const PartBase&, bool userAdded);
CatalogRow typeRow(const SwitchModel&);
CatalogRow typeRow(const NicModel&);
CatalogRow typeRow(const TransceiverModel&);
CatalogRow typeRow(const CableModel&);
CatalogRow typeRow(const PatchPanelModel&);

// "800x1;400x2;200x4" <-> breakouts; parse returns false on a malformed text.
bool parseBreakouts(const std::string&, std::vector<Breakout>&);
std::string formatBreakouts(const std::vector<Breakout>&);

// Reads every part, price and qualification of an open, checked database.
Catalog readCatalog(SqliteDb&);

std::string formatNumber(double);

} // namespace fp
