// loadCatalog skips PRAGMA integrity_check and foreign_key_check when `<file>.checked` records that the
// file's exact bytes passed them. These tests hold the record to the bytes: written only where asked,
// honoured only for the bytes it names, and a changed file or a damaged record means the full checks.
#include <QtTest>

#include <filesystem>

#include "catalog/catalog.h"
#include "catalog/catalog_check_stamp.h"
#include "catalog/catalog_db.h"
#include "common/error.h"
#include "test_catalog_support.h"

using namespace fp;
using namespace testsupport;
namespace fs = std::filesystem;

namespace {

// A price row pointing at a part that no longer exists: only foreign_key_check notices it.
constexpr const char* kDanglingPrice = "PRAGMA foreign_keys = OFF; DELETE FROM parts WHERE part = 'MQM9700-NS2F'";

std::string loadError(const std::string& path)
{
    try {
        (void)loadCatalog(path);
    } catch (const UserError& e) {
        return e.what();
    }
    return {};
}

} // namespace

class TestCatalogCheckStamp : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private slots:
    // The build records the bundled catalog's checks, so a plain load of it skips them.
    void builtCatalogCarriesItsRecord()
    {
        const std::string built = FABRICPLAN_TEST_CATALOG;
        const std::string key = catalogContentKey(built);
        QVERIFY(!key.empty());
        QVERIFY(catalogCheckStampMatches(built, key));
    }

    void recordWrittenOnlyWhenAsked()
    {
        const std::string path = copyOfBundled(tmp_, "asked.sqlite");
        fs::remove(path + ".checked");
        (void)loadCatalog(path);
        QVERIFY(!fs::exists(path + ".checked"));  // a file the user names is left alone
        (void)loadCatalog(path, CatalogStamp::Write);
        QVERIFY(fs::exists(path + ".checked"));
        QVERIFY(catalogCheckStampMatches(path, catalogContentKey(path)));
    }

    // A file changed after its record was written is checked again, and its damage reported as before.
    void changedFileIsCheckedAgain()
    {
        const std::string path = copyOfBundled(tmp_, "changed.sqlite");
        (void)loadCatalog(path, CatalogStamp::Write);
        QVERIFY(fs::exists(path + ".checked"));
        QCOMPARE(rawExec(path, kDanglingPrice), SQLITE_OK);
        const std::string why = loadError(path);
        // The part is named by both its switches row and its prices rows; either is the first SQLite reports.
        QVERIFY2(why.find("dangling reference in table switches") != std::string::npos ||
                     why.find("dangling reference in table prices") != std::string::npos,
                 why.c_str());
    }

    // The record is what lets a load skip the checks: a record naming these exact (damaged) bytes is
    // believed, and one changed byte later it no longer is.
    void recordHonouredOnlyForTheBytesItNames()
    {
        const std::string path = copyOfBundled(tmp_, "named.sqlite");
        QCOMPARE(rawExec(path, kDanglingPrice), SQLITE_OK);
        QVERIFY(!loadError(path).empty());
        writeCatalogCheckStamp(path, catalogContentKey(path));
        QCOMPARE(loadError(path), std::string());
        QCOMPARE(rawExec(path, "UPDATE parts SET description = description || '.' WHERE part = 'SN5600'"), SQLITE_OK);
        QVERIFY(!catalogCheckStampMatches(path, catalogContentKey(path)));
        QVERIFY(loadError(path).find("dangling reference") != std::string::npos);
    }

    // A damaged or foreign record is no record: the checks run, and a load asked to write one repairs it.
    void damagedRecordMeansFullChecks()
    {
        const std::string path = copyOfBundled(tmp_, "record.sqlite");
        writeFile(path + ".checked", "FabricPlan catalog checks passed (integrity_check, foreign_key_check) v1\n1:0\n");
        QVERIFY(!catalogCheckStampMatches(path, catalogContentKey(path)));
        writeFile(path + ".checked", std::string(5000, '\xff'));
        QVERIFY(!catalogCheckStampMatches(path, catalogContentKey(path)));
        QCOMPARE(loadCatalog(path, CatalogStamp::Write).switches.size(), loadCatalog(FABRICPLAN_TEST_CATALOG).switches.size());
        QVERIFY(catalogCheckStampMatches(path, catalogContentKey(path)));
    }

    // With a write-ahead log beside it the file is not the whole content: no key, so no record applies.
    void writeAheadLogMeansNoKey()
    {
        const std::string path = copyOfBundled(tmp_, "wal.sqlite");
        QVERIFY(!catalogContentKey(path).empty());
        writeFile(path + "-wal", "");
        QCOMPARE(catalogContentKey(path), std::string());
        fs::remove(path + "-wal");
    }
};

QTEST_GUILESS_MAIN(TestCatalogCheckStamp)
#include "test_catalog_check_stamp.moc"
