// The CLI for sweeps (issue 23): `sweep` plans every variant in one process and writes the same figures
// `plan` gives for each; the lean fabricplan-cli loads no Qt and hands drawn outputs to its helper.
#include <QtTest>

#include <set>

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

QStringList strings(std::initializer_list<const char*> list)
{
    QStringList out;
    for (const char* s : list) out << QString::fromUtf8(s);
    return out;
}

// The message `plan` stops with: its "fabricplan-cli: [error: ]..." line, without that prefix.
QString planMessage(const QByteArray& err)
{
    for (const QByteArray& line : err.split('\n'))
        if (line.startsWith("fabricplan-cli: ")) {
            QString m = QString::fromUtf8(line.mid(16));
            if (m.startsWith(QLatin1String("error: "))) m = m.mid(7);
            return m;
        }
    return {};
}

// The plan's transceiver modules: its BOM's transceiver lines added up (the figure `sweep --pareto optics` weighs).
long long transceiversOf(const json& plan)
{
    long long n = 0;
    for (const json& line : plan["bom"])
        if (line["category"] == "transceivers") n += line["qty"].get<long long>();
    return n;
}

// A sweep row (JSON line) against `plan` of the same flags: the same outcome (ok / design errors /
// refused, by exit status), and the same figures to the dollar, or the same message.
QString rowDiffersFromPlan(const json& row, const Run& plan)
{
    const std::string status = row["status"].get<std::string>();
    if (plan.exitCode == 2) {
        if (status != "failed") return QStringLiteral("plan refuses it (%1) but the row is %2").arg(planMessage(plan.err), QString::fromStdString(status));
        if (QString::fromStdString(row["message"].get<std::string>()) != planMessage(plan.err))
            return QStringLiteral("row message \"%1\" is not plan's \"%2\"").arg(QString::fromStdString(row["message"].get<std::string>()), planMessage(plan.err));
        return {};
    }
    if (status != (plan.exitCode == 0 ? "ok" : "errors"))
        return QStringLiteral("plan exits %1 but the row is %2 %3").arg(plan.exitCode).arg(QString::fromStdString(status), QString::fromStdString(row.value("message", "")));
    const json p = json::parse(plan.out.toStdString());
    const double capexDiff = std::abs(row["capex_usd"].get<double>() - p["capex_usd"]["total"].get<double>());
    if (capexDiff >= 0.5) return QStringLiteral("capex differs by $%1").arg(capexDiff, 0, 'f', 2);
    const std::pair<const char*, json> same[] = {
        {"tco_usd", p["tco_usd"]}, {"links", p["topology"]["links"]["total"]}, {"switches", p["topology"]["switches"]["total"]},
        {"tiers", p["topology"]["tiers"]}, {"power_kw", p["opex"]["power_kw"]}, {"latency_max_ns", p["performance"]["latency_ns"]["max"]},
        {"allreduce_busbw_GBps", p["performance"]["allreduce_busbw_GBps"]}, {"errors", p["errors"]}, {"warnings", p["warnings"]},
        {"nic", p["parts"]["nic"]}, {"fabric", p["fabric"]}, {"gpus", p["design"]["compute"]["gpus"]},
        {"transceivers", transceiversOf(p)}, {"job_interruptions_per_day", p["resilience"]["job_interruptions_per_day"]}};
    for (const auto& [key, value] : same)
        if (row[key] != value)
            return QStringLiteral("%1: row %2, plan %3").arg(QLatin1String(key), QString::fromStdString(row[key].dump()), QString::fromStdString(value.dump()));
    return {};
}

