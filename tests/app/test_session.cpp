// Session leftovers after kill -9 (issue 42): real child processes begin sessions in a shared folder and
// are killed with SIGKILL, as a crashed or killed window is. The next start removes what the dead ones
// left (their locks, their unfinished autosave temporaries), still offers a dead session's autosave, and
// leaves a live instance's files alone.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <memory>

#include "gui/session.h"

using namespace fp::gui;

namespace {

// Child mode: `--hold-session DIR [autosave] [temporary]` begins a session in DIR, writes an autosave
// and an unfinished autosave temporary (as the atomic writer names them) if asked, prints its id and
// runs until it is killed.
int holdSession(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    Session session(QString::fromLocal8Bit(argv[2]));
    if (!session.begin()) return 3;
    const QStringList extra = app.arguments().mid(3);
    const auto write = [](const QString& path) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write("{\"format_version\": 2}\n") > 0;
    };
    if (extra.contains(QStringLiteral("autosave")) && !write(session.autosavePath())) return 4;
    if (extra.contains(QStringLiteral("temporary")) &&
        !write(session.autosavePath() + QStringLiteral(".tmp-%1-1").arg(QCoreApplication::applicationPid())))
        return 5;
    std::printf("%s\n", qPrintable(session.id()));
    std::fflush(stdout);
    return app.exec();
}

struct Child {
    std::unique_ptr<QProcess> process = std::make_unique<QProcess>();
    QString id;
};

Child startSession(const QString& dir, const QStringList& extra)
{
    Child c;
    c.process->start(QCoreApplication::applicationFilePath(), QStringList{QStringLiteral("--hold-session"), dir} + extra);
    if (c.process->waitForReadyRead(30'000)) c.id = QString::fromLocal8Bit(c.process->readLine()).trimmed();
    return c;
}

void killHard(Child& c)
{
    ::kill(pid_t(c.process->processId()), SIGKILL);
    c.process->waitForFinished(30'000);  // reaped: its PID is gone
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT
private slots:
    void killedSessionsAreCleanedLiveOnesKept();
};

void TestSession::killedSessionsAreCleanedLiveOnesKept()
{
    QTemporaryDir dir;
    // a: killed with nothing unsaved (a lock only); b: killed while autosaving (lock, autosave, temporary);
    // live: still running, with an autosave and a temporary of its own.
    Child a = startSession(dir.path(), {});
    Child b = startSession(dir.path(), {QStringLiteral("autosave"), QStringLiteral("temporary")});
    Child live = startSession(dir.path(), {QStringLiteral("autosave"), QStringLiteral("temporary")});
    QVERIFY(!a.id.isEmpty() && !b.id.isEmpty() && !live.id.isEmpty());
    const QDir sessions(QDir(dir.path()).filePath(QStringLiteral("sessions")));
    const auto files = [&sessions](const QString& id) {
        return sessions.entryList({id + QLatin1Char('*')}, QDir::Files, QDir::Name);
    };
    const QString bTemporary = files(b.id).filter(QStringLiteral(".tmp-")).value(0);
    QVERIFY(!bTemporary.isEmpty());
    killHard(a);
    killHard(b);
    // What the kills left (the pile-up of issue 42).
    QCOMPARE(files(a.id), QStringList{a.id + QStringLiteral(".lock")});
    QCOMPARE(files(b.id).size(), 3);
    // A lock whose PID now belongs to another program (PID 1 here) is as dead: the copy of a's lock
    // with its PID line replaced.
    QFile aLock(sessions.filePath(a.id + QStringLiteral(".lock")));
    QVERIFY(aLock.open(QIODevice::ReadOnly));
    QByteArray reused = aLock.readAll();
    reused.replace(0, reused.indexOf('\n'), "1");
    {
        QFile f(sessions.filePath(QStringLiteral("1-reused.lock")));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(reused) == reused.size());
    }

    Session next(dir.path());
    QVERIFY(next.begin());  // cleans up
    QVERIFY(files(a.id).isEmpty());
    QVERIFY(files(QStringLiteral("1-reused")).isEmpty());
    // b's temporary is gone, not its autosave; its lock is this instance's now (claimed until offered).
    QCOMPARE(files(b.id), (QStringList{b.id + QStringLiteral(".fabricplan"), b.id + QStringLiteral(".lock")}));
    QFile bLock(sessions.filePath(b.id + QStringLiteral(".lock")));
    QVERIFY(bLock.open(QIODevice::ReadOnly));
    QCOMPARE(bLock.readLine().trimmed().toLongLong(), QCoreApplication::applicationPid());
    QCOMPARE(files(live.id).size(), 3);  // the live instance's lock, autosave and temporary

    // The dead session's autosave is still offered; the live one's is not.
    const std::vector<RecoveryInfo> offered = next.findRecoverable();
    QCOMPARE(offered.size(), std::size_t(1));
    QCOMPARE(offered.front().sessionId, b.id);
    next.discardRecovered(offered.front());  // declined or recovered: it goes
    QVERIFY(files(b.id).isEmpty());
    QStringList left = sessions.entryList(QDir::Files, QDir::Name);
    QStringList expected = files(live.id) + QStringList{next.id() + QStringLiteral(".lock")};
    expected.sort();
    QCOMPARE(left, expected);

    killHard(live);
}

int main(int argc, char* argv[])
{
    if (argc >= 3 && qstrcmp(argv[1], "--hold-session") == 0) return holdSession(argc, argv);
    QCoreApplication app(argc, argv);
    TestSession test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_session.moc"
