#include "main_window.h"

#include "networks_table.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QLineEdit>
#include <QLocale>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <iterator>
#include <memory>
#include <utility>

#include "bom_model.h"
#include "cable_model.h"
#include "checks_model.h"
#include "compare_view.h"
#include "explorer_view.h"
#include "resilience_view.h"
#include "design_panel.h"
#include "document.h"
#include "floor_view.h"
#include "medium_ratio_text.h"
#include "fit_columns.h"
#include "fold_when_short.h"
#include "common/format.h"
#include "common/paths.h"
#include "price_comparison_model.h"
#include "recent_files.h"
#include "release_off_ui_thread.h"
#include "start_page.h"
#include "user_guide.h"
#include "status_colours.h"
#include "summary_view.h"
#include "topology_view.h"

// Resources of a static library must be registered by hand, from the global namespace.
static void initFabricPlanResources()
{
    Q_INIT_RESOURCE(fabricplan);
}

namespace fp::gui {

MainWindow::MainWindow(std::shared_ptr<const Catalog> catalog, QString userCatalogPath, Session* session,
                       QWidget* parent)
    : QMainWindow(parent), m_document(new Document(std::move(catalog), this)),
      m_userCatalogPath(std::move(userCatalogPath)), m_session(session)
{
    initFabricPlanResources();
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/fabricplan.svg")));
    setAcceptDrops(true);
    resize(1400, 900);

    m_designPanel = new DesignPanel(m_document);
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_designPanel);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(m_designPanel->sizeHint().width() + 24);
    auto* dock = new QDockWidget(tr("Design"), this);
    dock->setObjectName(QStringLiteral("DesignDock"));
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    dock->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    buildTabs();
    buildMenus();
    buildStatusBar();

    connect(m_document, &Document::planReady, this, &MainWindow::onPlanReady);
    connect(m_document, &Document::comparisonReady, this,
            [this] { m_compare->setComparison(m_document->comparison(), m_document->comparisonError(), m_document->clusterTotals()); });
    connect(m_document, &Document::computingChanged, this, [this](bool busy) { m_statusBusy->setVisible(busy); });
    connect(m_document, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::fileNameChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::specChanged, this, &MainWindow::updateTitle);
    // Any design opened or edited replaces the start page with its plan.
    for (auto signal : {&Document::specChanged, &Document::fileNameChanged})
        connect(m_document, signal, this, [this] { m_stack->setCurrentWidget(m_tabsPage); });

