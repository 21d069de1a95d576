// Issue 41: "the README's menu paths match the window". Every "Menu › Item" (or "Menu > Item",
// "Menu → Item") that the READMEs name, for a menu of the window's menu bar, must be an item of that menu:
// the catalog README once sent users to "File > Import prices", which the window never had.
#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QtTest>

#include "gui/main_window.h"
#include "gui_test_support.h"

using namespace fp::gui;

namespace {

QString plain(QString text)
{
    text.remove(QLatin1Char('&'));
    text.remove(QChar(0x2026));  // "…"
    return text.trimmed();
}

} // namespace

class TestReadmeMenus : public QObject {
    Q_OBJECT
private slots:
    void everyMenuPathExists()
    {
        MainWindow* window = test::openTestWindow();
        std::map<QString, QMenu*> menus;
        for (QAction* a : window->menuBar()->actions())
            if (a->menu()) menus[plain(a->text())] = a->menu();
        QVERIFY(menus.count(QStringLiteral("File")) && menus.count(QStringLiteral("Tools")));
        const QString root = QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/../..");
        static const QRegularExpression path(QStringLiteral("\\b(File|Edit|Export|View|Tools|Help)\\s*(?:›|>|→)\\s*([^\\n]{1,60})"));
        int checked = 0;
        for (const char* readme : {"README.md", "core/io/README.md", "data/catalog/README.md", "core/layout/README.md",
                                   "core/topology/README.md", "core/estimate/README.md", "core/checks/README.md"}) {
            QFile f(root + QLatin1Char('/') + QLatin1String(readme));
            if (!f.open(QIODevice::ReadOnly)) continue;
            const QString text = QString::fromUtf8(f.readAll());
            for (auto it = path.globalMatch(text); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                QMenu* menu = menus.at(m.captured(1));
                const QString rest = plain(m.captured(2));
                bool found = false;
                QStringList items;
                for (QAction* a : menu->actions()) {
                    if (a->isSeparator()) continue;
                    items << plain(a->text());
                    found = found || (!items.back().isEmpty() && rest.startsWith(items.back()));
                }
                QVERIFY2(found, qPrintable(QStringLiteral("%1 names \"%2 › %3\"; the %2 menu has: %4")
                                               .arg(QLatin1String(readme), m.captured(1), m.captured(2).left(40),
                                                    items.join(QStringLiteral(", ")))));
                ++checked;
            }
        }
        QVERIFY(checked >= 4);  // the READMEs do name menu paths: the scan must see them
        delete window;
    }
};

QTEST_MAIN(TestReadmeMenus)
#include "test_readme_menus.moc"
