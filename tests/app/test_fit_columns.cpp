// Columns that resize instead of running off to the right (fit_columns.h, issue 41): at a laptop's
// width a table's figures keep their whole text (a cut-off price reads as another price), long headers
// and text columns give way, and the columns fit the viewport when the figures alone do.
#include <QHeaderView>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTableView>
#include <QtTest>

#include "gui/fit_columns.h"

using namespace fp::gui;

class TestFitColumns : public QObject {
    Q_OBJECT
private slots:
    void figuresStayWholeTextGivesWay()
    {
        // Part | description (text, elidable) | three price columns with long source names as headers.
        QStandardItemModel model(20, 5);
        model.setHorizontalHeaderLabels({QStringLiteral("Part"), QStringLiteral("Description"),
                                         QStringLiteral("estimate-street-2026-long-name"),
                                         QStringLiteral("estimate-oem-list-2026-long-name"), QStringLiteral("Qty")});
        for (int r = 0; r < 20; ++r) {
            model.setItem(r, 0, new QStandardItem(QStringLiteral("MMA4Z00-NS-FLT")));
            model.setItem(r, 1, new QStandardItem(QStringLiteral("NVIDIA OSFP 2 x 400G multimode flat-top transceiver, finned")));
            model.setItem(r, 2, new QStandardItem(QStringLiteral("$1,253,376 ~")));
            model.setItem(r, 3, new QStandardItem(QStringLiteral("$1,474,560 ~")));
            model.setItem(r, 4, new QStandardItem(QStringLiteral("1,536")));
        }
        QTableView table;
        table.setModel(&model);
        table.horizontalHeader()->setStretchLastSection(false);
        table.resize(1400, 400);
        keepColumnsInView(&table, {1}, 60);
        table.show();
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        // Wide: every column as wide as its contents and header.
        const QAbstractItemView& view = table;
        QVERIFY(table.columnWidth(1) >= view.sizeHintForColumn(1));
        // Narrow: the figures keep their cells' width, the description shrinks, and all fit.
        table.resize(560, 400);
        QTRY_VERIFY(table.viewport()->width() < 560);
        for (int c : {0, 2, 3, 4})
            QVERIFY2(table.columnWidth(c) >= view.sizeHintForColumn(c), qPrintable(QString::number(c)));
        QVERIFY(table.columnWidth(1) < view.sizeHintForColumn(1));
        QVERIFY(table.columnWidth(1) >= 60);
        int total = 0;
        for (int c = 0; c < model.columnCount(); ++c) total += table.columnWidth(c);
        QVERIFY2(total <= table.viewport()->width(), qPrintable(QStringLiteral("%1 > %2").arg(total).arg(table.viewport()->width())));
        // Too narrow even for the figures: the text column stops at its minimum and the table scrolls.
        table.resize(300, 400);
        QTRY_VERIFY(table.viewport()->width() < 300);
        QCOMPARE(table.columnWidth(1), 60);
        QVERIFY(table.columnWidth(2) >= view.sizeHintForColumn(2));
    }
};

QTEST_MAIN(TestFitColumns)
#include "test_fit_columns.moc"
