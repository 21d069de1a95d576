#include "screenshot.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QPixmap>
#include <QThread>

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
    QApplication::processEvents();
    return true;
}

bool renderScreenshot(MainWindow& window, const QString& designPath, const QString& tab, const QString& pngPath,
                      QString* error, int timeoutMs)
{
    window.resize(1400, 900);
    if (!designPath.isEmpty() && !window.openFile(designPath)) {
        if (error) *error = QObject::tr("cannot open %1").arg(designPath);
        return false;
    }
    window.document()->recomputeNow();
    window.showTab(tab);
    window.show();
    if (!waitForPlan(window, timeoutMs)) {
        if (error) *error = QObject::tr("the plan did not finish within %1 s").arg(timeoutMs / 1000);
        return false;
    }
    // Let views lay out and fit at the final size.
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
    const QPixmap shot = window.grab();
    if (!shot.save(pngPath, "PNG")) {
        if (error) *error = QObject::tr("cannot write %1").arg(pngPath);
        return false;
    }
    return true;
}

} // namespace fp::gui
