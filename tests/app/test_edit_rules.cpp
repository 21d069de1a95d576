// Issue 41's editing rules, one for every field of the design panel, in the offscreen window:
//  1. a value the core refuses (validateSpec) stays red with the reason and the valid range, and is
//     not applied: the design keeps its last good value and its plan;
//  2. undo merges only the edits of one edit session (the field left, text committed, or a pause);
//  3. Esc reverts refused text in every kind of editor (spin box, ratio text, part combo, name);
//  4. the notice that appears while typing never moves a field.
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QUndoStack>
#include <QtTest>

#include <variant>

#include "gui/change_value.h"
#include "gui/design_panel.h"
#include "gui/document.h"
#include "gui/main_window.h"
#include "gui_test_support.h"
#include "spec/design_fields.h"

using namespace fp;
using namespace fp::gui;

class TestEditRules : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase() { delete m_window; }
    void refusedGpusStayRedAndUnapplied();
    void everyNumericFieldRefusesWhatTheCoreRefuses();
    void valueThatBreaksAnotherFieldIsRefused();
    void undoStepsFollowEditSessions();
    void pauseStartsANewUndoStep();
    void escRevertsRefusedTextInEveryEditor();
    void noticeNeverMovesTheFields();

private:
    DesignPanel* panel() const { return m_window->designPanel(); }
    Document* doc() const { return m_window->document(); }
    template <typename W>
    W* field(const char* key) const
    {
        return qobject_cast<W*>(panel()->editorFor(QString::fromLatin1(key)));
    }
    void focusField(QWidget* w)
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window));
        w->setFocus(Qt::OtherFocusReason);
        QTRY_VERIFY(w->hasFocus());
    }
    // What a user does: select the field's text, type, press Enter.
    void typeAndEnter(QWidget* w, const QString& text)
    {
        focusField(w);
        if (auto* spin = qobject_cast<QAbstractSpinBox*>(w)) spin->selectAll();
        else if (auto* line = qobject_cast<QLineEdit*>(w)) line->selectAll();
        else if (auto* combo = qobject_cast<QComboBox*>(w)) combo->lineEdit()->selectAll();
        QTest::keyClicks(w, text);
        QTest::keyClick(w, Qt::Key_Return);
    }
    MainWindow* m_window = nullptr;
};

void TestEditRules::initTestCase()
{
    m_window = test::openTestWindow();
    QVERIFY(test::settle(*doc()));
    QVERIFY(doc()->plan());
    QCOMPARE(doc()->spec().gpus, 1024);
    QCOMPARE(doc()->spec().gpusPerNode, 8);
}

// GPUs = 0 (below the core's 1) and 1,001 (not whole nodes of 8) used to be applied and blank every tab;
// 99,999,999 (past 4,000,000) was already kept red. All three are now the same rule.
void TestEditRules::refusedGpusStayRedAndUnapplied()
{
    auto* gpus = field<QSpinBox>("gpus");
    QVERIFY(gpus);
    const int steps = doc()->undoStack()->count();
    struct Case {
        const char* typed;
        int shown;
        const char* reason;  // a word of the reason the field must show
    };
    for (const Case& c : {Case{"0", 0, "smallest supported value, 1"}, Case{"1001", 1001, "multiple of 8"},
                          Case{"99999999", 99'999'999, "largest supported value, 4,000,000"}}) {
        typeAndEnter(gpus, QString::fromLatin1(c.typed));
        QCOMPARE(gpus->value(), c.shown);                   // kept as typed, for the user to fix
        QCOMPARE(doc()->spec().gpus, 1024);                  // not applied
        QCOMPARE(doc()->undoStack()->count(), steps);        // no undo step either
        QVERIFY(panel()->isFlagged(QStringLiteral("gpus")));
        QVERIFY(!gpus->styleSheet().isEmpty());              // red frame
        QVERIFY2(gpus->toolTip().contains(QLatin1String(c.reason)), qPrintable(gpus->toolTip()));
        QVERIFY2(gpus->toolTip().contains(QStringLiteral("4,000,000")), qPrintable(gpus->toolTip()));  // the range
        QVERIFY2(panel()->pendingHint().contains(QStringLiteral("not applied")), qPrintable(panel()->pendingHint()));
        QVERIFY(test::settle(*doc()));
        QVERIFY2(doc()->plan(), qPrintable(doc()->planError()));  // the tabs keep the last good plan
    }
    // A screenshot of the panel with a refused value, for a person to look at.
    const QString out = QStringLiteral(FABRICPLAN_BUILD_DIR "/screenshots");
    QDir().mkpath(out);
    typeAndEnter(gpus, QStringLiteral("1001"));
    for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
    QVERIFY(m_window->grab().save(out + QStringLiteral("/edit-rules-refused-gpus.png")));

    QTest::keyClick(gpus, Qt::Key_Escape);
    QCOMPARE(gpus->value(), 1024);
    QVERIFY(!panel()->isFlagged(QStringLiteral("gpus")));
    QVERIFY(panel()->pendingHint().isEmpty());
}

