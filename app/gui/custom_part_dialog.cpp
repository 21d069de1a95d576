#include "custom_part_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace fp::gui {

namespace {

QSpinBox* intBox(int min, int max, int value, const QString& name)
{
    auto* b = new QSpinBox;
    b->setRange(min, max);
    b->setValue(value);
    b->setObjectName(name);
    b->setGroupSeparatorShown(true);
    return b;
}

QDoubleSpinBox* realBox(double min, double max, double value, int decimals, const QString& suffix, const QString& name)
{
    auto* b = new QDoubleSpinBox;
    b->setRange(min, max);
    b->setDecimals(decimals);
    b->setValue(value);
    b->setSuffix(suffix);
    b->setObjectName(name);
    b->setGroupSeparatorShown(true);
    return b;
}

QComboBox* choice(const QStringList& items, const QString& name, bool editable = false)
{
    auto* c = new QComboBox;
    c->addItems(items);
    c->setEditable(editable);
    c->setObjectName(name);
    return c;
}

// A fixed list shown in words, holding the catalog's identifiers ("fiber_patch") as item data.
QComboBox* labelledChoice(const QList<std::pair<QString, QString>>& labelAndId, const QString& name)
{
    auto* c = new QComboBox;
    for (const auto& [label, id] : labelAndId) c->addItem(label, id);
    c->setObjectName(name);
    return c;
}

QLineEdit* text(const QString& placeholder, const QString& name)
{
    auto* e = new QLineEdit;
    e->setPlaceholderText(placeholder);
    e->setObjectName(name);
    return e;
}

// One label width for several forms, so editors line up across group boxes and do not shift when
// the kind switches the page below.
void shareLabelWidth(const QList<QFormLayout*>& forms)
{
    QList<QWidget*> labels;
    int width = 0;
    for (QFormLayout* form : forms)
        for (int row = 0; row < form->rowCount(); ++row)
            if (QLayoutItem* item = form->itemAt(row, QFormLayout::LabelRole); item && item->widget()) {
                labels << item->widget();
                width = std::max(width, item->widget()->sizeHint().width());
            }
    for (QWidget* label : labels) label->setMinimumWidth(width);
}

std::string str(const QLineEdit* e) { return e->text().trimmed().toStdString(); }
// The catalog identifier of a labelled choice, else the text (editable lists: form factors, fibre types).
std::string str(const QComboBox* c)
{
    const QVariant id = c->currentData();
    return (id.isValid() ? id.toString() : c->currentText()).trimmed().toStdString();
}

} // namespace

const PartBase& CustomPartRequest::base() const
{
    switch (category) {
    case PartCategory::Cable:
    case PartCategory::Fiber: return cable;
    case PartCategory::Switch: return switchModel;
    default: return transceiver;
    }
}

