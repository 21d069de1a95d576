#include "fit_columns.h"

#include <QAbstractItemModel>
#include <QEvent>
#include <QHeaderView>
#include <QPointer>
#include <QTableView>

#include <algorithm>
#include <utility>
#include <vector>

namespace fp::gui {
namespace {

int sum(const std::vector<int>& widths)
{
    int total = 0;
    for (int w : widths) total += w;
    return total;
}

void fit(QTableView* table, const std::vector<int>& elidable, int minWidth)
{
    if (!table->model()) return;
    table->resizeColumnsToContents();
    const int columns = table->model()->columnCount();
    const int room = table->viewport()->width();
    std::vector<int> widths;
    for (int c = 0; c < columns; ++c) widths.push_back(table->isColumnHidden(c) ? 0 : table->columnWidth(c));
    if (sum(widths) <= room) return;
    // Headers give way first: each column as wide as its cells.
    for (int c = 0; c < columns; ++c)
        if (!table->isColumnHidden(c)) widths[std::size_t(c)] = std::min(widths[std::size_t(c)], static_cast<const QAbstractItemView*>(table)->sizeHintForColumn(c));
    // Then the text columns, to one common width (a water level), not under minWidth.
    const auto withCap = [&](int cap) {
        std::vector<int> w = widths;
        for (int c : elidable)
            if (c >= 0 && c < columns) w[std::size_t(c)] = std::min(w[std::size_t(c)], std::max(cap, minWidth));
        return w;
    };
    int low = minWidth, high = std::max(minWidth, *std::max_element(widths.begin(), widths.end()));
    while (low < high) {
        const int mid = (low + high + 1) / 2;
        if (sum(withCap(mid)) <= room) low = mid;
        else high = mid - 1;
    }
    std::vector<int> fitted = withCap(low);
    // Headers take back what room is left, left to right, up to their whole width: only as many
    // headers elide as must (three design names fit a 1024-pixel window where the fitting cut all three).
    const std::vector<int> whole = [&] {
        std::vector<int> w;
        for (int c = 0; c < columns; ++c) w.push_back(table->isColumnHidden(c) ? 0 : table->columnWidth(c));
        return w;
    }();
    int left = room - sum(fitted);
    for (int c = 0; c < columns && left > 0; ++c) {
        if (std::find(elidable.begin(), elidable.end(), c) != elidable.end()) continue;
        const int more = std::min(left, whole[std::size_t(c)] - fitted[std::size_t(c)]);
        if (more <= 0) continue;
        fitted[std::size_t(c)] += more;
        left -= more;
    }
    for (int c = 0; c < columns; ++c)
        if (!table->isColumnHidden(c)) table->setColumnWidth(c, fitted[std::size_t(c)]);
}

class ColumnFitter : public QObject {
public:
    ColumnFitter(QTableView* table, std::vector<int> elidable, int minWidth)
        : QObject(table), m_table(table), m_elidable(std::move(elidable)), m_minWidth(minWidth)
    {
    }
    void fitNow()
    {
        if (m_table) fit(m_table, m_elidable, m_minWidth);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Resize && m_table && watched == m_table->viewport()) fitNow();
        return QObject::eventFilter(watched, event);
    }

private:
    QPointer<QTableView> m_table;
    std::vector<int> m_elidable;
    int m_minWidth;
};

} // namespace

void keepColumnsInView(QTableView* table, std::vector<int> elidable, int minWidth)
{
    auto* fitter = new ColumnFitter(table, std::move(elidable), minWidth);
    table->viewport()->installEventFilter(fitter);
    table->setTextElideMode(Qt::ElideRight);
    table->horizontalHeader()->setTextElideMode(Qt::ElideRight);
    // A model the table owns (QTableWidget's) resets while the table is being destroyed: such a table is
    // refitted by refitColumns, never on a reset.
    if (QAbstractItemModel* model = table->model(); model && model->parent() != table)
        QObject::connect(model, &QAbstractItemModel::modelReset, fitter, [fitter] { fitter->fitNow(); });
    fitter->fitNow();
}

void refitColumns(QTableView* table)
{
    for (QObject* child : table->children())
        if (auto* fitter = dynamic_cast<ColumnFitter*>(child)) fitter->fitNow();
}

} // namespace fp::gui
