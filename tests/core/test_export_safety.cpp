// What every exporter promises about the file system, whatever the format: a cancelled export
// leaves no file and never touches an existing one; a folder it cannot write to gives a UserError
// and leaves no temporary file behind. Also the CSV quoting rules on awkward text.
#include <QTemporaryDir>
#include <QtTest>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.h"
#include "export_test_support.h"
#include "io/export_support.h"

using namespace exporttest;

class TestExportSafety : public QObject {
    Q_OBJECT
    fp::Catalog catalog_;
    fp::Plan plan_;

    static void allFormats()
    {
        QTest::addColumn<QString>("id");
        for (const auto& e : fp::io::exporters())
            QTest::newRow(e->id().c_str()) << QString::fromStdString(e->id());
    }

private slots:
    void initTestCase()
    {
        catalog_ = fp::loadCatalog(FABRICPLAN_TEST_CATALOG);
        plan_ = fp::makePlan(fp::ClusterSpec{}, catalog_);
    }

    void registryHasEveryFormatOnce()
    {
        const std::vector<std::string> wanted{"xlsx", "bom-csv", "cables-csv", "json", "labels", "topology-svg",
                                              "netbox-devices", "netbox-cables", "netbox-bundle", "ibdm-topology",
                                              "sonic-lossless", "nvue-lossless", "nic-lossless"};
        QCOMPARE(fp::io::exporters().size(), wanted.size());
        for (const auto& id : wanted) {
            const fp::io::Exporter* e = fp::io::findExporter(id);
            QVERIFY2(e, id.c_str());
            QCOMPARE(e->id(), id);
            // A file has an extension; a bundle (a folder of files) has none.
            QVERIFY(e->extension().empty() || (e->extension().size() > 1 && e->extension()[0] == '.'));
            QVERIFY(!e->name().empty());
        }
        QVERIFY(!fp::io::findExporter("pdf-of-dreams"));
    }

    void csvFieldQuotesPerRfc4180_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << "QM9700" << "QM9700";
        QTest::newRow("empty") << "" << "";
        QTest::newRow("comma") << "OSFP, finned" << "\"OSFP, finned\"";
        QTest::newRow("quote") << "2\" tray" << "\"2\"\" tray\"";
        QTest::newRow("newline") << "a\nb" << "\"a\nb\"";
        QTest::newRow("carriage return") << "a\rb" << "\"a\rb\"";
        QTest::newRow("only quotes") << "\"\"" << "\"\"\"\"\"\"";
    }
    void csvFieldQuotesPerRfc4180()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(QString::fromStdString(fp::io::csvField(in.toStdString())), out);
    }

    // A hand-made BOM with awkward text survives a round trip through a strict reader; control
    // characters come back as their \xNN escapes.
    void bomCsvRoundTripsAwkwardText()
    {
        fp::Plan p;
        fp::BomLine a;
        a.category = fp::BomCategory::Transceivers;
        a.part = "OSFP-2x400G, \"twin\"";
        a.description = "line one\r\nline two";
        a.qty = 3;
        a.unitPriceUsd = 100.5;
        a.extendedUsd = 301.5;  // 3 x 100.5, as bom::collect fills it
        fp::BomLine b;
        b.category = fp::BomCategory::Cables;
        b.part = "DAC-1m";
        b.qty = 2;
        b.unitPriceUsd = 7;
        b.extendedUsd = 14;  // 2 x 7
        p.bom.lines = {a, b};
        QTemporaryDir dir;
        write("bom-csv", p, catalog_, dir.filePath(QStringLiteral("b.csv")));
        const auto records = parseCsvStrict(readAll(dir.filePath(QStringLiteral("b.csv"))));
        QVERIFY(records);
        QCOMPARE(records->size(), std::size_t(3));
        QCOMPARE((*records)[1][1], a.part);
        // CR and LF are shown as text (name_safety.h, spreadsheetCell): one cell, one line.
        QCOMPARE((*records)[1][3], std::string("line one\\x0D\\x0Aline two"));
        QCOMPARE((*records)[1][0], std::string("transceivers"));
        // 3 x 100.5 = 301.5; 2 x 7 = 14
        QCOMPARE((*records)[1][6], std::string("301.5"));
        QCOMPARE((*records)[2][6], std::string("14"));
    }

    void cancelLeavesNoFileAndKeepsTheOldOne_data() { allFormats(); }
    void cancelLeavesNoFileAndKeepsTheOldOne()
    {
        QFETCH(QString, id);
        QTemporaryDir dir;
        const QString fresh = dir.filePath(QStringLiteral("fresh.out"));
        const QString existing = dir.filePath(QStringLiteral("existing.out"));
        const fp::io::Exporter* e = fp::io::findExporter(id.toStdString());
        // A bundle's previous version is a folder; it must survive a cancelled export whole.
        const bool bundle = e->extension().empty();
        if (bundle) {
            QVERIFY(QDir().mkdir(existing));
            QFile marker(existing + QStringLiteral("/.fabricplan-bundle"));  // a previous bundle
            QVERIFY(marker.open(QIODevice::WriteOnly));
        }
        {
            QFile f(bundle ? existing + QStringLiteral("/old.txt") : existing);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("previous contents");
        }
        for (const QString& target : {fresh, existing}) {
            // Cancel past the start, so the writers are mid-file when told to stop.
            int calls = 0;
            fp::io::ExportContext ctx{plan_, catalog_, nullptr, [&](double f) { return ++calls < 2 || f < 0.01; }};
            QVERIFY_THROWS_EXCEPTION(fp::io::ExportCancelled, e->write(ctx, target.toStdString()));
            QVERIFY(calls >= 2);
        }
        QVERIFY(!QFile::exists(fresh));
        QCOMPARE(readAll(bundle ? existing + QStringLiteral("/old.txt") : existing), QByteArray("previous contents"));
        if (bundle) QCOMPARE(entries(existing), (QStringList{QStringLiteral(".fabricplan-bundle"), QStringLiteral("old.txt")}));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("existing.out")});
    }

    void unwritableFolderGivesUserErrorAndNoTempFile_data() { allFormats(); }
    void unwritableFolderGivesUserErrorAndNoTempFile()
    {
        QFETCH(QString, id);
        QTemporaryDir dir;
        const QString locked = dir.filePath(QStringLiteral("locked"));
        QVERIFY(QDir().mkdir(locked));
        QVERIFY(::chmod(locked.toLocal8Bit().constData(), 0555) == 0);
        // root ignores the mode bits: then use a folder nobody can create files in.
        const QString folder = ::geteuid() == 0 ? QStringLiteral("/proc/self") : locked;
        const QString target = folder + QStringLiteral("/out") + QString::fromStdString(
                                            fp::io::findExporter(id.toStdString())->extension());
        QVERIFY_THROWS_EXCEPTION(fp::UserError, write(id.toLatin1().constData(), plan_, catalog_, target));
        QVERIFY(!QFile::exists(target));
        QVERIFY(entries(locked).isEmpty());
        ::chmod(locked.toLocal8Bit().constData(), 0755);
    }
};

QTEST_GUILESS_MAIN(TestExportSafety)
#include "test_export_safety.moc"
