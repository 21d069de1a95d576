#pragma once
// Number formatting for text meant for people (summaries, notes, BOM "used for" lines).
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

} // namespace fp
