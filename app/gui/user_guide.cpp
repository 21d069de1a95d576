#include "user_guide.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QMessageBox>
#include <QScrollBar>
#include <QTimer>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QVBoxLayout>

#include "common/paths.h"

namespace fp::gui {

QString userGuideMarkdown(QString* where)
{
    const QString path = QString::fromStdString(userGuidePath());
    if (where) *where = path.isEmpty() ? QObject::tr("share/doc/fabricplan/README.md beside the program") : path;
    QFile f(path);
    if (path.isEmpty() || !f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll());
}

void showUserGuide(QWidget* parent)
{
    QString where;
    const QString markdown = userGuideMarkdown(&where);
    if (markdown.isEmpty()) {
        QMessageBox::information(parent, QObject::tr("User guide"),
                                 QObject::tr("The user guide (README.md) was not found at %1.").arg(where));
        return;
    }
    auto* dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(QObject::tr("FabricPlan user guide"));
    dialog->resize(860, 640);
    auto* browser = new QTextBrowser(dialog);
    browser->setOpenExternalLinks(true);
    browser->setSearchPaths({where.section(QLatin1Char('/'), 0, -2)});  // the README's images
    browser->setMarkdown(markdown);
    // Open at the guide itself, not at the install notes above it.
    const QTextCursor heading = browser->document()->find(QStringLiteral("Using the window"));
    if (!heading.isNull()) {
        browser->setTextCursor(heading);
        QTimer::singleShot(0, browser, [browser] {  // after layout: the heading at the top of the view
            QScrollBar* bar = browser->verticalScrollBar();
            bar->setValue(bar->value() + browser->cursorRect().top() - 8);
        });
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(browser);
    layout->addWidget(buttons);
    dialog->show();
}

} // namespace fp::gui