    // Another window or program changed the file: say so without stopping the user (issue 42).
    connect(m_document, &Document::changedOnDisk, this, &MainWindow::showDiskNotice);
    // Parts an edit changed beside the one chosen (the NIC a switch needs): said, as the CLI's note is.
    // It is about that edit: the next one (or another design) takes it away, other messages stay.
    auto note = std::make_shared<QString>();
    connect(m_document, &Document::partsNote, this, [this, note](const QString& text) {
        *note = text;
        statusBar()->showMessage(text, 20'000);
    });
    connect(m_document, &Document::specChanged, this, [this, note] {
        if (!note->isEmpty() && statusBar()->currentMessage() == *note) statusBar()->clearMessage();
        note->clear();
    });
    const auto hideStaleNotice = [this] {
        if (m_diskNotice->isVisible() && !m_document->fileChangedOnDisk()) m_diskNotice->setVisible(false);
    };
    connect(m_document, &Document::fileNameChanged, this, hideStaleNotice);
    connect(m_document, &Document::modifiedChanged, this, hideStaleNotice);
    m_document->setDiskConflictChooser([this](const DiskConflict& conflict) { return askDiskConflict(conflict); });

    // Autosave every 30 s while there are unsaved edits (crash recovery; see Session).
    m_autosave.setInterval(30'000);
    connect(&m_autosave, &QTimer::timeout, this, &MainWindow::autosaveNow);
    if (m_session) m_autosave.start();

    updateTitle();
    m_document->reset(ClusterSpec{}, QString());
}

MainWindow::~MainWindow() = default;

QStringList MainWindow::tabNames()
{
    return {QStringLiteral("summary"), QStringLiteral("topology"), QStringLiteral("floor"), QStringLiteral("bom"),
            QStringLiteral("prices"), QStringLiteral("cables"), QStringLiteral("compare"), QStringLiteral("checks"),
            QStringLiteral("resilience")};
}

bool MainWindow::showTab(const QString& name)
{
    if (name == QLatin1String("start")) {
        showStartPage();
        return true;
    }
    // The Explorer sits beside the fabric comparison, inside the Compare tab: a tenth tab no longer fits a
    // 1024-pixel window without eliding every tab's name.
    if (name == QLatin1String("explorer") || name == QLatin1String("compare")) {
        m_stack->setCurrentWidget(m_tabsPage);
        m_tabs->setCurrentIndex(tabNames().indexOf(QStringLiteral("compare")));
        // The Compare tab's page is the inner tab widget of Fabrics and Explorer (buildTabs).
        if (auto* inner = qobject_cast<QTabWidget*>(m_tabs->currentWidget()))
            inner->setCurrentWidget(name == QLatin1String("explorer") ? static_cast<QWidget*>(m_explorer) : m_compare);
        return true;
    }
    const int i = tabNames().indexOf(name);
    if (i < 0) return false;
    m_stack->setCurrentWidget(m_tabsPage);
    m_tabs->setCurrentIndex(i);
    return true;
}

void MainWindow::showStartPage()
{
    m_start->refresh(QString::fromStdString(examplesDir()), recent::files());
    m_stack->setCurrentWidget(m_start);
}

bool MainWindow::isStartPageShown() const { return m_stack->currentWidget() == m_start; }

void MainWindow::buildTabs()
{
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    // Every tab stays in view at 1024 pixels: short names, and elided text before scroll arrows.
    m_tabs->setUsesScrollButtons(false);
    m_tabs->setElideMode(Qt::ElideRight);
    m_summary = new SummaryView;
    m_topology = new TopologyView;
    m_floor = new FloorView(m_document);
    m_compare = new CompareView;
    m_tabs->addTab(m_summary, tr("Summary"));
    m_tabs->addTab(m_topology, tr("Topology"));
    m_tabs->addTab(m_floor, tr("Floor"));
    m_tabs->addTab(makeBomTab(), tr("BOM"));
    m_tabs->setTabToolTip(3, tr("Bill of materials"));
    m_tabs->addTab(makePricesTab(), tr("Prices"));
    m_tabs->setTabToolTip(4, tr("Switch, NIC, optics and cable prices from each source"));
    m_tabs->addTab(makeCablesTab(), tr("Cables"));
    m_tabs->setTabToolTip(5, tr("Cable plan"));
    // Compare: the design on each fabric, and beside it the Explorer's many variants (issue 41).
    m_explorer = new ExplorerView(m_document);
    auto* compareTabs = new QTabWidget;
    compareTabs->setDocumentMode(true);
    compareTabs->addTab(m_compare, tr("Fabrics"));
    compareTabs->setTabToolTip(0, tr("The design planned on each fabric technology"));
    compareTabs->addTab(m_explorer, tr("Explorer"));
    compareTabs->setTabToolTip(1, tr("Design explorer: many variants and their Pareto front"));
    m_tabs->addTab(compareTabs, tr("Compare"));
    m_checksPage = makeChecksTab();
    m_tabs->addTab(m_checksPage, tr("Checks"));
    m_resilience = new ResilienceView;
    m_tabs->addTab(m_resilience, tr("Resilience"));
    // A variant opens as a new untitled design, as a template does (File › New keeps its own rules).
    connect(m_explorer, &ExplorerView::openVariant, this, [this](const ClusterSpec& spec) {
        if (maybeSave()) m_document->reset(spec, QString());
    });
    buildNetworkPicker();
    // The picker's bar above the tabs (not in the tab bar's corner, where it took the room of the tab
    // names: at 1024 px every name was elided).
    m_tabsPage = new QWidget(this);
    auto* tabsColumn = new QVBoxLayout(m_tabsPage);
    tabsColumn->setContentsMargins(0, 0, 0, 0);
    tabsColumn->setSpacing(0);
    tabsColumn->addWidget(m_networkBar);
    tabsColumn->addWidget(m_tabs, 1);
    m_start = new StartPage(this);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_tabsPage);
    m_stack->addWidget(m_start);
    // Above the tabs: the notice that the design's file was changed by something else (non-modal).
    m_diskNotice = new QLabel(this);
    m_diskNotice->setObjectName(QStringLiteral("diskNotice"));
    m_diskNotice->setTextFormat(Qt::RichText);
    m_diskNotice->setWordWrap(true);
    m_diskNotice->setContentsMargins(10, 6, 10, 6);
    m_diskNotice->setAutoFillBackground(true);
    m_diskNotice->setVisible(false);
    connect(m_diskNotice, &QLabel::linkActivated, this, &MainWindow::onDiskNoticeLink);
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_diskNotice);
    centralLayout->addWidget(m_stack, 1);
    setCentralWidget(central);
    connect(m_start, &StartPage::templateChosen, this, [this](const QString& path) { newFromTemplate(path); });
    connect(m_start, &StartPage::openRequested, this, &MainWindow::open);
    connect(m_start, &StartPage::recentChosen, this, [this](const QString& path) { openFile(path); });
    connect(m_start, &StartPage::continueRequested, this, [this] { m_stack->setCurrentWidget(m_tabsPage); });
    connect(m_start, &StartPage::userGuideRequested, this, [this] { showUserGuide(this); });
}

