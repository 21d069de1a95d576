// The BOM sheet (line items with live formulas, category subtotals, total) and the optics price
// comparison sheet (each optic and cable against every price source in the catalog).
#include <algorithm>
#include <map>

#include "bom/bom.h"
#include "io/xlsx_sheets.h"

namespace fp::io::xlsx {

std::string bomColumnRange(int col, std::size_t lines, const std::string& sheet)
{
    const int first = bomFirstDataRow(), last = std::max(first, bomLastDataRow(lines));
    std::string a = cellRef(first, col), b = cellRef(last, col);
    // Absolute references: "$G$2:$G$41".
    auto absolute = [](const std::string& ref) {
        const auto digit = ref.find_first_of("0123456789");
        return "$" + ref.substr(0, digit) + "$" + ref.substr(digit);
    };
    return sheetRef(sheet) + "!" + absolute(a) + ":" + absolute(b);
}

void writeBomSheet(XlsxBook& book, const ExportContext& ctx) { writeBomSheet(book, ctx.plan.bom, kBomSheet, {}); }

void writeBomSheet(XlsxBook& book, const Bom& bom, const std::string& sheet, const std::string& note)
{
    const auto& fmt = book.formats();
    XlsxSheet s = book.addSheet(sheet);
    s.width(kColCategory, kColCategory, 16);
    s.width(kColPart, kColVendor, 20);
    s.width(kColDescription, kColDescription, 44);
    s.width(kColQty, kColQty, 10);
    s.width(kColUnitPrice, kColExtPrice, 16);
    s.width(kColUnitPower, kColExtPower, 13);
    s.width(kColPriceSource, kColPriceSource, 22);
    s.width(kColEstimated, kColEstimated, 10);
    s.width(kColDatasheet, kColDatasheet, 40);
    s.width(kColUsedFor, kColUsedFor, 30);
    s.width(kColLeadTime, kColLeadTime, 12);
    s.width(kColUnitPowerMax, kColExtPowerMax, 16);
    // Power twice: typical (energy is paid on it) and at full load (switches at their maximum: what the
    // racks and the facility must supply); every part but a switch has one figure for both.
    s.header(0, {"Category", "Part", "Vendor", "Description", "Qty", "Unit price (USD)", "Extended price (USD)",
                 "Unit power, typical (W)", "Extended power, typical (W)", "Price source", "Estimated",
                 "Datasheet source", "Used for", "Lead time (days)", "Unit power, max (W)", "Extended power, max (W)"},
             fmt.header);
    s.freezeHeader();

    int row = bomFirstDataRow();
    for (const BomLine& l : bom.lines) {
        const std::string qty = cellRef(row, kColQty);
        s.text(row, kColCategory, displayName(l.category));
        s.text(row, kColPart, l.part);
        s.text(row, kColVendor, l.vendor);
        s.text(row, kColDescription, l.description);
        s.number(row, kColQty, double(l.qty), fmt.integer);
        s.number(row, kColUnitPrice, l.unitPriceUsd, l.priceEstimated ? fmt.usdEstimated : fmt.usd);
        s.formula(row, kColExtPrice, "=" + qty + "*" + cellRef(row, kColUnitPrice), double(l.qty) * l.unitPriceUsd,
                  fmt.usd);
        // Spares (and unpowered lines such as panels) add cost and no power: the same rule as the JSON,
        // so the workbook's power totals equal the plan's.
        const bool unpowered = l.category == BomCategory::Spares || (l.extendedPowerW == 0 && l.unitPowerW != 0);
        auto power = [&](int unitCol, int extCol, double unitW, double extW) {
            s.number(row, unitCol, unitW, fmt.decimal);
            if (unpowered)
                s.number(row, extCol, extW, fmt.decimal);
            else
                s.formula(row, extCol, "=" + qty + "*" + cellRef(row, unitCol), double(l.qty) * unitW, fmt.decimal);
        };
        power(kColUnitPower, kColExtPower, l.unitPowerW, l.extendedPowerW);
        power(kColUnitPowerMax, kColExtPowerMax, l.unitPowerMaxW, l.extendedPowerMaxW);
        s.text(row, kColPriceSource, l.priceSource);
        s.text(row, kColEstimated, l.priceEstimated ? "yes" : "no");
        s.text(row, kColDatasheet, l.source);
        s.text(row, kColUsedFor, l.usedFor);
        if (l.leadTimeDays > 0) s.number(row, kColLeadTime, l.leadTimeDays, fmt.integer);  // blank = unknown
        ++row;
    }
    const int lastData = row - 1;
    s.autofilter(0, std::max(lastData, 1), kBomColumnCount - 1);

    // Subtotals per category below a blank row; SUMIF keeps them live when a user edits a line.
    const std::string categories = bomColumnRange(kColCategory, bom.lines.size(), sheet);
    const std::string prices = bomColumnRange(kColExtPrice, bom.lines.size(), sheet);
    const std::string powers = bomColumnRange(kColExtPower, bom.lines.size(), sheet);
    const std::string maxPowers = bomColumnRange(kColExtPowerMax, bom.lines.size(), sheet);
    row += 1;
    s.text(row, kColCategory, "Subtotals", fmt.bold);
    ++row;
    for (BomCategory c : kBomCategories) {
        const bool present = std::any_of(bom.lines.begin(), bom.lines.end(),
                                         [c](const BomLine& l) { return l.category == c; });
        if (!present) continue;
        double usd = 0;
        for (const BomLine& l : bom.lines)
            if (l.category == c) usd += double(l.qty) * l.unitPriceUsd;
        const std::string name = formulaString(displayName(c));
        s.text(row, kColCategory, displayName(c));
        s.formula(row, kColExtPrice, "=SUMIF(" + categories + "," + name + "," + prices + ")", usd, fmt.usd);
        s.formula(row, kColExtPower, "=SUMIF(" + categories + "," + name + "," + powers + ")", bom.subtotalPowerW(c),
                  fmt.decimal);
        s.formula(row, kColExtPowerMax, "=SUMIF(" + categories + "," + name + "," + maxPowers + ")",
                  bom.subtotalPowerMaxW(c), fmt.decimal);
        ++row;
    }
    double totalUsd = 0;
    for (const BomLine& l : bom.lines) totalUsd += double(l.qty) * l.unitPriceUsd;
    s.text(row, kColCategory, "Total", fmt.bold);
    s.formula(row, kColExtPrice, "=SUM(" + prices + ")", totalUsd, fmt.usdBold);
    s.formula(row, kColExtPower, "=SUM(" + powers + ")", bom.totalPowerW, fmt.decimalBold);
    s.formula(row, kColExtPowerMax, "=SUM(" + maxPowers + ")", bom.totalPowerMaxW, fmt.decimalBold);
    if (!note.empty()) s.text(row + 2, kColCategory, note, fmt.bold);
}

// The kind of a compared part, as the window's Prices tab names it.
const char* priceKindText(PartCategory c)
{
    switch (c) {
    case PartCategory::Switch: return "Switch";
    case PartCategory::Nic: return "NIC";
    case PartCategory::Transceiver: return "Transceiver";
    case PartCategory::Cable: return "Cable";
    case PartCategory::Fiber: return "Fibre";
    case PartCategory::PatchPanel: return "Patch panel";
    }
    return "";
}

void writeOpticsPriceSheet(XlsxBook& book, const ExportContext& ctx)
{
    const auto& fmt = book.formats();
    const Catalog& catalog = ctx.catalog;
    const std::vector<std::string> sources = catalog.priceSources();

    // The priced parts in the plan (spares included, qty summed per part), as the Prices tab compares
    // them (plan/optics_prices.h): switches, NICs, optics and cables; not patch panels, rack contents,
    // nor NICs the platform's price includes.
    std::map<std::string, long long> qtyOfPart;
    std::map<std::string, std::string> chosenSource;
    for (const BomLine& l : ctx.plan.bom.lines) {
        const PartBase* p = catalog.findPart(l.part);
        if (!p || p->category == PartCategory::PatchPanel || l.category == BomCategory::RackContents ||
            !l.includedWith.empty())
            continue;
        qtyOfPart[l.part] += l.qty;
        if (l.category != BomCategory::Spares || !chosenSource.count(l.part)) chosenSource[l.part] = l.priceSource;
    }

    XlsxSheet s = book.addSheet(kOpticsSheet);
    const int qtyCol = 3, firstSource = 4, cheapestCol = firstSource + int(sources.size());
    s.width(0, 0, 22);
    s.width(1, 1, 12);
    s.width(2, 2, 40);
    s.width(qtyCol, qtyCol, 10);
    s.width(firstSource, cheapestCol + 3, 18);
    s.text(0, 0, "Part", fmt.header);
    s.text(0, 1, "Kind", fmt.header);
    s.text(0, 2, "Description", fmt.header);
    s.text(0, qtyCol, "Qty", fmt.header);
    for (std::size_t i = 0; i < sources.size(); ++i) s.text(0, firstSource + int(i), sources[i] + " (USD)", fmt.header);
    s.text(0, cheapestCol, "Cheapest unit price (USD)", fmt.header);
    s.text(0, cheapestCol + 1, "Cheapest source", fmt.header);
    s.text(0, cheapestCol + 2, "Extended at cheapest (USD)", fmt.header);
    s.text(0, cheapestCol + 3, "Source the plan used", fmt.header);
    s.freezeHeader();

    int row = 1;
    for (const auto& [part, qty] : qtyOfPart) {
        const PartBase* p = catalog.findPart(part);
        s.text(row, 0, part);
        s.text(row, 1, priceKindText(p->category));
        s.text(row, 2, p->description);
        s.number(row, qtyCol, double(qty), fmt.integer);
        const PriceQuote* cheapest = nullptr;
        for (std::size_t i = 0; i < sources.size(); ++i) {
            for (const PriceQuote& q : p->prices) {
                if (q.source != sources[i]) continue;
                s.number(row, firstSource + int(i), q.priceUsd, q.estimated ? fmt.usdEstimated : fmt.usd);
                if (!cheapest || q.priceUsd < cheapest->priceUsd) cheapest = &q;
                break;
            }
        }
        if (cheapest && !sources.empty()) {
            const std::string range = cellRef(row, firstSource) + ":" + cellRef(row, cheapestCol - 1);
            s.formula(row, cheapestCol, "=MIN(" + range + ")", cheapest->priceUsd, fmt.usd);
            s.text(row, cheapestCol + 1, cheapest->source);
            s.formula(row, cheapestCol + 2, "=" + cellRef(row, qtyCol) + "*" + cellRef(row, cheapestCol),
                      double(qty) * cheapest->priceUsd, fmt.usd);
        }
        s.text(row, cheapestCol + 3, chosenSource[part]);
        ++row;
    }
    s.autofilter(0, std::max(row - 1, 1), cheapestCol + 3);
}

} // namespace fp::io::xlsx