// The rule holds for every number field of the panel, with the core's own ranges (design_fields.h):
// a value past a field's range is refused, never applied.
void TestEditRules::everyNumericFieldRefusesWhatTheCoreRefuses()
{
    const ClusterSpec before = doc()->spec();
    int tested = 0;
    QStringList untested;
    // Types each value (what typing + Enter commits) that the spin box takes, checks it is refused and not
    // applied, and that Esc puts the design's value back; `refused` says whether any value could be typed.
    const auto refuseEach = [&](const QString& key, auto* spin, const auto& field, std::initializer_list<double> values,
                                bool& refused) {
        for (double v : values) {
            if (v < spin->minimum() || v > spin->maximum() || (field.range->zeroIsOff && v == 0)) continue;
            spin->setValue(v);
            QVERIFY2(panel()->isFlagged(key), qPrintable(key));
            QVERIFY2(doc()->spec() == before, qPrintable(key + QLatin1String(" was applied")));
            focusField(spin);
            QTest::keyClick(spin, Qt::Key_Escape);
            QCOMPARE(spin->value(), field.of(before));
            QVERIFY2(!panel()->isFlagged(key), qPrintable(key));
            refused = true;
        }
    };
    for (const QString& key : panel()->fieldKeys()) {
        const AnyDesignField* any = findDesignField(key.toStdString());
        if (!any) continue;
        bool refused = false;
        if (auto* f = std::get_if<const DesignField<int>*>(any); f && (*f)->range) {
            auto* spin = field<QSpinBox>(key.toLatin1().constData());
            if (!spin) continue;  // an enum shown as a list (tiers, link speed): only valid choices
            const FieldRange r = *(*f)->range;
            refuseEach(key, spin, **f, {r.max + 1, r.min - 1}, refused);
        } else if (auto* d = std::get_if<const DesignField<double>*>(any); d && (*d)->range) {
            auto* spin = field<QDoubleSpinBox>(key.toLatin1().constData());
            if (!spin) continue;
            const FieldRange r = *(*d)->range;
            refuseEach(key, spin, **d, {r.max + 1, r.minExclusive ? r.min : r.min - 1}, refused);
        } else {
            continue;
        }
        if (QTest::currentTestFailed()) return;
        if (refused) ++tested;
        else untested << key;
    }
    qInfo("number fields tested: %d; none out of range typeable: %s", tested, qPrintable(untested.join(u' ')));
    QVERIFY2(tested >= 25, qPrintable(QString::number(tested)));
    QCOMPARE(doc()->undoStack()->count(), 0);
}

