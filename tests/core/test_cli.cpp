// The CLI as a user runs it: exit codes, one-line errors, and plan JSON whose numbers are derived
// here independently (closed-form leaf-spine counts, sums of the BOM).
#include <QtTest>

#include <map>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run runCli(const QStringList& args, const QString& workDir = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), QDir::tempPath() + QStringLiteral("/fabricplan-test-no-user-catalog"));
    p.setProcessEnvironment(env);
    if (!workDir.isEmpty()) p.setWorkingDirectory(workDir);
    p.start(QStringLiteral(FABRICPLAN_CLI), args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

QString example(const char* name) { return QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/") + QLatin1String(name); }

QString builtCatalog() { return QStringLiteral(FABRICPLAN_TEST_CATALOG); }

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    // 1,024 GPUs, 8 per node, 8 rails, SU of 32 nodes on a 64-port leaf (32 down / 32 up):
    // 4 SUs x 8 rails = 32 leaves; 32 x 32 uplinks / 64 spine ports = 16 spines; 2 tiers.
    void planJsonMatchesClosedForm()
    {
        const Run r = runCli({QStringLiteral("plan"), example("dgx-h100-superpod-1024.fabricplan"), QStringLiteral("--json"),
                              QStringLiteral("-")});
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        const json j = json::parse(r.out.toStdString());
        QCOMPARE(j["topology"]["tiers"].get<int>(), 2);
        QCOMPARE(j["topology"]["endpoints"].get<int>(), 1024);
        QCOMPARE(j["topology"]["switches"]["leaf"].get<int>(), 32);
        QCOMPARE(j["topology"]["switches"]["spine"].get<int>(), 16);
        QCOMPARE(j["topology"]["switches"]["core"].get<int>(), 0);
        QCOMPARE(j["topology"]["switches"]["total"].get<int>(), 48);
        QCOMPARE(j["topology"]["links"]["host_leaf"].get<int>(), 1024);
        QCOMPARE(j["topology"]["links"]["leaf_spine"].get<int>(), 1024);
        QCOMPARE(j["topology"]["links"]["total"].get<int>(), 2048);
        // The BOM adds up: capex is the sum of extended prices, each qty x unit price.
        double sum = 0, power = 0;
        long long switches = 0;
        for (const auto& line : j["bom"]) {
            for (const char* key : {"category", "part", "vendor", "description", "qty", "unit_price_usd", "extended_usd", "power_w"})
                QVERIFY2(line.contains(key), key);
            QVERIFY(std::abs(line["qty"].get<double>() * line["unit_price_usd"].get<double>() - line["extended_usd"].get<double>()) < 0.01);
            sum += line["extended_usd"].get<double>();
            power += line["extended_power_w"].get<double>();
            if (line["category"] == "switches") switches += line["qty"].get<long long>();
        }
        QCOMPARE(switches, 48LL);
        QVERIFY(std::abs(sum - j["capex_usd"]["total"].get<double>()) < 1.0);
        QVERIFY(std::abs(power - j["power_w"]["total"].get<double>()) < 1.0);
        QVERIFY(j["checks"].is_array());
        for (const auto& c : j["checks"]) QVERIFY(c.contains("severity") && c.contains("rule") && c.contains("message"));
        QCOMPARE(r.exitCode, j["errors"].get<int>() > 0 ? 1 : 0);
    }

    void overridesDriveTheTopology()
    {
        // A k = 8 fat-tree from a generic radix-8 switch: 128 hosts, 80 switches, 3 tiers.
        const Run r = runCli({QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("128"), QStringLiteral("--gpus-per-node"),
                              QStringLiteral("1"), QStringLiteral("--nics-per-node"), QStringLiteral("1"), QStringLiteral("--no-rail-optimized"),
                              QStringLiteral("--radix"), QStringLiteral("8"), QStringLiteral("--tiers"), QStringLiteral("3"),
                              QStringLiteral("--json"), QStringLiteral("-")});
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        const json j = json::parse(r.out.toStdString());
        QCOMPARE(j["topology"]["switches"]["total"].get<int>(), 80);
        QCOMPARE(j["topology"]["switches"]["core"].get<int>(), 16);
        QCOMPARE(j["topology"]["links"]["spine_core"].get<int>(), 128);
    }

    void everyExamplePlans_data()
    {
        QTest::addColumn<QString>("file");
        for (const auto& f : QDir(QStringLiteral(FABRICPLAN_EXAMPLES_DIR)).entryList({QStringLiteral("*.fabricplan")}))
            QTest::newRow(qPrintable(f)) << QDir(QStringLiteral(FABRICPLAN_EXAMPLES_DIR)).filePath(f);
    }
    void everyExamplePlans()
    {
        QFETCH(QString, file);
        const Run r = runCli({QStringLiteral("plan"), file, QStringLiteral("--json"), QStringLiteral("-")});
        QVERIFY2(r.exitCode == 0, (r.err + r.out.left(2000)).constData());
        const json j = json::parse(r.out.toStdString());
        QVERIFY(j["topology"]["switches"]["total"].get<int>() > 0);
        QVERIFY(j["capex_usd"]["total"].get<double>() > 0);
        // Discarding the JSON the usual way works too, and leaves /dev/null a device.
        const Run discarded = runCli({QStringLiteral("plan"), file, QStringLiteral("--json"), QStringLiteral("/dev/null")});
        QVERIFY2(discarded.exitCode == 0, discarded.err.constData());
        QVERIFY(QFileInfo(QStringLiteral("/dev/null")).exists() && !QFileInfo(QStringLiteral("/dev/null")).isFile());
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        const QString ex = example("dgx-h100-superpod-1024.fabricplan");
        QTest::addRow("missing file") << QStringList{QStringLiteral("plan"), QStringLiteral("/nonexistent/x.fabricplan")}
                                      << "cannot open the design file";
        QTest::addRow("planes neither a count nor auto")
            << QStringList{QStringLiteral("plan"), ex, QStringLiteral("--planes"), QStringLiteral("many")}
            << "--planes needs a whole number or auto, not \"many\"";
        QTest::addRow("unknown spine switch") << QStringList{QStringLiteral("plan"), QStringLiteral("--spine-switch"), QStringLiteral("NOPE-1")}
                                              << "/fabric/switches/spine: unknown spine switch";
        // A misspelt tier switch on a fabric whose defaults would otherwise be fitted: named, with the
        // nearest part (it once read "switch MQM9700-NS2F does not run RoCEv2").
        QTest::addRow("misspelt spine switch, RoCE")
            << QStringList{QStringLiteral("plan"), QStringLiteral("--fabric"), QStringLiteral("roce"),
                           QStringLiteral("--spine-switch"), QStringLiteral("SN5660")}
            << "/fabric/switches/spine: unknown spine switch \"SN5660\"; did you mean SN5600";
        QTest::addRow("misspelt switch, RoCE")
            << QStringList{QStringLiteral("plan"), QStringLiteral("--fabric"), QStringLiteral("roce"),
                           QStringLiteral("--switch"), QStringLiteral("SN5660")}
            << "/fabric/switch: unknown switch \"SN5660\"; did you mean SN5600";
        QTest::addRow("unknown switch") << QStringList{QStringLiteral("plan"), ex, QStringLiteral("--switch"), QStringLiteral("NOPE-1")}
                                        << "unknown switch \"NOPE-1\"";
        QTest::addRow("unknown nic") << QStringList{QStringLiteral("plan"), ex, QStringLiteral("--nic"), QStringLiteral("NOPE-2")}
                                     << "unknown NIC \"NOPE-2\"";
        QTest::addRow("negative gpus") << QStringList{QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("-64")}
                                       << "GPU count must be between 1 and";
        QTest::addRow("a billion gpus") << QStringList{QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("1000000000")}
                                        << "GPU count must be between 1 and";
        QTest::addRow("radix 1") << QStringList{QStringLiteral("plan"), QStringLiteral("--radix"), QStringLiteral("1")}
                                 << "Generic switch radix must be between 2";
        QTest::addRow("ratio 0:1") << QStringList{QStringLiteral("plan"), QStringLiteral("--oversubscription"), QStringLiteral("0:1")}
                                   << "--oversubscription needs a DOWN:UP ratio: \"0:1\" needs both sides above 0";
        QTest::addRow("bad ratio text") << QStringList{QStringLiteral("plan"), QStringLiteral("--oversubscription"), QStringLiteral("fast")}
                                        << "--oversubscription needs a DOWN:UP ratio";
        QTest::addRow("unknown option") << QStringList{QStringLiteral("plan"), QStringLiteral("--colour"), QStringLiteral("red")}
                                        << "unknown option --colour";
        QTest::addRow("missing value") << QStringList{QStringLiteral("plan"), QStringLiteral("--gpus")} << "--gpus needs a value";
        QTest::addRow("too big for the switch")
            << QStringList{QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("200000"), QStringLiteral("--switch"),
                           QStringLiteral("MQM9700-NS2F"), QStringLiteral("--tiers"), QStringLiteral("3")}
            << "exceed what 3 tiers of 64-port switches connect in this design (65,536";
        // The fix names the planes that would connect it (200,000 / 4 = 50,000 <= 65,536; 2 planes hold 100,000,
        // too many) and the catalog's smallest switch that would (issue 40).
        QTest::addRow("too big: planes that fit")
            << QStringList{QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("200000"), QStringLiteral("--switch"),
                           QStringLiteral("MQM9700-NS2F"), QStringLiteral("--tiers"), QStringLiteral("3")}
            << "split the NICs into 4 rail planes";
        QTest::addRow("too big: switch that fits")
            << QStringList{QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("200000"), QStringLiteral("--switch"),
                           QStringLiteral("MQM9700-NS2F"), QStringLiteral("--tiers"), QStringLiteral("3")}
            << "ports at 400G) on every tier connects it";
        QTest::addRow("missing catalog") << QStringList{QStringLiteral("plan"), QStringLiteral("--catalog"), QStringLiteral("/nonexistent.sqlite")}
                                         << "catalog file not found";
    }
    // Per-tier switches from the command line, in either order: --switch sets every tier but the one a
    // tier flag names. 16,384 GPUs at 400G on SN5600 leaves (64 down, 64 up) under 1,152-port (at 400G)
    // chassis spines: 256 leaves, each with 4 links to each of 16 spines (hand count, test_tier_switches).
    void tierSwitchFlags_data()
    {
        QTest::addColumn<QStringList>("switches");
        QTest::addRow("--switch then --spine-switch") << QStringList{QStringLiteral("--switch"), QStringLiteral("SN5600"),
                                                                     QStringLiteral("--spine-switch"), QStringLiteral("DCS-7816R4")};
        QTest::addRow("--spine-switch then --switch") << QStringList{QStringLiteral("--spine-switch"), QStringLiteral("DCS-7816R4"),
                                                                     QStringLiteral("--switch"), QStringLiteral("SN5600")};
        QTest::addRow("every tier flag") << QStringList{QStringLiteral("--leaf-switch"), QStringLiteral("SN5600"),
                                                        QStringLiteral("--core-switch"), QStringLiteral("SN5600"),
                                                        QStringLiteral("--spine-switch"), QStringLiteral("DCS-7816R4")};
    }
    void tierSwitchFlags()
    {
        QFETCH(QStringList, switches);
        const Run r = runCli(QStringList{QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("16384"),
                                         QStringLiteral("--fabric"), QStringLiteral("roce"), QStringLiteral("--nic"),
                                         QStringLiteral("MCX75310AAS-NEAT"), QStringLiteral("--json"), QStringLiteral("-")} +
                             switches);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const json j = json::parse(r.out.toStdString());
        QCOMPARE(j["topology"]["switches"]["leaf"].get<int>(), 256);
        QCOMPARE(j["topology"]["switches"]["spine"].get<int>(), 16);
        QCOMPARE(j["topology"]["links"]["leaf_spine"].get<int>(), 256 * 64);
        std::map<std::string, long long> bySwitch;
        for (const auto& l : j["bom"])
            if (l["category"] == "switches") bySwitch[l["part"].get<std::string>()] += l["qty"].get<long long>();
        QCOMPARE(bySwitch.size(), std::size_t(2));
        QCOMPARE(bySwitch["SN5600"], 256LL);
        QCOMPARE(bySwitch["DCS-7816R4-16x36PE"], 16LL);
    }

    // 520,000 GPUs on SN5600 in 32-node SUs: a rail leaf holds 32 of its 64 down ports, so three tiers connect
    // 128 pods x 64 leaves x 32 = 262,144 NIC ports per plane, not the full-radix 524,288 the refusal printed
    // (issue 40). The plan adds two rail planes (260,000 each) and says the real limit.
    void planesFollowTheRealLimit()
    {
        const Run r = runCli({QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("520000"), QStringLiteral("--fabric"),
                              QStringLiteral("roce"), QStringLiteral("--switch"), QStringLiteral("SN5600"),
                              QStringLiteral("--su-nodes"), QStringLiteral("32")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("3 tiers, 2 planes"), r.out.constData());
        QVERIFY2(r.out.contains("(262,144 per plane): 2 rail planes"), r.out.constData());
        QVERIFY(r.out.contains("checks: 0 errors"));
    }

    // --planes auto: the 520,000-GPU design above takes its 2 rail planes with a note and no warning.
    void planesAutoTakesTheFewestWithoutAWarning()
    {
        const Run r = runCli({QStringLiteral("plan"), QStringLiteral("--gpus"), QStringLiteral("520000"), QStringLiteral("--fabric"),
                              QStringLiteral("roce"), QStringLiteral("--switch"), QStringLiteral("SN5600"),
                              QStringLiteral("--su-nodes"), QStringLiteral("32"), QStringLiteral("--planes"), QStringLiteral("auto")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("3 tiers, 2 planes"), r.out.constData());
        QVERIFY2(r.out.contains("checks: 0 errors, 0 warnings"), r.out.constData());
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const Run r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
        QCOMPARE(r.err.trimmed().count('\n'), 0);  // one line
        QVERIFY(r.out.isEmpty());
    }

    // The commands, as a new user types them: model names, a fabric without a switch, a
    // size past three tiers of the default switch. Each plans with no design-rule errors (exit 0).
    void newUserCommandsPlan_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("inSummary");
        QTest::addRow("--switch QM9700") << QStringList{QStringLiteral("--gpus"), QStringLiteral("1024"),
                                                        QStringLiteral("--switch"), QStringLiteral("QM9700")}
                                         << "MQM9700-NS2F";
        QTest::addRow("--switch Q3400 --nic C8180")
            << QStringList{QStringLiteral("--gpus"), QStringLiteral("4608"), QStringLiteral("--switch"), QStringLiteral("Q3400"),
                           QStringLiteral("--nic"), QStringLiteral("C8180")}
            << "Q3400-RA";
        QTest::addRow("--fabric roce") << QStringList{QStringLiteral("--gpus"), QStringLiteral("4096"), QStringLiteral("--fabric"),
                                                      QStringLiteral("roce")}
                                       << "RoCEv2";
        // Past three tiers of QM9700 (65,536 NIC ports): rail planes, explained in a note.
        QTest::addRow("200,000 GPUs on QM9700") << QStringList{QStringLiteral("--gpus"), QStringLiteral("200000"),
                                                               QStringLiteral("--switch"), QStringLiteral("QM9700")}
                                                << "rail planes";
    }
    void newUserCommandsPlan()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, inSummary);
        const Run r = runCli(QStringList{QStringLiteral("plan")} + args);
        QVERIFY2(r.exitCode == 0, (r.err + r.out).constData());
        QVERIFY2(r.out.contains(inSummary.toUtf8()), r.out.constData());
    }

    void malformedAndNewerFiles()
    {
        QTemporaryDir dir;
        const QString broken = dir.filePath(QStringLiteral("broken.fabricplan"));
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format_version\": 1,\n\"compute\": {\"gpus\": 64,}\n}");
        f.close();
        Run r = runCli({QStringLiteral("validate"), broken});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not valid JSON") && r.err.contains(":2"), r.err.constData());

        const QString newer = dir.filePath(QStringLiteral("newer.fabricplan"));
        QFile g(newer);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write("{\"format_version\": 7}");
        g.close();
        r = runCli({QStringLiteral("plan"), newer});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("format 7") && r.err.contains("format 2"), r.err.constData());
    }

    // validate checks each tier's switch against the catalog: unknown with "did you mean", ambiguous with
    // the matches, each at its own /fabric/switches/<tier> path; good names pass.
    void validateChecksTierSwitchNames()
    {
        QTemporaryDir dir;
        auto design = [&](const char* name, const char* switches) {
            const QString path = dir.filePath(QString::fromLatin1(name));
            QFile f(path);
            if (!f.open(QIODevice::WriteOnly)) return QString();
            f.write(QByteArray("{\"format_version\": 2, \"compute\": {\"gpus\": 4096},\n \"fabric\": {\"technology\": "
                               "\"roce\", \"switch\": \"SN5600\", \"switches\": ") + switches + "}}");
            return path;
        };
        const QString bad = design("bad.fabricplan", "{\"leaf\": \"SN5601\", \"spine\": \"7060X6\", \"core\": \"ZZZZZZZZ\"}");
        Run r = runCli({QStringLiteral("validate"), bad});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("/fabric/switches/leaf: unknown leaf switch \"SN5601\"; did you mean SN5600 (Spectrum-4 SN5600"),
                 r.err.constData());
        QVERIFY2(r.err.contains("/fabric/switches/spine: spine switch \"7060X6\" matches several parts: ") &&
                     r.err.contains("DCS-7060X6-64PE") && r.err.contains("DCS-7060X6-64DE"),
                 r.err.constData());
        // Nothing near: no guess, but where to look.
        QVERIFY2(r.err.contains("/fabric/switches/core: unknown core switch \"ZZZZZZZZ\" — type a part number or model name"),
                 r.err.constData());
        const QString good = design("good.fabricplan", "{\"spine\": \"7816R4\"}");
        r = runCli({QStringLiteral("validate"), good});
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }

    void validateAcceptsExamples()
    {
        const Run r = runCli({QStringLiteral("validate"), example("roce-tomahawk5-4096.fabricplan")});
        QCOMPARE(r.exitCode, 0);
        // The examples are format 1 files: validate names the file's format, not the newest it reads.
        QVERIFY2(r.out.contains("valid (format 1)"), r.out.constData());
    }

    void compareGivesFourFabricsAndAdvice()
    {
        const Run r = runCli({QStringLiteral("compare"), example("dgx-h100-superpod-1024.fabricplan"), QStringLiteral("--json"),
                              QStringLiteral("-")});
        QCOMPARE(r.exitCode, 0);
        const json j = json::parse(r.out.toStdString());
        QCOMPARE(j["plans"].size(), std::size_t(4));
        QSet<QString> fabrics;
        for (const auto& p : j["plans"]) {
            const std::string fabric = p["fabric"].get<std::string>();
            fabrics.insert(QString::fromStdString(fabric));
            // Each fabric gets parts that work together: no design-rule errors, and real optics or cables.
            // A DGX H100 takes no NIC but its ConnectX-7, no SuperNIC and no UEC NIC: Spectrum-X and UEC
            // have that one error (platform.builtin-nic), no other.
            const bool builtInNicLacks = fabric == "spectrum-x" || fabric == "uec";
            QCOMPARE(p["errors"].get<int>(), builtInNicLacks ? 1 : 0);
            if (builtInNicLacks) QCOMPARE(p["checks"][0]["rule"].get<std::string>(), std::string("platform.builtin-nic"));
            QVERIFY(p["capex_usd"]["transceivers"].get<double>() + p["capex_usd"]["cables"].get<double>() > 0);
        }
        QCOMPARE(fabrics, (QSet<QString>{QStringLiteral("infiniband"), QStringLiteral("roce"), QStringLiteral("spectrum-x"),
                                         QStringLiteral("uec")}));
        QVERIFY(!j["advice"]["recommended_fabric"].get<std::string>().empty());
        QVERIFY(!j["advice"]["reasons"].empty());

        // The text lists under "Switches weighed" every candidate the JSON has, with its outcome: one line
        // each, the switch, NIC and speed, then the verdict's first word(s).
        const Run text = runCli({QStringLiteral("compare"), example("dgx-h100-superpod-1024.fabricplan")});
        QCOMPARE(text.exitCode, 0);
        const QString out = QString::fromUtf8(text.out);
        const qsizetype weighed = out.indexOf(QStringLiteral("\nSwitches weighed:\n"));
        QVERIFY2(weighed > 0, qPrintable(out));
        const QStringList lines = out.mid(weighed).split(QLatin1Char('\n'));
        const std::map<std::string, QString> lead = {{"chosen", QStringLiteral("chosen, capex $")},
                                                     {"planned", QStringLiteral("planned, capex $")},
                                                     {"more_expensive", QStringLiteral("not planned: at least $")},
                                                     {"no_part_fits", QStringLiteral("not planned: no catalog part fits")},
                                                     {"cannot_build", QStringLiteral("cannot build the cluster: ")}};
        std::size_t candidates = 0;
        const std::map<std::string, QString> heading = {{"infiniband", QStringLiteral("  InfiniBand")},
                                                        {"roce", QStringLiteral("  RoCEv2")},
                                                        {"spectrum-x", QStringLiteral("  Spectrum-X")},
                                                        {"uec", QStringLiteral("  UEC Ethernet")}};
        for (const auto& a : j["alternatives"]) {
            // Within the fabric's own block: a DGX H100 has one NIC, so fabrics share candidate names.
            const auto block = std::find(lines.begin(), lines.end(), heading.at(a["fabric"].get<std::string>()));
            QVERIFY(block != lines.end());
            const auto blockEnd = std::find_if(block + 1, lines.end(), [](const QString& l) { return !l.startsWith(QStringLiteral("    ")); });
            for (const auto& x : a["candidates"]) {
                ++candidates;
                const QString parts = QStringLiteral("%1 with %2 at %3G")
                                          .arg(QString::fromStdString(x["switch"].get<std::string>()),
                                               QString::fromStdString(x["nic"].get<std::string>()))
                                          .arg(x["link_gbps"].get<int>());
                const auto line = std::find_if(block + 1, blockEnd, [&](const QString& l) {
                    return l.trimmed().startsWith(parts + QLatin1Char(' '));
                });
                QVERIFY2(line != blockEnd, qPrintable(parts));
                const QString verdict = line->mid(line->indexOf(parts) + parts.size()).trimmed();
                QVERIFY2(verdict.startsWith(lead.at(x["outcome"].get<std::string>())), qPrintable(*line));
            }
            QCOMPARE(std::size_t(blockEnd - block - 1), a["candidates"].size());
        }
        QVERIFY(candidates > 4);
    }

    // Counts meet their nouns in number: "1 node", "1 tier", "0 errors", "planned 2 designs", never "(s)".
    // The lab example is one 8-GPU server on one switch (1 node, 1 tier, 1 plane, no findings).
    void countsReadAsEnglish()
    {
        const Run plan = runCli({QStringLiteral("plan"), example("single-node-8-gpus.fabricplan")});
        QCOMPARE(plan.exitCode, 0);
        const QString out = QString::fromUtf8(plan.out);
        QVERIFY2(out.contains(QStringLiteral("8 GPUs in 1 node\n")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("topology: 1 tier, 1 plane\n")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("checks: 0 errors, 0 warnings\n")), qPrintable(out));
        QVERIFY2(!out.contains(QStringLiteral("(s)")), qPrintable(out));
        const Run sweep = runCli({QStringLiteral("sweep"), example("single-node-8-gpus.fabricplan"), QStringLiteral("--vary"),
                                  QStringLiteral("gpus=8,16"), QStringLiteral("--csv"), QStringLiteral("/dev/null")});
        QVERIFY2(sweep.exitCode == 0, sweep.err.constData());
        QVERIFY2(sweep.err.contains("planned 2 designs on "), sweep.err.constData());
        QVERIFY2(!sweep.err.contains("(s)"), sweep.err.constData());
    }

    void csvAndXlsxFilesAreWritten()
    {
        QTemporaryDir dir;
        const Run r = runCli({QStringLiteral("plan"), example("dgx-h100-superpod-1024.fabricplan"), QStringLiteral("--csv"), dir.path(),
                              QStringLiteral("--xlsx"), dir.filePath(QStringLiteral("bom.xlsx"))});
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("bom.csv"))).size() > 100);
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("cables.csv"))).size() > 1000);
        QFile x(dir.filePath(QStringLiteral("bom.xlsx")));
        QVERIFY(x.open(QIODevice::ReadOnly));
        QCOMPARE(x.read(2), QByteArray("PK"));  // a zip container
    }

    // The lean CLI does not link libxlsxwriter: the workbook is written by fabricplan-cli-report, and
    // without the helper the CLI says so before planning, instead of writing nothing.
    void xlsxGoesToTheReportHelper()
    {
        QTemporaryDir dir;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("FABRICPLAN_REPORT_HELPER"), dir.filePath(QStringLiteral("no-helper")));
        p.setProcessEnvironment(env);
        const QString xlsx = dir.filePath(QStringLiteral("bom.xlsx"));
        for (const QStringList& args : {QStringList{QStringLiteral("--xlsx"), xlsx},
                                        QStringList{QStringLiteral("--export"), QStringLiteral("xlsx=") + xlsx}}) {
            p.start(QStringLiteral(FABRICPLAN_CLI), QStringList{QStringLiteral("plan"), QStringLiteral("--gpus"),
                                                                QStringLiteral("8")} + args);
            QVERIFY(p.waitForFinished(120000));
            QCOMPARE(p.exitCode(), 2);
            const QByteArray err = p.readAllStandardError();
            QVERIFY2(err.contains("xlsx output need fabricplan-cli-report"), err.constData());
            QVERIFY(!QFileInfo::exists(xlsx));
        }
    }

    // PDF and PNG come from the Qt report library; the CLI must produce them with no display at all.
    void pdfAndPicturesWithoutADisplay()
    {
        QTemporaryDir dir;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(FABRICPLAN_CLI),
                {QStringLiteral("compare"), example("dgx-h100-superpod-1024.fabricplan"), QStringLiteral("--pdf"),
                 dir.filePath(QStringLiteral("report.pdf"))});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
        QFile pdf(dir.filePath(QStringLiteral("report.pdf")));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QCOMPARE(pdf.read(5), QByteArray("%PDF-"));
        const Run r = runCli({QStringLiteral("plan"), example("dgx-h100-superpod-1024.fabricplan"), QStringLiteral("--topology-png"),
                              dir.filePath(QStringLiteral("t.png")), QStringLiteral("--floor-png"), dir.filePath(QStringLiteral("f.png"))});
        QCOMPARE(r.exitCode, 0);
        for (const char* name : {"t.png", "f.png"}) {
            QFile png(dir.filePath(QLatin1String(name)));
            QVERIFY(png.open(QIODevice::ReadOnly));
            QCOMPARE(png.read(8), QByteArray("\x89PNG\r\n\x1a\n", 8));
        }
    }

    // The Qt-drawn outputs are export formats like any other: listed, and written through --export.
    void reportFormatsThroughExport()
    {
        const Run list = runCli({QStringLiteral("export"), QStringLiteral("--list")});
        QCOMPARE(list.exitCode, 0);
        for (const char* id : {"xlsx", "pdf", "topology-png", "floor-png", "floor-svg"})
            QVERIFY2(list.out.contains(QByteArray("\n  ") + id + ' '), id);
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("r.pdf")), svg = dir.filePath(QStringLiteral("f.svg"));
        const Run r = runCli({QStringLiteral("plan"), example("single-node-8-gpus.fabricplan"), QStringLiteral("--export"),
                              QStringLiteral("pdf=") + pdf, QStringLiteral("--export"), QStringLiteral("floor-svg=") + svg});
        QCOMPARE(r.exitCode, 0);
        QFile pdfFile(pdf), svgFile(svg);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QCOMPARE(pdfFile.read(5), QByteArray("%PDF-"));
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        QVERIFY(svgFile.readAll().contains("<svg"));
        const Run bad = runCli({QStringLiteral("plan"), example("single-node-8-gpus.fabricplan"), QStringLiteral("--export"),
                                QStringLiteral("pdfx=") + pdf});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("unknown export format \"pdfx\""));
    }

    void versionAndHelp()
    {
        Run r = runCli({QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("fabricplan-cli "));
        r = runCli({QStringLiteral("plan"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("--oversubscription"));
        r = runCli({});
        QCOMPARE(r.exitCode, 2);
    }

    // Every command's --help: an option starts its own line ("  --flag"), never runs on after another
    // entry's text ("...tier flag  --tiers auto|1|2|3" was a missing newline); a wrapped description is an
    // indented continuation; no line ends in a space.
    void helpHasOneOptionPerLine()
    {
        const QList<QStringList> commands{{QStringLiteral("--help")},
                                          {QStringLiteral("plan"), QStringLiteral("--help")},
                                          {QStringLiteral("compare"), QStringLiteral("--help")},
                                          {QStringLiteral("sweep"), QStringLiteral("--help")},
                                          {QStringLiteral("catalog"), QStringLiteral("--help")},
                                          {QStringLiteral("validate"), QStringLiteral("--help")}};
        const QRegularExpression runOn(QStringLiteral("\\S {2,}--[a-z]"));
        for (const QStringList& args : commands) {
            const Run r = runCli(args);
            QCOMPARE(r.exitCode, 0);
            const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
            QVERIFY2(lines.size() > 2, qPrintable(args.join(QLatin1Char(' '))));
            for (const QString& line : lines) {
                const QString where = args.join(QLatin1Char(' ')) + QStringLiteral(": \"") + line + QLatin1Char('"');
                QVERIFY2(!runOn.match(line).hasMatch(), qPrintable(where));
                QVERIFY2(!line.endsWith(QLatin1Char(' ')), qPrintable(where));
                if (line.trimmed().startsWith(QLatin1String("--")))  // an entry or a continuation: indented
                    QVERIFY2(line.startsWith(QLatin1String("  ")), qPrintable(where));
            }
        }
        // The design overrides each on their own line, in order.
        const QString plan = QString::fromUtf8(runCli({QStringLiteral("plan"), QStringLiteral("--help")}).out);
        QVERIFY(plan.contains(QStringLiteral("tier without its own tier flag\n  --tiers auto|1|2|3")));
    }

    // A tier switch typed as a prefix ("SN560") is named as the part it resolved to (SN5600) in the note
    // on the fabric's default parts, not as typed.
    void notesNameTheResolvedSpineSwitch()
    {
        const Run r = runCli({QStringLiteral("plan"), QStringLiteral("--fabric"), QStringLiteral("roce"),
                              QStringLiteral("--gpus"), QStringLiteral("1024"), QStringLiteral("--spine-switch"),
                              QStringLiteral("SN560"), QStringLiteral("--catalog"), builtCatalog()});
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        QVERIFY2(r.err.contains("spine SN5600"), r.err.constData());
        QVERIFY2(!r.err.contains("SN560 ") && !r.err.contains("SN560,"), r.err.constData());
    }

    // catalog list failure-rates: the eight part classes with their rates (the switch one is Azure's,
    // -4 ln 0.98 = 8.08 %/yr); set-failure-rate edits a copy and refuses what is not a rate.
    void catalogFailureRates()
    {
        Run r = runCli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("failure-rates"),
                        QStringLiteral("--json"), QStringLiteral("-"), QStringLiteral("--catalog"), builtCatalog()});
        QCOMPARE(r.exitCode, 0);
        const json rates = json::parse(r.out.toStdString());
        QCOMPARE(rates.size(), std::size_t(8));
        bool sawSwitch = false;
        for (const json& e : rates)
            if (e["part_class"] == "switch") {
                sawSwitch = true;
                QVERIFY(std::abs(e["afr_pct"].get<double>() - 8.08) < 1e-9);
                QCOMPARE(e["estimated"].get<bool>(), false);
            }
        QVERIFY(sawSwitch);

        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("catalog.sqlite"));
        QVERIFY(QFile::copy(builtCatalog(), copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        r = runCli({QStringLiteral("catalog"), QStringLiteral("set-failure-rate"), QStringLiteral("dac"), QStringLiteral("0.25"),
                    QStringLiteral("--source"), QStringLiteral("our RMA data"), QStringLiteral("--catalog"), copy});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = runCli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("failure-rates"), QStringLiteral("--catalog"), copy});
        QVERIFY2(r.out.contains("0.250 %/yr") && r.out.contains("our RMA data (yours)"), r.out.constData());
        for (const QStringList& bad : {QStringList{QStringLiteral("dac"), QStringLiteral("100")},
                                       QStringList{QStringLiteral("dac"), QStringLiteral("-1")},
                                       QStringList{QStringLiteral("dac"), QStringLiteral("nan")},
                                       QStringList{QStringLiteral("dac"), QStringLiteral("1%")},
                                       QStringList{QStringLiteral("lasers"), QStringLiteral("1")}}) {
            r = runCli(QStringList{QStringLiteral("catalog"), QStringLiteral("set-failure-rate")} + bad +
                       QStringList{QStringLiteral("--source"), QStringLiteral("x"), QStringLiteral("--catalog"), copy});
            QVERIFY2(r.exitCode == 2, qPrintable(bad.join(QLatin1Char(' ')) + QStringLiteral(": ") + QString::fromUtf8(r.err)));
            QVERIFY(!r.err.isEmpty());
        }
    }

    // The catalog command's errors say what is wrong and how to write it (issue 42): the required
    // --catalog of import-prices shown as required; a negative or hex rate named as such, not "unknown
    // option" or 16 %; a UTF-16 or stray-CR price list named as such; a list with a bad line changes nothing.
    void catalogErrorsSayWhatIsWrong()
    {
        Run r = runCli({QStringLiteral("catalog"), QStringLiteral("--help")});
        QVERIFY2(r.out.contains("import-prices PRICES.csv --catalog FILE"), r.out.constData());
        QVERIFY2(!r.out.contains("import-prices PRICES.csv [--catalog FILE]"), r.out.constData());

        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("catalog.sqlite"));
        QVERIFY(QFile::copy(builtCatalog(), copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        const QStringList tail{QStringLiteral("--source"), QStringLiteral("x"), QStringLiteral("--catalog"), copy};
        r = runCli(QStringList{QStringLiteral("catalog"), QStringLiteral("set-failure-rate"), QStringLiteral("switch"),
                               QStringLiteral("-1")} + tail);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("non-negative") && r.err.contains("\"-1\"") && !r.err.contains("unknown option"),
                 r.err.constData());
        for (const char* odd : {"0x10", "1e1", "inf", " 5", "1.5.2", "+3"}) {
            r = runCli(QStringList{QStringLiteral("catalog"), QStringLiteral("set-failure-rate"), QStringLiteral("switch"),
                                   QString::fromLatin1(odd)} + tail);
            QVERIFY2(r.exitCode == 2, odd);
            QVERIFY2(r.err.contains("decimal number such as 1.5") && r.err.contains(odd), r.err.constData());
        }
        r = runCli({QStringLiteral("catalog"), QStringLiteral("set-failure-rate"), QStringLiteral("switch"), QStringLiteral("2"),
                    QStringLiteral("--share"), QStringLiteral("-0.5"), QStringLiteral("--source"), QStringLiteral("x"),
                    QStringLiteral("--catalog"), copy});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--share must be a non-negative decimal number"), r.err.constData());
        // Nothing of the refused rates reached the file: the switch keeps Azure's 8.08 %/yr.
        r = runCli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("failure-rates"), QStringLiteral("--json"),
                    QStringLiteral("-"), QStringLiteral("--catalog"), copy});
        for (const json& e : json::parse(r.out.toStdString()))
            if (e["part_class"] == "switch") QVERIFY(std::abs(e["afr_pct"].get<double>() - 8.08) < 1e-9);

        auto importPrices = [&](const QByteArray& bytes) {
            const QString csv = dir.filePath(QStringLiteral("prices.csv"));
            QFile f(csv);
            f.open(QIODevice::WriteOnly | QIODevice::Truncate);
            f.write(bytes);
            f.close();
            return runCli({QStringLiteral("catalog"), QStringLiteral("import-prices"), csv, QStringLiteral("--catalog"), copy});
        };
        const QByteArray text = "part,source,price,currency,date,basis\r\nMQM9700-NS2F,acme,17000,USD,2026-10-01,quote\r\n";
        QByteArray wide("\xFF\xFE", 2);
        for (char c : text) wide.append(c).append('\0');
        r = importPrices(wide);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("the file is UTF-16") && r.err.contains("save it as UTF-8"), r.err.constData());
        r = importPrices("part,source,price,currency,date,basis\nMQM9700-NS2F,acme,17000,USD,2026-10-01,quote\r"
                         "MQM9700-NS2F,bolt,18000,USD,2026-10-01,quote\n");
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("prices.csv:2") && r.err.contains("line 2 has a stray carriage return"), r.err.constData());
        r = importPrices("part,source,price,currency,date,basis\nMQM9700-NS2F,acme,17000,USD,2026-10-01,quote\n"
                         "MQM9700-NS2F,bolt,lots,USD,2026-10-01,quote\n");
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("prices.csv:3") && r.err.contains("nothing was imported"), r.err.constData());
        r = runCli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("switches"), QStringLiteral("--json"),
                    QStringLiteral("-"), QStringLiteral("--catalog"), copy});
        QVERIFY2(!r.out.contains("\"acme\""), "a refused import changed a price");
    }

    // --dual-tor: the defaults take a two-port NIC (the default 1 x 400G NIC has one link) and say so; a
    // one-link NIC the user names is refused naming the fix, also with --fabric (it used to report the
    // InfiniBand switch); at 200G that NIC's port gives two links.
    void dualTorFlag()
    {
        Run r = runCli({QStringLiteral("plan"), QStringLiteral("--dual-tor"), QStringLiteral("--json"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("Dual-ToR needs two links per NIC") && r.err.contains("900-9X81Q-00CN-ST0"),
                 r.err.constData());
        json plan = json::parse(r.out.toStdString());
        QCOMPARE(plan["topology"]["dual_tor"], json(true));
        QCOMPARE(plan["topology"]["links"]["host_leaf"].get<long long>(), 128LL * 8 * 2);
        for (const QString& fabric : {QStringLiteral("infiniband"), QStringLiteral("roce")}) {
            r = runCli({QStringLiteral("plan"), QStringLiteral("--dual-tor"), QStringLiteral("--fabric"), fabric,
                        QStringLiteral("--nic"), QStringLiteral("MCX75310AAS-NEAT")});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("dual-ToR needs 2 links per NIC") && r.err.contains("--link-gbps 200"),
                     r.err.constData());
        }
        r = runCli({QStringLiteral("plan"), QStringLiteral("--dual-tor"), QStringLiteral("--nic"),
                    QStringLiteral("MCX75310AAS-NEAT"), QStringLiteral("--link-gbps"), QStringLiteral("200"),
                    QStringLiteral("--json"), QStringLiteral("-")});
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        plan = json::parse(r.out.toStdString());
        QCOMPARE(plan["topology"]["links"]["host_leaf"].get<long long>(), 128LL * 8 * 2);
        QCOMPARE(plan["topology"]["dual_tor"], json(true));
    }

    // The second point: a ConnectX-8 C8180 (one 800G cage, 2 x 400GbE) at 400G dual-homes, so
    // --fabric roce keeps it and plans without errors instead of "no RoCEv2 switch and NIC ... can build".
    void dualTorKeepsANicWhosePortSplits()
    {
        const Run r = runCli({QStringLiteral("plan"), QStringLiteral("--fabric"), QStringLiteral("roce"),
                              QStringLiteral("--nic"), QStringLiteral("C8180"), QStringLiteral("--dual-tor"),
                              QStringLiteral("--link-gbps"), QStringLiteral("400"), QStringLiteral("--gpus"),
                              QStringLiteral("1024"), QStringLiteral("--json"), QStringLiteral("-")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const json plan = json::parse(r.out.toStdString());
        QCOMPARE(plan["topology"]["dual_tor"], json(true));
        QCOMPARE(plan["topology"]["link_gbps"].get<int>(), 400);
        QCOMPARE(plan["topology"]["links"]["host_leaf"].get<long long>(), 1024LL * 2);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
