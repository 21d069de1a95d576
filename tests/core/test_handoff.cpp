// Hand-offs to other programs: names are data, never code (spreadsheets, the IBDM topology file,
// SVG), NetBox gets names it accepts, and the NetBox cables are exactly the fabric's links.
// Independent readers: the strict RFC 4180 parser of export_test_support.h, QXmlStreamReader and
// line matching. tests/scripts/check_handoff.py runs the real consumers (ibdmsh/ibdmchk, Python's
// csv and yaml) over every bundled example.
#include <QDirIterator>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <set>

#include "bom/bom.h"
#include "common/error.h"
#include "export_test_support.h"
#include "io/name_safety.h"
#include "io/netbox_model.h"
#include "spec/spec_json.h"

using namespace exporttest;

namespace {

const std::string kFormula = "=HYPERLINK(\"http://x\",\"y\")";

// A cell a spreadsheet would evaluate, unless it is a plain signed number.
bool live(const std::string& cell)
{
    if (!fp::io::startsLikeFormula(cell)) return false;
    if (cell[0] != '-' && cell[0] != '+') return true;
    return cell.size() < 2 || cell.find_first_not_of("0123456789.", 1) != std::string::npos;
}

} // namespace

class TestHandoff : public QObject {
    Q_OBJECT
    fp::Catalog catalog_;
    fp::Plan plan_;  // the default 1,024-GPU InfiniBand design
    QTemporaryDir dir_;

    QString path(const std::string& name) const { return dir_.filePath(QString::fromStdString(name)); }
    fp::Plan example(const QString& name) const
    {
        if (name == QLatin1String("per-tier-chassis-spines")) {
            // SN5600 leaves under 576-port Arista 7816R4 chassis spines: two switch types, the spines'
            // ports numbered past the leaf's 64 cages, each named by its own type.
            fp::ClusterSpec s;
            s.gpus = 2048;
            s.fabric = fp::FabricKind::RoCE;
            s.nicModel = "MCX75310AAS-NEAT";
            s.linkGbps = 400;
            s.switchModel = "SN5600";
            s.spineSwitchModel = "DCS-7816R4-16x36PE";
            return fp::makePlan(s, catalog_);
        }
        const auto spec = fp::loadSpecFile(FABRICPLAN_EXAMPLES_DIR "/" + name.toStdString() + ".fabricplan").spec;
        return fp::makePlan(spec, catalog_);
    }
    std::vector<Record> exportCsv(const char* id, const fp::Plan& plan, const std::string& file,
                                  fp::io::ExportOptions options = {})
    {
        fp::io::ExportContext ctx{plan, catalog_, nullptr, {}, options};
        fp::io::findExporter(id)->write(ctx, path(file).toStdString());
        QByteArray bytes = readAll(path(file));
        if (bytes.startsWith("\xEF\xBB\xBF")) bytes.remove(0, 3);
        auto records = parseCsvStrict(bytes);
        if (!records) throw std::runtime_error(file + " is not strict RFC 4180");
        return *records;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        catalog_ = fp::loadCatalog(FABRICPLAN_TEST_CATALOG);
        plan_ = fp::makePlan(fp::ClusterSpec{}, catalog_);
    }