// A value fine on its own that the core refuses with the rest of the design: 6 GPUs per node leaves
// 1,024 GPUs in no whole number of nodes; a rack budget below the node's power. Refused, and the reason
// names the other field.
void TestEditRules::valueThatBreaksAnotherFieldIsRefused()
{
    auto* perNode = field<QSpinBox>("gpus_per_node");
    typeAndEnter(perNode, QStringLiteral("6"));
    QCOMPARE(doc()->spec().gpusPerNode, 8);
    QVERIFY(panel()->isFlagged(QStringLiteral("gpus_per_node")));
    QVERIFY2(perNode->toolTip().contains(QStringLiteral("GPUs")) && perNode->toolTip().contains(QStringLiteral("6")),
             qPrintable(perNode->toolTip()));
    QTest::keyClick(perNode, Qt::Key_Escape);
    QCOMPARE(perNode->value(), 8);

    auto* budget = field<QDoubleSpinBox>("rack_power_budget_kw");
    const double node = doc()->spec().floor.nodePowerKw, was = doc()->spec().floor.rackPowerBudgetKw;
    QVERIFY(node > 1);
    budget->setValue(node - 1);
    QCOMPARE(doc()->spec().floor.rackPowerBudgetKw, was);
    QVERIFY(panel()->isFlagged(QStringLiteral("rack_power_budget_kw")));
    focusField(budget);
    QTest::keyClick(budget, Qt::Key_Escape);
    QCOMPARE(budget->value(), was);
    QCOMPARE(doc()->undoStack()->count(), 0);
}

