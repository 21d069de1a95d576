#include "start_page.h"

#include <algorithm>

#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include "recent_files.h"
#include "spec/spec_json.h"

namespace fp::gui {

namespace {

void clearLayout(QVBoxLayout* layout)
{
    while (QLayoutItem* item = layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
}

QPushButton* linkButton(const QString& text, const QString& tip, QWidget* parent)
{
    auto* b = new QPushButton(text, parent);
    b->setFlat(true);
    b->setToolTip(tip);
    b->setCursor(Qt::PointingHandCursor);
    b->setStyleSheet(QStringLiteral("text-align: left; padding: 3px 6px;"));
    return b;
}

// A template as people pick one: its design's name, then what it is (GPUs, fabric, platform), read from
// the file; a file that does not read is listed by its file name with the reason in its tip.
QString templateTitle(const QString& path)
{
    try {
        const ClusterSpec s = loadSpecFile(path.toStdString()).spec;
        QStringList what{QObject::tr("%1 GPUs").arg(QLocale(QLocale::English).toString(s.gpus))};
        if (!s.networks.empty()) what << QObject::tr("%n network(s)", nullptr, int(s.networks.size()) + 1);
        what << QString::fromUtf8(displayName(s.fabric));
        if (!s.platform.empty()) what << QString::fromStdString(s.platform);
        return QStringLiteral("%1\n    %2").arg(QString::fromStdString(s.name), what.join(QStringLiteral(" · ")));
    } catch (const std::exception&) {
        return QFileInfo(path).completeBaseName();
    }
}

// `text` broken at spaces into lines no wider than `width` pixels (a word wider than that keeps its
// own line); the first line indented as `first`, the others as `indent`.
QStringList wrapWords(const QString& text, const QFontMetrics& metrics, int width, const QString& first,
                      const QString& indent)
{
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString lead = lines.isEmpty() ? first : indent;
        const QString longer = line.isEmpty() ? lead + word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            lines << line;
            line = indent + word;
        } else {
            line = longer;
        }
    }
    if (!line.isEmpty()) lines << line;
    return lines;
}

// Plain text in a column of link buttons, indented as their text is (their padding).
QLabel* plainLine(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setContentsMargins(6, 3, 6, 3);
    return label;
}

} // namespace

StartPage::StartPage(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("StartPage"));
    // The page scrolls: nine templates wrapped to a 1024-pixel window's column run taller than its
    // 700 pixels, and an unscrolled page would grow the window instead.
    auto* content = new QWidget;
    auto* outer = new QVBoxLayout(content);
    outer->setContentsMargins(32, 24, 32, 24);
    auto* title = new QLabel(tr("<h1 style='margin-bottom:0'>FabricPlan</h1>"), this);
    auto* intro = new QLabel(tr("Designs the scale-out network of a GPU cluster — switches, links, optics and cables, "
                                "port by port — and prices it.<br>Change any field in the Design panel on the left and "
                                "every tab (summary, topology, floor, bill of materials, checks) follows."),
                             this);
    intro->setWordWrap(true);
    m_notice = new QLabel(this);
    m_notice->setObjectName(QStringLiteral("startNotice"));
    m_notice->setWordWrap(true);
    m_notice->setAutoFillBackground(true);
    m_notice->setBackgroundRole(QPalette::ToolTipBase);
    m_notice->setForegroundRole(QPalette::ToolTipText);
    m_notice->setContentsMargins(8, 6, 8, 6);
    m_notice->hide();

    auto* columns = new QGridLayout;
    columns->setHorizontalSpacing(32);
    auto* newTitle = new QLabel(tr("<h3>Start from a template</h3>"), this);
    auto* recentTitle = new QLabel(tr("<h3>Open</h3>"), this);
    m_templates = new QVBoxLayout;
    m_recent = new QVBoxLayout;
    auto* open = linkButton(tr("Open a design…"), tr("Open a .fabricplan file (Ctrl+O)"), this);
    auto* keep = linkButton(tr("Continue with the default 1,024-GPU design"),
                            tr("Shows the plan of the design already in the Design panel"), this);
    auto* guide = linkButton(tr("Read the user guide"), tr("Help › User guide"), this);
    connect(open, &QPushButton::clicked, this, &StartPage::openRequested);
    connect(keep, &QPushButton::clicked, this, &StartPage::continueRequested);
    connect(guide, &QPushButton::clicked, this, &StartPage::userGuideRequested);
    columns->addWidget(newTitle, 0, 0);
    columns->addLayout(m_templates, 1, 0);
    columns->addWidget(recentTitle, 0, 1);
    auto* right = new QVBoxLayout;
    right->addWidget(open);
    right->addWidget(keep);
    right->addWidget(guide);
    right->addSpacing(8);
    right->addWidget(plainLine(tr("<b>Recent designs</b>"), this));
    right->addLayout(m_recent);
    right->addStretch(1);  // a short recent list stays under its heading when the templates run longer
    columns->addLayout(right, 1, 1);
    // The templates' names are long ("DGX B300 SuperPOD on Spectrum-X, 4 SUs (2,048 GPUs)"): their column
    // takes 3/5 of the width and they wrap (resizeEvent) rather than elide.
    columns->setColumnStretch(0, 3);
    columns->setColumnStretch(1, 2);

    outer->addWidget(title);
    outer->addWidget(intro);
    outer->addSpacing(8);
    outer->addWidget(m_notice);
    outer->addLayout(columns);
    outer->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->viewport()->setBackgroundRole(QPalette::Window);
    auto* page = new QVBoxLayout(this);
    page->setContentsMargins(0, 0, 0, 0);
    page->addWidget(scroll);
}

