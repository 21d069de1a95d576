// The user's catalog under concurrency and damage (issue 42): a file another process holds locked is
// reported as busy after the wait, never renamed, replaced or swapped for the bundled catalog; only a
// file SQLite rejects is damaged, and it stays in place until the user chooses. The locks are held
// with the raw SQLite API (another connection; for the CLI, another process), independent of the code
// under test.
#include <QtTest>

#include <filesystem>
#include <optional>
#include <set>
#include <sqlite3.h>
#include <unistd.h>

#include "catalog/catalog_access.h"
#include "catalog/catalog_db.h"
#include "common/error.h"
#include "test_catalog_support.h"

using namespace fp;
using namespace testsupport;
namespace fs = std::filesystem;

namespace {

// Another connection holding SQLite's EXCLUSIVE lock: what an import holds while it writes pages.
class HeldLock {
public:
    explicit HeldLock(const std::string& path)
    {
        sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE, nullptr);
        ok_ = sqlite3_exec(db_, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr) == SQLITE_OK;
    }
    ~HeldLock() { release(); }
    void release()
    {
        if (db_) sqlite3_close(db_);  // closing rolls the transaction back: nothing was written
        db_ = nullptr;
    }
    bool ok() const { return ok_; }

private:
    sqlite3* db_ = nullptr;
    bool ok_ = false;
};

std::set<std::string> filesIn(const std::string& dir)
{
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().string().find("-journal") == std::string::npos) names.insert(e.path().filename().string());
    return names;
}

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