// The figures that tell two rows apart (not the echoed value).
std::string outcome(const json& row)
{
    json o = row;
    o.erase("vary");
    o.erase("design");
    return o.dump();
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

    // A design with other networks: a row's first figures are the compute fabric's, as `plan`'s top-level
    // JSON is, and its total_* columns are the cluster's, as `plan` totals every network; the row's status
    // and the sweep's exit follow every network's errors, as `plan`'s exit does. DGX H100 at 16,384 GPUs:
    // its in-band and OOB networks have design-rule errors (100G leaf-spine runs past 100 m) while the
    // compute fabric has none, so a compute-only status would say "ok" where `plan` exits 1.
    void rowsOfADesignWithNetworksCarryTheClusterTotal()
    {
        const Run r = runCli({QStringLiteral("sweep"), QStringLiteral("--platform"), QStringLiteral("DGX-H100"),
                              QStringLiteral("--vary"), QStringLiteral("gpus=1016,16384"), QStringLiteral("--jsonl"), QStringLiteral("-")});
        QVERIFY2(r.exitCode == 1, r.err.constData());
        QVERIFY2(r.err.contains("its total_* columns add the design's other networks, as"), r.err.constData());
        const auto rows = lines(r.out);
        QCOMPARE(rows.size(), 2);
        int withNetworkErrors = 0;
        for (const QByteArray& line : rows) {
            const json row = json::parse(line.toStdString());
            const QString gpus = QString::fromStdString(row["vary"]["gpus"].get<std::string>());
            const Run single = runCli({QStringLiteral("plan"), QStringLiteral("--platform"), QStringLiteral("DGX-H100"),
                                       QStringLiteral("--gpus"), gpus, QStringLiteral("--json"), QStringLiteral("-")});
            const QString differs = rowDiffersFromPlan(row, single);
            QVERIFY2(differs.isEmpty(), qPrintable(gpus + QStringLiteral(" GPUs: ") + differs));
            const json p = json::parse(single.out.toStdString());
            // The total `plan` writes, and independently the sum of its networks.
            const json& total = p["total"];
            QCOMPARE(row["networks"].get<int>(), int(p["networks"].size()));
            QCOMPARE(row["networks"].get<int>(), 4);
            long long switches = 0, transceivers = 0, cables = 0;
            double capex = 0, powerW = 0;
            int errors = 0;
            for (const json& n : p["networks"]) {
                switches += n["figures"]["switches"].get<long long>();
                transceivers += n["figures"]["transceivers"].get<long long>();
                cables += n["figures"]["cables"].get<long long>();
                capex += n["figures"]["capex_usd"].get<double>();
                powerW += n["figures"]["power_w"].get<double>();
                errors += n["figures"]["errors"].get<int>();
            }
            QCOMPARE(row["total_switches"].get<long long>(), total["switches"].get<long long>());
            QCOMPARE(row["total_switches"].get<long long>(), switches);
            QCOMPARE(row["total_transceivers"].get<long long>(), transceivers);
            QCOMPARE(row["total_cables"].get<long long>(), cables);
            QVERIFY(std::abs(row["total_capex_usd"].get<double>() - capex) < 0.01);
            QVERIFY(std::abs(row["total_capex_usd"].get<double>() - total["capex_usd"].get<double>()) < 0.005);
            QVERIFY(std::abs(row["total_power_kw"].get<double>() * 1000 - powerW) < 1e-6 * powerW);
            QVERIFY(std::abs(row["total_power_max_kw"].get<double>() * 1000 - total["power_max_w"].get<double>()) < 1e-3);
            QCOMPARE(row["total_errors"].get<int>(), errors);
            QCOMPARE(row["total_warnings"].get<int>(), total["warnings"].get<int>());
            // The other networks cost something: the total is above the compute fabric's own.
            QVERIFY(row["total_capex_usd"].get<double>() > row["capex_usd"].get<double>());
            QVERIFY(row["total_switches"].get<long long>() > row["switches"].get<long long>());
            // plan exits 1 for any network's errors; the row says "errors" then, whatever the compute fabric's.
            QCOMPARE(row["status"].get<std::string>(), std::string(single.exitCode == 0 ? "ok" : "errors"));
            if (row["errors"].get<int>() == 0 && errors > 0) ++withNetworkErrors;
        }
        QVERIFY2(withNetworkErrors == 1, "16,384 GPUs: errors in the management networks only, as planned");
        // A design file that lists its networks: the note names them.
        const Run named = runCli({QStringLiteral("sweep"), example("dgx-h100-superpod-1024-all-networks.fabricplan"),
                                  QStringLiteral("--vary"), QStringLiteral("gpus=1024"), QStringLiteral("--csv"), QStringLiteral("-")});
        QVERIFY2(named.exitCode == 0, named.err.constData());
        QVERIFY2(named.err.contains("its total_* columns add the design's other networks (storage, inband, oob), as"),
                 named.err.constData());
    }

    // A design of the compute fabric alone: one network, and its total is that fabric's own figures.
    void rowOfTheComputeFabricAloneIsItsOwnTotal()
    {
        const Run r = runCli({QStringLiteral("sweep"), example("dgx-h100-superpod-1024.fabricplan"), QStringLiteral("--vary"),
                              QStringLiteral("gpus=512,1024"), QStringLiteral("--csv"), QStringLiteral("-")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(!r.err.contains("total_*"));  // nothing to say of other networks
        const auto rows = lines(r.out);
        QCOMPARE(rows.size(), 3);
        const QList<QByteArray> header = rows[0].split(',');
        const auto col = [&](const char* name) {
            const int c = int(header.indexOf(name));
            if (c < 0) qFatal("no column %s", name);
            return c;
        };
        for (int i = 1; i < rows.size(); ++i) {
            const QList<QByteArray> row = rows[i].split(',');
            QCOMPARE(row.size(), header.size());
            QCOMPARE(row[col("networks")], QByteArray("1"));
            QCOMPARE(row[col("total_capex_usd")], row[col("capex_usd")]);
            QCOMPARE(row[col("total_switches")], row[col("switches")]);
            QCOMPARE(row[col("total_transceivers")], row[col("transceivers")]);
            QCOMPARE(row[col("total_errors")], row[col("errors")]);
            QVERIFY2(std::abs(row[col("total_power_kw")].toDouble() - row[col("power_kw")].toDouble()) < 1e-6,
                     rows[i].constData());
            // A two-tier fabric of rail-optimized DGX nodes: a host cable and a leaf-spine cable per GPU.
            QCOMPARE(row[col("total_cables")].toLongLong(), row[col("links")].toLongLong());
        }
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
        QTest::newRow("key twice") << QStringList{QStringLiteral("sweep"), QStringLiteral("--vary"), QStringLiteral("gpus=8"),
                                                  QStringLiteral("--vary"), QStringLiteral("gpus=16")}
                                   << QStringLiteral("given twice");
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

    // Issue 42: every key `sweep --help` lists is applied exactly as `plan` applies its flag. The keys are
    // read from the help itself, so a new design override without test values fails here. Each row is
    // compared with `plan` of the base's flags and the row's (exit status, figures to the dollar, or the
    // same message), and a key's values must not all give the same row (an ignored key would: sharp,
    // misconfigured-roce and qps were echoed but planned with the base's options).
    void everyKeyTheHelpListsIsPlannedAsPlanWould()
    {
        const Run help = runCli({QStringLiteral("sweep"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QStringList helpKeys;
        bool inOverrides = false;
        for (const QByteArray& raw : help.out.split('\n')) {
            const QString line = QString::fromUtf8(raw);
            if (line.startsWith(QLatin1String("Design overrides"))) inOverrides = true;
            if (!inOverrides || !line.startsWith(QLatin1String("  --"))) continue;
            const QString entry = line.left(line.indexOf(QLatin1String("   ")) < 0 ? line.size() : line.indexOf(QLatin1String("   ")));
            auto it = QRegularExpression(QStringLiteral("--([a-z][a-z-]*)")).globalMatch(entry);
            while (it.hasNext()) helpKeys << it.next().captured(1);
        }
        for (const char* k : {"gpus", "sharp", "misconfigured-roce", "qps", "dual-tor", "no-dual-tor", "catalog", "price-source"})
            QVERIFY2(helpKeys.contains(QLatin1String(k)), qPrintable(helpKeys.join(QLatin1Char(' '))));

        struct Value {
            QString value;
            QStringList planFlags;  // what `plan` is given for it
        };
        struct Case {
            QStringList base;
            QList<Value> values;
        };
        const QStringList small = strings({"--gpus", "512"});
        const QMap<QString, Case> cases{
            {"gpus", {{}, {{"256", strings({"--gpus", "256"})}, {"1024", strings({"--gpus", "1024"})}, {"lots", strings({"--gpus", "lots"})}}}},
            {"platform", {strings({"--gpus", "576"}), {{"GB200-NVL72", strings({"--platform", "GB200-NVL72"})}, {"DGX-H100", strings({"--platform", "DGX-H100"})}, {"nope", strings({"--platform", "nope"})}}}},
            {"gpus-per-node", {small, {{"4", strings({"--gpus-per-node", "4"})}, {"8", strings({"--gpus-per-node", "8"})}}}},
            {"nics-per-node", {small, {{"4", strings({"--nics-per-node", "4"})}, {"8", strings({"--nics-per-node", "8"})}}}},
            {"nic", {small + strings({"--fabric", "roce"}), {{"MCX75310AAS-NEAT", strings({"--nic", "MCX75310AAS-NEAT"})}, {"900-9X81Q-00CN-ST0", strings({"--nic", "900-9X81Q-00CN-ST0"})}, {"NOPE-1", strings({"--nic", "NOPE-1"})}}}},
            {"link-gbps", {small, {{"200", strings({"--link-gbps", "200"})}, {"400", strings({"--link-gbps", "400"})}}}},
            {"host-gbps", {small, {{"200", strings({"--host-gbps", "200"})}, {"400", strings({"--host-gbps", "400"})}}}},
            // 200G hosts on SN5600 leaves under 400G uplinks, or every link at 200G; 300 is refused.
            {"fabric-gbps", {small + strings({"--fabric", "roce", "--switch", "SN5600", "--nic", "MCX755106AS-HEAT", "--link-gbps", "200"}),
                             {{"0", strings({"--fabric-gbps", "0"})}, {"400", strings({"--fabric-gbps", "400"})}, {"300", strings({"--fabric-gbps", "300"})}}}},
            {"fabric", {small, {{"infiniband", strings({"--fabric", "infiniband"})}, {"roce", strings({"--fabric", "roce"})}, {"ib", strings({"--fabric", "ib"})}}}},
            {"switch", {small + strings({"--fabric", "roce"}), {{"SN5600", strings({"--switch", "SN5600"})}, {"N9K-C9364D-GX2A", strings({"--switch", "N9K-C9364D-GX2A"})}, {"MQM9700-NS2F", strings({"--switch", "MQM9700-NS2F"})}, {"XYZ-9", strings({"--switch", "XYZ-9"})}}}},
            {"leaf-switch", {small + strings({"--fabric", "roce", "--switch", "SN5600"}), {{"SN5600", strings({"--leaf-switch", "SN5600"})}, {"N9K-C9364D-GX2A", strings({"--leaf-switch", "N9K-C9364D-GX2A"})}, {"XYZ-9", strings({"--leaf-switch", "XYZ-9"})}}}},
            {"spine-switch", {strings({"--gpus", "16384", "--fabric", "roce", "--switch", "SN5600"}), {{"SN5600", strings({"--spine-switch", "SN5600"})}, {"DCS-7816R4", strings({"--spine-switch", "DCS-7816R4"})}}}},
            {"core-switch", {strings({"--gpus", "4096", "--fabric", "roce", "--switch", "SN5600", "--tiers", "3"}), {{"SN5600", strings({"--core-switch", "SN5600"})}, {"N9K-C9364D-GX2A", strings({"--core-switch", "N9K-C9364D-GX2A"})}, {"XYZ-9", strings({"--core-switch", "XYZ-9"})}}}},
            {"radix", {strings({"--gpus", "256"}), {{"32", strings({"--radix", "32"})}, {"64", strings({"--radix", "64"})}}}},
            {"tiers", {small, {{"auto", strings({"--tiers", "auto"})}, {"3", strings({"--tiers", "3"})}}}},
            {"rail-optimized", {small, {{"true", strings({"--rail-optimized"})}, {"false", strings({"--no-rail-optimized"})}, {"yes", {}}}}},
            {"no-rail-optimized", {small, {{"true", strings({"--no-rail-optimized"})}, {"false", strings({"--rail-optimized"})}}}},
            {"su-nodes", {small, {{"auto", strings({"--su-nodes", "auto"})}, {"16", strings({"--su-nodes", "16"})}}}},
            {"leaf-per-rack", {small + strings({"--no-rail-optimized"}), {{"true", strings({"--leaf-per-rack"})}, {"false", {}}}}},
            {"pod-nodes", {strings({"--gpus", "4096", "--tiers", "3"}), {{"64", strings({"--pod-nodes", "64"})}, {"128", strings({"--pod-nodes", "128"})}}}},
            // Rows are the compute fabric's: the platform's other networks, planned or not, leave them alone.
            {"compute-only", {small + strings({"--platform", "DGX-H100"}), {{"true", strings({"--compute-only"})}, {"false", {}}}}},
            {"planes", {small, {{"1", strings({"--planes", "1"})}, {"2", strings({"--planes", "2"})}}}},
            {"dual-tor", {small + strings({"--fabric", "roce"}), {{"true", strings({"--dual-tor"})}, {"false", strings({"--no-dual-tor"})}}}},
            {"no-dual-tor", {small + strings({"--fabric", "roce"}), {{"true", strings({"--no-dual-tor"})}, {"false", strings({"--dual-tor"})}}}},
            {"oversubscription", {small, {{"1:1", strings({"--oversubscription", "1:1"})}, {"3:1", strings({"--oversubscription", "3:1"})}, {"1:1.16", strings({"--oversubscription", "1:1.16"})}, {"x", strings({"--oversubscription", "x"})}}}},
            {"spine-oversubscription", {strings({"--gpus", "4096", "--tiers", "3"}), {{"1:1", strings({"--spine-oversubscription", "1:1"})}, {"2:1", strings({"--spine-oversubscription", "2:1"})}}}},
            {"racks-per-row", {small, {{"2", strings({"--racks-per-row", "2"})}, {"16", strings({"--racks-per-row", "16"})}}}},
            {"nodes-per-rack", {small, {{"1", strings({"--nodes-per-rack", "1"})}, {"4", strings({"--nodes-per-rack", "4"})}}}},
            {"leaf-placement", {small, {{"end-of-row", strings({"--leaf-placement", "end-of-row"})}, {"in-rack", strings({"--leaf-placement", "in-rack"})}, {"nowhere", strings({"--leaf-placement", "nowhere"})}}}},
            {"spine-placement", {small, {{"central-room", strings({"--spine-placement", "central-room"})}, {"end-of-row", strings({"--spine-placement", "end-of-row"})}}}},
            {"third-party-optics", {small + strings({"--fabric", "roce"}), {{"true", strings({"--third-party-optics"})}, {"false", {}}}}},
            {"price-policy", {small + strings({"--fabric", "roce", "--third-party-optics"}), {{"cheapest-qualified", strings({"--price-policy", "cheapest-qualified"})}, {"oem-only", strings({"--price-policy", "oem-only"})}, {"named-source", strings({"--price-policy", "named-source"})}}}},
            {"price-source", {small + strings({"--price-policy", "named-source"}), {{"estimate-street-2026", strings({"--price-source", "estimate-street-2026"})}, {"estimate-oem-list-2026", strings({"--price-source", "estimate-oem-list-2026"})}}}},
            {"comm-pct", {small, {{"5", strings({"--comm-pct", "5"})}, {"30", strings({"--comm-pct", "30"})}}}},
            {"misconfigured-roce", {small + strings({"--fabric", "roce"}), {{"true", strings({"--misconfigured-roce"})}, {"false", {}}}}},
            {"sharp", {small + strings({"--fabric", "infiniband"}), {{"true", strings({"--sharp"})}, {"false", {}}}}},
            // The lossless settings: a value that breaks the lossless class is a lossless.settings error.
            {"port-mtu", {small + strings({"--fabric", "roce"}), {{"9216", strings({"--port-mtu", "9216"})}, {"3000", strings({"--port-mtu", "3000"})}}}},
            {"lossless-priority", {small + strings({"--fabric", "roce"}), {{"3", strings({"--lossless-priority", "3"})}, {"0", strings({"--lossless-priority", "0"})}}}},
            {"cnp-priority", {small + strings({"--fabric", "roce"}), {{"6", strings({"--cnp-priority", "6"})}, {"3", strings({"--cnp-priority", "3"})}}}},
            {"roce-dscp", {small + strings({"--fabric", "roce"}), {{"26", strings({"--roce-dscp", "26"})}, {"48", strings({"--roce-dscp", "48"})}}}},
            {"cnp-dscp", {small + strings({"--fabric", "roce"}), {{"48", strings({"--cnp-dscp", "48"})}, {"26", strings({"--cnp-dscp", "26"})}}}},
            {"lossless-priorities", {small + strings({"--fabric", "roce"}), {{"1", strings({"--lossless-priorities", "1"})}, {"3", strings({"--lossless-priorities", "3"})}}}},
            {"switch-buffer-mb", {small + strings({"--fabric", "roce"}), {{"0", strings({"--switch-buffer-mb", "0"})}, {"1", strings({"--switch-buffer-mb", "1"})}}}},
            {"qps", {strings({"--gpus", "2048", "--fabric", "roce", "--no-rail-optimized"}), {{"1", strings({"--qps", "1"})}, {"8", strings({"--qps", "8"})}, {"17", strings({"--qps", "17"})}}}},
        };
        for (const QString& key : helpKeys) {
            if (key == QLatin1String("catalog")) {  // one catalog per sweep: refused as a varied key
                const Run r = runCli({QStringLiteral("sweep"), QStringLiteral("--vary"), QStringLiteral("catalog=a,b")});
                QCOMPARE(r.exitCode, 2);
                QVERIFY2(r.err.contains("one catalog"), r.err.constData());
                continue;
            }
            QVERIFY2(cases.contains(key), qPrintable(QStringLiteral("sweep --help lists \"%1\": give it test values here").arg(key)));
            const Case& c = cases[key];
            QStringList values;
            for (const Value& v : c.values) values << v.value;
            const Run sweep = runCli(QStringList{QStringLiteral("sweep")} + c.base +
                                     QStringList{QStringLiteral("--vary"), key + QLatin1Char('=') + values.join(QLatin1Char(',')),
                                                 QStringLiteral("--jsonl"), QStringLiteral("-")});
            QVERIFY2(sweep.exitCode >= 0 && sweep.exitCode <= 2, sweep.err.constData());
            const auto rows = lines(sweep.out);
            QCOMPARE(rows.size(), c.values.size());
            std::set<std::string> outcomes;
            for (int i = 0; i < c.values.size(); ++i) {
                const json row = json::parse(rows[i].toStdString());
                QCOMPARE(QString::fromStdString(row["vary"][key.toStdString()].get<std::string>()), c.values[i].value);
                if (row["status"] != "failed") outcomes.insert(outcome(row));
                const Value& v = c.values[i];
                if (v.planFlags.isEmpty() && v.value != QLatin1String("false")) {  // not a flag value: refused
                    QCOMPARE(QString::fromStdString(row["status"].get<std::string>()), QStringLiteral("failed"));
                    QVERIFY2(QString::fromStdString(row["message"].get<std::string>()).contains(QLatin1String("true or false")), rows[i].constData());
                    continue;
                }
                const Run plan = runCli(QStringList{QStringLiteral("plan")} + c.base + v.planFlags +
                                        QStringList{QStringLiteral("--json"), QStringLiteral("-")});
                const QString diff = rowDiffersFromPlan(row, plan);
                QVERIFY2(diff.isEmpty(), qPrintable(key + QLatin1Char('=') + v.value + QStringLiteral(": ") + diff));
            }
            // Of the values planned, no two give the same figures: the key is applied, not only echoed.
            // (comm-pct weighs the fabrics in compare's advice only: no figure of a plan depends on it.)
            // (compute-only decides whether the other networks are planned; a sweep row is the compute fabric's.)
            if (key == QLatin1String("comm-pct") || key == QLatin1String("compute-only")) continue;
            QVERIFY2(outcomes.size() > 1, qPrintable(QStringLiteral("the values of %1 planned alike: is the key ignored?").arg(key)));
        }
    }

    // Variants that build one floor (switches of one shape: SN5600, QFX5240-64OD and DCS-7060X6-64PE are
    // 64 x 800G OSFP) are planned on a floor built once (sweep_plan.h: planSweepRows); each row must
    // still be the plan of that design alone: figures, errors and messages, including floors that cannot
    // be built (one tier for 2,048 GPUs) and designs refused before their floor (SU of 7 nodes, 2 planes of
    // one NIC port), in any mix with another shape (N9K-C9364D-GX2A: 64 x 400G QSFP-DD).
    void variantsOfOneFloorArePlannedAsAlone()
    {
        const QStringList base = strings({"--gpus", "2048", "--fabric", "roce"});
        const QStringList vary = strings({"--vary", "switch=SN5600,QFX5240-64OD,N9K-C9364D-GX2A,DCS-7060X6-64PE",
                                          "--vary", "oversubscription=1:1,3:1", "--vary", "planes=1,2",
                                          "--vary", "tiers=auto,1", "--vary", "su-nodes=16,7"});
        const Run sweep = runCli(QStringList{QStringLiteral("sweep")} + base + vary + strings({"--jsonl", "-"}));
        QVERIFY2(sweep.exitCode >= 0 && sweep.exitCode <= 2, sweep.err.constData());
        const auto rows = lines(sweep.out);
        QCOMPARE(rows.size(), 4 * 2 * 2 * 2 * 2);
        std::set<std::string> statuses;
        for (const QByteArray& text : rows) {
            const json row = json::parse(text.toStdString());
            QStringList flags;
            for (const auto& [key, value] : row["vary"].items())
                flags << QStringLiteral("--") + QString::fromStdString(key) << QString::fromStdString(value.get<std::string>());
            const Run plan = runCli(QStringList{QStringLiteral("plan")} + base + flags + strings({"--json", "-"}));
            const QString diff = rowDiffersFromPlan(row, plan);
            QVERIFY2(diff.isEmpty(), qPrintable(flags.join(QLatin1Char(' ')) + QStringLiteral(": ") + diff));
            statuses.insert(row["status"].get<std::string>());
        }
        QCOMPARE(statuses, (std::set<std::string>{"ok", "errors", "failed"}));
    }

    // A decimal ratio (issue 39) plans alike from the CLI flag, the design file field and the sweep key: the
    // same plan JSON (timings aside) from flag and file (the design echoed as "1:1.16"), and the same figures in
    // the sweep row; and a bad one is refused with the same words by the flag and the file.
    void decimalRatioIsTheSameFromFlagFileAndSweep()
    {
        QTemporaryDir dir;
        const QString base = dir.filePath(QStringLiteral("base.fabricplan")), decimal = dir.filePath(QStringLiteral("decimal.fabricplan"));
        const auto write = [](const QString& path, const char* text) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write(base, R"({"format_version": 2, "compute": {"gpus": 2048}, "fabric": {"technology": "roce", "switch": "SN5600"}})");
        write(decimal, R"({"format_version": 2, "compute": {"gpus": 2048}, "fabric": {"technology": "roce", "switch": "SN5600", "leaf_oversubscription": "1:1.16"}})");
        const Run byFlag = runCli({QStringLiteral("plan"), base, QStringLiteral("--oversubscription"), QStringLiteral("1:1.16"), QStringLiteral("--json"), QStringLiteral("-")});
        const Run byFile = runCli({QStringLiteral("plan"), decimal, QStringLiteral("--json"), QStringLiteral("-")});
        const Run whole = runCli({QStringLiteral("plan"), base, QStringLiteral("--json"), QStringLiteral("-")});
        QVERIFY2(byFlag.exitCode == 0 || byFlag.exitCode == 1, byFlag.err.constData());
        QCOMPARE(byFile.exitCode, byFlag.exitCode);
        json flagPlan = json::parse(byFlag.out.toStdString()), filePlan = json::parse(byFile.out.toStdString());
        flagPlan.erase("timings_ms");  // wall-clock, not a figure of the plan
        filePlan.erase("timings_ms");
        QCOMPARE(flagPlan["design"]["fabric"]["leaf_oversubscription"].get<std::string>(), std::string("1:1.16"));
        QVERIFY(flagPlan == filePlan);
        QVERIFY(json::parse(whole.out.toStdString())["topology"] != flagPlan["topology"]);  // the ratio is applied

        const Run sweep = runCli({QStringLiteral("sweep"), base, QStringLiteral("--vary"), QStringLiteral("oversubscription=1:1,1:1.16"),
                                  QStringLiteral("--jsonl"), QStringLiteral("-")});
        const auto rows = lines(sweep.out);
        QCOMPARE(rows.size(), 2);
        const QString diff = rowDiffersFromPlan(json::parse(rows[1].toStdString()), byFlag);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));

        write(decimal, R"({"format_version": 2, "fabric": {"leaf_oversubscription": "1:1.1667"}})");
        const Run badFile = runCli({QStringLiteral("plan"), decimal});
        const Run badFlag = runCli({QStringLiteral("plan"), QStringLiteral("--oversubscription"), QStringLiteral("1:1.1667")});
        QCOMPARE(badFile.exitCode, 2);
        QCOMPARE(badFlag.exitCode, 2);
        for (const Run* r : {&badFile, &badFlag}) {
            QVERIFY2(r->err.contains("\"1:1.1667\" has more than 3 decimals"), r->err.constData());
            QVERIFY2(r->err.contains("round each side to 3 decimals, e.g. 1:1.167"), r->err.constData());
        }
    }

    // qps=17 fails its row with plan's message (the options were read once, from the base: it planned
    // "ok"); the other rows still come out and the sweep exits 2, as plan --qps 17 does.
    void qpsOutOfRangeFailsItsRow()
    {
        const Run sweep = runCli(strings({"sweep", "--gpus", "256", "--vary", "qps=4,17", "--jsonl", "-"}));
        QCOMPARE(sweep.exitCode, 2);
        const auto rows = lines(sweep.out);
        QCOMPARE(rows.size(), 2);
        QCOMPARE(json::parse(rows[0].toStdString())["status"].get<std::string>(), std::string("ok"));
        const json bad = json::parse(rows[1].toStdString());
        QCOMPARE(bad["status"].get<std::string>(), std::string("failed"));
        const Run plan = runCli(strings({"plan", "--gpus", "256", "--qps", "17"}));
        QCOMPARE(plan.exitCode, 2);
        QCOMPARE(QString::fromStdString(bad["message"].get<std::string>()), planMessage(plan.err));
        QVERIFY(planMessage(plan.err).contains(QLatin1String("1 to 16")));
        QVERIFY2(sweep.err.contains("design 2: --qps takes 1 to 16"), sweep.err.constData());
    }

    // --jsonl-in: a read failure is not the end of the input. A folder, an over-long line and an endless
    // one (/dev/zero) exit 2 naming the input and the line; nothing is planned.
    void jsonLinesReadErrorsAreReported()
    {
        QTemporaryDir dir;
        const Run folder = runCli({QStringLiteral("sweep"), QStringLiteral("--jsonl-in"), dir.path()});
        QCOMPARE(folder.exitCode, 2);
        QVERIFY2(folder.err.contains("is a folder") && folder.err.contains(dir.path().toUtf8()), folder.err.constData());
        QVERIFY(folder.out.isEmpty());

        const QString longFile = dir.filePath(QStringLiteral("long.jsonl"));
        {
            QFile f(longFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"gpus\": 64}\n\n{\"price-source\": \"");
            f.write(QByteArray(1100 * 1024, 'x'));
            f.write("\"}\n{\"gpus\": 128}\n");
        }
        const Run tooLong = runCli({QStringLiteral("sweep"), QStringLiteral("--jsonl-in"), longFile});
        QCOMPARE(tooLong.exitCode, 2);
        QVERIFY2(tooLong.err.contains((longFile + QStringLiteral(":3")).toUtf8()) && tooLong.err.contains("longer than 1 MiB"),
                 tooLong.err.constData());
        QVERIFY(tooLong.out.isEmpty());

        const Run endless = runCli({QStringLiteral("sweep"), QStringLiteral("--jsonl-in"), QStringLiteral("/dev/zero")});
        QCOMPARE(endless.exitCode, 2);
        QVERIFY2(endless.err.contains("/dev/zero:1") && endless.err.contains("longer than"), endless.err.constData());

        const Run missing = runCli({QStringLiteral("sweep"), QStringLiteral("--jsonl-in"), dir.filePath(QStringLiteral("none.jsonl"))});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("none.jsonl") && missing.err.contains("No such file"), missing.err.constData());
    }

    // A bad line fails its own row, naming its line (blank lines counted); every other row comes out,
    // planned, and the sweep exits 2 at the end. It used to abort the whole sweep without the line.
    void badLineFailsOnlyItsRowWithItsLineNumber()
    {
        const QByteArray in = "{\"gpus\": 256}\n\n{\"gpus\": 512}\n{\"fabric\": \"ib\"}\nnot json\n{\"gpus\": 1024}\n";
        const Run r = runCli(strings({"sweep", "--jsonl-in", "-", "--jsonl", "-"}), in);
        QCOMPARE(r.exitCode, 2);
        const auto rows = lines(r.out);
        QCOMPARE(rows.size(), 5);
        const json enumRow = json::parse(rows[2].toStdString()), syntaxRow = json::parse(rows[3].toStdString());
        QCOMPARE(enumRow["status"].get<std::string>(), std::string("failed"));
        QCOMPARE(enumRow["line"].get<int>(), 4);
        QCOMPARE(enumRow["message"].get<std::string>(),
                 std::string("standard input:4: --fabric must be one of infiniband, roce, spectrum-x, uec, not \"ib\""));
        QCOMPARE(syntaxRow["status"].get<std::string>(), std::string("failed"));
        QVERIFY2(syntaxRow["message"].get<std::string>().rfind("standard input:5: ", 0) == 0, rows[3].constData());
        for (int i : {0, 1, 4}) QCOMPARE(json::parse(rows[i].toStdString())["status"].get<std::string>(), std::string("ok"));
        QCOMPARE(json::parse(rows[4].toStdString())["gpus"].get<int>(), 1024);
        QVERIFY2(r.err.contains("standard input:4:"), r.err.constData());
    }

    // Money in the CSV to the dollar for a large design: %.6g wrote $13,858,412,345 as 1.38584e+10.
    void csvMoneyIsExactToTheDollar()
    {
        const Run sweep = runCli(strings({"sweep", "--gpus", "65536", "--vary", "fabric=infiniband", "--csv", "-"}));
        QVERIFY2(sweep.exitCode == 0 || sweep.exitCode == 1, sweep.err.constData());
        const auto rows = lines(sweep.out);
        QCOMPARE(rows.size(), 2);
        const QList<QByteArray> header = rows[0].split(','), row = rows[1].split(',');
        const Run plan = runCli(strings({"plan", "--gpus", "65536", "--fabric", "infiniband", "--json", "-"}));
        const json p = json::parse(plan.out.toStdString());
        const double capex = p["capex_usd"]["total"].get<double>(), tco = p["tco_usd"].get<double>();
        QVERIFY(capex > 1e8);
        const QByteArray capexCell = row[header.indexOf("capex_usd")], tcoCell = row[header.indexOf("tco_usd")];
        QVERIFY2(!capexCell.contains('e') && !tcoCell.contains('e'), rows[1].constData());
        QVERIFY2(std::abs(capexCell.toDouble() - capex) < 0.5, qPrintable(QString::fromUtf8(capexCell) + QStringLiteral(" vs %1").arg(capex, 0, 'f', 2)));
        QVERIFY2(std::abs(tcoCell.toDouble() - tco) < 0.5, tcoCell.constData());
    }

    // --csv and --jsonl on one file (however spelt) kept only the last written: refused before any work.
    // An output over an input (the JSON lines being read) would replace it: refused too.
    void sameOutputTwiceIsRefused()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("rows.txt"));
        for (const QString& other : {out, dir.path() + QStringLiteral("/./rows.txt")}) {
            const Run r = runCli({QStringLiteral("sweep"), QStringLiteral("--vary"), QStringLiteral("gpus=8,16"), QStringLiteral("--csv"), out,
                                  QStringLiteral("--jsonl"), other});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("--csv and --jsonl name the same"), r.err.constData());
            QVERIFY(!QFileInfo::exists(out));
            QVERIFY2(!r.err.contains("planned"), r.err.constData());
        }
        const Run both = runCli(strings({"sweep", "--vary", "gpus=8", "--csv", "-", "--jsonl", "-"}));
        QCOMPARE(both.exitCode, 2);
        const QString in = dir.filePath(QStringLiteral("in.jsonl"));
        {
            QFile f(in);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"gpus\": 8}\n");
        }
        const Run over = runCli({QStringLiteral("sweep"), QStringLiteral("--jsonl-in"), in, QStringLiteral("--jsonl"), in});
        QCOMPARE(over.exitCode, 2);
        QVERIFY2(over.err.contains("--jsonl-in file"), over.err.constData());
        QFile f(in);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("{\"gpus\": 8}\n"));
    }

    // A design that runs out of memory fails its own row; the small ones before and after are planned.
    // (Run under a 200 MB address-space limit: the 2,000,000-GPU plan peaks near 275 MB without one.) It
    // used to end the whole sweep with "out of memory" and no row at all.
    void outOfMemoryFailsOnlyItsRow()
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), QDir::tempPath() + QStringLiteral("/fabricplan-test-no-user-catalog"));
        env.insert(QStringLiteral("FABRICPLAN_THREADS"), QStringLiteral("1"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("prlimit"), {QStringLiteral("--as=%1").arg(200LL << 20), QStringLiteral(FABRICPLAN_CLI), QStringLiteral("sweep"),
                                            QStringLiteral("--vary"), QStringLiteral("gpus=64,2000000,128"), QStringLiteral("--jsonl"),
                                            QStringLiteral("-")});
        QVERIFY(p.waitForFinished(120000));
        const QByteArray out = p.readAllStandardOutput(), err = p.readAllStandardError();
        if (err.contains("Sanitizer")) QSKIP("the sanitizers' shadow memory does not fit an address-space limit");
        QVERIFY2(p.exitCode() == 1, err.constData());
        const auto rows = lines(out);
        QCOMPARE(rows.size(), 3);
        QCOMPARE(json::parse(rows[0].toStdString())["status"].get<std::string>(), std::string("ok"));
        QCOMPARE(json::parse(rows[2].toStdString())["status"].get<std::string>(), std::string("ok"));
        const json big = json::parse(rows[1].toStdString());
        QCOMPARE(big["status"].get<std::string>(), std::string("failed"));
        QVERIFY2(big["message"].get<std::string>().find("out of memory") != std::string::npos, rows[1].constData());
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