// 1,024 -> 16,384 -> 100,000, the field left in between: two undo steps, each back one value. Enter
// twice without leaving: also two steps (each committed text is one). Arrow keys in a row: one step.
void TestEditRules::undoStepsFollowEditSessions()
{
    QUndoStack* stack = doc()->undoStack();
    auto* gpus = field<QSpinBox>("gpus");
    auto* perNode = field<QSpinBox>("gpus_per_node");
    typeAndEnter(gpus, QStringLiteral("16384"));
    QTest::keyClick(gpus, Qt::Key_Tab);  // leave the field
    QVERIFY(!gpus->hasFocus());
    focusField(perNode);
    typeAndEnter(gpus, QStringLiteral("100000"));
    QCOMPARE(doc()->spec().gpus, 100'000);
    QCOMPARE(stack->count(), 2);
    stack->undo();
    QCOMPARE(doc()->spec().gpus, 16'384);
    stack->undo();
    QCOMPARE(doc()->spec().gpus, 1024);

    // Two values committed with Enter in the field, not leaving it: two steps.
    typeAndEnter(gpus, QStringLiteral("2048"));
    typeAndEnter(gpus, QStringLiteral("4096"));
    QCOMPARE(stack->index(), 2);
    stack->undo();
    QCOMPARE(doc()->spec().gpus, 2048);
    stack->undo();
    QCOMPARE(doc()->spec().gpus, 1024);

    // Arrow steps in a row are one session: one step.
    auto* racks = field<QSpinBox>("racks_per_row");
    const int start = racks->value();
    focusField(racks);
    for (int i = 0; i < 3; ++i) QTest::keyClick(racks, Qt::Key_Up);
    QCOMPARE(doc()->spec().floor.racksPerRow, start + 3);
    QCOMPARE(stack->index(), 1);
    stack->undo();
    QCOMPARE(doc()->spec().floor.racksPerRow, start);
    stack->setIndex(0);
    QVERIFY(test::settle(*doc()));
}

// A pause of more than kMergeIdle between two arrow steps in the same focused field: two steps.
void TestEditRules::pauseStartsANewUndoStep()
{
    QUndoStack* stack = doc()->undoStack();
    const int base = stack->index();
    auto* racks = field<QSpinBox>("racks_per_row");
    const int start = racks->value();
    focusField(racks);
    QTest::keyClick(racks, Qt::Key_Up);
    QTest::keyClick(racks, Qt::Key_Up);
    QCOMPARE(stack->index(), base + 1);
    QTest::qWait(int(kMergeIdle.count()) + 300);
    QVERIFY(racks->hasFocus());
    QTest::keyClick(racks, Qt::Key_Up);
    QCOMPARE(doc()->spec().floor.racksPerRow, start + 3);
    QCOMPARE(stack->index(), base + 2);
    stack->undo();
    QCOMPARE(doc()->spec().floor.racksPerRow, start + 2);
    stack->undo();
    QCOMPARE(doc()->spec().floor.racksPerRow, start);
    QVERIFY(test::settle(*doc()));
}

// Esc puts back the applied value wherever refused (red) text is: a spin box (done above), the ratio
// text, the switch name combo's text and the design name.
void TestEditRules::escRevertsRefusedTextInEveryEditor()
{
    const int steps = doc()->undoStack()->count(), index = doc()->undoStack()->index();
    auto* ratio = field<QLineEdit>("leaf_oversubscription");
    QVERIFY(ratio);
    typeAndEnter(ratio, QStringLiteral("1:abc"));
    QVERIFY(panel()->isFlagged(QStringLiteral("leaf_oversubscription")));
    QCOMPARE(ratio->text(), QStringLiteral("1:abc"));
    QTest::keyClick(ratio, Qt::Key_Escape);
    QCOMPARE(ratio->text(), QStringLiteral("1:1"));
    QVERIFY(!panel()->isFlagged(QStringLiteral("leaf_oversubscription")));

    auto* sw = qobject_cast<QComboBox*>(panel()->editorFor(QStringLiteral("/fabric/switch")));
    QVERIFY(sw && sw->isEditable());
    const QString applied = sw->currentText();
    const std::string appliedPart = doc()->spec().switchModel;
    QVERIFY(!applied.isEmpty());
    typeAndEnter(sw, QStringLiteral("NoSuchSwitch9"));
    QVERIFY(panel()->isFlagged(QStringLiteral("/fabric/switch")));
    QCOMPARE(sw->lineEdit()->text(), QStringLiteral("NoSuchSwitch9"));
    QCOMPARE(doc()->spec().switchModel, appliedPart);
    QTest::keyClick(sw, Qt::Key_Escape);
    QCOMPARE(sw->lineEdit()->text(), applied);
    QVERIFY(!panel()->isFlagged(QStringLiteral("/fabric/switch")));

    auto* name = field<QLineEdit>("name");
    QVERIFY(name);
    const QString was = name->text();
    typeAndEnter(name, QString(300, QLatin1Char('x')));  // past the core's 256 characters
    QVERIFY(panel()->isFlagged(QStringLiteral("name")));
    QCOMPARE(QString::fromStdString(doc()->spec().name), was);
    QTest::keyClick(name, Qt::Key_Escape);
    QCOMPARE(name->text(), was);
    QVERIFY(!panel()->isFlagged(QStringLiteral("name")));
    QCOMPARE(doc()->undoStack()->count(), steps);  // nothing was applied
    QCOMPARE(doc()->undoStack()->index(), index);
}

// The yellow notice appears while typing (unapplied text) and for a refused value: no field of the
// panel moves in the window, and the notice does not cover the field being typed in.
void TestEditRules::noticeNeverMovesTheFields()
{
    auto* gpus = field<QSpinBox>("gpus");
    const QList<QWidget*> watched{gpus, panel()->editorFor(QStringLiteral("name")),
                                  panel()->editorFor(QStringLiteral("planes")),
                                  panel()->editorFor(QStringLiteral("racks_per_row"))};
    const auto positions = [&] {
        QList<QPoint> at;
        for (QWidget* w : watched) at << w->mapTo(m_window, QPoint(0, 0));
        return at;
    };
    auto* notice = panel()->findChild<QLabel*>(QStringLiteral("pendingHint"));
    QVERIFY(notice);
    QVERIFY(panel()->pendingHint().isEmpty());
    for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();
    const QList<QPoint> before = positions();
    const auto covers = [&](QWidget* w) {
        return QRect(notice->mapTo(m_window, QPoint(0, 0)), notice->size())
            .intersects(QRect(w->mapTo(m_window, QPoint(0, 0)), w->size()));
    };

    focusField(gpus);
    gpus->selectAll();
    QTest::keyClicks(gpus, QStringLiteral("2048"));  // typed, not applied: the notice appears
    QVERIFY(panel()->isPending(QStringLiteral("gpus")));
    QVERIFY(notice->isVisible());
    for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();
    QCOMPARE(positions(), before);
    QVERIFY(!covers(gpus));

    QTest::keyClick(gpus, Qt::Key_Escape);
    typeAndEnter(gpus, QStringLiteral("1001"));  // refused: a longer notice
    QVERIFY(notice->isVisible());
    for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();
    QCOMPARE(positions(), before);
    QVERIFY(!covers(gpus));
    QTest::keyClick(gpus, Qt::Key_Escape);
    QVERIFY(!notice->isVisible());
    QCOMPARE(positions(), before);
}

QTEST_MAIN(TestEditRules)
#include "test_edit_rules.moc"
