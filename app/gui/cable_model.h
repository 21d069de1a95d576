#pragma once
// CablePlanModel: one row per link of the plan, with both ends (device, port, rack), media, parts and
// order length, all computed on demand from the plan's compact arrays. Nothing is materialised up
// front: a 300k-link fabric costs one index vector only while a filter is active. Filtering (by
// device or rack name, and by media) happens here, in one pass over integers, not in a proxy.
// The view gets the rows in chunks (canFetchMore/fetchMore, as it scrolls to the end): a table view keeps
// a header entry per row, and creating 3 M of them at once (1,000,000 GPUs) blocked the UI for ~130 ms.
#include <QAbstractTableModel>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "plan/plan.h"

namespace fp::gui {

// A cable filter's result: the links of `plan` it lets through, in link order. cableLinksMatching is a
// pure function of the plan, so the window runs it on a worker: at 1,000,000 GPUs (3 M links) the scan
// takes ~15 ms, a whole frame of the UI thread.
struct CableFilterResult {
    std::uint64_t planGeneration = 0;  // CablePlanModel::planGeneration() the rows were computed for
    QString text;
    int media = -1;
    std::vector<std::uint32_t> rows;
};
std::vector<std::uint32_t> cableLinksMatching(const Plan&, const QString& text, int media);

class CablePlanModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Number, Class, ADevice, APort, ARack, ZDevice, ZPort, ZRack, Media, Length, CablePart, AModule,
                  ZModule, ColumnCount };
    enum Role { LinkIndexRole = Qt::UserRole + 1 };

    using QAbstractTableModel::QAbstractTableModel;

    // Keeps the filter: while one is set, the new plan shows no rows (filterPending) until applyFilter
    // brings the rows a worker computed for it; the scan never runs here, on the UI thread.
    void setPlan(std::shared_ptr<const Plan>);
    // `text`: case-insensitive part of a device or rack name (either end); `media`: a MediaClass, or -1.
    void setFilter(const QString& text, int media = -1);
    // The same, with rows cableLinksMatching computed elsewhere; false (and nothing changes) when the
    // plan was replaced since.
    bool applyFilter(CableFilterResult);
    std::shared_ptr<const Plan> plan() const { return m_plan; }
    std::uint64_t planGeneration() const { return m_planGeneration; }
    const QString& filterText() const { return m_filterText; }
    int filterMedia() const { return m_filterMedia; }
    // A filter is set but its rows for the current plan have not been applied yet.
    bool filterPending() const { return m_filterPending; }

    int rowCount(const QModelIndex& parent = {}) const override;  // the rows fetched so far
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    // Every row the filter lets through, fetched or not.
    int matchCount() const;
    // Fetches the rows up to `row` (to select a link the view has not reached yet).
    void fetchUpTo(int row);
    // Rows handed to the view at a time (tests use small chunks).
    void setFetchChunk(int rows) { m_fetchChunk = std::max(1, rows); }
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex&, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation, int role = Qt::DisplayRole) const override;

    std::int64_t linkAt(int row) const;
    int rowOfLink(std::int64_t link) const;  // -1 when filtered out; may be past the rows fetched
    std::size_t linkCount() const;

private:
    void resetFilter(const QString& text, int media, std::vector<std::uint32_t> rows);
    QString rackName(DeviceId) const;
    const LinkSolution* solution(std::size_t link) const;

    std::shared_ptr<const Plan> m_plan;
    std::uint64_t m_planGeneration = 0;  // counts setPlan calls: a worker's result names the plan it filtered
    QString m_filterText;
    int m_filterMedia = -1;
    bool m_filtered = false;
    bool m_filterPending = false;
    std::vector<std::uint32_t> m_rows;  // link indices, only while filtered
    int m_fetchChunk = 100'000;  // ~4 ms of header entries
    int m_fetched = 0;
};

QString mediaName(MediaClass);
// "Host – leaf": a link class as every view names it (the CSV and JSON keep the identifiers, host_leaf).
QString linkClassName(LinkClass);

} // namespace fp::gui
