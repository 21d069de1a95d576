// Document: undoable edits (merging), recompute after edits with stale results dropped, save/load,
// autosave/recovery bookkeeping, two documents saving one file (issue 42: the last save won silently).
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "gui/commands.h"
#include "gui/document.h"
#include "gui/session.h"
#include "gui_test_support.h"
#include "spec/spec_json.h"

using namespace fp;
using namespace fp::gui;

namespace {

void setGpus(Document& doc, int gpus)
{
    Command::setField(&doc, fields::gpus, gpus, QStringLiteral("Change GPUs"));
}

} // namespace

class TestDocument : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void switchCountFollowsGpus_data();
    void switchCountFollowsGpus();
    void repeatedEditsMergeIntoOneUndoStep();
    void editBackToStartLeavesNoUndoStep();
    void undoRedoRestoresSpecAndPlan();
    void staleResultsAreDropped();
    void debounceFollowsPlanCost();
    void saveLoadRoundTrip();
    void loadErrorIsReported();
    void recoveryOfferedOnlyAfterUncleanExit();
    void secondSaveOfOneFileAsksFirst();
    void overwriteReplacesTheOtherVersion();
    void timestampOnlyChangeIsNoConflict();
};

void TestDocument::switchCountFollowsGpus_data()
{
    QTest::addColumn<int>("gpus");
    QTest::addColumn<long long>("leaves");
    QTest::addColumn<long long>("spines");
    // Default spec: InfiniBand, QM9700 = 64 x 400G NDR ports (fabric-facts §1), 8 GPUs and 8 NICs
    // per node (one rail per GPU), 1:1 at the leaf -> 32 ports down, 32 up.
    //   leaves = endpoints / 32;  spines = leaves * 32 uplinks / 64 ports.
    // 1024 GPUs: 1024/32 = 32 leaves, 32*32/64 = 16 spines (the DGX H100 SuperPOD 4-SU figure).
    QTest::newRow("1024 GPUs") << 1024 << 32LL << 16LL;
    // 2048 GPUs: 2048/32 = 64 leaves, 64*32/64 = 32 spines; 64 x 32 = 2048 is exactly the two-tier limit.
    QTest::newRow("2048 GPUs") << 2048 << 64LL << 32LL;
    // 256 GPUs: 8 leaves, 8*32/64 = 4 spines.
    QTest::newRow("256 GPUs") << 256 << 8LL << 4LL;
}

void TestDocument::switchCountFollowsGpus()
{
    QFETCH(int, gpus);
    QFETCH(long long, leaves);
    QFETCH(long long, spines);
    Document doc(test::builtCatalog());
    doc.setComparisonEnabled(false);
    doc.reset(ClusterSpec{}, QString());
    QVERIFY(test::settle(doc));
    setGpus(doc, gpus);
    QCOMPARE(doc.isModified(), gpus != ClusterSpec{}.gpus);  // no step when the value is unchanged
    QVERIFY(test::settle(doc));
    QVERIFY2(doc.plan(), qPrintable(doc.planError()));
    QCOMPARE(doc.plan()->spec.gpus, gpus);
    QCOMPARE(doc.plan()->fabric.switchCount(Tier::Leaf), leaves);
    QCOMPARE(doc.plan()->fabric.switchCount(Tier::Spine), spines);
}

void TestDocument::repeatedEditsMergeIntoOneUndoStep()
{
    Document doc(test::builtCatalog());
    doc.setComparisonEnabled(false);
    doc.reset(ClusterSpec{}, QString());
    setGpus(doc, 1032);
    setGpus(doc, 1040);
    setGpus(doc, 2048);
    QCOMPARE(doc.undoStack()->count(), 1);  // three spin-box steps, one undo step
    QCOMPARE(doc.spec().gpus, 2048);
    doc.undoStack()->undo();
    QCOMPARE(doc.spec().gpus, 1024);  // back to where the edits started
    // A different field does not merge.
    Command::setField(&doc, fields::planes, 2, QStringLiteral("Change planes"));
    setGpus(doc, 512);
    QCOMPARE(doc.undoStack()->count(), 2);
    QVERIFY(test::settle(doc));
}

void TestDocument::editBackToStartLeavesNoUndoStep()
{
    Document doc(test::builtCatalog());
    doc.setComparisonEnabled(false);
    doc.reset(ClusterSpec{}, QString());
    setGpus(doc, 2048);
    setGpus(doc, 1024);
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(!doc.isModified());
    QVERIFY(test::settle(doc));
}