    // Every NetBox cable is one fabric link, end for end, and names interfaces its device type has.
    void netboxCablesAreTheFabricsLinks_data()
    {
        QTest::addColumn<QString>("design");
        for (const char* d : {"dgx-h100-superpod-1024", "xdr-b300-4608", "single-node-8-gpus", "roce-tomahawk5-4096",
                              "spectrum-x-hgx-4096", "per-tier-chassis-spines"})
            QTest::newRow(d) << QString::fromLatin1(d);
    }
    void netboxCablesAreTheFabricsLinks()
    {
        QFETCH(QString, design);
        const fp::Plan plan = example(design);
        if (design == QLatin1String("per-tier-chassis-spines")) {
            QCOMPARE(plan.hardware.switches.size(), std::size_t(2));
            QCOMPARE(plan.errorCount(), 0);
        }
        const auto cables = exportCsv("netbox-cables", plan, design.toStdString() + "-nb-cables.csv");
        fp::io::ExportContext ctx{plan, catalog_, nullptr, {}};
        const fp::io::NetboxModel model(ctx);
        // Each switch's device type is its own model's (a per-tier spine is not typed as the leaf).
        for (fp::DeviceId id = plan.fabric.nodeCount; id < plan.fabric.devices.size(); ++id)
            QCOMPARE(model.typeOf(id).partNumber, plan.hardware.switchModel(plan.fabric.devices[id].model).partNumber);

        // Ends as "device|interface", each link as its two ends in order.
        std::multiset<std::pair<std::string, std::string>> fromFile, fromFabric;
        std::set<std::string> used;
        for (std::size_t i = 1; i < cables.size(); ++i) {
            const Record& r = cables[i];
            fromFile.insert(std::minmax(r[1] + "|" + r[3], r[5] + "|" + r[7]));
            QVERIFY2(used.insert(r[1] + "|" + r[3]).second, ("interface cabled twice: " + r[1] + " " + r[3]).c_str());
            QVERIFY2(used.insert(r[5] + "|" + r[7]).second, ("interface cabled twice: " + r[5] + " " + r[7]).c_str());
        }
        std::map<std::string, std::set<std::string>> interfacesOf;  // device name -> its type's interfaces
        const fp::Fabric& f = plan.fabric;
        for (fp::DeviceId id = 0; id < f.devices.size(); ++id)
            for (const auto& i : model.typeOf(id).interfaces) interfacesOf[model.deviceName(id)].insert(i.name);
        for (const fp::Link& l : f.links) {
            const std::string a = model.deviceName(l.a) + "|" + model.interfaceName(l.a, f.portName(l.a, l.aPort));
            const std::string b = model.deviceName(l.b) + "|" + model.interfaceName(l.b, f.portName(l.b, l.bPort));
            fromFabric.insert(std::minmax(a, b));
        }
        for (const auto& end : used) {
            const auto bar = end.find('|');
            QVERIFY2(interfacesOf[end.substr(0, bar)].count(end.substr(bar + 1)),
                     ("no such interface in the device type: " + end).c_str());
        }
        // Every link once, splitter legs included (one NetBox cable record per leg).
        QVERIFY2(fromFile == fromFabric, qPrintable(QStringLiteral("%1 NetBox cables vs %2 fabric links")
                                                        .arg(fromFile.size()).arg(fromFabric.size())));
    }

    // A design name or price source that looks like a formula stays text in every spreadsheet CSV.
    void spreadsheetCsvsNeutraliseFormulas_data()
    {
        QTest::addColumn<QString>("id");
        for (const char* id : {"bom-csv", "cables-csv", "labels"}) QTest::newRow(id) << QString::fromLatin1(id);
    }
    void spreadsheetCsvsNeutraliseFormulas()
    {
        QFETCH(QString, id);
        fp::Plan p = plan_;
        p.spec.name = kFormula;
        QVERIFY(!p.bom.lines.empty());
        p.bom.lines[0].priceSource = kFormula;
        p.bom.lines[0].vendor = "@SUM(A1:A9)";
        p.bom.lines[0].description = "\tcmd";
        const auto records = exportCsv(id.toLatin1().constData(), p, id.toStdString() + "-hostile.csv", {true, {}});
        for (const Record& r : records)
            for (const std::string& cell : r) QVERIFY2(!live(cell), cell.c_str());
        if (id == QLatin1String("bom-csv")) {
            QCOMPARE(records[1][9], "'" + kFormula);  // shown as the text it is, not run
            QCOMPARE(records[1][2], std::string("'@SUM(A1:A9)"));
            QCOMPARE(records[1][3], std::string("\\x09cmd"));  // a control character is shown, never a live tab
        }
        QVERIFY(readAll(path(id.toStdString() + "-hostile.csv")).startsWith("\xEF\xBB\xBF"));  // the BOM asked for
    }

