// No silent override (issue 41) in the window: where the plan runs another value than a design field
// says, the note beside the field names the value in use and its tooltip the plan's finding, the one
// the Checks tab lists; the note never moves another field. Figures worked out here: a 60 kW rack holds
// floor(60 / 20) = 3 nodes of 20 kW, so 1,024 GPUs (128 nodes) take ceil(128 / 3) = 43 racks, not 32;
// 100,000 GPUs of 8 x 400G NICs exceed the 65,536 ports per plane of three 64-port tiers (2 rail planes).
#include <QLabel>
#include <QSpinBox>
#include <QtTest>

#include "gui/commands.h"
#include "gui/design_panel.h"
#include "gui/document.h"
#include "gui/main_window.h"
#include "gui_test_support.h"
#include "spec/design_fields.h"

using namespace fp;
using namespace fp::gui;

namespace {

QString key(const char* path) { return QString::fromLatin1(path); }

const Finding* findingOf(const Plan& p, const char* rule)
{
    for (const Finding& f : p.findings)
        if (f.rule == rule) return &f;
    return nullptr;
}

} // namespace

class TestOverrideNotes : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_window = test::openTestWindow();
        QVERIFY(test::settle(*doc()));
        QVERIFY(doc()->plan());
        QCOMPARE(doc()->spec().gpus, 1024);
        QCOMPARE(doc()->spec().floor.rackPowerBudgetKw, 60.0);
        QCOMPARE(doc()->spec().floor.nodesPerRack, 4);
    }
    void cleanupTestCase() { delete m_window; }

    void noNoteWhereThePlanFollowsTheDesign()
    {
        for (const char* path : {fields::planes.path, fields::linkGbps.path, fields::suNodes.path, fields::nodesPerRack.path})
            QVERIFY2(panel()->inUseNote(key(path)).isEmpty(), path);
    }

    void rackPowerNoteNamesNodesPerRackInUse()
    {
        QWidget* below = panel()->editorFor(QStringLiteral("rack_power_budget_kw"));
        QWidget* self = panel()->editorFor(QStringLiteral("nodes_per_rack"));
        QVERIFY(below && self);
        const int belowY = below->mapTo(panel(), QPoint()).y();
        const int selfY = self->mapTo(panel(), QPoint()).y();

        QVERIFY(Command::setField(doc(), fields::nodePowerKw, 20.0));
        QVERIFY(test::settle(*doc()));
        QCOMPARE(panel()->inUseNote(key(fields::nodesPerRack.path)), QStringLiteral("uses 3 (rack power)"));
        const Finding* f = findingOf(*doc()->computePlan(), "floor.rack-power-nodes");
        QVERIFY(f);
        QCOMPARE(f->severity, Severity::Warning);
        QVERIFY2(f->message.find("32") != std::string::npos && f->message.find("43 compute racks instead of 32 (11 added)") != std::string::npos,
                 f->message.c_str());
        // The tooltip is the Checks tab's finding, word for word.
        const QString why = panel()->inUseWhy(key(fields::nodesPerRack.path));
        QVERIFY2(why.contains(QString::fromStdString(f->message).toHtmlEscaped()), qPrintable(why));
        QVERIFY(why.contains(QStringLiteral("floor.rack-power-nodes")));
        // Shown beside the field: no field moved, the note no taller than its field.
        QCOMPARE(below->mapTo(panel(), QPoint()).y(), belowY);
        QCOMPARE(self->mapTo(panel(), QPoint()).y(), selfY);
        auto* note = panel()->findChild<QLabel*>(QStringLiteral("inUse_nodes_per_rack"));
        QVERIFY(note && note->isVisible());
        QVERIFY(note->height() <= self->height());

        QVERIFY(Command::setField(doc(), fields::nodePowerKw, 15.0));  // floor(60 / 15) = 4: as designed
        QVERIFY(test::settle(*doc()));
        QVERIFY(panel()->inUseNote(key(fields::nodesPerRack.path)).isEmpty());
        QVERIFY(!findingOf(*doc()->computePlan(), "floor.rack-power-nodes"));
    }

    void planesNoteNamesThePlanesInUse()
    {
        QVERIFY(Command::setField(doc(), fields::gpus, 100000));
        QVERIFY(test::settle(*doc(), 120'000));
        QCOMPARE(doc()->spec().planes, 1);  // the design keeps its value; the plan runs another
        QCOMPARE(doc()->computePlan()->spec.planes, 2);
        QCOMPARE(panel()->inUseNote(key(fields::planes.path)), QStringLiteral("uses 2 rail planes"));
        const Finding* f = findingOf(*doc()->computePlan(), "design.override-planes");
        QVERIFY(f);
        QVERIFY(panel()->inUseWhy(key(fields::planes.path)).contains(QString::fromStdString(f->message).toHtmlEscaped()));
        QVERIFY(panel()->inUseNote(key(fields::linkGbps.path)).isEmpty());  // rail planes keep 400G

        // Said in the design: no override, no note.
        QVERIFY(Command::setField(doc(), fields::railPlanes, true));
        QVERIFY(Command::setField(doc(), fields::planes, 2));
        QVERIFY(test::settle(*doc(), 120'000));
        QVERIFY(panel()->inUseNote(key(fields::planes.path)).isEmpty());
    }

    void suNoteNamesTheSuInUse()
    {
        Command::setField(doc(), fields::planes, 1);  // false when it is 1 already
        Command::setField(doc(), fields::railPlanes, false);
        QVERIFY(Command::setField(doc(), fields::gpus, 256));  // 32 nodes
        QVERIFY(Command::setField(doc(), fields::suNodes, 64));
        QVERIFY(test::settle(*doc()));
        QCOMPARE(panel()->inUseNote(key(fields::suNodes.path)), QStringLiteral("uses 32 (all nodes)"));
        QVERIFY(findingOf(*doc()->computePlan(), "design.override-su-size"));
    }

private:
    DesignPanel* panel() const { return m_window->designPanel(); }
    Document* doc() const { return m_window->document(); }
    MainWindow* m_window = nullptr;
};

QTEST_MAIN(TestOverrideNotes)
#include "test_override_notes.moc"
