#include "screenshot.h"

#include "explorer_view.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QPixmap>
#include <QThread>

#include "design_comparison_window.h"
#include "document.h"
#include "main_window.h"

namespace fp::gui {

bool waitForPlan(MainWindow& window, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    Document* doc = window.document();
    while (doc->isComputing()) {
        if (timer.elapsed() > timeoutMs) return false;
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
    // The views are refreshed one event each after the plan arrives.
    for (int i = 0; i < 10 && !window.viewsUpToDate(); ++i) QApplication::processEvents();
    return true;
}

bool renderScreenshot(MainWindow& window, const QString& designPath, const QString& tab, const QString& pngPath,
                      QString* error, int timeoutMs, QSize size, const QString& network, const QString& explore,
                      const QStringList& compareWith)
{
    window.resize(size);
    if (!designPath.isEmpty() && !window.openFile(designPath)) {
        if (error) *error = QObject::tr("cannot open %1").arg(designPath);
        return false;
    }
    window.document()->recomputeNow();
    const bool compareDesigns = tab == QLatin1String("compare-designs");
    window.showTab(compareDesigns ? QStringLiteral("summary") : tab);
    window.show();
    if (!waitForPlan(window, timeoutMs)) {
        if (error) *error = QObject::tr("the plan did not finish within %1 s").arg(timeoutMs / 1000);
        return false;
    }
    if (!network.isEmpty()) {
        const auto cluster = window.document()->clusterPlan();
        int index = -1;
        QStringList names;
        for (std::size_t i = 0; cluster && i < cluster->networks.size(); ++i) {
            names << QString::fromStdString(cluster->networks[i].name);
            if (names.back() == network) index = int(i);
        }
        if (index < 0) {
            if (error) *error = QObject::tr("the design has no network named %1 (it has: %2)").arg(network, names.join(QStringLiteral(", ")));
            return false;
        }
        window.document()->setViewedNetwork(index);
    }
    // The Explorer shows nothing until a sweep runs: the shot runs the one its fields offer for the design.
    if (tab == QLatin1String("explorer")) {
        ExplorerView* explorer = window.explorerView();
        explorer->fillFromDesign();
        // Axes to sweep, as a user types them before Run sweep: vary.KEY=V1+V2 (a '+' for each ',' the
        // field takes; the --explore list is comma-separated), vary.KEY for a try-both box.
        for (const QString& part : explore.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            if (!part.startsWith(QLatin1String("vary."))) continue;
            const QString key = part.section(QLatin1Char('='), 0, 0).mid(5), values = part.section(QLatin1Char('='), 1);
            if (QLineEdit* field = explorer->valuesField(key); field && !values.isEmpty()) {
                field->setText(QString(values).replace(QLatin1Char('+'), QLatin1Char(',')));
                field->setCursorPosition(0);  // its first values in view, as fillFromDesign leaves them
            } else if (QCheckBox* both = explorer->bothValuesBox(key); both && values.isEmpty()) {
                both->setChecked(true);
            } else {
                if (error) *error = QObject::tr("--explore %1: the Explorer has no axis %2 %3").arg(part, key,
                                                                                                  values.isEmpty() ? QObject::tr("to try both ways") : QObject::tr("with values"));
                return false;
            }
        }
        explorer->run();
        QElapsedTimer clock;
        clock.start();
        while (explorer->isRunning() && clock.elapsed() < timeoutMs) {
            QApplication::processEvents(QEventLoop::AllEvents, 20);
            QThread::msleep(5);
        }
        QApplication::processEvents();
        // Filters and pins, as a user would set them after the sweep.
        for (const QString& part : explore.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString key = part.section(QLatin1Char('='), 0, 0), value = part.section(QLatin1Char('='), 1);
            if (key.startsWith(QLatin1String("vary."))) continue;  // set before the sweep
            const QString field = key == QLatin1String("capex")   ? QStringLiteral("explore-max-capex")
                                  : key == QLatin1String("power") ? QStringLiteral("explore-max-power")
                                  : key == QLatin1String("busbw") ? QStringLiteral("explore-min-busbw")
                                                                  : QString();
            if (!field.isEmpty()) {
                explorer->filterField(field)->setText(value);
                continue;
            }
            if (key == QLatin1String("x") || key == QLatin1String("y")) {
                const auto figure = pareto::figureNamed(value.toStdString());
                QComboBox* picker = key == QLatin1String("x") ? explorer->xFigure() : explorer->yFigure();
                if (!figure) {
                    if (error) *error = QObject::tr("--explore %1: no figure %2 (capex, tco, power, busbw, ...)").arg(part, value);
                    return false;
                }
                picker->setCurrentIndex(picker->findData(int(*figure)));
                continue;
            }
            if (key != QLatin1String("pin")) {
                if (error) *error = QObject::tr("--explore takes vary.KEY=, x=, y=, capex=, power=, busbw= and pin=, not %1").arg(part);
                return false;
            }
            if (value == QLatin1String("front")) {
                const std::vector<std::size_t> front = explorer->drawnFront();
                for (std::size_t row : front) explorer->pin(row);
                continue;
            }
            for (const QString& n : value.split(QLatin1Char('+'))) {
                bool ok = false;
                const int number = n.toInt(&ok);
                if (!ok || number < 1 || std::size_t(number) > explorer->rows().size()) {
                    if (error) *error = QObject::tr("--explore pin=%1: no variant %2 (1 to %3)").arg(value, n).arg(explorer->rows().size());
                    return false;
                }
                explorer->pin(std::size_t(number - 1));
            }
        }
    }
    QWidget* shown = &window;
    if (compareDesigns) {
        if (compareWith.isEmpty()) {
            if (error) *error = QObject::tr("--tab compare-designs wants the designs to compare with after the design");
            return false;
        }
        DesignComparisonWindow* comparison = window.compareDesigns(compareWith);
        comparison->resize(size);
        QElapsedTimer clock;
        clock.start();
        while (comparison->isPlanning() && clock.elapsed() < timeoutMs) {
            QApplication::processEvents(QEventLoop::AllEvents, 20);
            QThread::msleep(5);
        }
        if (comparison->isPlanning()) {
            if (error) *error = QObject::tr("the designs were not compared within %1 s").arg(timeoutMs / 1000);
            return false;
        }
        shown = comparison;
    }
    // Let views lay out and fit at the final size.
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
    const QPixmap shot = shown->grab();
    if (!shot.save(pngPath, "PNG")) {
        if (error) *error = QObject::tr("cannot write %1").arg(pngPath);
        return false;
    }
    return true;
}

QPalette darkScreenshotPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2b), base(0x1e, 0x1e, 0x1e), text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::Highlight, QColor(0x35, 0x74, 0xc4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x50, 0x50, 0x50));
    p.setColor(QPalette::Midlight, QColor(0x3c, 0x3c, 0x3c));
    for (auto role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x80, 0x80, 0x80));
    return p;
}

} // namespace fp::gui