    void plainNumbersStayNumbers()
    {
        QCOMPARE(fp::io::spreadsheetText("-3.5"), std::string("-3.5"));
        QCOMPARE(fp::io::spreadsheetText("+2"), std::string("+2"));
        QCOMPARE(fp::io::spreadsheetText("-"), std::string("'-"));
        QCOMPARE(fp::io::spreadsheetText("-1+cmd"), std::string("'-1+cmd"));
        QCOMPARE(fp::io::spreadsheetText("\rx"), std::string("'\rx"));
        QCOMPARE(fp::io::spreadsheetText("QM9700"), std::string("QM9700"));
    }

    void controlCharactersAreShownNotObeyed()
    {
        QCOMPARE(fp::io::escapeControlChars("a\nb\tc\x7f"), std::string("a\\x0Ab\\x09c\\x7F"));
        QCOMPARE(fp::io::escapeControlChars("R01-01 ü"), std::string("R01-01 ü"));  // UTF-8 is text, not control
        QVERIFY(fp::io::hasControlChars("x\r"));
        QVERIFY(!fp::io::hasControlChars("node-0001 nic1"));
    }

    // NetBox files must carry names unchanged, so a name NetBox or a spreadsheet would misread is
    // refused with a message, and nothing is written.
    void netboxRefusesNamesItWouldMisread_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message");
        QTest::newRow("formula") << QString::fromStdString(kFormula) << "formula";
        QTest::newRow("plus") << "+cmd|' /C calc'!A0" << "formula";
        QTest::newRow("newline") << "x\nMQM9700 rogue-switch" << "control character";
        QTest::newRow("tab inside") << "a\tb" << "control character";
        QTest::newRow("101 characters") << QString(101, QLatin1Char('n')) << "the limit is 100";
    }
    void netboxRefusesNamesItWouldMisread()
    {
        QFETCH(QString, name);
        QFETCH(QString, message);
        fp::Plan p = plan_;
        p.spec.name = name.toStdString();
        for (const char* id : {"netbox-devices", "netbox-cables", "netbox-bundle"}) {
            const QString target = path(std::string("refused-") + id);
            try {
                write(id, p, catalog_, target);
                QFAIL(qPrintable(QStringLiteral("%1 accepted %2").arg(QLatin1String(id), name)));
            } catch (const fp::UserError& e) {
                QVERIFY2(std::string(e.what()).find(message.toStdString()) != std::string::npos, e.what());
            }
            QVERIFY(!QFileInfo::exists(target));
        }
    }

    void netboxTakesAHundredCharacterSiteName()
    {
        fp::Plan p = plan_;
        p.spec.name = std::string(98, 'n') + "é";  // 99 code points, 100 bytes: NetBox counts characters
        const auto devices = exportCsv("netbox-devices", p, "long-site.csv");
        QCOMPARE(devices[1][5], p.spec.name);
    }

    // Device names carry a per-design prefix, so two designs in one NetBox never share a name.
    void devicePrefixKeepsDesignsApart()
    {
        fp::Plan a = plan_, b = plan_;
        a.spec.name = "Hall A";
        b.spec.name = "Hall B";
        std::set<std::string> namesA;
        for (const auto& r : exportCsv("netbox-devices", a, "hall-a.csv")) namesA.insert(r[0]);
        for (const auto& r : exportCsv("netbox-devices", b, "hall-b.csv"))
            if (r[0] != "name") QVERIFY2(!namesA.count(r[0]), r[0].c_str());
        QVERIFY(namesA.count("hall-a-node-0001"));

        const auto chosen = exportCsv("netbox-devices", a, "lab7.csv", {false, "lab7-"});
        QCOMPARE(chosen[1][0], std::string("lab7-node-0001"));
        QVERIFY_THROWS_EXCEPTION(fp::UserError, exportCsv("netbox-devices", a, "bad-prefix.csv", {false, "a b-"}));
        QVERIFY_THROWS_EXCEPTION(fp::UserError, exportCsv("netbox-devices", a, "bad-prefix.csv", {false, "-x"}));
    }

    // A newline in the design name never becomes a line the topology parser reads.
    void topologyFileHasOnlyItsOwnLines()
    {
        fp::Plan p = plan_;
        p.spec.name = "x\nMQM9700 rogue-switch\n\tP1 -4x-> MQM9700 rogue-switch P2";
        write("ibdm-topology", p, catalog_, path("hostile-topo"));
        std::set<std::string> switches;
        for (fp::DeviceId id = p.fabric.nodeCount; id < p.fabric.devices.size(); ++id)
            switches.insert(p.fabric.deviceName(id));
        const QList<QByteArray> lines = readAll(path("hostile-topo/topology.topo")).split('\n');
        QVERIFY(lines.first().startsWith("# x\\x0AMQM9700 rogue-switch\\x0A\\x09P1"));
        for (const QByteArray& l : lines) {
            if (l.isEmpty() || l.startsWith('#') || l.startsWith("    P")) continue;
            QVERIFY2(l.startsWith("MQM9700 ") && switches.count(l.mid(8).toStdString()), l.constData());
        }
    }

    void svgShowsControlCharactersAsText()
    {
        fp::Plan p = plan_;
        p.spec.name = std::string("a\x01\x1b[31m\nb <c> & \"d\"");
        write("topology-svg", p, catalog_, path("hostile.svg"));
        QXmlStreamReader xml(readAll(path("hostile.svg")));
        bool title = false;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::Characters && xml.text().contains(QLatin1String("<c> & \"d\"")))
                title = true;
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(title);
    }

    // A bundle replaces only a previous bundle: a folder of the user's own is refused, untouched.
    void bundleNeverEmptiesAFolderOfTheUsers()
    {
        const QString mine = path("my-documents");
        QVERIFY(QDir().mkpath(mine));
        QFile f(mine + QStringLiteral("/thesis.odt"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("precious");
        f.close();
        for (const char* id : {"netbox-bundle", "ibdm-topology"})
            QVERIFY_THROWS_EXCEPTION(fp::UserError, write(id, plan_, catalog_, mine));
        QCOMPARE(readAll(mine + QStringLiteral("/thesis.odt")), QByteArray("precious"));
        QCOMPARE(entries(mine), QStringList{QStringLiteral("thesis.odt")});
        // A previous bundle is replaced whole: no stale file survives.
        write("netbox-bundle", plan_, catalog_, path("again"));
        QFile stale(path("again/8-cables-999.csv"));
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.close();
        write("netbox-bundle", plan_, catalog_, path("again"));
        QVERIFY(!QFile::exists(path("again/8-cables-999.csv")));
        QVERIFY(QFile::exists(path("again/8-cables-001.csv")));
    }

    // Large cable files come in parts a NetBox paste accepts, each a complete CSV.
    void bundleSplitsCablesUnderThePasteLimit()
    {
        fp::ClusterSpec spec;
        spec.gpus = 16384;
        const fp::Plan big = fp::makePlan(spec, catalog_);
        write("netbox-bundle", big, catalog_, path("big-bundle"));
        QStringList parts = QDir(path("big-bundle")).entryList({QStringLiteral("8-cables-*.csv")}, QDir::Files, QDir::Name);
        QVERIFY2(parts.size() > 1, qPrintable(parts.join(u',')));
        std::size_t rows = 0;
        std::optional<Record> header;
        for (const QString& part : parts) {
            const QByteArray bytes = readAll(path("big-bundle/" + part.toStdString()));
            QVERIFY2(bytes.size() <= 2'000'000, qPrintable(part));
            const auto records = parseCsvStrict(bytes);
            QVERIFY2(records && records->size() > 1, qPrintable(part));
            if (!header) header = records->front();
            QCOMPARE(records->front(), *header);
            rows += records->size() - 1;
        }
        QCOMPARE(rows, fp::bom::cableCount(big.fabric, big.media));
        QVERIFY(readAll(path("big-bundle/README.txt")).contains("Background job"));
    }
};

QTEST_GUILESS_MAIN(TestHandoff)
#include "test_handoff.moc"