namespace {

QTableView* makeTable(QWidget* parent)
{
    auto* t = new QTableView(parent);
    t->setAlternatingRowColors(true);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->verticalHeader()->hide();
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 8);
    t->horizontalHeader()->setHighlightSections(false);
    t->setWordWrap(false);
    t->setFrameShape(QFrame::NoFrame);
    return t;
}

QLineEdit* makeFilter(const QString& placeholder, QWidget* parent)
{
    auto* f = new QLineEdit(parent);
    f->setPlaceholderText(placeholder);
    f->setClearButtonEnabled(true);
    return f;
}

} // namespace

QWidget* MainWindow::makeBomTab()
{
    auto* page = new QWidget;
    m_bomModel = new BomModel(this);
    m_bomProxy = new BomProxyModel(this);
    m_bomProxy->setSourceModel(m_bomModel);
    auto* filter = makeFilter(tr("Filter lines (part, vendor, description…)"), page);
    auto* table = makeTable(page);
    table->setObjectName(QStringLiteral("bomTable"));
    table->setModel(m_bomProxy);
    table->setSortingEnabled(true);
    table->sortByColumn(-1, Qt::AscendingOrder);  // the model's order: by category
    const int widths[] = {140, 170, 270, 60, 95, 115, 75, 85, 80, 130, 200};
    static_assert(std::size(widths) == BomModel::ColumnCount, "one width per BOM column");
    for (int c = 0; c < BomModel::ColumnCount; ++c) table->setColumnWidth(c, widths[c]);
    // The category column fits its longest name, bold as on the subtotal rows (at 140 px "Fibre cords
    // and trunks" read "Fibre cords and trun…"); the delegate pads text by the focus-frame margin + 1.
    QFont bold = table->font();
    bold.setBold(true);
    const int textMargin = table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1;
    int categoryWidth = widths[BomModel::Category];
    for (int c = int(BomCategory::Switches); c <= int(kLastBomCategory); ++c)
        categoryWidth = std::max(categoryWidth, QFontMetrics(bold).horizontalAdvance(QString::fromUtf8(displayName(BomCategory(c)))) +
                                                    2 * textMargin + 2);
    table->setColumnWidth(BomModel::Category, categoryWidth);
    // Quantity and prices right after the part, description after them: in a 1024-pixel window the
    // figures people check are in view without scrolling sideways (the model's order stays for exports).
    table->horizontalHeader()->moveSection(table->horizontalHeader()->visualIndex(BomModel::Description),
                                           BomModel::Extended);
    table->horizontalHeader()->setStretchLastSection(true);
    m_bomTotals = new QLabel(page);
    m_bomTotals->setObjectName(QStringLiteral("bomTotals"));
    m_bomTotals->setTextFormat(Qt::RichText);
    m_bomTotals->setWordWrap(true);  // a long total (with "not buildable") wraps instead of widening the window
    m_bomTotals->setContentsMargins(8, 6, 8, 6);
    connect(filter, &QLineEdit::textChanged, m_bomProxy, &QSortFilterProxyModel::setFilterFixedString);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->addWidget(filter);
    layout->addWidget(table, 1);
    layout->addWidget(m_bomTotals);
    return page;
}