void TestDocument::undoRedoRestoresSpecAndPlan()
{
    Document doc(test::builtCatalog());
    doc.setComparisonEnabled(false);
    doc.reset(ClusterSpec{}, QString());
    setGpus(doc, 2048);
    QVERIFY(test::settle(doc));
    QCOMPARE(doc.plan()->fabric.switchCount(), 96LL);  // 64 leaves + 32 spines (see above)
    doc.undoStack()->undo();
    QVERIFY(test::settle(doc));
    QCOMPARE(doc.spec().gpus, 1024);
    QCOMPARE(doc.plan()->fabric.switchCount(), 48LL);  // 32 + 16
    QVERIFY(!doc.isModified());
    doc.undoStack()->redo();
    QVERIFY(test::settle(doc));
    QCOMPARE(doc.plan()->fabric.switchCount(), 96LL);
}

void TestDocument::staleResultsAreDropped()
{
    Document doc(test::builtCatalog());
    doc.setComparisonEnabled(false);
    doc.setDebounceMs(0);
    doc.reset(ClusterSpec{}, QString());
    QSignalSpy ready(&doc, &Document::planReady);
    // Edits land while earlier plans are still running; only the last one may be shown.
    for (int gpus : {256, 512, 2048, 768}) {
        setGpus(doc, gpus);
        QTest::qWait(1);
    }
    QVERIFY(test::settle(doc));
    QVERIFY(doc.plan());
    QCOMPARE(doc.plan()->spec.gpus, 768);
    // Every plan that was shown belonged to the spec of its time: the last one to the last edit.
    QVERIFY(ready.count() >= 1);
    QVERIFY(ready.count() <= 5);
}

// The debounce waits about as long as the last plan took, clamped to 30..150 ms; a fixed one wins.
void TestDocument::debounceFollowsPlanCost()
{
    Document doc(test::builtCatalog());
    doc.setComparisonEnabled(false);
    QCOMPARE(doc.debounceMs(), 30);  // nothing planned yet: assume cheap
    ClusterSpec small;
    small.gpus = 64;
    doc.reset(small, QString());
    doc.recomputeNow();
    QVERIFY(test::settle(doc));
    QVERIFY(doc.plan());
    QCOMPARE(doc.debounceMs(), 30);  // 64 GPUs plan in well under 30 ms
    ClusterSpec big;
    big.gpus = 1'000'000;
    big.fabric = FabricKind::InfiniBand;  // as fabricplan-bench's 1M case: XDR Q3400 split to 400G
    big.switchModel = "Q3400-RA";
    big.nicModel = "900-9X81E-00EX-DT0";
    big.linkGbps = 400;
    doc.reset(big, QString());
    doc.recomputeNow();
    QVERIFY(test::settle(doc, 60000));
    QVERIFY2(doc.plan(), qPrintable(doc.planError()));
    // A million GPUs take hundreds of ms to plan on any machine: the debounce saturates.
    QCOMPARE(doc.debounceMs(), 150);
    doc.setDebounceMs(0);
    QCOMPARE(doc.debounceMs(), 0);
}

void TestDocument::saveLoadRoundTrip()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("round.fabricplan"));
    Document doc(test::builtCatalog());
    doc.setComparisonEnabled(false);
    doc.reset(ClusterSpec{}, QString());
    setGpus(doc, 4096);
    Command::setField(&doc, fields::spineRoomDistanceM, 42.5);
    Command::setField(&doc, fields::leafPlacement, LeafPlacement::MiddleOfRow);
    QVERIFY(doc.isModified());
    QString error;
    QVERIFY2(doc.save(path, &error), qPrintable(error));
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.fileName(), QFileInfo(path).absoluteFilePath());

    Document other(test::builtCatalog());
    other.setComparisonEnabled(false);
    QVERIFY2(other.load(path, &error), qPrintable(error));
    QVERIFY(other.spec() == doc.spec());
    QCOMPARE(other.spec().gpus, 4096);
    QCOMPARE(other.spec().floor.spineRoomDistanceM, 42.5);
    QVERIFY(!other.isModified());
    QCOMPARE(other.undoStack()->count(), 0);
    QVERIFY(test::settle(doc));
    QVERIFY(test::settle(other));
}

