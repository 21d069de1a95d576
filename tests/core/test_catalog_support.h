#pragma once
// Shared by test_catalog.cpp and test_prices.cpp: paths to the seed and the bundled catalog, and a few
// raw-SQLite helpers (the tests read the files independently of the code under test).
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sqlite3.h>
#include <string>

#include "catalog/catalog_db.h"

namespace testsupport {

inline std::string seedDir()
{
    return std::string(FABRICPLAN_SOURCE_DIR) + "/data/catalog";
}

// The catalog the build produced (fabricplan-cli catalog build); if the CLI has not produced it
// (e.g. a partial build), build one from the same seed so the figures are still checked.
inline std::string bundledCatalog(const QTemporaryDir& tmp)
{
    const std::string built = FABRICPLAN_TEST_CATALOG;
    if (std::filesystem::exists(built)) return built;
    const std::string path = tmp.filePath(QStringLiteral("bundled.sqlite")).toStdString();
    if (!std::filesystem::exists(path)) fp::buildCatalogFromSeed(seedDir(), path);
    return path;
}

// A private copy of the bundled catalog that a test may modify.
inline std::string copyOfBundled(const QTemporaryDir& tmp, const char* name)
{
    const std::string path = tmp.filePath(QString::fromUtf8(name)).toStdString();
    std::filesystem::copy_file(bundledCatalog(tmp), path, std::filesystem::copy_options::overwrite_existing);
    std::filesystem::permissions(path, std::filesystem::perms::owner_write, std::filesystem::perm_options::add);
    return path;
}

// SQL that takes version 11's switch uplink-cage columns out of a copy of the bundled catalog: every
// older file lacks them, so a test that fakes one runs it first.
inline const char* const kSwitchesBeforeVersion11 =
    "ALTER TABLE switches DROP COLUMN uplink_cage_power_class_w; ALTER TABLE switches DROP COLUMN uplink_breakouts; "
    "ALTER TABLE switches DROP COLUMN uplink_cage_type; ALTER TABLE switches DROP COLUMN uplink_cages; ";

// SQL that turns a copy of the bundled catalog back into a version 8 file as far as migration 9 is
// concerned: platforms without the north-south port columns version 9 adds (ns_port_part references parts,
// so SQLite's DROP COLUMN refuses it; the table is copied without them instead). Tests that fake an older
// catalog run it first, then drop what the earlier versions added. Version 9's rack_contents table goes too,
// and version 10's transceiver columns (half-lane speed and power) and version 11's switch columns, which every
// older file lacks as well.
inline const char* const kPlatformsBeforeVersion9 =
    "ALTER TABLE switches DROP COLUMN uplink_cage_power_class_w; ALTER TABLE switches DROP COLUMN uplink_breakouts; "
    "ALTER TABLE switches DROP COLUMN uplink_cage_type; ALTER TABLE switches DROP COLUMN uplink_cages; "
    "ALTER TABLE transceivers DROP COLUMN half_lane_power_w; ALTER TABLE transceivers DROP COLUMN half_lane_gbps; "
    "DROP TABLE rack_contents; "
    "CREATE TABLE platforms_v8 AS SELECT id, vendor, description, gpu, gpu_arch, gpus_per_node, gpus_per_scale_up, "
    "scale_up_gbps_per_gpu, nvlink_generation, nvlink_sharp, nic_part, nics_per_node, host_cages, ports_per_cage, "
    "cage_type, cage_finned, node_power_kw, node_rack_units, nodes_per_rack, rack_power_kw, power_estimated, source, "
    "notes, nics_built_in, nics_built_in_source FROM platforms; DROP TABLE platforms; "
    "ALTER TABLE platforms_v8 RENAME TO platforms; "
    "CREATE UNIQUE INDEX platforms_id ON platforms(id); ";  // the parent key rack_contents will reference

// Runs one SQL statement with the raw C API; returns the SQLite result code (SQLITE_OK on success).
inline int rawExec(const std::string& db, const std::string& sql)
{
    sqlite3* h = nullptr;
    sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READWRITE, nullptr);
    sqlite3_exec(h, "PRAGMA foreign_keys = ON", nullptr, nullptr, nullptr);
    sqlite3_extended_result_codes(h, 1);
    const int rc = sqlite3_exec(h, sql.c_str(), nullptr, nullptr, nullptr);
    sqlite3_close(h);
    return rc;
}

// First column of the first row of a query, as text ("" when there is no row).
inline std::string rawQuery(const std::string& db, const std::string& sql)
{
    sqlite3* h = nullptr;
    sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* s = nullptr;
    std::string out;
    if (sqlite3_prepare_v2(h, sql.c_str(), -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW) {
        const unsigned char* t = sqlite3_column_text(s, 0);
        out = t ? reinterpret_cast<const char*>(t) : "";
    }
    sqlite3_finalize(s);
    sqlite3_close(h);
    return out;
}

inline void writeFile(const std::string& path, const std::string& bytes)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

inline std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace testsupport