QWidget* MainWindow::makeCablesTab()
{
    auto* page = new QWidget;
    m_cableModel = new CablePlanModel(this);
    auto* filter = makeFilter(tr("Filter by device or rack name, either end (Enter to apply)"), page);
    auto* media = new QComboBox(page);
    media->addItem(tr("All media"), -1);
    for (MediaClass m : {MediaClass::DAC, MediaClass::ACC, MediaClass::AOC, MediaClass::Multimode,
                         MediaClass::SingleMode, MediaClass::None})
        media->addItem(mediaName(m), int(m));
    filter->setObjectName(QStringLiteral("cableFilter"));
    m_cableFilterText = filter;
    m_cableFilterMedia = media;
    m_cableTable = makeTable(page);
    m_cableTable->setModel(m_cableModel);
    m_cableTable->horizontalHeader()->setStretchLastSection(true);
    const int widths[] = {55, 90, 105, 60, 75, 125, 55, 95, 85, 75, 150, 150, 150};
    static_assert(std::size(widths) == CablePlanModel::ColumnCount, "one width per cable-plan column");
    for (int c = 0; c < CablePlanModel::ColumnCount; ++c) m_cableTable->setColumnWidth(c, widths[c]);
    m_cableCount = new QLabel(page);
    m_cableCount->setContentsMargins(8, 6, 8, 6);
    m_cableFilterWatcher = new QFutureWatcher<CableFilterResult>(this);
    connect(m_cableFilterWatcher, &QFutureWatcherBase::finished, this, [this] {
        QFuture<CableFilterResult> done = m_cableFilterWatcher->future();
        if (done.resultCount() == 0) return;
        CableFilterResult result = done.takeResult();  // moved: 3 M row indices at 1,000,000 GPUs
        // Only what the fields still ask for: a later edit has started (or done) its own.
        if (result.text != m_cableFilterText->text().trimmed() || result.media != m_cableFilterMedia->currentData().toInt())
            return;
        if (m_cableModel->applyFilter(std::move(result))) showCableCount();
        else filterCables();  // a new plan arrived meanwhile: filter that one
    });
    connect(filter, &QLineEdit::editingFinished, this, &MainWindow::filterCables);
    connect(filter, &QLineEdit::textChanged, this, [this](const QString& t) {
        if (t.isEmpty()) filterCables();
    });
    connect(media, &QComboBox::currentIndexChanged, this, &MainWindow::filterCables);
    auto* top = new QHBoxLayout;
    top->addWidget(filter, 1);
    top->addWidget(media);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->addLayout(top);
    layout->addWidget(m_cableTable, 1);
    layout->addWidget(m_cableCount);
    return page;
}

void MainWindow::filterCables()
{
    const QString text = m_cableFilterText->text().trimmed();
    const int media = m_cableFilterMedia->currentData().toInt();
    const std::shared_ptr<const Plan> plan = m_cableModel->plan();
    if (!plan || (text.isEmpty() && media < 0)) {  // no scan to make: clearing is immediate
        m_cableModel->setFilter(text, media);
        return showCableCount();
    }
    if (text == m_cableModel->filterText() && media == m_cableModel->filterMedia() && !m_cableModel->filterPending() &&
        !m_cableFilterWatcher->isRunning())
        return;
    m_cableCount->setText(tr("Filtering %1 links…").arg(QLocale(QLocale::English).toString(qulonglong(m_cableModel->linkCount()))));
    m_cableFilterWatcher->setFuture(
        QtConcurrent::run([plan, text, media, generation = m_cableModel->planGeneration()] {
            return CableFilterResult{generation, text, media, cableLinksMatching(*plan, text, media)};
        }));
}

void MainWindow::showCableCount()
{
    const QLocale en(QLocale::English);
    const bool filtered = !m_cableModel->filterText().isEmpty() || m_cableModel->filterMedia() >= 0;
    m_cableCount->setText(filtered ? tr("%1 of %2 links shown")
                                         .arg(en.toString(m_cableModel->matchCount()),
                                              en.toString(qulonglong(m_cableModel->linkCount())))
                                   : tr("%1 links").arg(en.toString(qulonglong(m_cableModel->linkCount()))));
}

