#pragma once
// Internal: the sheets of the BOM workbook, each written top to bottom (constant_memory mode).
#include <cstddef>
#include <string>

#include "io/exporter.h"
#include "io/xlsx_book.h"

namespace fp::io::xlsx {

inline const std::string kSummarySheet = "Summary";
inline const std::string kBomSheet = "BOM";
inline const std::string kCableSheet = "Cable plan";
inline const std::string kOpticsSheet = "Prices";  // switches, NICs, optics and cables (was "Optics prices")
inline const std::string kChecksSheet = "Checks";
inline const std::string kResilienceSheet = "Resilience";
inline const std::string kTuningSheet = "Tuning checklist";

// BOM sheet columns (0-based); the Summary's formulas refer to them.
enum BomColumn {
    kColCategory = 0, kColPart, kColVendor, kColDescription, kColQty, kColUnitPrice, kColExtPrice,
    kColUnitPower, kColExtPower, kColPriceSource, kColEstimated, kColDatasheet, kColUsedFor, kColLeadTime,
    kColUnitPowerMax, kColExtPowerMax,  // at full load (a switch's maximum); appended so older columns keep their letters
    kBomColumnCount
};
// BOM data rows are 1..lines (row 0 is the header); totals sit below a blank row.
inline int bomFirstDataRow() { return 1; }
inline int bomLastDataRow(std::size_t lines) { return int(lines); }
// "'BOM'!$G$2:$G$41": a BOM column over the data rows, for SUM/SUMIF.
std::string bomColumnRange(int col, std::size_t lines, const std::string& sheet = kBomSheet);

void writeSummarySheet(XlsxBook&, const ExportContext&, std::size_t cableCount);
void writeBomSheet(XlsxBook&, const ExportContext&);
// The same layout for any BOM on a sheet of its own name (a network's, xlsx_networks_sheet.cpp); `note`, when
// given, is written in bold below the totals (the network it is).
void writeBomSheet(XlsxBook&, const Bom&, const std::string& sheet, const std::string& note);
// Splits across "Cable plan", "Cable plan (2)", ... when the plan has more cables than a sheet has rows.
void writeCableSheets(XlsxBook&, const ExportContext&, double progressFrom, double progressTo,
                      const std::string& sheet = kCableSheet, const std::string& labelPrefix = {});
// "Cable plan", "Cable plan (2)", ...: the name of cable sheet `number` (from 1), and how many a plan needs.
std::string cableSheetName(const std::string& sheet, int number);
int cableSheetCount(std::size_t cables);

// Several networks (ctx.cluster): the "Networks" sheet (one row per network, each figure a live formula
// over that network's BOM and cable sheets, then their sum), written first; and, after the compute
// fabric's sheets, each other network's BOM and cable plan sheets.
void writeNetworksSheet(XlsxBook&, const ExportContext&);
void writeOtherNetworkSheets(XlsxBook&, const ExportContext&, double progressFrom, double progressTo);
void writeOpticsPriceSheet(XlsxBook&, const ExportContext&);
void writeChecksSheet(XlsxBook&, const ExportContext&);
void writeResilienceSheet(XlsxBook&, const ExportContext&);  // xlsx_resilience_sheet.cpp
void writeTuningSheet(XlsxBook&, const ExportContext&);      // xlsx_tuning_sheet.cpp

} // namespace fp::io::xlsx
