// The CLI for sweeps (issue 23): `sweep` plans every variant in one process and writes the same figures
// `plan` gives for each; the lean fabricplan-cli loads no Qt and hands drawn outputs to its helper.
#include <QtTest>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run runCli(const QStringList& args, const QByteArray& input = {}, const QMap<QString, QString>& extraEnv = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), QDir::tempPath() + QStringLiteral("/fabricplan-test-no-user-catalog"));
    for (auto it = extraEnv.begin(); it != extraEnv.end(); ++it) env.insert(it.key(), it.value());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(FABRICPLAN_CLI), args);
    if (!input.isEmpty()) p.write(input);
    p.closeWriteChannel();
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

QString example(const char* name) { return QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/") + QLatin1String(name); }

QList<QByteArray> lines(const QByteArray& text)
{
    QList<QByteArray> out = text.split('\n');
    while (!out.isEmpty() && out.back().isEmpty()) out.removeLast();
    return out;
}

} // namespace

class TestCliSweep : public QObject {
    Q_OBJECT
private slots:
    // 2 GPU counts x 2 fabrics = 4 rows, the first --vary changing slowest; each row's figures are the
    // ones `plan` prints for that design on its own.
    void sweepCsvRowsMatchSinglePlans()
    {
        const Run r = runCli({QStringLiteral("sweep"), example("dgx-h100-superpod-1024.fabricplan"), QStringLiteral("--vary"),
                              QStringLiteral("gpus=512,2048"), QStringLiteral("--vary"), QStringLiteral("fabric=infiniband,roce"),
                              QStringLiteral("--switch"), QStringLiteral("MQM9700-NS2F"), QStringLiteral("--csv"),
                              QStringLiteral("-")});
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        const auto rows = lines(r.out);
        QCOMPARE(rows.size(), 5);
        const QList<QByteArray> header = rows[0].split(',');
        QCOMPARE(header.mid(0, 4), (QList<QByteArray>{"design", "gpus", "fabric", "status"}));
        const int capexCol = int(header.indexOf("capex_usd")), linksCol = int(header.indexOf("links"));
        QVERIFY(capexCol > 0 && linksCol > 0);
        const QList<QByteArray> expected[] = {{"1", "512", "infiniband"}, {"2", "512", "roce"},
                                             {"3", "2048", "infiniband"}, {"4", "2048", "roce"}};
        for (int i = 0; i < 4; ++i) QCOMPARE(rows[i + 1].split(',').mid(0, 3), expected[i]);
        // Row 3 (2,048 GPUs on InfiniBand, QM9700) against `plan` of the same design.
        const QList<QByteArray> row = rows[3].split(',');
        QCOMPARE(row[3], QByteArray("ok"));  // the example plans cleanly on IB
        const Run single = runCli({QStringLiteral("plan"), example("dgx-h100-superpod-1024.fabricplan"), QStringLiteral("--gpus"),
                                   QStringLiteral("2048"), QStringLiteral("--switch"), QStringLiteral("MQM9700-NS2F"),
                                   QStringLiteral("--json"), QStringLiteral("-")});
        const json j = json::parse(single.out.toStdString());
        QCOMPARE(row[linksCol].toLongLong(), j["topology"]["links"]["total"].get<long long>());
        QVERIFY(std::abs(row[capexCol].toDouble() - j["capex_usd"]["total"].get<double>()) <=
                1e-5 * j["capex_usd"]["total"].get<double>());
        // Roce with an InfiniBand switch cannot be planned: the row says why, the exit status is 1.
        QVERIFY(rows[2].split(',')[3] == "failed" || rows[2].split(',')[3] == "errors");
        QCOMPARE(r.exitCode, 1);
    }

