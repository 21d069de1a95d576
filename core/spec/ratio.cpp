#include "spec/ratio.h"

#include <algorithm>
#include <cctype>
#include <numeric>

namespace fp {

namespace {

constexpr int kPow10[] = {1, 10, 100, 1000};

const char* kFix = "write DOWN:UP with numbers above 0 and at most 3 decimals, e.g. 1:1, 3:1, 4:3 or 1:1.16";

// One side: digits, optionally a point and up to kRatioMaxDecimals digits. Sets the whole and fraction
// digits (fraction without trailing zeros: "1.50" has one decimal).
struct Side {
    long long whole = 0;
    std::string fraction;
};

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

RatioProblem readSide(std::string_view text, std::string_view name, std::string_view whole, Side& out)
{
    const std::string quoted = "\"" + std::string(text) + "\"";
    if (whole.empty()) return {quoted + " has no " + std::string(name) + " number", kFix};
    const auto point = whole.find('.');
    const std::string_view intPart = whole.substr(0, point);
    std::string_view frac = point == std::string_view::npos ? std::string_view() : whole.substr(point + 1);
    const auto digits = [](std::string_view s) {
        for (char c : s)
            if (!std::isdigit(static_cast<unsigned char>(c))) return false;
        return true;
    };
    if (!digits(intPart) || !digits(frac) || (intPart.empty() && frac.empty()) ||
        (point != std::string_view::npos && frac.empty()))
        return {quoted + " is not a DOWN:UP ratio: \"" + std::string(whole) + "\" is not a number", kFix};
    while (!frac.empty() && frac.back() == '0') frac.remove_suffix(1);
    if (frac.size() > std::size_t(kRatioMaxDecimals))
        return {quoted + " has more than " + std::to_string(kRatioMaxDecimals) + " decimals",
                "round each side to 3 decimals, e.g. 1:1.167"};
    std::string_view w = intPart;
    while (w.size() > 1 && w.front() == '0') w.remove_prefix(1);
    if (w.size() > 6) w = "9999999";  // only its size matters: far beyond kRatioMaxSide
    out.whole = w.empty() ? 0 : std::stoll(std::string(w));
    out.fraction = std::string(frac);
    return {};
}

long long scaled(const Side& s, int decimals)
{
    std::string f = s.fraction;
    f.resize(std::size_t(decimals), '0');
    return s.whole * kPow10[decimals] + (f.empty() ? 0 : std::stoll(f));
}

// A whole number or a decimal: "7", "1.16", "0.5".
std::string sideText(long long scaledValue, int decimals)
{
    std::string s = std::to_string(scaledValue / kPow10[decimals]);
    if (decimals == 0) return s;
    std::string f = std::to_string(scaledValue % kPow10[decimals]);
    f.insert(0, std::size_t(decimals) - f.size(), '0');
    while (!f.empty() && f.back() == '0') f.pop_back();
    return f.empty() ? s : s + "." + f;
}

} // namespace

RatioProblem ratioProblem(const Ratio& r)
{
    if (r.decimals < 0 || r.decimals > kRatioMaxDecimals)
        return {"the ratio has more than " + std::to_string(kRatioMaxDecimals) + " decimals", "round each side to 3 decimals, e.g. 1:1.167"};
    const long long scale = kPow10[r.decimals];
    const std::string text = ratioText(r);
    if (r.down <= 0 || r.up <= 0)
        return {"\"" + text + "\" needs both sides above 0", "use 1:1 for non-blocking, e.g. 3:1 or 1:1.16 otherwise"};
    if (r.down > kRatioMaxSide * scale || r.up > kRatioMaxSide * scale)
        return {"\"" + text + "\" has a side above " + std::to_string(kRatioMaxSide), "write it in smaller numbers, e.g. 1:1.16 rather than 100:116"};
    // Between 1:64 and 64:1; compared on the scaled whole numbers, so exactly.
    if (static_cast<long long>(r.down) > kRatioMaxValue * static_cast<long long>(r.up) ||
        static_cast<long long>(r.up) > kRatioMaxValue * static_cast<long long>(r.down))
        return {"\"" + text + "\" is beyond " + std::to_string(kRatioMaxValue) + ":1 either way",
                "use a ratio from 1:" + std::to_string(kRatioMaxValue) + " to " + std::to_string(kRatioMaxValue) + ":1"};
    return {};
}

RatioProblem parseRatio(std::string_view textIn, Ratio& out)
{
    const std::string_view text = trimmed(textIn);
    const auto colon = text.find(':');
    if (colon == std::string_view::npos || text.find(':', colon + 1) != std::string_view::npos)
        return {"\"" + std::string(text) + "\" is not a DOWN:UP ratio", kFix};
    Side down, up;
    if (auto p = readSide(text, "DOWN", trimmed(text.substr(0, colon)), down)) return p;
    if (auto p = readSide(text, "UP", trimmed(text.substr(colon + 1)), up)) return p;
    Ratio r;
    r.decimals = int(std::max(down.fraction.size(), up.fraction.size()));
    const long long d = scaled(down, r.decimals), u = scaled(up, r.decimals);
    const long long limit = static_cast<long long>(kRatioMaxSide) * kPow10[r.decimals];
    // Out of int range would wrap: clamp first, ratioProblem names the side that is too big.
    r.down = int(std::min(d, limit + 1));
    r.up = int(std::min(u, limit + 1));
    if (auto p = ratioProblem(r)) {
        // Messages quote what was typed, not the clamped value.
        const auto at = p.what.find("\" ");
        if (p.what.front() == '"' && at != std::string::npos) p.what = "\"" + std::string(text) + p.what.substr(at);
        return p;
    }
    out = r;
    return {};
}

std::string ratioText(const Ratio& r)
{
    const int d = r.decimals >= 0 && r.decimals <= kRatioMaxDecimals ? r.decimals : 0;
    return sideText(r.down, d) + ":" + sideText(r.up, d);
}

Ratio reduced(const Ratio& r)
{
    const int g = std::gcd(r.down, r.up);
    return g > 0 ? Ratio{r.down / g, r.up / g, 0} : Ratio{r.down, r.up, 0};
}

double ratioValue(const Ratio& r) { return r.up != 0 ? double(r.down) / double(r.up) : 0.0; }

} // namespace fp
