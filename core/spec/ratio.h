#pragma once
// Ratio: a DOWN:UP port ratio at a switch tier, exact and as the designer wrote it (issue 39).
//
// Published fabrics are not all whole-number ratios: Meta's RoCE backend provisions 12.5 % more spine-facing
// links than needed (1:1.125) so that it stays non-blocking with spines failed ("RDMA over Ethernet for
// Distributed AI Training at Meta Scale", Gangidi et al., SIGCOMM 2024; sources in core/topology/README.md
// "Leaf ports"), and issue 39 cites a 2K-GPU design at 1:1.16. A side may therefore carry up to 3 decimals; both sides are kept scaled by 10^decimals as
// whole numbers, so the value is exact (1:1.16 is 100:116, i.e. 25:29) and the text prints back as written.
// Whole-number ratios have decimals 0: they read, print and split their ports exactly as before.
#include <string>
#include <string_view>

namespace fp {

struct Ratio {
    int down = 1;       // scaled by 10^decimals: "1.5:1" is down 15, up 10, decimals 1
    int up = 1;
    int decimals = 0;   // 0..kRatioMaxDecimals: the digits after the point the text shows
    bool operator==(const Ratio&) const = default;
};

inline constexpr int kRatioMaxDecimals = 3;
inline constexpr int kRatioMaxSide = 1000;   // either side, before scaling
inline constexpr int kRatioMaxValue = 64;    // the ratio lies between 1:64 and 64:1 (the whole-number bound before)

// What is wrong with a ratio's text or value, and how to fix it; what is empty when nothing is. The CLI,
// the design file, the sweep and the GUI all show these words.
struct RatioProblem {
    std::string what;
    std::string fix;
    explicit operator bool() const { return !what.empty(); }
};

// Reads "1:1", "4:3", "1:1.16", "1.5:1" (spaces around the sides allowed). On a problem, out is unchanged.
RatioProblem parseRatio(std::string_view text, Ratio& out);
// The problem of a ratio already held (built in code or read by an older build); empty when valid.
RatioProblem ratioProblem(const Ratio&);
// "1:1.16", "4:3": the written form, trailing zeros dropped.
std::string ratioText(const Ratio&);
// down:up reduced to lowest terms (25:29 for 1:1.16), decimals 0: for arithmetic on the value.
Ratio reduced(const Ratio&);
// down / up as a number, for messages and estimates only (splits use the exact sides).
double ratioValue(const Ratio&);

} // namespace fp
