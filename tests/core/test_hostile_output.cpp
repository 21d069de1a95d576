// Hostile output targets and full disks (issue 21): a save follows symlinks, keeps mode and owner,
// refuses what is not a regular file, verifies what it wrote, cleans the temporaries a killed writer
// left, and names the user's path; the CLI checks standard output and the PDF; price lists and
// catalogs are held to the rules every other command follows; SVG stays valid XML.
#include <QtTest>
#include <QXmlStreamReader>

#include <csignal>
#include <filesystem>
#include <fstream>

#include <sys/resource.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "catalog/catalog_db.h"
#include "catalog/price_csv.h"
#include "common/atomic_file.h"
#include "common/error.h"
#include "io/exporter.h"
#include "plan/plan.h"
#include "test_catalog_support.h"

using namespace fp;
namespace fs = std::filesystem;

namespace {

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeAll(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

struct Run {
    int exitCode = -1;
    QString out, err;
};

// The CLI through sh, so a test can set a file-size limit (a full disk, without root) or redirect.
Run runShell(const QString& script)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), QDir::tempPath() + QStringLiteral("/fabricplan-test-no-user-catalog"));
    env.insert(QStringLiteral("CLI"), QStringLiteral(FABRICPLAN_CLI));
    env.insert(QStringLiteral("EXAMPLE"), QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024.fabricplan"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
    p.waitForFinished(180000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QStringList temporariesBeside(const std::string& path)
{
    QStringList found;
    const std::string prefix = fs::path(path).filename().string() + ".tmp-";
    for (const auto& e : fs::directory_iterator(fs::path(path).parent_path()))
        if (e.path().filename().string().rfind(prefix, 0) == 0) found << QString::fromStdString(e.path().string());
    return found;
}

// A pid that is certainly not running: a child that has exited and been reaped.
pid_t deadPid()
{
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    ::waitpid(child, nullptr, 0);
    return child;
}

} // namespace

class TestHostileOutput : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(tmp_.isValid()); }

    // A symlink used to become a regular file with the link's target untouched.
    void saveFollowsSymlinks()
    {
        const std::string target = path("real.csv"), link = path("link.csv"), link2 = path("link2.csv");
        writeAll(target, "old\n");
        fs::create_symlink("real.csv", link);   // relative
        fs::create_symlink(link, link2);        // a chain
        writeFileAtomically(link2, [](std::ostream& out) { out << "new\n"; });
        QVERIFY(fs::is_symlink(link));
        QVERIFY(fs::is_symlink(link2));
        QCOMPARE(readAll(target), std::string("new\n"));
        QVERIFY(temporariesBeside(target).isEmpty());
    }

    // A FIFO (or a device) used to be replaced by a file; a FIFO must not block the save either.
    void nonRegularTargetsAreRefused()
    {
        // A folder is refused; so is a pipe nobody reads (opening it would block for ever). Neither is replaced.
        const std::string fifo = path("out.fifo");
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        const std::string folder = path("a-folder");
        fs::create_directory(folder);
        for (const std::string& target : {fifo, folder}) {
            try {
                writeFileAtomically(target, [](std::ostream& out) { out << "x"; });
                QFAIL("a non-regular target was accepted");
            } catch (const UserError& e) {
                QCOMPARE(e.where, target);
                const std::string why = e.what();
                QVERIFY2(why.find("not a regular file") != std::string::npos ||
                             why.find("nothing reads from this pipe") != std::string::npos,
                         e.what());
            }
        }
        struct stat st {};
        QCOMPARE(::stat(fifo.c_str(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
        QVERIFY(fs::is_directory(folder));
    }

    // `--json /dev/null` and `--xlsx /dev/stdout` are how people discard or pipe output: a character
    // device or a read pipe is written into, and stays what it was (the old save renamed over /dev/null).
    void devicesAndReadPipesAreWrittenInto()
    {
        writeFileAtomically("/dev/null", [](std::ostream& out) { out << "discarded"; });
        struct stat st {};
        QCOMPARE(::stat("/dev/null", &st), 0);
        QVERIFY(S_ISCHR(st.st_mode));

        const std::string fifo = path("read.fifo");
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
        QVERIFY(reader >= 0);
        writeFileAtomically(fifo, [](std::ostream& out) { out << "through the pipe"; });
        char buf[64] = {};
        const ssize_t n = ::read(reader, buf, sizeof buf - 1);
        ::close(reader);
        QCOMPARE(std::string(buf, n > 0 ? std::size_t(n) : 0), std::string("through the pipe"));
        QCOMPARE(::stat(fifo.c_str(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
    }

    // A 0600 file (owned by someone else, when the test may chown) used to become 0644 and ours.
    void saveKeepsModeAndOwner()
    {
        const std::string file = path("private.json");
        writeAll(file, "old");
        QCOMPARE(::chmod(file.c_str(), 0600), 0);
        const bool root = ::geteuid() == 0;
        const uid_t otherUser = 65534;  // nobody
        const gid_t otherGroup = 65534;
        if (root) QCOMPARE(::chown(file.c_str(), otherUser, otherGroup), 0);
        writeFileAtomically(file, [](std::ostream& out) { out << "new"; });
        struct stat st {};
        QCOMPARE(::stat(file.c_str(), &st), 0);
        QCOMPARE(int(st.st_mode & 07777), 0600);
        if (root) {
            QCOMPARE(st.st_uid, otherUser);
            QCOMPARE(st.st_gid, otherGroup);
        }
        QCOMPARE(readAll(file), std::string("new"));
    }

    // A killed writer left "bom.xlsx.tmp-PID-N" forever: the next save of that file removes it, but not
    // a temporary of a writer that is still running, nor files of other names.
    void staleTemporariesOfOurPatternAreRemoved()
    {
        const std::string file = path("bom.csv");
        const std::string stale = file + ".tmp-" + std::to_string(deadPid()) + "-123";
        const std::string live = file + ".tmp-" + std::to_string(::getppid()) + "-7";
        const std::string other = file + ".tmp-notours";
        for (const auto& f : {stale, live, other}) writeAll(f, "partial");
        writeFileAtomically(file, [](std::ostream& out) { out << "rows"; });
        QVERIFY(!fs::exists(stale));
        QVERIFY(fs::exists(live));
        QVERIFY(fs::exists(other));
    }

    // A writer that fails names its temporary file; the user sees their own path.
    void errorsNameTheUsersPath()
    {
        const std::string file = path("named.xlsx");
        try {
            replaceFileAtomically(file, [](const std::string& tmp) {
                throw UserError("cannot write " + tmp, tmp, "retry " + tmp);
            });
            QFAIL("no error");
        } catch (const UserError& e) {
            QCOMPARE(e.where, file);
            QVERIFY2(e.oneLine().find(".tmp-") == std::string::npos, e.oneLine().c_str());
        }
        QVERIFY(temporariesBeside(file).isEmpty());
    }

    // A full disk (here: a file-size limit, in a child process) fails the save, keeps the old file and
    // leaves no temporary.
    void aFullDiskFailsTheSaveAndKeepsTheOldFile()
    {
        const std::string file = path("big.csv");
        writeAll(file, "previous content\n");
        const pid_t child = ::fork();
        if (child == 0) {
            ::signal(SIGXFSZ, SIG_IGN);
            rlimit limit{4096, 4096};
            ::setrlimit(RLIMIT_FSIZE, &limit);
            try {
                writeFileAtomically(file, [](std::ostream& out) {
                    for (int i = 0; i < 10000; ++i) out << "a line of a large export file\n";
                });
            } catch (const UserError&) {
                ::_exit(0);  // the failure was reported
            }
            ::_exit(1);  // "wrote" a cut file
        }
        int status = 0;
        ::waitpid(child, &status, 0);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 0);
        QCOMPARE(readAll(file), std::string("previous content\n"));
        QVERIFY(temporariesBeside(file).isEmpty());
    }

    // plan --pdf on a full disk exited 0, said "wrote" and left a 0-byte or cut report.
    void cliPdfOnAFullDiskFails()
    {
        const QString pdf = qpath("report.pdf");
        writeAll(pdf.toStdString(), "OLD REPORT");
        const Run r = runShell(QStringLiteral("ulimit -f 20; trap '' XFSZ; exec \"$CLI\" plan \"$EXAMPLE\" --pdf '%1'").arg(pdf));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("report.pdf")) && !r.err.contains(QStringLiteral("wrote")), qPrintable(r.err));
        QCOMPARE(readAll(pdf.toStdString()), std::string("OLD REPORT"));
        QVERIFY(temporariesBeside(pdf.toStdString()).isEmpty());
    }

    // plan --xlsx on a full disk: the error names bom.xlsx, not libxlsxwriter's temporary.
    void cliXlsxOnAFullDiskNamesTheUsersFile()
    {
        const QString xlsx = qpath("full.xlsx");
        const Run r = runShell(QStringLiteral("ulimit -f 4; trap '' XFSZ; exec \"$CLI\" plan \"$EXAMPLE\" --xlsx '%1'").arg(xlsx));
        QCOMPARE(r.exitCode, 2);
        const QString last = r.err.trimmed().split(QLatin1Char('\n')).last();
        QVERIFY2(last.contains(QStringLiteral("full.xlsx:")), qPrintable(r.err));
        // libxlsxwriter's own "[ERROR] ... 'full.xlsx.tmp-PID-N'" lines do not reach the user.
        QVERIFY2(!r.err.contains(QStringLiteral(".tmp-")) && !r.err.contains(QStringLiteral("[ERROR]")), qPrintable(r.err));
        QVERIFY(!QFile::exists(xlsx));
        QVERIFY(temporariesBeside(xlsx.toStdString()).isEmpty());
    }

    // plan --json - > /dev/full exited 0.
    void cliChecksStandardOutput_data()
    {
        QTest::addColumn<QString>("command");
        QTest::newRow("json") << "\"$CLI\" plan \"$EXAMPLE\" --json - > /dev/full";
        QTest::newRow("summary") << "\"$CLI\" plan \"$EXAMPLE\" > /dev/full";
        QTest::newRow("catalog list") << "\"$CLI\" catalog list > /dev/full";
    }
    void cliChecksStandardOutput()
    {
        QFETCH(QString, command);
        const Run r = runShell(command);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("cannot write to standard output")), qPrintable(r.err));
    }

    // Numbers past the double range: exit 2 with file:line (was "internal error ... number overflow", 3).
    void cliOverflowingNumberIsBadInput()
    {
        const QString design = qpath("overflow.fabricplan");
        writeAll(design.toStdString(), "{\n  \"format_version\": 1,\n  \"compute\": {\n    \"gpus\": 1e400\n  }\n}\n");
        const Run r = runShell(QStringLiteral("exec \"$CLI\" validate '%1'").arg(design));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(design + QStringLiteral(":4: the number 1e400")), qPrintable(r.err));
    }

    // import-prices changed catalogs every other command refuses.
    void importPricesRefusesCatalogsOthersRefuse_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::newRow("newer schema") << "UPDATE schema_version SET version = 99";
        QTest::newRow("missing table") << "DROP TABLE cables";
        QTest::newRow("row breaking a CHECK rule")
            << "PRAGMA ignore_check_constraints = ON; UPDATE prices SET price_usd = -5 WHERE part = 'MQM9700-NS2F'";
    }
    void importPricesRefusesCatalogsOthersRefuse()
    {
        QFETCH(QString, damage);
        const std::string db = testsupport::copyOfBundled(tmp_, "damaged.sqlite");
        QCOMPARE(testsupport::rawExec(db, "PRAGMA foreign_keys = OFF; " + damage.toStdString()), SQLITE_OK);
        const std::string before = readAll(db);
        const std::string csv = path("one-price.csv");
        writeAll(csv, "part,source,price,currency,date,basis\nMQM9700-NS2F,quote,20000,USD,2025-01-01,list\n");
        bool refused = false;
        try {
            (void)importPriceCsv(db, csv);
        } catch (const UserError&) {
            refused = true;
        }
        QVERIFY(refused);
        QVERIFY(readAll(db) == before);
    }

    // Prices that would overflow the totals, and dates that do not exist, are lines reported, not applied.
    void importPricesRefusesHugePricesAndImpossibleDates()
    {
        const std::string db = testsupport::copyOfBundled(tmp_, "prices.sqlite");
        const std::string csv = path("hostile-prices.csv");
        writeAll(csv, "part,source,price,currency,date,basis\n"
                      "MQM9700-NS2F,q,1e308,USD,2025-01-01,list\n"
                      "MQM9700-NS2F,q,100,USD,2025-02-31,list\n"
                      "MQM9700-NS2F,q,100,USD,2023-02-29,list\n"
                      "MQM9700-NS2F,q,100,USD,2024-02-29,list\n");
        const auto report = importPriceCsv(db, csv, PriceImportMode::ApplyValidLines);
        QCOMPARE(report.rowsApplied, 1);
        QCOMPARE(report.problems.size(), std::size_t(3));
        QVERIFY(report.problems[0].find(":2:") != std::string::npos);
        QVERIFY(report.problems[1].find("2025-02-31") != std::string::npos);
        QVERIFY(report.problems[2].find("2023-02-29") != std::string::npos);
    }

    // A 1e308 price already in a catalog: the plan is refused with the part named, never "inf".
    void overflowingFiguresAreRefused()
    {
        const std::string db = testsupport::copyOfBundled(tmp_, "inf.sqlite");
        QCOMPARE(testsupport::rawExec(db, "UPDATE prices SET price_usd = 1e308 WHERE part = 'MQM9700-NS2F'"), SQLITE_OK);
        const Catalog cat = loadCatalog(db);
        try {
            (void)makePlan(ClusterSpec{}, cat);
            QFAIL("a plan with an overflowing total was made");
        } catch (const UserError& e) {
            QVERIFY2(std::string(e.what()).find("MQM9700-NS2F") != std::string::npos, e.what());
        }
    }

    // 1,000,000 bad lines printed 912k messages: the CLI shows the first few dozen and a count.
    void cliSummarisesManyBadPriceLines()
    {
        const std::string db = testsupport::copyOfBundled(tmp_, "many.sqlite");
        const std::string csv = path("many.csv");
        {
            std::ofstream out(csv);
            out << "part,source,price,currency,date,basis\n";
            for (int i = 0; i < 5000; ++i) out << "NO-SUCH-PART-" << i << ",q,1,USD,2025-01-01,list\n";
            for (int i = 0; i < 5000; ++i) out << "MQM9700-NS2F,q,abc,USD,2025-01-01,list\n";
        }
        const Run r = runShell(QStringLiteral("exec \"$CLI\" catalog import-prices '%1' --catalog '%2'")
                                   .arg(QString::fromStdString(csv), QString::fromStdString(db)));
        QCOMPARE(r.exitCode, 2);
        const QStringList lines = r.err.trimmed().split(QLatin1Char('\n'));
        QVERIFY2(lines.size() <= 63, qPrintable(QString::number(lines.size())));  // 2 x (30 + 1) + the verdict
        QVERIFY(r.err.contains(QStringLiteral("and 4,970 more unknown parts (")));
        QVERIFY(r.err.contains(QStringLiteral("and 4,970 more bad lines (")));
        QVERIFY(r.err.contains(QStringLiteral("nothing was imported: 10,000 lines cannot be applied")));
    }

    // Control characters and broken UTF-8 in a name made the SVG invalid XML.
    void svgStaysValidXml()
    {
        ClusterSpec spec;
        spec.gpus = 64;
        spec.name = std::string("bad\x01name\x1b[31m \xff\xfe tab\there \xe2\x82 ok \xc3\xa9");
        const Catalog cat = loadCatalog(FABRICPLAN_TEST_CATALOG);
        const Plan plan = makePlan(spec, cat);
        const std::string svg = path("topology.svg");
        io::findExporter("topology-svg")->write(io::ExportContext{plan, cat, nullptr, {}}, svg);
        QXmlStreamReader xml(QByteArray::fromStdString(readAll(svg)));
        while (!xml.atEnd()) xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    }

private:
    std::string path(const char* name) const { return tmp_.filePath(QString::fromUtf8(name)).toStdString(); }
    QString qpath(const char* name) const { return tmp_.filePath(QString::fromUtf8(name)); }
    QTemporaryDir tmp_;
};

QTEST_GUILESS_MAIN(TestHostileOutput)
#include "test_hostile_output.moc"
