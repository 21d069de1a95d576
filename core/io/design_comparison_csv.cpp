#include <ostream>

#include "io/design_comparison_export.h"
#include "io/export_support.h"
#include "io/name_safety.h"

namespace fp::io {

void writeDesignComparisonCsv(const DesignComparison& c, std::ostream& out)
{
    out << kUtf8Bom;
    writeSpreadsheetCsvRecord(out, {"design", "network", "category", "part", "description", "change", "baseline_qty",
                                    "qty", "qty_change", "baseline_usd", "usd", "usd_change"});
    const auto usd = [](double v) { return formatNumber(v, 2); };
    for (std::size_t i = 1; i < c.differences.size(); ++i)
        for (const BomDifference& d : c.differences[i])
            writeSpreadsheetCsvRecord(out, {c.names[i], d.network, toString(d.category), d.part, d.description,
                                            toString(d.change), std::to_string(d.baselineQty), std::to_string(d.otherQty),
                                            std::to_string(d.qtyDelta()), usd(d.baselineUsd), usd(d.otherUsd),
                                            usd(d.deltaUsd())});
}

} // namespace fp::io
