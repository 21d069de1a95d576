#pragma once
// Internal helpers of the report library: text formatting for printed figures, Qt/std string
// conversion, and the checks every writer does before touching the disk.
#include <string>

#include <QString>

#include "common/format.h"

class QImage;

namespace fp::report {

inline QString qs(const std::string& s) { return QString::fromStdString(s); }

// 1234567.8 -> "1,234,568" (decimals = 0), "1,234,567.8" (1) or "1,234,567.80" (2): common/format.h's
// rules; always '.' and ',' whatever the locale, so a printed report reads the same on every machine.
QString groupedNumber(double value, int decimals = 0);
QString usd(double value);                       // "$1,234,568"
QString usdCompact(double value);                // "$1.23 M", "$456 k": chart labels
inline QString kilowatts(double kw) { return qs(formatKilowatts(kw)); }  // "11,144.3": the CLI's and window's rule

// Throws UserError (where = path) when the target's folder does not exist, before any work is done.
void requireTargetFolder(const std::string& path);

// Saves as PNG through a temporary file beside `path` and a rename; throws UserError.
void saveImageAtomically(const QImage&, const std::string& path);

} // namespace fp::report