void TestDocument::loadErrorIsReported()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.fabricplan"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"format_version\": 1, \"compute\": {\"gpus\": \"many\"}}");
    f.close();
    Document doc(test::builtCatalog());
    doc.setComparisonEnabled(false);
    doc.reset(ClusterSpec{}, QString());
    QString error;
    QVERIFY(!doc.load(path, &error));
    QVERIFY2(error.contains(QStringLiteral("/compute/gpus")), qPrintable(error));  // names the field
    QCOMPARE(doc.spec().gpus, 1024);  // the open design is untouched
    QVERIFY(test::settle(doc));
}

void TestDocument::recoveryOfferedOnlyAfterUncleanExit()
{
    QTemporaryDir dir;
    {
        Session first(dir.path());
        QVERIFY(first.begin());
        QVERIFY(!first.checkRecovery().available);  // nothing yet
        Document doc(test::builtCatalog());
        doc.setComparisonEnabled(false);
        doc.reset(ClusterSpec{}, QString());
        setGpus(doc, 3072);
        QString error;
        QVERIFY2(doc.writeCopy(first.autosavePath(), &error), qPrintable(error));
        QVERIFY(doc.isModified());  // an autosave does not make the design clean
        QVERIFY(test::settle(doc));
        // No endCleanly(): the session "crashes" (its lock goes with the process).
    }
    Session second(dir.path());
    QVERIFY(second.begin());
    const RecoveryInfo info = second.checkRecovery();
    QVERIFY(info.available);
    Document recovered(test::builtCatalog());
    recovered.setComparisonEnabled(false);
    QString error;
    QVERIFY2(recovered.load(info.autosavePath, &error), qPrintable(error));
    QCOMPARE(recovered.spec().gpus, 3072);
    QVERIFY(test::settle(recovered));

    second.discardRecovered(info);  // recovered: the crashed session's files go
    QVERIFY(!QFileInfo::exists(info.autosavePath));
    second.endCleanly();
    Session third(dir.path());
    QVERIFY(third.begin());
    QVERIFY(!third.checkRecovery().available);  // a clean exit leaves nothing to recover
}

namespace {

Document* openDesign(const QString& path, QObject* parent)
{
    auto* doc = new Document(test::builtCatalog(), parent);
    doc->setComparisonEnabled(false);
    QString error;
    if (!doc->load(path, &error)) qWarning("%s", qPrintable(error));
    return doc;
}

ClusterSpec onDisk(const QString& path) { return loadSpecFile(path.toStdString()).spec; }

QByteArray bytesOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

// Two windows on one design: A renames and saves, then B (opened before A's save) saves its own change.
// B is asked; without an answer nothing is written, and Reload gives B A's content (B's own edit one
// Undo away).
void TestDocument::secondSaveOfOneFileAsksFirst()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shared.fabricplan"));
    ClusterSpec start;
    start.name = "hall A";
    saveSpecFile(start, path.toStdString());
    QObject owner;
    Document& a = *openDesign(path, &owner);
    Document& b = *openDesign(path, &owner);
    int asked = 0;
    DiskConflict seen;
    DiskConflictChoice answer = DiskConflictChoice::Cancel;
    b.setDiskConflictChooser([&](const DiskConflict& c) {
        ++asked;
        seen = c;
        return answer;
    });

    Command::setField(&a, fields::name, std::string("hall A (renamed)"));
    QString error;
    SaveStatus status{};
    QVERIFY2(a.save(path, &error, &status), qPrintable(error));
    QCOMPARE(status, SaveStatus::Written);
    const QByteArray afterA = bytesOf(path);
    QVERIFY(b.fileChangedOnDisk());
    QSignalSpy noticed(&b, &Document::changedOnDisk);
    b.checkDisk();  // what the window does when it is activated
    b.checkDisk();  // said once per change
    QCOMPARE(noticed.count(), 1);

    setGpus(b, 2048);
    // Cancel: nothing written, B keeps its edit.
    QVERIFY(!b.save(path, &error, &status));
    QCOMPARE(status, SaveStatus::Cancelled);
    QCOMPARE(asked, 1);
    QCOMPARE(seen.path, QFileInfo(path).absoluteFilePath());
    QVERIFY(seen.onDisk.exists && !seen.onDisk.sameContent(seen.ours));
    QCOMPARE(bytesOf(path), afterA);
    QVERIFY(b.isModified());
    // No chooser at all: refused with the reason, still nothing written.
    b.setDiskConflictChooser({});
    error.clear();
    QVERIFY(!b.save(path, &error, &status));
    QCOMPARE(status, SaveStatus::Failed);
    QVERIFY2(error.contains(QStringLiteral("changed on disk")), qPrintable(error));
    QCOMPARE(bytesOf(path), afterA);

