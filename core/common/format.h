#pragma once
// Number formatting for text meant for people (summaries, notes, BOM "used for" lines).
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

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

// A count with its noun in number, for text people read: "1 design", "2 designs", "1,024 GPUs" (never the
// "design(s)" hedge). English nouns here add "s"; pass `plural` for any that do not ("1 switch", "3 switches").
// nounFor also puts a verb in number with the count it follows: nounFor(n, "uses", "use").
// The GUI has the same rule as a Qt translator (app/gui/english_plurals.h).
inline std::string nounFor(long long n, std::string_view singular, std::string_view plural = {})
{
    if (n == 1 || n == -1) return std::string(singular);
    return plural.empty() ? std::string(singular) + "s" : std::string(plural);
}

inline std::string counted(long long n, std::string_view singular, std::string_view plural = {})
{
    return withThousands(n) + " " + nounFor(n, singular, plural);
}

// The one rounding rule for figures people read, shared by the window, the CLI, the PDF and the
// workbook's text, so no two of them can print the same figure differently (issue 20):
//   money: >= $1 B and >= $1 M with two decimals ("$7.01 M"), >= $10 k in whole thousands ("$456 k"),
//          below that in whole dollars ("$6,844");
//   effort and durations (engineer-weeks, months), bandwidths (GB/s, Tb/s) and power (kW): one decimal with
//          thousands apart ("2.5", "20,000.0"), never a whole-number round.
// Halves round away from zero (as std::round), the rule people apply by hand.
// One or two decimals (formatOneDecimal, formatTwoDecimals), thousands apart, never "-0.0".
inline std::string formatDecimals(double v, int places)
{
    if (!std::isfinite(v)) return "n/a";
    const int decimals = places == 2 ? 2 : 1;
    const long long scale = decimals == 2 ? 100 : 10;
    if (std::fabs(v) >= (decimals == 2 ? 1e16 : 1e17)) {  // past a long long's units: no grouping, no overflow
        char buf[400];
        std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
        return buf;
    }
    const long long units = std::llround(std::fabs(v) * double(scale));
    std::string fraction = std::to_string(units % scale);
    fraction.insert(0, std::size_t(decimals) - fraction.size(), '0');  // 5 hundredths: ".05"
    const std::string digits = withThousands(units / scale) + "." + fraction;
    return v < 0 && units != 0 ? "-" + digits : digits;  // thousands apart ("20,000.0"), never "-0.0"
}

inline std::string formatOneDecimal(double v) { return formatDecimals(v, 1); }

// Rates with two decimals ("10.18" failures a year, "81,446.40"), the resilience tables' rule.
inline std::string formatTwoDecimals(double v) { return formatDecimals(v, 2); }

// A floor or site dimension: whole metres with thousands ("1,234 m"), one decimal under 10 m (a floor of
// two racks is 1.2 m wide, not 1 m). The window, the CLI and the PDF print floor sizes with it.
inline std::string formatMetres(double m)
{
    if (!std::isfinite(m)) return "n/a";
    return std::fabs(m) < 9.95 ? formatOneDecimal(m) : withThousands(std::llround(m));
}

// Power for people, in kilowatts with one decimal and thousands apart ("11,144.3"; formatKw adds " kW"). The
// CLI, the window and the PDF print every network and BOM power figure with it: the window once read
// "11.14 MW" and the CLI "11144.3 kW" for one figure. Halves round away from zero, as formatOneDecimal.
inline std::string formatKilowatts(double kw) { return formatOneDecimal(kw); }

inline std::string formatKw(double kw) { return formatKilowatts(kw) + " kW"; }

// Network interruptions a day of a whole-cluster job, to three decimals ("0.037"): the plan's resilience
// line, compare's stops/day, diff, the Explorer and the workbook's cell format ("0.000") print it alike.
inline std::string formatPerDay(double perDay)
{
    if (!std::isfinite(perDay)) return "n/a";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.3f", perDay);
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
