// The window's start-up catalog (issue 42): a busy or damaged user copy is the user's to decide about.
// The choice is answered here by a callback (no modal dialog); each test checks what the choice did to
// the user's file, byte for byte, and that nothing was renamed or replaced unasked.
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>
#include <sqlite3.h>

#include "catalog/catalog_access.h"
#include "gui/startup_catalog.h"

using namespace fp;
using namespace fp::gui;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}

QStringList filesIn(const QString& dir)
{
    QStringList names = QDir(dir).entryList(QDir::Files, QDir::Name);
    names.removeIf([](const QString& n) { return n.endsWith(QStringLiteral("-journal")); });
    return names;
}

} // namespace

class TestStartupCatalog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        CatalogWaitPolicy policy;
        policy.limit = std::chrono::milliseconds(300);
        setCatalogWaitPolicy(policy);
    }

    void damagedCopyIsTheUsersChoice_data()
    {
        QTest::addColumn<int>("choice");
        QTest::newRow("keep it, bundled for now") << int(CatalogChoice::UseBundled);
        QTest::newRow("replace after a backup") << int(CatalogChoice::ReplaceWithBundled);
        QTest::newRow("quit") << int(CatalogChoice::Quit);
    }
    void damagedCopyIsTheUsersChoice()
    {
        QFETCH(int, choice);
        QTemporaryDir dir;
        const QString user = dir.filePath(QStringLiteral("catalog.sqlite"));
        const QByteArray garbage = QByteArray("this is not a database\x01\x02") + QByteArray(5000, '\xff');
        {
            QFile f(user);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(garbage);
        }
        std::vector<CatalogProblem> asked;
        const LoadedCatalog loaded = loadStartupCatalog(QString(), dir.path(), [&](const CatalogProblem& p) {
            asked.push_back(p);
            return CatalogChoice(choice);
        });
        QCOMPARE(asked.size(), std::size_t(1));
        QCOMPARE(int(asked[0].kind), int(CatalogProblemKind::Damaged));
        QCOMPARE(asked[0].path, user);
        QVERIFY2(asked[0].message.contains(QStringLiteral("damaged")), qPrintable(asked[0].message));
        switch (CatalogChoice(choice)) {
        case CatalogChoice::UseBundled:
            QVERIFY(loaded.catalog && !loaded.catalog->switches.empty());
            QVERIFY(loaded.userPath.isEmpty());  // read-only: no edit goes to the bundled file
            QVERIFY2(loaded.message.contains(QStringLiteral("bundled catalog")), qPrintable(loaded.message));
            QCOMPARE(readAll(user), garbage);
            QCOMPARE(filesIn(dir.path()), QStringList{QStringLiteral("catalog.sqlite")});
            break;
        case CatalogChoice::ReplaceWithBundled: {
            QVERIFY(loaded.catalog && !loaded.catalog->switches.empty());
            QCOMPARE(loaded.userPath, user);
            const QStringList files = filesIn(dir.path());
            QCOMPARE(files.size(), 2);
            QVERIFY(files[1].startsWith(QStringLiteral("catalog.sqlite.backup-")));
            QCOMPARE(readAll(dir.filePath(files[1])), garbage);
            QVERIFY2(loaded.message.contains(files[1]), qPrintable(loaded.message));
            break;
        }
        default:
            QVERIFY(!loaded.catalog);
            QVERIFY(loaded.quit);
            QCOMPARE(readAll(user), garbage);
            QCOMPARE(filesIn(dir.path()), QStringList{QStringLiteral("catalog.sqlite")});
        }
    }

    // Busy: asked (try again / bundled / quit); trying again once the other process let go opens the
    // user's own copy, unchanged.
    void busyCopyIsWaitedForThenRetried()
    {
        QTemporaryDir dir;
        const QString user = dir.filePath(QStringLiteral("catalog.sqlite"));
        QVERIFY(QFile::copy(QStringLiteral(FABRICPLAN_TEST_CATALOG), user));
        QFile(user).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        const QByteArray before = readAll(user);
        sqlite3* other = nullptr;
        sqlite3_open_v2(user.toUtf8().constData(), &other, SQLITE_OPEN_READWRITE, nullptr);
        QCOMPARE(sqlite3_exec(other, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
        std::vector<CatalogProblem> asked;
        const LoadedCatalog loaded = loadStartupCatalog(QString(), dir.path(), [&](const CatalogProblem& p) {
            asked.push_back(p);
            if (asked.size() == 2) {
                sqlite3_close(other);  // the import finished
                other = nullptr;
            }
            return CatalogChoice::Retry;
        });
        if (other) sqlite3_close(other);
        QCOMPARE(asked.size(), std::size_t(2));
        QCOMPARE(int(asked[0].kind), int(CatalogProblemKind::Busy));
        QVERIFY2(asked[0].message.contains(QStringLiteral("busy")) &&
                     asked[0].message.contains(QStringLiteral("wait for the import")),
                 qPrintable(asked[0].message));
        QVERIFY(loaded.catalog);
        QCOMPARE(loaded.userPath, user);
        QCOMPARE(readAll(user), before);
        for (const QString& f : filesIn(dir.path()))
            QVERIFY2(f == QStringLiteral("catalog.sqlite") || f == QStringLiteral("catalog.sqlite.checked"), qPrintable(f));
    }
};

QTEST_MAIN(TestStartupCatalog)
#include "test_startup_catalog.moc"