    // Reload: B now holds A's content, clean; Undo brings B's own version back.
    b.setDiskConflictChooser([&](const DiskConflict&) {
        ++asked;
        return DiskConflictChoice::Reload;
    });
    QVERIFY(!b.save(path, &error, &status));
    QCOMPARE(status, SaveStatus::Reloaded);
    QCOMPARE(asked, 2);
    QCOMPARE(bytesOf(path), afterA);
    QCOMPARE(b.spec().name, std::string("hall A (renamed)"));
    QCOMPARE(b.spec().gpus, ClusterSpec{}.gpus);
    QVERIFY(!b.isModified());
    QVERIFY(!b.fileChangedOnDisk());
    b.undoStack()->undo();
    QCOMPARE(b.spec().name, std::string("hall A"));
    QCOMPARE(b.spec().gpus, 2048);
    QVERIFY(b.isModified());
    b.undoStack()->redo();
    QCOMPARE(b.spec().name, std::string("hall A (renamed)"));
    QVERIFY(!b.isModified());
    // In step with the file again: B's next save writes without asking.
    setGpus(b, 4096);
    QVERIFY2(b.save(path, &error, &status), qPrintable(error));
    QCOMPARE(asked, 2);
    QCOMPARE(onDisk(path).gpus, 4096);
    QCOMPARE(onDisk(path).name, std::string("hall A (renamed)"));  // A's rename survived
    QVERIFY(test::settle(a));
    QVERIFY(test::settle(b));
}

// Overwrite replaces the other version with ours, and the other document then sees its file changed.
void TestDocument::overwriteReplacesTheOtherVersion()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shared.fabricplan"));
    saveSpecFile(ClusterSpec{}, path.toStdString());
    QObject owner;
    Document& a = *openDesign(path, &owner);
    Document& b = *openDesign(path, &owner);
    int asked = 0;
    b.setDiskConflictChooser([&](const DiskConflict&) {
        ++asked;
        return DiskConflictChoice::Overwrite;
    });
    Command::setField(&a, fields::name, std::string("renamed in A"));
    QString error;
    QVERIFY2(a.save(path, &error), qPrintable(error));
    Command::setField(&b, fields::spineRoomDistanceM, 42.5);
    SaveStatus status{};
    QVERIFY2(b.save(path, &error, &status), qPrintable(error));
    QCOMPARE(status, SaveStatus::Written);
    QCOMPARE(asked, 1);
    const ClusterSpec written = onDisk(path);
    QVERIFY(written == b.spec());
    QCOMPARE(written.floor.spineRoomDistanceM, 42.5);
    QCOMPARE(written.name, ClusterSpec{}.name);  // B chose to replace A's rename
    QVERIFY(!b.isModified());
    QVERIFY(a.fileChangedOnDisk());
    // A's next save asks in turn (A has no chooser: refused, nothing written).
    Command::setField(&a, fields::name, std::string("renamed in A again"));
    QVERIFY(!a.save(path, &error, &status));
    QCOMPARE(status, SaveStatus::Failed);
    QVERIFY(onDisk(path) == b.spec());
    QVERIFY(test::settle(a));
    QVERIFY(test::settle(b));
}

// A file whose time changed but not its bytes (touch, a backup tool) is no conflict.
void TestDocument::timestampOnlyChangeIsNoConflict()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("touched.fabricplan"));
    saveSpecFile(ClusterSpec{}, path.toStdString());
    QObject owner;
    Document& doc = *openDesign(path, &owner);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(3600), QFileDevice::FileModificationTime));
    f.close();
    QVERIFY(!doc.fileChangedOnDisk());
    setGpus(doc, 2048);
    QString error;
    QVERIFY2(doc.save(path, &error), qPrintable(error));  // no chooser needed
    QCOMPARE(onDisk(path).gpus, 2048);
    QVERIFY(test::settle(doc));
}

QTEST_MAIN(TestDocument)
#include "test_document.moc"