QWidget* MainWindow::makePricesTab()
{
    auto* page = new QWidget;
    m_pricesModel = new PriceComparisonModel(this);
    auto* intro = new QLabel(tr("What this plan's switches, NICs, transceivers and cables cost from each price source in the catalog. "
                                "Each cell is quantity × that source's unit price (hover for it); the cheapest source "
                                "of each line is highlighted. Edit or import prices under Tools › Parts catalog."),
                             page);
    intro->setWordWrap(true);
    intro->setContentsMargins(8, 8, 8, 4);
    auto* table = makeTable(page);
    table->setObjectName(QStringLiteral("pricesTable"));
    table->setModel(m_pricesModel);
    // A few dozen rows at most (one per priced part): fitting columns to their contents is cheap. At
    // 1024 px the source columns ran off to the right; they now narrow and elide (full names in tooltips).
    table->horizontalHeader()->setStretchLastSection(true);
    keepColumnsInView(table, {PriceComparisonModel::Kind, PriceComparisonModel::PlanSource}, 60);
    m_pricesSummary = new QLabel(page);
    m_pricesSummary->setTextFormat(Qt::RichText);
    m_pricesSummary->setWordWrap(true);
    m_pricesSummary->setContentsMargins(8, 6, 8, 6);
    m_mediumRatios = new QLabel(page);
    m_mediumRatios->setObjectName(QStringLiteral("mediumRatios"));
    m_mediumRatios->setTextFormat(Qt::RichText);
    m_mediumRatios->setWordWrap(true);
    m_mediumRatios->setContentsMargins(8, 0, 8, 6);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(6, 0, 6, 0);
    layout->addWidget(intro);
    layout->addWidget(table, 1);
    layout->addWidget(m_pricesSummary);
    // The ratios run to ten lines at 1024 pixels and left the table a dozen rows of a 700-pixel
    // window: under 640 pixels of page they fold behind this toggle.
    m_mediumRatiosFold = new QToolButton(page);
    m_mediumRatiosFold->setObjectName(QStringLiteral("mediumRatiosFold"));
    m_mediumRatiosFold->setAutoRaise(true);
    m_mediumRatiosFold->setToolTip(tr("What multimode modules cost against single-mode ones, per vendor and shape"));
    layout->addWidget(m_mediumRatiosFold, 0, Qt::AlignLeft);
    layout->addWidget(m_mediumRatios);
    foldWhenShort(page, m_mediumRatios, m_mediumRatiosFold, tr("Multimode ÷ single-mode module prices"), 640);
    return page;
}

QWidget* MainWindow::makeChecksTab()
{
    auto* page = new QWidget;
    m_checksModel = new ChecksModel(this);
    m_checksHeader = new QLabel(page);
    m_checksHeader->setObjectName(QStringLiteral("checksHeader"));
    m_checksHeader->setTextFormat(Qt::RichText);
    m_checksHeader->setContentsMargins(8, 8, 8, 8);
    m_checksHeader->setWordWrap(true);
    m_checksTable = makeTable(page);
    m_checksTable->setObjectName(QStringLiteral("checksTable"));
    m_checksTable->setModel(m_checksModel);
    const int widths[] = {85, 130, 150};
    for (int c = 0; c < 3; ++c) m_checksTable->setColumnWidth(c, widths[c]);
    m_checksTable->setWordWrap(true);  // findings are sentences with numbers: show them whole
    // The finding and its fix share the rest of the width: both on screen at 1024 px (a fixed 380-px
    // finding column left the fix, and half the finding, past the right edge).
    for (int c : {int(ChecksModel::Message), int(ChecksModel::Fix)})
        m_checksTable->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Stretch);
    // Narrower columns wrap into more lines: the rows follow (a few hundred findings at most are fitted).
    connect(m_checksTable->horizontalHeader(), &QHeaderView::sectionResized, this, [this] {
        if (m_checksModel->rowCount() < 500) m_checksTable->resizeRowsToContents();
    });
    m_checksTable->setToolTip(tr("Double-click a finding to show its device or link"));
    connect(m_checksTable, &QTableView::doubleClicked, this, [this](const QModelIndex& i) { activateFinding(i.row()); });
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(6, 0, 6, 0);
    layout->addWidget(m_checksHeader);
    layout->addWidget(m_checksTable, 1);
    layout->addStretch();  // takes the page when the table is hidden (no findings), keeping the line on top
    return page;
}

void MainWindow::buildStatusBar()
{
    m_statusFigures = new QLabel(this);
    m_statusFigures->setObjectName(QStringLiteral("statusFigures"));
    // Clipped rather than widening the window past 1024 pixels when the figures are long.
    m_statusFigures->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_statusFigures->setMinimumWidth(0);
    m_statusFindings = new QLabel(this);
    m_statusBusy = new QLabel(tr("Planning…"), this);
    m_statusBusy->setVisible(false);
    statusBar()->addWidget(m_statusFigures, 1);
    statusBar()->addPermanentWidget(m_statusBusy);
    statusBar()->addPermanentWidget(m_statusFindings);
}