CustomPartDialog::CustomPartDialog(const QStringList& platforms, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Add custom part"));
    m_kind = choice({tr("Transceiver"), tr("Cable or fibre"), tr("Switch")}, QStringLiteral("kind"));
    m_partNumber = text(tr("your part number, e.g. ACME-800G-SR8"), QStringLiteral("partNumber"));
    m_vendor = text(tr("manufacturer"), QStringLiteral("vendor"));
    m_description = text(tr("one line for humans"), QStringLiteral("description"));
    m_source = text(tr("datasheet URL or quote reference (required)"), QStringLiteral("source"));
    m_priceUsd = realBox(0, 1e7, 0, 2, tr(" USD"), QStringLiteral("priceUsd"));
    m_powerW = realBox(0, 10000, 0, 1, tr(" W"), QStringLiteral("powerW"));
    m_protocol = labelledChoice({{tr("Ethernet and InfiniBand"), QStringLiteral("both")},
                                 {tr("Ethernet"), QStringLiteral("ethernet")},
                                 {tr("InfiniBand"), QStringLiteral("infiniband")}},
                                QStringLiteral("protocol"));
    m_qualifiedOn = text(tr("switch/NIC part numbers, comma separated"), QStringLiteral("qualifiedOn"));
    m_qualifiedOn->setText(platforms.join(QStringLiteral(", ")));
    m_qualifiedOn->setToolTip(tr("Platforms that accept this part. A platform with qualification rows accepts only "
                                 "the parts listed for it, so a new optic needs this to be used."));

    auto* part = new QGroupBox(tr("Part"));
    auto* common = new QFormLayout(part);
    common->addRow(tr("Kind"), m_kind);
    common->addRow(tr("Part number"), m_partNumber);
    common->addRow(tr("Vendor"), m_vendor);
    common->addRow(tr("Description"), m_description);
    common->addRow(tr("Source"), m_source);
    common->addRow(tr("Your price"), m_priceUsd);
    common->addRow(tr("Power per unit"), m_powerW);
    common->addRow(tr("Protocol"), m_protocol);
    common->addRow(tr("Qualified on"), m_qualifiedOn);

    m_pages = new QStackedWidget;
    m_pages->addWidget(makeTransceiverPage());
    m_pages->addWidget(makeCablePage());
    m_pages->addWidget(makeSwitchPage());
    connect(m_kind, &QComboBox::currentIndexChanged, m_pages, &QStackedWidget::setCurrentIndex);
    QList<QFormLayout*> forms{common};
    for (int i = 0; i < m_pages->count(); ++i) forms << qobject_cast<QFormLayout*>(m_pages->widget(i)->layout());
    shareLabelWidth(forms);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Add part"));
    auto updateOk = [this, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!m_partNumber->text().trimmed().isEmpty() &&
                                                          !m_source->text().trimmed().isEmpty());
    };
    connect(m_partNumber, &QLineEdit::textChanged, this, updateOk);
    connect(m_source, &QLineEdit::textChanged, this, updateOk);
    updateOk();
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(part);
    layout->addWidget(m_pages);
    layout->addWidget(buttons);
}

QWidget* CustomPartDialog::makeTransceiverPage()
{
    auto* box = new QGroupBox(tr("Transceiver"));
    m_formFactor = choice({QStringLiteral("OSFP"), QStringLiteral("QSFP112"), QStringLiteral("QSFP-DD"),
                           QStringLiteral("QSFP56")}, QStringLiteral("formFactor"), true);
    m_finned = new QCheckBox(tr("Finned top (air-cooled switch cages)"));
    m_finned->setObjectName(QStringLiteral("finned"));
    m_finned->setChecked(true);
    m_modulePorts = intBox(1, 2, 1, QStringLiteral("modulePorts"));
    m_moduleGbps = intBox(10, 1600, 400, QStringLiteral("moduleGbps"));
    m_moduleGbps->setSuffix(tr(" Gb/s"));
    m_pmd = text(QStringLiteral("SR4, DR4, FR4, LR4, SR8, DR8"), QStringLiteral("pmd"));
    m_medium = labelledChoice({{tr("Multimode"), QStringLiteral("multimode")},
                               {tr("Single-mode"), QStringLiteral("singlemode")}},
                              QStringLiteral("medium"));
    m_reachM = realBox(0, 100000, 50, 0, tr(" m"), QStringLiteral("reachM"));
    m_reachM->setToolTip(tr("Multimode: OM4 reach (used for OM5 too). Single mode: OS2 reach."));
    m_connector = text(QStringLiteral("MPO-12/APC"), QStringLiteral("connector"));
    m_connector->setText(QStringLiteral("MPO-12/APC"));
    m_lossDb = realBox(0, 20, 1.9, 1, tr(" dB"), QStringLiteral("lossDb"));
    m_lossDb->setToolTip(tr("Maximum channel insertion loss of the PMD (its datasheet's budget)"));
    auto* form = new QFormLayout(box);
    form->addRow(tr("Form factor"), m_formFactor);
    form->addRow(QString(), m_finned);
    form->addRow(tr("Ports per module"), m_modulePorts);
    form->addRow(tr("Speed per port"), m_moduleGbps);
    form->addRow(tr("PMD"), m_pmd);
    form->addRow(tr("Medium"), m_medium);
    form->addRow(tr("Reach"), m_reachM);
    form->addRow(tr("Connector"), m_connector);
    form->addRow(tr("Channel loss budget"), m_lossDb);
    return box;
}

