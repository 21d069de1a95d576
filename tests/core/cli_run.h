#pragma once
// Runs the built fabricplan-cli (FABRICPLAN_CLI) as a user would, with no user catalog of its own (a
// fresh XDG_DATA_HOME), and returns its exit code and output. One helper for every test that drives
// the CLI end to end.
#include <QByteArray>
#include <QDir>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

namespace fp::test {

struct CliRun {
    int exitCode = -1;  // -1: the process crashed or timed out
    QByteArray out, err;
};

inline CliRun runCli(const QStringList& args, int timeoutMs = 300000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), QDir::tempPath() + QStringLiteral("/fabricplan-test-no-user-catalog"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(FABRICPLAN_CLI), args);
    p.waitForFinished(timeoutMs);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

} // namespace fp::test