void MainWindow::buildNetworkPicker()
{
    // A bar above the tabs, shown only for a design of several networks: every view then shows the
    // picked network (the Compare tab stays the compute fabric's, which it compares).
    auto* bar = new QWidget(this);
    bar->setObjectName(QStringLiteral("networkBar"));
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(8, 4, 8, 4);
    auto* label = new QLabel(tr("&Network:"), bar);
    m_networkPicker = new QComboBox(bar);
    m_networkPicker->setObjectName(QStringLiteral("networkPicker"));
    m_networkPicker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_networkPicker->setToolTip(tr("The network the Summary, Topology, Floor, BOM, Prices, Cables, Checks and "
                                   "Resilience tabs show; the Summary lists every network and the total"));
    label->setBuddy(m_networkPicker);
    m_networkRole = new QLabel(bar);
    m_networkRole->setObjectName(QStringLiteral("networkRole"));
    row->addWidget(label);
    row->addWidget(m_networkPicker);
    row->addWidget(m_networkRole, 1);
    m_networkPicker->setMaximumWidth(240);
    bar->setVisible(false);
    m_networkBar = bar;
    connect(m_networkPicker, &QComboBox::activated, m_document, &Document::setViewedNetwork);
}

void MainWindow::updateNetworkPicker()
{
    const auto cluster = m_document->clusterPlan();
    // Entries by the networks' names (short, so the tabs keep their room at 1024 px); the role in the tip.
    QStringList labels, tips;
    if (cluster)
        for (const NetworkPlan& n : cluster->networks) {
            labels << QString::fromStdString(n.name);
            tips << networkLabel(n);
        }
    QStringList shown;
    for (int i = 0; i < m_networkPicker->count(); ++i) shown << m_networkPicker->itemText(i);
    if (labels != shown) {
        const QSignalBlocker block(m_networkPicker);
        m_networkPicker->clear();
        m_networkPicker->addItems(labels);
        for (int i = 0; i < tips.size(); ++i) m_networkPicker->setItemData(i, tips[i], Qt::ToolTipRole);
    }
    {
        const QSignalBlocker block(m_networkPicker);
        m_networkPicker->setCurrentIndex(m_document->viewedNetwork());
    }
    // Without a plan (an error) the last picker stays, so a fix brings the same network back.
    if (!cluster) return;
    const int viewed = m_document->viewedNetwork();
    m_networkRole->setText(viewed >= 0 && viewed < tips.size()
                               ? tr("%1 · %2 of %3 networks").arg(tips[viewed]).arg(viewed + 1).arg(tips.size())
                               : QString());
    m_networkBar->setVisible(labels.size() > 1);
}

