#pragma once
// Number formatting for text meant for people (summaries, notes, BOM "used for" lines).
#include <cmath>
#include <cstdio>
#include <string>

namespace fp {

// 1234567 -> "1,234,567" (the separator the rest of the UI and the reports use).
inline std::string withThousands(long long n)
{
    std::string digits = std::to_string(n < 0 ? -n : n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return n < 0 ? "-" + out : out;
}

// The one rounding rule for figures people read, shared by the window, the CLI, the PDF and the
// workbook's text, so no two of them can print the same figure differently (issue 20):
//   money: >= $1 B and >= $1 M with two decimals ("$7.01 M"), >= $10 k in whole thousands ("$456 k"),
//          below that in whole dollars ("$6,844");
//   effort and durations (engineer-weeks, months): one decimal ("2.5"), never a whole-number round.
// Halves round away from zero (as std::round), the rule people apply by hand.
inline std::string formatOneDecimal(double v)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.1f", std::round(v * 10.0) / 10.0);
    return buf;
}

inline std::string formatUsdShort(double usd)
{
    if (!std::isfinite(usd)) return "n/a";  // makePlan refuses such plans; never print "$inf B"
    const double a = std::fabs(usd);
    char buf[64];
    const char* sign = usd < 0 ? "-" : "";
    if (a >= 1e9) std::snprintf(buf, sizeof buf, "%s$%.2f B", sign, std::round(a / 1e7) / 100.0);
    else if (a >= 1e6) std::snprintf(buf, sizeof buf, "%s$%.2f M", sign, std::round(a / 1e4) / 100.0);
    else if (a >= 1e4) return std::string(sign) + "$" + withThousands(std::llround(a / 1e3)) + " k";
    else return std::string(sign) + "$" + withThousands(std::llround(a));
    return buf;
}

} // namespace fp
