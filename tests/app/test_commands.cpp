// The command facade (gui/commands.h): every kind of edit, undone and redone, gives back the exact spec;
// consecutive edits of one field merge by its undo id; the pins list is edited by index; the design
// panel's per-tier switch combos and the dual ToR box edit through it.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QUndoStack>

#include "gui/commands.h"
#include "gui/design_panel.h"
#include "gui_test_support.h"
#include "spec/spec_json.h"

#include <nlohmann/json.hpp>

using namespace fp;
using namespace fp::gui;

namespace {

// Undo every step back to the start, checking each spec on the way, then redo them all.
void checkUndoRedo(Document& doc, const std::vector<ClusterSpec>& states)
{
    QUndoStack* stack = doc.undoStack();
    QCOMPARE(stack->index(), int(states.size()) - 1);
    for (int i = int(states.size()) - 1; i > 0; --i) {
        QVERIFY2(doc.spec() == states[std::size_t(i)], qPrintable(QStringLiteral("before undo %1").arg(i)));
        stack->undo();
    }
    QVERIFY(doc.spec() == states.front());
    for (std::size_t i = 1; i < states.size(); ++i) {
        stack->redo();
        QVERIFY2(doc.spec() == states[i], qPrintable(QStringLiteral("after redo %1").arg(i)));
    }
}

} // namespace

