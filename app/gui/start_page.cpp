#include "start_page.h"

#include <QDir>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
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
    auto* outer = new QVBoxLayout(this);
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
    columns->setColumnStretch(0, 1);
    columns->setColumnStretch(1, 1);

    outer->addWidget(title);
    outer->addWidget(intro);
    outer->addSpacing(8);
    outer->addWidget(m_notice);
    outer->addLayout(columns);
    outer->addStretch(1);
}

void StartPage::refresh(const QString& templatesDir, const QStringList& recentFiles)
{
    clearLayout(m_templates);
    clearLayout(m_recent);
    m_templateNames.clear();
    for (const QFileInfo& fi : QDir(templatesDir).entryInfoList({QStringLiteral("*.fabricplan")}, QDir::Files, QDir::Name)) {
        const QString path = fi.absoluteFilePath();
        m_templateNames << fi.completeBaseName();
        // Elided so the page fits a 1024-pixel window; the whole name is in the tip.
        const QString title = templateTitle(path);
        const QFontMetrics metrics(font());
        QStringList lines = title.split(QLatin1Char('\n'));
        for (QString& line : lines) line = metrics.elidedText(line, Qt::ElideRight, 260);
        auto* b = linkButton(lines.join(QLatin1Char('\n')), title + QStringLiteral("\n") + path, this);
        connect(b, &QPushButton::clicked, this, [this, path] { emit templateChosen(path); });
        m_templates->addWidget(b);
    }
    if (m_templateNames.isEmpty()) m_templates->addWidget(plainLine(tr("No templates installed."), this));
    for (const QString& path : recentFiles) {
        auto* b = linkButton(recent::label(path, recentFiles), path, this);
        connect(b, &QPushButton::clicked, this, [this, path] { emit recentChosen(path); });
        m_recent->addWidget(b);
    }
    if (recentFiles.isEmpty()) m_recent->addWidget(plainLine(tr("None yet."), this));
}

void StartPage::setNotice(const QString& text)
{
    m_notice->setText(text);
    m_notice->setVisible(!text.isEmpty());
}

QString StartPage::notice() const { return m_notice->text(); }

QStringList StartPage::templateNames() const { return m_templateNames; }

} // namespace fp::gui