QWidget* CustomPartDialog::makeCablePage()
{
    auto* box = new QGroupBox(tr("Cable or fibre"));
    m_cableKind = labelledChoice({{tr("Passive copper (DAC)"), QStringLiteral("dac")},
                                  {tr("Active copper (ACC)"), QStringLiteral("acc")},
                                  {tr("Active optical (AOC)"), QStringLiteral("aoc")},
                                  {tr("Fibre patch cord"), QStringLiteral("fiber_patch")},
                                  {tr("Fibre trunk"), QStringLiteral("fiber_trunk")}},
                                 QStringLiteral("cableKind"));
    m_cableForm = choice({QStringLiteral("OSFP"), QStringLiteral("QSFP112"), QStringLiteral("QSFP-DD"),
                          QStringLiteral("MPO-12/APC"), QStringLiteral("LC-duplex")}, QStringLiteral("cableForm"), true);
    m_cableForm->setToolTip(tr("Copper and AOC: the plug form factor. Fibre: the connector."));
    m_endBFinned = new QCheckBox(tr("End B finned (switch side; clear for a NIC end)"));
    m_endBFinned->setObjectName(QStringLiteral("endBFinned"));
    m_endBFinned->setChecked(true);
    m_cableGbps = intBox(10, 1600, 400, QStringLiteral("cableGbps"));
    m_cableGbps->setSuffix(tr(" Gb/s per leg"));
    m_legs = intBox(1, 4, 1, QStringLiteral("legs"));
    m_lengthM = realBox(0.1, 10000, 2, 1, tr(" m"), QStringLiteral("lengthM"));
    m_fiberType = choice({QStringLiteral("OM4"), QStringLiteral("OM3"), QStringLiteral("OM5"), QStringLiteral("OS2")},
                         QStringLiteral("fiberType"));
    auto* form = new QFormLayout(box);
    form->addRow(tr("Kind"), m_cableKind);
    form->addRow(tr("Ends"), m_cableForm);
    form->addRow(QString(), m_endBFinned);
    form->addRow(tr("Speed"), m_cableGbps);
    form->addRow(tr("Legs at end B"), m_legs);
    form->addRow(tr("Length"), m_lengthM);
    form->addRow(tr("Fibre type"), m_fiberType);
    return box;
}

QWidget* CustomPartDialog::makeSwitchPage()
{
    auto* box = new QGroupBox(tr("Switch"));
    m_asic = text(tr("switch chip, e.g. Tomahawk 5"), QStringLiteral("asic"));
    m_cages = intBox(1, 1024, 64, QStringLiteral("cages"));
    m_cageType = choice({QStringLiteral("OSFP"), QStringLiteral("QSFP-DD"), QStringLiteral("QSFP112"),
                         QStringLiteral("QSFP56")}, QStringLiteral("cageType"), true);
    m_cageGbps = intBox(10, 1600, 400, QStringLiteral("cageGbps"));
    m_cageGbps->setSuffix(tr(" Gb/s"));
    m_portsPerCage = intBox(1, 8, 2, QStringLiteral("portsPerCage"));
    m_latencyNs = intBox(0, 100000, 500, QStringLiteral("latencyNs"));
    m_latencyNs->setSuffix(tr(" ns"));
    m_rackUnits = intBox(1, 48, 2, QStringLiteral("rackUnits"));
    m_cagePowerW = realBox(0, 100, 0, 1, tr(" W"), QStringLiteral("cagePowerW"));
    m_cagePowerW->setToolTip(tr("Highest module power a cage accepts (its datasheet's power class)"));
    auto* form = new QFormLayout(box);
    form->addRow(tr("ASIC"), m_asic);
    form->addRow(tr("Cages"), m_cages);
    form->addRow(tr("Cage type"), m_cageType);
    form->addRow(tr("Port speed"), m_cageGbps);
    form->addRow(tr("Ports per cage at that speed"), m_portsPerCage);
    form->addRow(tr("Cage power class"), m_cagePowerW);
    form->addRow(tr("Port-to-port latency"), m_latencyNs);
    form->addRow(tr("Rack units"), m_rackUnits);
    return box;
}

