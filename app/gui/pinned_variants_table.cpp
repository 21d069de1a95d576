#include "pinned_variants_table.h"

#include <QContextMenuEvent>
#include <QHeaderView>
#include <QMenu>

#include <cmath>

#include "common/format.h"

namespace fp::gui {
namespace {

constexpr int kSortRole = Qt::UserRole + 1;  // the value a column sorts by
constexpr int kRowRole = Qt::UserRole + 2;   // column 0: the sweep row index

// Sorts by kSortRole: a number where the cell holds one, else the text.
class SortedItem : public QTableWidgetItem {
public:
    using QTableWidgetItem::QTableWidgetItem;
    bool operator<(const QTableWidgetItem& other) const override
    {
        const QVariant a = data(kSortRole), b = other.data(kSortRole);
        if (a.typeId() == QMetaType::Double && b.typeId() == QMetaType::Double) return a.toDouble() < b.toDouble();
        return text() < other.text();
    }
};

QTableWidgetItem* textItem(const QString& text)
{
    auto* item = new SortedItem(text);
    item->setData(kSortRole, text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

QTableWidgetItem* numberItem(double value, const QString& text)
{
    auto* item = new SortedItem(text);
    item->setData(kSortRole, value);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

QString q(const std::string& s) { return QString::fromStdString(s); }

} // namespace

PinnedVariantsTable::PinnedVariantsTable(QWidget* parent) : QTableWidget(parent)
{
    setObjectName(QStringLiteral("explore-pins"));
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSortingEnabled(true);
    setAlternatingRowColors(true);
    verticalHeader()->setVisible(false);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    horizontalHeader()->setStretchLastSection(false);
    setToolTip(tr("Pinned variants side by side: click a column to sort; right-click a line to unpin it"));
}

void PinnedVariantsTable::showPins(const std::vector<std::size_t>& pinned, const std::vector<cli::SweepRow>& rows,
                                   const std::vector<cli::Variant>& variants, const std::vector<std::string>& keys)
{
    // Filled unsorted, then sorted again by the column the user chose (QTableWidget keeps it).
    setSortingEnabled(false);
    clearContents();
    QStringList titles = {tr("Variant")};
    for (const auto& k : keys) titles << q(k);
    titles << tr("Fabric") << tr("Switch") << tr("NIC") << tr("GPUs") << tr("Link Gb/s") << tr("Tiers") << tr("Switches")
           << tr("Links") << tr("Capex") << tr("Capex/GPU") << tr("Power kW") << tr("TCO") << tr("Max latency ns")
           << tr("Bus bw GB/s") << tr("Errors") << tr("Warnings") << tr("Transceivers") << tr("Interruptions/day")
           // The cluster's: every network of the design summed (the sweep's total_* columns).
           << tr("Networks") << tr("All: switches") << tr("All: transceivers") << tr("All: cables") << tr("All: capex")
           << tr("All: power kW") << tr("All: max kW") << tr("All: errors") << tr("All: warnings");
    setColumnCount(int(titles.size()));
    setHorizontalHeaderLabels(titles);
    setRowCount(int(pinned.size()));
    for (int line = 0; line < int(pinned.size()); ++line) {
        const std::size_t i = pinned[std::size_t(line)];
        const cli::SweepRow& r = rows[i];
        int c = 0;
        auto* first = numberItem(double(i + 1), QString::number(i + 1));
        first->setData(kRowRole, qulonglong(i));
        setItem(line, c++, first);
        for (const auto& k : keys) {
            QString v;
            for (const auto& [key, value] : variants[i])
                if (key == k) v = q(value);
            setItem(line, c++, textItem(v));
        }
        if (!r.planned) {
            setItem(line, c++, textItem(tr("not planned: %1").arg(q(r.failure))));
            continue;
        }
        const auto count = [](long long n) { return numberItem(double(n), q(withThousands(n))); };
        const auto money = [](double usd) { return numberItem(usd, q(formatUsdShort(usd))); };
        setItem(line, c++, textItem(q(r.fabric)));
        setItem(line, c++, textItem(q(r.switchModel)));
        setItem(line, c++, textItem(q(r.nicModel)));
        setItem(line, c++, count(r.gpus));
        setItem(line, c++, count(r.linkGbps));
        setItem(line, c++, count(r.tiers));
        setItem(line, c++, count(r.switches));
        setItem(line, c++, count(r.links));
        setItem(line, c++, money(r.capexUsd));
        setItem(line, c++, money(r.capexPerGpuUsd));
        setItem(line, c++, numberItem(r.powerKw, q(formatKilowatts(r.powerKw))));
        setItem(line, c++, money(r.tcoUsd));
        setItem(line, c++, numberItem(r.latencyMaxNs, q(withThousands(std::llround(r.latencyMaxNs)))));
        setItem(line, c++, numberItem(r.allreduceBusbwGBps, q(formatOneDecimal(r.allreduceBusbwGBps))));
        setItem(line, c++, count(r.errors));
        setItem(line, c++, count(r.warnings));
        setItem(line, c++, count(r.transceivers));
        setItem(line, c++, numberItem(r.jobInterruptionsPerDay, q(formatPerDay(r.jobInterruptionsPerDay))));
        setItem(line, c++, count(r.networks));
        setItem(line, c++, count(r.total.switches));
        setItem(line, c++, count(r.total.transceivers));
        setItem(line, c++, count(r.total.cables));
        setItem(line, c++, money(r.total.capexUsd));
        setItem(line, c++, numberItem(r.totalPowerKw(), q(formatKilowatts(r.totalPowerKw()))));
        setItem(line, c++, numberItem(r.totalPowerMaxKw(), q(formatKilowatts(r.totalPowerMaxKw()))));
        setItem(line, c++, count(r.total.errors));
        setItem(line, c++, count(r.total.warnings));
    }
    setSortingEnabled(true);
    resizeColumnsToContents();
}

std::size_t PinnedVariantsTable::variantAt(int line) const
{
    const QTableWidgetItem* first = line >= 0 && line < rowCount() ? item(line, 0) : nullptr;
    return first ? std::size_t(first->data(kRowRole).toULongLong()) : std::size_t(-1);
}

int PinnedVariantsTable::columnTitled(const QString& title) const
{
    for (int c = 0; c < columnCount(); ++c)
        if (horizontalHeaderItem(c) && horizontalHeaderItem(c)->text() == title) return c;
    return -1;
}

void PinnedVariantsTable::contextMenuEvent(QContextMenuEvent* event)
{
    const std::size_t row = variantAt(rowAt(event->pos().y()));
    if (row == std::size_t(-1)) return;
    QMenu menu(this);
    QAction* unpin = menu.addAction(tr("Unpin variant %1").arg(row + 1));
    if (menu.exec(event->globalPos()) == unpin) emit unpinRequested(row);
}

} // namespace fp::gui