class TestCommands : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void everyKindOfEditUndoesToTheExactSpec()
    {
        Document doc(test::builtCatalog());
        doc.setComparisonEnabled(false);
        doc.setDebounceMs(1'000'000);  // no planning needed here
        doc.reset(ClusterSpec{}, QString());
        std::vector<ClusterSpec> states{doc.spec()};
        const auto expect = [&](auto change) {
            ClusterSpec next = states.back();
            change(next);
            states.push_back(next);
        };

        QVERIFY(Command::setField(&doc, fields::gpus, 2048));
        expect([](ClusterSpec& s) { s.gpus = 2048; });
        QVERIFY(!Command::setField(&doc, fields::gpus, 2048));  // unchanged: no step
        // The macros: one step each for everything they set (before the made-up pins below, which no
        // plan of the technology change could resolve).
        Command::choosePlatform(&doc, "GB200-NVL72");
        QVERIFY(doc.spec().platform == "GB200-NVL72");
        QCOMPARE(doc.spec().gpusPerNode, 4);  // a GB200 compute tray: 4 GPUs (catalog platforms.csv)
        states.push_back(doc.spec());
        Command::setTechnology(&doc, FabricKind::RoCE);
        QVERIFY(doc.spec().fabric == FabricKind::RoCE);
        QVERIFY(doc.spec().switchModel != ClusterSpec{}.switchModel);  // an InfiniBand switch cannot run RoCE
        states.push_back(doc.spec());
        QVERIFY(Command::setField(&doc, fields::rowPitchM, 3.6));
        expect([](ClusterSpec& s) { s.floor.rowPitchM = 3.6; });
        QVERIFY(Command::setField(&doc, fields::leafOversubscription, Ratio{2, 1}));
        expect([](ClusterSpec& s) { s.leafOversubscription = {2, 1}; });
        QVERIFY(Command::setTierSwitch(&doc, Tier::Spine, "SN5600"));
        expect([](ClusterSpec& s) { s.spineSwitchModel = "SN5600"; });
        QVERIFY(Command::setField(&doc, fields::dualTor, true));
        expect([](ClusterSpec& s) { s.dualTor = true; });

        Command::addPin(&doc, {"leaf_spine", "A"});
        expect([](ClusterSpec& s) { s.media.pins = {{"leaf_spine", "A"}}; });
        Command::addPin(&doc, {"host_leaf", "B"}, 0);  // inserted before A
        expect([](ClusterSpec& s) { s.media.pins = {{"host_leaf", "B"}, {"leaf_spine", "A"}}; });
        Command::addPin(&doc, {"spine_core", "C"});
        expect([](ClusterSpec& s) { s.media.pins = {{"host_leaf", "B"}, {"leaf_spine", "A"}, {"spine_core", "C"}}; });
        QVERIFY(Command::editPin(&doc, 1, {"leaf_spine", "A2"}));
        expect([](ClusterSpec& s) { s.media.pins = {{"host_leaf", "B"}, {"leaf_spine", "A2"}, {"spine_core", "C"}}; });
        QVERIFY(!Command::editPin(&doc, 1, {"leaf_spine", "A2"}));
        Command::removePin(&doc, 1);  // the middle one: undo must put it back in the middle
        expect([](ClusterSpec& s) { s.media.pins = {{"host_leaf", "B"}, {"spine_core", "C"}}; });
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, Command::removePin(&doc, 2));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, Command::addPin(&doc, {"host_leaf", "X"}, 5));


        checkUndoRedo(doc, states);
    }

    // Tiled's rule: consecutive edits of one field are one undo step; another field starts a new one,
    // and editing back to the start drops the step.
    void consecutiveEditsOfOneFieldMerge()
    {
        Document doc(test::builtCatalog());
        doc.setComparisonEnabled(false);
        doc.setDebounceMs(1'000'000);
        doc.reset(ClusterSpec{}, QString());
        Command::setField(&doc, fields::planes, 2);
        Command::setField(&doc, fields::planes, 3);
        Command::setField(&doc, fields::planes, 4);
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Change Planes"));
        Command::setField(&doc, fields::gpus, 2048);
        Command::setField(&doc, fields::planes, 2);
        QCOMPARE(doc.undoStack()->count(), 3);
        doc.undoStack()->undo();
        QCOMPARE(doc.spec().planes, 4);
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(doc.spec().planes, 1);
        QCOMPARE(doc.spec().gpus, 1024);

        Document back(test::builtCatalog());
        back.setDebounceMs(1'000'000);
        back.setComparisonEnabled(false);
        back.reset(ClusterSpec{}, QString());
        Command::setField(&back, fields::racksPerRow, 20);
        Command::setField(&back, fields::racksPerRow, ClusterSpec{}.floor.racksPerRow);
        QCOMPARE(back.undoStack()->count(), 0);
        QVERIFY(!back.isModified());
    }

    void panelEditsTierSwitchesAndDualTor()
    {
        Document doc(test::builtCatalog());
        doc.setComparisonEnabled(false);
        doc.setDebounceMs(1'000'000);
        doc.reset(ClusterSpec{}, QString());
        DesignPanel panel(&doc);
        auto* spine = qobject_cast<QComboBox*>(panel.editorFor(QStringLiteral("/fabric/switches/spine")));
        QVERIFY(spine);
        QCOMPARE(spine->currentText(), QStringLiteral("Same as fabric switch"));
        QCOMPARE(spine->currentData().toString(), QString());
        const int xdr = spine->findData(QStringLiteral("MQM9790-NS2F"));
        QVERIFY(xdr > 0);
        QVERIFY(spine->findData(QStringLiteral("SN5600")) < 0);  // an Ethernet switch: not offered for InfiniBand
        emit spine->activated(xdr);
        QCOMPARE(doc.spec().spineSwitchModel, std::string("MQM9790-NS2F"));
        QCOMPARE(doc.spec().leafSwitchModel, std::string());
        QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Change Spine switch"));

        auto* dual = qobject_cast<QCheckBox*>(panel.editorFor(QStringLiteral("/fabric/dual_tor")));
        QVERIFY(dual);
        QVERIFY(!dual->isChecked());
        dual->setChecked(true);
        QVERIFY(doc.spec().dualTor);

        doc.undoStack()->undo();
        QVERIFY(!dual->isChecked());  // the panel follows the undo
        doc.undoStack()->undo();
        QCOMPARE(spine->currentText(), QStringLiteral("Same as fabric switch"));
        QVERIFY(doc.spec() == ClusterSpec{});
    }

    // Issue 39: the ratio field takes decimals ("1:1.16"), shows them as written, and flags a mistake in the
    // words of the CLI and the design file (spec/ratio.h) without applying it.
    void ratioFieldTakesDecimals()
    {
        Document doc(test::builtCatalog());
        doc.setComparisonEnabled(false);
        doc.setDebounceMs(1'000'000);
        doc.reset(ClusterSpec{}, QString());
        DesignPanel panel(&doc);
        const QString key = QStringLiteral("/fabric/leaf_oversubscription");
        auto* edit = qobject_cast<QLineEdit*>(panel.editorFor(key));
        QVERIFY(edit);
        QCOMPARE(edit->text(), QStringLiteral("1:1"));
        const auto type = [&](const char* text) {
            edit->setText(QString::fromLatin1(text));
            emit edit->editingFinished();
        };
        type("1:1.160");
        QVERIFY(doc.spec().leafOversubscription == (Ratio{100, 116, 2}));
        QCOMPARE(edit->text(), QStringLiteral("1:1.16"));
        QVERIFY(!panel.isFlagged(key));
        QCOMPARE(specToJson(doc.spec())["fabric"]["leaf_oversubscription"].get<std::string>(), std::string("1:1.16"));

        for (const char* bad : {"1:0", "1:abc", "1:1.1667", "1:65"}) {
            type(bad);
            QVERIFY(doc.spec().leafOversubscription == (Ratio{100, 116, 2}));  // not applied
            QVERIFY(panel.isFlagged(key));
            QCOMPARE(edit->text(), QString::fromLatin1(bad));  // kept, for the user to fix
            Ratio r;
            const RatioProblem p = parseRatio(bad, r);
            QVERIFY(p);
            QVERIFY2(panel.pendingHint().contains(QString::fromStdString(p.what)), qPrintable(panel.pendingHint()));
            QVERIFY2(panel.pendingHint().contains(QString::fromStdString(p.fix)), qPrintable(panel.pendingHint()));
        }
        type("4:3");
        QVERIFY(doc.spec().leafOversubscription == (Ratio{4, 3, 0}));
        QCOMPARE(edit->text(), QStringLiteral("4:3"));
        QVERIFY(!panel.isFlagged(key));

        // A value set elsewhere (a file, undo) shows as written.
        Ratio meta;
        QVERIFY(!parseRatio("1:1.125", meta));
        Command::setField(&doc, fields::spineOversubscription, meta);
        auto* spine = qobject_cast<QLineEdit*>(panel.editorFor(QStringLiteral("/fabric/spine_oversubscription")));
        QVERIFY(spine);
        QCOMPARE(spine->text(), QStringLiteral("1:1.125"));
        doc.undoStack()->undo();
        QCOMPARE(spine->text(), QStringLiteral("1:1"));
        doc.undoStack()->undo();  // "4:3": each committed text is an undo step of its own (issue 41)
        QCOMPARE(edit->text(), QStringLiteral("1:1.16"));
        doc.undoStack()->undo();
        QCOMPARE(edit->text(), QStringLiteral("1:1"));
        QVERIFY(doc.spec() == ClusterSpec{});
    }

    // Issue 18: a part combo takes what people type (catalog/part_lookup.h), and says why when it can't.
    void partCombosAreSearchable()
    {
        Document doc(test::builtCatalog());
        doc.setComparisonEnabled(false);
        doc.setDebounceMs(1'000'000);
        doc.reset(ClusterSpec{}, QString());
        DesignPanel panel(&doc);
        const QString key = QStringLiteral("/fabric/switches/spine");
        auto* spine = qobject_cast<QComboBox*>(panel.editorFor(key));
        QVERIFY(spine && spine->isEditable());
        const auto type = [&](const char* text) {
            spine->lineEdit()->setText(QString::fromLatin1(text));
            emit spine->lineEdit()->editingFinished();
        };
        type("qm9790");  // the model name, lower case: the externally managed Quantum-2
        QCOMPARE(doc.spec().spineSwitchModel, std::string("MQM9790-NS2F"));
        QVERIFY(!panel.isFlagged(key));
        type("QM97");  // QM9700 and QM9790 both contain it
        QCOMPARE(doc.spec().spineSwitchModel, std::string("MQM9790-NS2F"));
        QVERIFY(panel.isFlagged(key));
        QVERIFY2(panel.pendingHint().contains(QStringLiteral("MQM9700-NS2F")), qPrintable(panel.pendingHint()));
        type("SN5600");  // Ethernet: not a switch for an InfiniBand fabric
        QCOMPARE(doc.spec().spineSwitchModel, std::string("MQM9790-NS2F"));
        QVERIFY2(panel.pendingHint().contains(QStringLiteral("no switch for InfiniBand")), qPrintable(panel.pendingHint()));
        type("Same as fabric switch");  // the listed entry
        QCOMPARE(doc.spec().spineSwitchModel, std::string());
        QVERIFY(!panel.isFlagged(key));

        auto* nic = qobject_cast<QComboBox*>(panel.editorFor(QStringLiteral("/compute/nic")));
        QVERIFY(nic && nic->isEditable());
        nic->lineEdit()->setText(QStringLiteral("C8180"));
        emit nic->lineEdit()->editingFinished();
        QVERIFY2(doc.spec().nicModel != ClusterSpec{}.nicModel, doc.spec().nicModel.c_str());
        QVERIFY(!panel.isFlagged(QStringLiteral("/compute/nic")));
    }

    // A design file may name a part the way people type it ("QM9700"); the core resolves it to the
    // catalog's MQM9700-NS2F, so the combo shows that part, not "QM9700 (not available)".
    void partComboShowsThePartATypedNameMeans()
    {
        Document doc(test::builtCatalog());
        doc.setComparisonEnabled(false);
        doc.setDebounceMs(1'000'000);
        ClusterSpec spec;
        spec.switchModel = "QM9700";
        spec.spineSwitchModel = "qm9790";
        doc.reset(spec, QString());
        DesignPanel panel(&doc);
        auto* fabric = qobject_cast<QComboBox*>(panel.editorFor(QStringLiteral("/fabric/switch")));
        auto* spine = qobject_cast<QComboBox*>(panel.editorFor(QStringLiteral("/fabric/switches/spine")));
        QVERIFY(fabric && spine);
        QCOMPARE(fabric->currentData().toString(), QStringLiteral("MQM9700-NS2F"));
        QCOMPARE(spine->currentData().toString(), QStringLiteral("MQM9790-NS2F"));
        QVERIFY(!fabric->currentText().contains(QStringLiteral("not available")));
        // A name that resolves to nothing still says so.
        spec.spineSwitchModel = "NO-SUCH-SWITCH";
        doc.reset(spec, QString());
        QCOMPARE(spine->currentText(), QStringLiteral("NO-SUCH-SWITCH (not available)"));
    }

    // SU size 0 lets the plan fill a leaf: the field says "Auto", not "0 nodes"; a set size keeps its unit.
    void automaticFieldsReadAuto()
    {
        Document doc(test::builtCatalog());
        doc.setComparisonEnabled(false);
        doc.setDebounceMs(1'000'000);
        ClusterSpec spec;
        spec.suNodes = 0;
        doc.reset(spec, QString());
        DesignPanel panel(&doc);
        auto* su = qobject_cast<QSpinBox*>(panel.editorFor(QStringLiteral("/fabric/su_nodes")));
        QVERIFY(su);
        QCOMPARE(su->text(), QStringLiteral("Auto"));
        spec.suNodes = 32;
        doc.reset(spec, QString());
        QCOMPARE(su->text(), QStringLiteral("32 nodes"));
        auto* radix = qobject_cast<QSpinBox*>(panel.editorFor(QStringLiteral("/fabric/generic_radix")));
        QVERIFY(radix);
        QCOMPARE(radix->text(), QStringLiteral("Off"));  // 0 there means the catalog switch, and says so
    }
};

QTEST_MAIN(TestCommands)
#include "test_commands.moc"