CustomPartRequest CustomPartDialog::request() const
{
    CustomPartRequest r;
    PartBase base;
    base.partNumber = str(m_partNumber);
    base.vendor = m_vendor->text().trimmed().isEmpty() ? std::string("Custom") : str(m_vendor);
    base.description = str(m_description);
    base.source = str(m_source);
    base.powerW = m_powerW->value();
    base.oem = false;
    if (m_priceUsd->value() > 0) {
        PriceQuote q;
        q.source = "user";
        q.priceUsd = m_priceUsd->value();
        q.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
        q.basis = "quote";
        q.estimated = false;
        base.prices.push_back(q);
    }
    Protocol protocol = Protocol::Both;
    parseProtocol(str(m_protocol), protocol);
    for (const QString& p : m_qualifiedOn->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!p.trimmed().isEmpty()) r.qualifiedOn << p.trimmed();

    switch (m_kind->currentIndex()) {
    case 0: {
        r.category = PartCategory::Transceiver;
        TransceiverModel& t = r.transceiver;
        static_cast<PartBase&>(t) = base;
        t.category = PartCategory::Transceiver;
        t.protocol = protocol;
        t.formFactor = str(m_formFactor);
        t.finned = m_finned->isChecked();
        t.ports = m_modulePorts->value();
        t.portGbps = m_moduleGbps->value();
        t.lanes = std::max(1, t.portGbps / 100);  // 100G PAM4 lanes, as every current 400G/800G part
        t.pmd = str(m_pmd);
        parseMedium(str(m_medium), t.medium);
        const bool singleMode = t.medium == Medium::SingleMode;
        t.wavelengthNm = singleMode ? 1310 : 850;
        t.reachOm3M = 0;
        t.reachOm4M = t.reachOm5M = singleMode ? 0 : m_reachM->value();
        t.reachOs2M = singleMode ? m_reachM->value() : 0;
        t.connector = str(m_connector);
        t.channelLossDb = m_lossDb->value();
        t.lossEstimated = false;
        t.powerClassW = t.powerW;
        break;
    }
    case 1: {
        CableModel& c = r.cable;
        static_cast<PartBase&>(c) = base;
        c.protocol = protocol;
        parseCableKind(str(m_cableKind), c.kind);
        const bool fibre = c.kind == CableKind::FiberPatch || c.kind == CableKind::FiberTrunk;
        r.category = fibre ? PartCategory::Fiber : PartCategory::Cable;
        c.category = r.category;
        c.endAForm = c.endBForm = str(m_cableForm);
        c.endAFinned = !fibre;
        c.endBFinned = !fibre && m_endBFinned->isChecked();
        c.portGbps = m_cableGbps->value();
        c.legsB = m_legs->value();
        c.lengthM = m_lengthM->value();
        if (fibre) {
            c.fiberType = str(m_fiberType);
            c.connector = str(m_cableForm);
        }
        break;
    }
    default: {
        r.category = PartCategory::Switch;
        SwitchModel& s = r.switchModel;
        static_cast<PartBase&>(s) = base;
        s.category = PartCategory::Switch;
        s.protocol = protocol == Protocol::Both ? Protocol::Ethernet : protocol;
        s.asic = str(m_asic);
        s.cages = m_cages->value();
        s.cageType = str(m_cageType);
        s.cageFinned = true;
        s.cagePowerClassW = m_cagePowerW->value();
        s.breakouts = {Breakout{m_cageGbps->value(), m_portsPerCage->value()}};
        s.latencyNs = m_latencyNs->value();
        s.latencyEstimated = false;
        s.rackUnits = m_rackUnits->value();
        break;
    }
    }
    return r;
}

} // namespace fp::gui