void MainWindow::onPlanReady()
{
    const auto plan = m_document->plan();
    if (const auto catalog = m_document->catalog()) m_summary->setCatalogPath(QString::fromStdString(catalog->path));
    // The summary, topology and floor lay out text or scene items (1,000,000 GPUs: 2-15 ms each): each
    // gets an event of its own, the tab in front first, so the UI thread never blocks for them together
    // (with the models below it was 75-125 ms). A newer plan replaces the ones still pending.
    m_viewRefreshes.clear();
    if (m_shownPlan != plan) m_retiredPlans.push_back(std::exchange(m_shownPlan, plan));
    updateNetworkPicker();
    auto summary = [this, plan, error = m_document->planError(), tallies = m_document->linkTallies(),
                    cluster = m_document->clusterPlan(), viewed = m_document->viewedNetwork()] {
        m_summary->setCluster(cluster, viewed);
        m_summary->setPlan(plan, error, tallies.get());
    };
    auto topology = [this, plan, geometry = m_document->topologyGeometry()] { m_topology->setPlan(plan, geometry); };
    const auto cluster = m_document->clusterPlan();
    auto floor = [this, plan = m_document->floorPlan(), geometry = m_document->floorGeometry(),
                  shared = cluster && cluster->networks.size() > 1] {
        m_floor->setClusterFloor(shared);
        m_floor->setPlan(plan, geometry);
    };
    QWidget* front = m_tabs->currentWidget();
    if (front == m_floor) m_viewRefreshes = {floor, summary, topology};
    else if (front == m_topology) m_viewRefreshes = {topology, summary, floor};
    else m_viewRefreshes = {summary, topology, floor};
    if (!m_viewRefreshQueued) {
        m_viewRefreshQueued = true;
        QMetaObject::invokeMethod(this, &MainWindow::refreshNextView, Qt::QueuedConnection);
    }
    m_bomModel->setPlan(plan);
    m_cableModel->setPlan(plan);
    m_checksModel->setPlan(plan);
    m_resilience->setPlan(plan);
    m_pricesModel->setComparison(plan, m_document->opticsPrices());  // aggregated on the plan worker
    m_pricesSummary->setText(m_pricesModel->summaryText());
    // One source behind every plan price: a column repeating its name only took width from the sources
    // (the footer names it instead).
    // A source that quotes none of the lines is a column of dashes: the footer says so ("quotes none of
    // these parts") and the column goes, so the sources that do quote keep their width at 1024 pixels.
    if (auto* prices = findChild<QTableView*>(QStringLiteral("pricesTable"))) {
        prices->setColumnHidden(PriceComparisonModel::PlanSource, !m_pricesModel->commonPlanSource().isEmpty());
        for (int source = 0; source < m_pricesModel->sourceCount(); ++source)
            prices->setColumnHidden(PriceComparisonModel::FirstSource + source,
                                    m_pricesModel->lineCount() > 0 &&
                                        m_pricesModel->sourceMissingLines(source) == m_pricesModel->lineCount());
        refitColumns(prices);  // the hidden columns' width goes to the others
    }
    // Catalog-wide, at this plan's price policy: what multimode saves against single-mode (issue 39).
    m_mediumRatios->setText(plan && m_document->catalog() ? mediumRatioHtml(*m_document->catalog(), plan->spec.economics)
                                                          : QString());
    m_mediumRatiosFold->setVisible(!m_mediumRatios->text().isEmpty());
    showCableCount();
    if (m_cableModel->filterPending()) filterCables();  // the kept filter, scanned on the worker for this plan
    if (plan) {
        const QString estimate = m_bomModel->anyPriceEstimated() ? QLatin1Char(' ') + estimateLegendHtml(palette()) : QString();
        const QString notBuildable = plan->errorCount()
                                         ? tr("<b style='color:%1'>Not buildable (%n error(s)):</b> ", nullptr, plan->errorCount())
                                               .arg(errorColour(palette()).name())
                                         : QString();
        // Another network than the compute fabric connects ports (one per endpoint "node"), not GPUs.
        const bool ports = m_document->viewedNetwork() > 0;
        m_bomTotals->setText(notBuildable + (ports ? tr("<b>Total %1</b>%2 &nbsp;·&nbsp; %3 typical, %4 at full load &nbsp;·&nbsp; %5 per port")
                                                   : tr("<b>Total %1</b>%2 &nbsp;·&nbsp; %3 typical, %4 at full load &nbsp;·&nbsp; %5 per GPU"))
                                 .arg(formatUsd(m_bomModel->totalUsd()), estimate, formatPowerKw(m_bomModel->totalPowerW() / 1e3),
                                      formatPowerKw(m_bomModel->totalPowerMaxW() / 1e3),
                                      formatUsd(plan->spec.gpus ? m_bomModel->totalUsd() / plan->spec.gpus : 0.0)));
    } else {
        m_bomTotals->setText(QString());
    }
    const int errors = plan ? plan->errorCount() : 0;
    if (!plan)
        m_checksHeader->setText(tr("No plan: %1").arg(m_document->planError().toHtmlEscaped()));
    else if (plan->findings.empty())
        m_checksHeader->setText(tr("<span style='color:%1; font-weight:600'>✓ No findings</span> — the design "
                                   "passes every design rule (reach, loss budget, FEC, cages, qualification, ports, power).")
                                    .arg(okColour(palette()).name()));
    else
        m_checksHeader->setText(tr("<b>%1</b>, %2, %3. Double-click a finding to show its device or link.")
                                    .arg(tr("%n error(s)", nullptr, errors), tr("%n warning(s)", nullptr, plan->warningCount()),
                                         tr("%n note(s)", nullptr, int(plan->findings.size()) - errors - plan->warningCount())));
    if (plan && plan->findings.size() < 500) m_checksTable->resizeRowsToContents();
    // No findings: the line above says so; an empty table under it only looked like something failed to load.
    m_checksTable->setVisible(plan && !plan->findings.empty());
    m_tabs->setTabText(m_tabs->indexOf(m_checksPage), errors ? tr("Checks (%1)").arg(errors) : tr("Checks"));
    updateStatus();
}

void MainWindow::refreshNextView()
{
    m_viewRefreshQueued = false;
    if (m_viewRefreshes.empty()) return;
    std::function<void()> refresh = std::move(m_viewRefreshes.front());
    m_viewRefreshes.erase(m_viewRefreshes.begin());
    // Queued before running: posted during this event, it runs in the next pass of the event loop,
    // after the timers and paints that are due.
    if (!m_viewRefreshes.empty()) {
        m_viewRefreshQueued = true;
        QMetaObject::invokeMethod(this, &MainWindow::refreshNextView, Qt::QueuedConnection);
    }
    refresh();
    refresh = nullptr;  // its captures hold the plan too
    if (m_viewRefreshes.empty())
        for (auto& retired : std::exchange(m_retiredPlans, {})) releaseOffUiThread(std::move(retired));
}