    // A varied fabric without a named switch plans on that fabric's default parts, as `plan --fabric`
    // does; the sweep used to keep the base's InfiniBand switch and fail every Ethernet row ("switch
    // MQM9700-NS2F does not run RoCEv2"). Each row's switch, NIC and capex are the single plan's.
    void variedFabricTakesItsDefaultParts()
    {
        const Run r = runCli({QStringLiteral("sweep"), QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("--vary"),
                              QStringLiteral("fabric=roce,spectrum-x"), QStringLiteral("--jsonl"), QStringLiteral("-")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto rows = lines(r.out);
        QCOMPARE(rows.size(), 2);
        QVERIFY2(r.err.count("note: ") == 2, r.err.constData());  // one note per fabric's parts
        for (const QByteArray& line : rows) {
            const json row = json::parse(line.toStdString());
            QCOMPARE(row["status"].get<std::string>(), std::string("ok"));
            const Run single = runCli({QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("--fabric"),
                                       QString::fromStdString(row["fabric"].get<std::string>()), QStringLiteral("--json"),
                                       QStringLiteral("-")});
            QVERIFY2(single.exitCode == 0, single.err.constData());
            const json plan = json::parse(single.out.toStdString());
            QCOMPARE(row["switch"].get<std::string>(), plan["parts"]["switch"].get<std::string>());
            QCOMPARE(row["nic"].get<std::string>(), plan["parts"]["nic"].get<std::string>());
            QVERIFY(std::abs(row["capex_usd"].get<double>() - plan["capex_usd"]["total"].get<double>()) <=
                    1e-5 * plan["capex_usd"]["total"].get<double>());
        }
    }

    void sweepJsonLinesInAndOut()
    {
        const QByteArray in = "{\"gpus\": 256}\n\n{\"gpus\": 1024, \"rail-optimized\": false}\n";
        const Run r = runCli({QStringLiteral("sweep"), QStringLiteral("--jsonl-in"), QStringLiteral("-"),
                              QStringLiteral("--jsonl"), QStringLiteral("-")},
                             in);
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        const auto rows = lines(r.out);
        QCOMPARE(rows.size(), 2);
        const json a = json::parse(rows[0].toStdString()), b = json::parse(rows[1].toStdString());
        QCOMPARE(a["design"].get<int>(), 1);
        QCOMPARE(a["gpus"].get<int>(), 256);
        QCOMPARE(b["gpus"].get<int>(), 1024);
        QCOMPARE(b["vary"]["rail-optimized"].get<std::string>(), std::string("false"));
        QVERIFY(b["links"].get<long long>() >= 2048);
    }

    void sweepUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no vary") << QStringList{QStringLiteral("sweep")} << QStringLiteral("--vary");
        QTest::newRow("unknown key") << QStringList{QStringLiteral("sweep"), QStringLiteral("--vary"), QStringLiteral("colour=red")}
                                     << QStringLiteral("--colour");
        QTest::newRow("bad value") << QStringList{QStringLiteral("sweep"), QStringLiteral("--vary"), QStringLiteral("gpus=8,lots")}
                                   << QStringLiteral("lots");
        QTest::newRow("no values") << QStringList{QStringLiteral("sweep"), QStringLiteral("--vary"), QStringLiteral("gpus=")}
                                   << QStringLiteral("KEY=V1");
    }
    void sweepUsageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    // The lean CLI needs no Qt library and no libxlsxwriter (nor the libcrypto it pulls in); drawn outputs
    // and the workbook go to fabricplan-cli-report, and a missing helper is a one-line error (exit 2), not
    // a crash, while plans still work without it. (It is linked statically unless the sanitizers are on.)
    void leanCliLinksNoQt()
    {
        QProcess readelf;
        readelf.start(QStringLiteral("readelf"), {QStringLiteral("-d"), QStringLiteral(FABRICPLAN_CLI)});
        QVERIFY(readelf.waitForFinished(30000));
        QCOMPARE(readelf.exitCode(), 0);
        const QByteArray dynamic = readelf.readAllStandardOutput();
        QVERIFY(dynamic.contains("Dynamic section"));  // static-pie keeps one, for its own relocations
        for (const char* lib : {"libQt6", "libxlsxwriter", "libcrypto"})
            QVERIFY2(!dynamic.contains(lib), dynamic.constData());
    }

    void drawnOutputsNeedTheHelper()
    {
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("floor.svg"));
        const QMap<QString, QString> noHelper{{QStringLiteral("FABRICPLAN_REPORT_HELPER"), dir.filePath(QStringLiteral("none"))}};
        const Run missing = runCli({QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("64"),
                                    QStringLiteral("--floor-svg"), svg},
                                   {}, noHelper);
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("fabricplan-cli-report"), missing.err.constData());
        QVERIFY(!QFileInfo::exists(svg));
        const Run plan = runCli({QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("64")}, {}, noHelper);
        QCOMPARE(plan.exitCode, 0);
        // With the helper found beside the CLI, the same command writes the drawing.
        const Run drawn = runCli({QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("64"),
                                  QStringLiteral("--export"), QStringLiteral("floor-svg=") + svg});
        QVERIFY2(drawn.exitCode == 0, drawn.err.constData());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("<svg"));
        QVERIFY(drawn.out.contains("64"));  // the summary, printed by the helper as by the CLI
    }
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "test_cli_sweep.moc"