void StartPage::refresh(const QString& templatesDir, const QStringList& recentFiles)
{
    clearLayout(m_templates);
    clearLayout(m_recent);
    m_templateNames.clear();
    m_templateButtons.clear();
    for (const QFileInfo& fi : QDir(templatesDir).entryInfoList({QStringLiteral("*.fabricplan")}, QDir::Files, QDir::Name)) {
        const QString path = fi.absoluteFilePath();
        m_templateNames << fi.completeBaseName();
        const QString title = templateTitle(path);
        auto* b = linkButton(title, title + QStringLiteral("\n") + path, this);
        // Its width is the column's, not its text's: the text is wrapped to it (wrapTemplateTitles).
        b->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        connect(b, &QPushButton::clicked, this, [this, path] { emit templateChosen(path); });
        m_templates->addWidget(b);
        m_templateButtons.emplace_back(b, title);
        b->installEventFilter(this);
        wrapTemplateTitle(b, title);
    }
    if (m_templateNames.isEmpty()) m_templates->addWidget(plainLine(tr("No templates installed."), this));
    for (const QString& path : recentFiles) {
        auto* b = linkButton(recent::label(path, recentFiles), path, this);
        connect(b, &QPushButton::clicked, this, [this, path] { emit recentChosen(path); });
        m_recent->addWidget(b);
    }
    if (recentFiles.isEmpty()) m_recent->addWidget(plainLine(tr("None yet."), this));
}

// A template button's width is the column's: wrap its title again whenever the layout resizes it.
bool StartPage::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Resize)
        for (const auto& entry : m_templateButtons)
            if (entry.first == watched) wrapTemplateTitle(entry.first, entry.second);
    return QWidget::eventFilter(watched, event);
}

// Whole names at any width: each line of a title (the design's name, then GPUs, fabric, platform) is
// wrapped at spaces to the width the layout gave the button (the column's: its size policy ignores its
// text), less its padding. Eliding them at 260 pixels cut every name ("DGX B200 SuperPOD, 4 S...").
void StartPage::wrapTemplateTitle(QPushButton* button, const QString& title)
{
    const int textWidth = std::max(120, button->width() - 16);  // 6-pixel padding each side, and the frame
    const QFontMetrics metrics(button->font());
    // The name, continued two spaces in; the detail line four spaces in, as templateTitle writes it.
    const QStringList parts = title.split(QLatin1Char('\n'));
    QStringList lines = wrapWords(parts.value(0), metrics, textWidth, QString(), QStringLiteral("  "));
    if (parts.size() > 1)
        lines += wrapWords(parts[1], metrics, textWidth, QStringLiteral("    "), QStringLiteral("      "));
    button->setText(lines.join(QLatin1Char('\n')));
}

void StartPage::setNotice(const QString& text)
{
    m_notice->setText(text);
    m_notice->setVisible(!text.isEmpty());
}

QString StartPage::notice() const { return m_notice->text(); }

QStringList StartPage::templateNames() const { return m_templateNames; }

} // namespace fp::gui
