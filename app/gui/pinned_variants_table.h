#pragma once
// The Explorer's pinned variants side by side (issue 41): one line per pinned variant, its varied keys
// and every figure `fabricplan-cli sweep` writes for it (the CSV's columns, same order). Sorting by a
// column sorts by the figure's value, not its text, and is kept when variants are pinned or unpinned.
#include <QTableWidget>

#include <vector>

#include "sweep_rows.h"

namespace fp::gui {

class PinnedVariantsTable : public QTableWidget {
    Q_OBJECT
public:
    explicit PinnedVariantsTable(QWidget* parent = nullptr);

    // Shows `pinned` (sweep row indices) of `rows`; `variants` and `keys` as the sweep's.
    void showPins(const std::vector<std::size_t>& pinned, const std::vector<cli::SweepRow>& rows,
                  const std::vector<cli::Variant>& variants, const std::vector<std::string>& keys);
    // The sweep row shown on table line `line` (as currently sorted); size_t(-1) outside.
    std::size_t variantAt(int line) const;
    // The column titled `title` ("Capex", "switch"), or -1.
    int columnTitled(const QString& title) const;

signals:
    void unpinRequested(std::size_t row);

protected:
    void contextMenuEvent(QContextMenuEvent*) override;
};

} // namespace fp::gui