void MainWindow::updateStatus()
{
    const auto plan = m_document->plan();
    if (!plan) {
        m_statusFigures->setText(m_document->planError());
        m_statusFindings->clear();
        return;
    }
    const QLocale en(QLocale::English);
    const long long links = talliesFor(*plan, m_document->linkTallies().get()).total;
    const Estimates& e = plan->estimates;
    const int errors = plan->errorCount(), warnings = plan->warningCount();
    // With errors the figures describe a fabric that cannot be built: say so before any of them.
    // Counts in number ("1 switch" for a one-switch lab), by the CLI's rule (common/format.h).
    const auto count = [](long long n, const char* one, const char* many) { return QString::fromStdString(counted(n, one, many)); };
    // Another network than the compute fabric: its name first, its endpoints are ports (no GPUs).
    const auto cluster = m_document->clusterPlan();
    const int viewed = m_document->viewedNetwork();
    const NetworkPlan* network = cluster && viewed > 0 && viewed < int(cluster->networks.size())
                                     ? &cluster->networks[std::size_t(viewed)] : nullptr;
    const long long ports = network ? network->endpointPorts : 0;
    // Capex as the Summary's card and the CLI print it ("$3.58 M"), not a second rounding of it.
    const QString figures =
        network ? tr("%1:   %2   ·   %3   ·   %4   ·   capex %5%6   ·   %7/port   ·   %8")
                      .arg(networkLabel(*network), count(ports, "port", "ports"),
                           count(plan->fabric.switchCount(), "switch", "switches"), count(links, "link", "links"),
                           formatUsdShort(e.capex.totalUsd), e.capex.estimated ? tr(" (est.)") : QString(),
                           formatUsd(ports ? e.capex.totalUsd / double(ports) : 0.0), formatPowerKw(e.opex.powerKw))
                : tr("%1   ·   %2   ·   %3   ·   capex %4%5   ·   %6/GPU   ·   %7")
                      .arg(count(plan->spec.gpus, "GPU", "GPUs"), count(plan->fabric.switchCount(), "switch", "switches"),
                           count(links, "link", "links"),
                           formatUsdShort(e.capex.totalUsd), e.capex.estimated ? tr(" (est.)") : QString(),
                           formatUsd(e.capex.perGpuUsd), formatPowerKw(e.opex.powerKw));
    m_statusFigures->setText(errors ? tr("<b style='color:%1'>Not buildable</b>   ·   %2")
                                          .arg(errorColour(palette()).name(), figures.toHtmlEscaped())
                                    : figures);
    m_statusFindings->setText(tr("<span style='color:%1'>%2</span> · %3")
                                  .arg(errors ? errorColour(palette()).name() : palette().color(QPalette::WindowText).name(),
                                       errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors),
                                       warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings)));
}

void MainWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    // Coming back to the window is when a change made elsewhere (another window, an editor) matters.
    if (event->type() == QEvent::ActivationChange && isActiveWindow()) m_document->checkDisk();
    // The views bake palette colours into HTML and scene items: redo them when the desktop switches
    // between light and dark while the window is open. Queued, because the child views get their new
    // palette after this window does; and once for a burst of changes.
    if (event->type() == QEvent::PaletteChange && m_summary && !m_repaletteQueued) {
        m_repaletteQueued = true;
        QMetaObject::invokeMethod(this, [this] {
            m_repaletteQueued = false;
            onPlanReady();
            m_compare->setComparison(m_document->comparison(), m_document->comparisonError(), m_document->clusterTotals());
        }, Qt::QueuedConnection);
    }
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — FabricPlan").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
}

void MainWindow::activateFinding(int row)
{
    const Finding* f = m_checksModel->findingAt(row);
    if (!f) return;
    if (f->link >= 0) {
        // Clear the fields too, so they say what the table shows (each edit clears the model's filter).
        m_cableFilterText->clear();
        m_cableFilterMedia->setCurrentIndex(0);
        m_cableModel->setFilter(QString(), -1);
        const int r = m_cableModel->rowOfLink(f->link);
        if (r >= 0) {
            m_cableModel->fetchUpTo(r);
            showTab(QStringLiteral("cables"));
            m_cableTable->selectRow(r);
            m_cableTable->scrollTo(m_cableModel->index(r, 0), QAbstractItemView::PositionAtCenter);
            return;
        }
    }
    if (f->device >= 0) {
        showTab(QStringLiteral("topology"));
        m_topology->selectDevice(f->device);
    }
}

} // namespace fp::gui