// The CLI with its own user data folder (XDG_DATA_HOME/fabricplan/catalog.sqlite) and a short wait.
Run runCli(const QStringList& args, const QString& xdgDataHome)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), xdgDataHome);
    env.insert(QStringLiteral("FABRICPLAN_CATALOG_WAIT_SECONDS"), QStringLiteral("1.5"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(FABRICPLAN_CLI), args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

// Bytes 4096.. of a real catalog overwritten: the header is intact, a b-tree page is not.
std::string corruptCopy(const QTemporaryDir& tmp, const char* name)
{
    const std::string path = copyOfBundled(tmp, name);
    std::string bytes = readFile(path);
    for (std::size_t i = 4096; i < 4096 * 4 && i < bytes.size(); ++i) bytes[i] = char(0xA5);
    writeFile(path, bytes);
    return path;
}

} // namespace

class TestCatalogAccess : public QObject {
    Q_OBJECT

private:
    QTemporaryDir tmp_;
    std::vector<CatalogWait> waits_;

    std::string userDir(const char* name)
    {
        const std::string dir = tmp_.filePath(QString::fromUtf8(name)).toStdString();
        fs::create_directories(dir);
        return dir;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(tmp_.isValid());
        CatalogWaitPolicy policy;
        policy.limit = std::chrono::milliseconds(400);
        policy.onWait = [this](const CatalogWait& w) {
            waits_.push_back(w);
            return true;
        };
        setCatalogWaitPolicy(policy);
    }

    void init() { waits_.clear(); }

    // A user copy another connection holds locked: busy (with the wait reported), not damaged; the file
    // is neither renamed nor replaced, and its bytes are unchanged.
    void busyUserCatalogIsReportedNotReplaced()
    {
        const std::string dir = userDir("busy");
        const std::string user = dir + "/catalog.sqlite";
        fs::copy_file(bundledCatalog(tmp_), user);
        fs::permissions(user, fs::perms::owner_write, fs::perm_options::add);
        const std::string before = readFile(user);
        const auto filesBefore = filesIn(dir);
        HeldLock lock(user);
        QVERIFY(lock.ok());
        bool busy = false;
        try {
            (void)ensureUserCatalog(user, bundledCatalog(tmp_));
        } catch (const CatalogBusyError& e) {
            busy = true;
            QCOMPARE(e.where, user);
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("busy")), e.what());
            QVERIFY2(QString::fromStdString(e.fix).contains(QStringLiteral("wait for the import")), e.fix.c_str());
        }
        QVERIFY(busy);
        QVERIFY(!waits_.empty());
        QCOMPARE(waits_.front().path, user);
        QVERIFY_THROWS_EXCEPTION(CatalogBusyError, loadCatalog(user));
        lock.release();
        QCOMPARE(filesIn(dir), filesBefore);
        QVERIFY(readFile(user) == before);
        // Free again, it is the user's catalog as it was.
        QCOMPARE(ensureUserCatalog(user, bundledCatalog(tmp_)).path, user);
    }

    // The writer's note names the process holding the lock; a note whose process is gone names nobody.
    void busyNamesTheWriter()
    {
        const std::string db = copyOfBundled(tmp_, "noted.sqlite");
        HeldLock lock(db);
        QVERIFY(lock.ok());
        {
            const CatalogWriterNote note(db, "importing prices from quotes.csv");
            try {
                (void)loadCatalog(db);
                QFAIL("not busy");
            } catch (const CatalogBusyError& e) {
                const std::string pid = std::to_string(::getpid());
                QVERIFY2(e.holder.find("process " + pid) != std::string::npos, e.holder.c_str());
                QVERIFY2(std::string(e.what()).find("importing prices from quotes.csv") != std::string::npos, e.what());
            }
            QVERIFY(!waits_.empty());
            QVERIFY2(waits_.back().holder.find("quotes.csv") != std::string::npos, waits_.back().holder.c_str());
        }
        QVERIFY(!fs::exists(db + ".writer"));  // removed by its writer
        writeFile(db + ".writer", "999999999\nimporting prices from old.csv, since 01:00:00 UTC\n");
        QCOMPARE(catalogWriterOf(db), std::string());  // no such process
    }

    // The wait's callback can stop the wait at once (a Cancel button).
    void waitCanBeCancelled()
    {
        const std::string db = copyOfBundled(tmp_, "cancel.sqlite");
        HeldLock lock(db);
        const CatalogWaitPolicy kept = catalogWaitPolicy();
        CatalogWaitPolicy policy;
        policy.limit = std::chrono::milliseconds(60'000);
        int calls = 0;
        policy.onWait = [&calls](const CatalogWait&) { return ++calls < 2; };
        setCatalogWaitPolicy(policy);
        QElapsedTimer clock;
        clock.start();
        QVERIFY_THROWS_EXCEPTION(CatalogBusyError, loadCatalog(db));
        setCatalogWaitPolicy(kept);
        QVERIFY(clock.elapsed() < 10'000);
        QCOMPARE(calls, 2);
    }

    // A file SQLite rejects is damaged, and stays where it is, byte for byte, until the user chooses;
    // the choice "replace" keeps a backup of exactly those bytes.
    void damagedUserCatalogIsKeptInPlace_data()
    {
        QTest::addColumn<bool>("garbage");
        QTest::newRow("not a database") << true;
        QTest::newRow("corrupt page") << false;
    }
    void damagedUserCatalogIsKeptInPlace()
    {
        QFETCH(bool, garbage);
        const std::string dir = userDir(garbage ? "damaged-garbage" : "damaged-page");
        const std::string user = dir + "/catalog.sqlite";
        if (garbage) {
            writeFile(user, "this is not a database\x01\x02\x03" + std::string(5000, '\xff'));
        } else {
            fs::copy_file(corruptCopy(tmp_, "corrupt-source.sqlite"), user, fs::copy_options::overwrite_existing);
        }
        const std::string before = readFile(user);
        const auto filesBefore = filesIn(dir);
        const UserCatalogResult r = ensureUserCatalog(user, bundledCatalog(tmp_));
        QCOMPARE(int(r.state), int(UserCatalogState::Damaged));
        QVERIFY(r.path.empty());
        QVERIFY2(QString::fromStdString(r.message).contains(QStringLiteral("damaged")), r.message.c_str());
        QVERIFY2(QString::fromStdString(r.message).contains(QStringLiteral("left as it is")), r.message.c_str());
        QCOMPARE(filesIn(dir), filesBefore);
        QVERIFY(readFile(user) == before);
        QVERIFY_THROWS_EXCEPTION(CatalogDamagedError, loadCatalog(user));

        const std::string backup = replaceUserCatalog(user, bundledCatalog(tmp_));
        QVERIFY(readFile(backup) == before);
        QCOMPARE(loadCatalog(user).switches.size(), loadCatalog(bundledCatalog(tmp_)).switches.size());
    }

    // A writer killed mid-import leaves a hot journal; the next reader rolls it back (SQLite's own
    // recovery) instead of calling the file damaged.
    void hotJournalIsRolledBack()
    {
        const std::string db = copyOfBundled(tmp_, "hot.sqlite");
        const std::string price = rawQuery(db, "SELECT price_usd FROM prices WHERE part = 'MQM9700-NS2F' LIMIT 1");
        QProcess child;  // a process that writes inside a transaction and is killed before COMMIT
        const QString script = QStringLiteral("import sqlite3,os,sys\n"
                                              "c=sqlite3.connect(sys.argv[1],isolation_level=None)\n"
                                              "c.execute('PRAGMA cache_size=1')\n"
                                              "c.execute('BEGIN')\n"
                                              "c.execute(\"UPDATE prices SET price_usd=price_usd+1\")\n"
                                              "c.execute(\"UPDATE parts SET description=description||'x'\")\n"
                                              "print('ready',flush=True)\n"
                                              "os.kill(os.getpid(),9)\n");
        child.start(QStringLiteral("python3"), {QStringLiteral("-c"), script, QString::fromStdString(db)});
        if (!child.waitForStarted(10000)) QSKIP("python3 is not available");
        child.waitForFinished(30000);
        if (!child.readAllStandardOutput().contains("ready")) QSKIP("python3's sqlite3 module did not run");
        QVERIFY2(fs::exists(db + "-journal"), "the killed writer left no journal");
        const Catalog cat = loadCatalog(db);
        QVERIFY(!cat.switches.empty());
        QCOMPARE(rawQuery(db, "SELECT price_usd FROM prices WHERE part = 'MQM9700-NS2F' LIMIT 1"), price);
    }

    // ---- the CLI, as a user runs it -----------------------------------------------------------------

    // `plan` while another process holds the user's catalog: exit 2 naming the busy file and the fix,
    // the wait announced on stderr; no quiet switch to the bundled prices; the file untouched.
    void cliPlanReportsBusyCatalog()
    {
        const std::string xdg = userDir("cli-busy");
        const std::string dir = xdg + "/fabricplan";
        fs::create_directories(dir);
        const std::string user = dir + "/catalog.sqlite";
        fs::copy_file(bundledCatalog(tmp_), user);
        fs::permissions(user, fs::perms::owner_write, fs::perm_options::add);
        // A first plan records its checks (catalog.sqlite.checked) and works.
        Run r = runCli({QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("64")}, QString::fromStdString(xdg));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const std::string before = readFile(user);
        const auto filesBefore = filesIn(dir);
        HeldLock lock(user);
        QVERIFY(lock.ok());
        std::optional<CatalogWriterNote> note(std::in_place, user, "importing prices from big.csv");
        r = runCli({QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("64")}, QString::fromStdString(xdg));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QVERIFY2(r.err.contains("busy") && r.err.contains("big.csv") && r.err.contains("wait for the import"),
                 r.err.constData());
        QVERIFY2(r.err.contains("waiting for the catalog"), r.err.constData());
        QVERIFY2(!r.err.contains("bundled") && !r.err.contains("damaged"), r.err.constData());
        // An import into the busy file is refused the same way and changes nothing.
        const QString csv = QString::fromStdString(dir + "/one.csv");
        writeFile(csv.toStdString(), "part,source,price,currency,date,basis\nMQM9700-NS2F,q,1,USD,2026-01-01,quote\n");
        r = runCli({QStringLiteral("catalog"), QStringLiteral("import-prices"), csv, QStringLiteral("--catalog"),
                    QString::fromStdString(user)},
                   QString::fromStdString(xdg));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("busy"), r.err.constData());
        fs::remove(dir + "/one.csv");
        note.reset();
        lock.release();
        QCOMPARE(filesIn(dir), filesBefore);
        QVERIFY(readFile(user) == before);
    }

    // A damaged user copy: exit 2 naming the file, kept in place; `catalog reset` replaces it on request,
    // keeping the old bytes as a backup.
    void cliReportsDamagedCatalogAndResets()
    {
        const std::string xdg = userDir("cli-damaged");
        const std::string dir = xdg + "/fabricplan";
        fs::create_directories(dir);
        const std::string user = dir + "/catalog.sqlite";
        fs::copy_file(corruptCopy(tmp_, "cli-corrupt.sqlite"), user);
        const std::string before = readFile(user);
        const auto filesBefore = filesIn(dir);
        Run r = runCli({QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("64")}, QString::fromStdString(xdg));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("damaged") && r.err.contains(user.c_str()) && r.err.contains("catalog reset"),
                 r.err.constData());
        QCOMPARE(filesIn(dir), filesBefore);
        QVERIFY(readFile(user) == before);

        r = runCli({QStringLiteral("catalog"), QStringLiteral("reset")}, QString::fromStdString(xdg));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        int backups = 0;
        for (const auto& e : fs::directory_iterator(dir))
            if (e.path().filename().string().rfind("catalog.sqlite.backup-", 0) == 0) {
                ++backups;
                QVERIFY(readFile(e.path().string()) == before);
            }
        QCOMPARE(backups, 1);
        r = runCli({QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("64")}, QString::fromStdString(xdg));
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCatalogAccess)
#include "test_catalog_access.moc"
