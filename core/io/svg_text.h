#pragma once
// Internal: XML escaping for text and attribute values in the SVG writer. XML 1.0 allows no control
// characters but tab, LF and CR, and only well-formed UTF-8: a design name with "\x01" or a stray byte
// made the whole SVG unreadable, so those become U+FFFD (the replacement character). TAB, LF and CR
// become character references, so attribute normalisation cannot fold them: a name is shown as it is.
#include <string>
#include <string_view>

namespace fp::io {

namespace svgdetail {
// Length of the well-formed UTF-8 sequence at s[i] (1-4), or 0 when it is not one.
inline std::size_t utf8Length(std::string_view s, std::size_t i)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    std::size_t n = c < 0x80 ? 1 : (c >= 0xC2 && c <= 0xDF) ? 2 : (c >= 0xE0 && c <= 0xEF) ? 3 : (c >= 0xF0 && c <= 0xF4) ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((b(i + k) & 0xC0) != 0x80) return 0;
    if (n == 3 && c == 0xE0 && b(i + 1) < 0xA0) return 0;   // overlong
    if (n == 3 && c == 0xED && b(i + 1) >= 0xA0) return 0;  // surrogates
    if (n == 3 && c == 0xEF && b(i + 1) == 0xBF && b(i + 2) >= 0xBE) return 0;  // U+FFFE, U+FFFF
    if (n == 4 && c == 0xF0 && b(i + 1) < 0x90) return 0;   // overlong
    if (n == 4 && c == 0xF4 && b(i + 1) >= 0x90) return 0;  // beyond U+10FFFF
    return n;
}
} // namespace svgdetail

inline std::string svgEscape(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        const std::size_t n = svgdetail::utf8Length(s, i);
        if (n == 0 || (n == 1 && static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') ||
            c == 0x7F) {
            out += "\xEF\xBF\xBD";
            i += n == 0 ? 1 : n;
            continue;
        }
        if (n > 1) {
            out.append(s.substr(i, n));
            i += n;
            continue;
        }
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        case '\t': out += "&#9;"; break;
        case '\n': out += "&#10;"; break;
        case '\r': out += "&#13;"; break;
        default: out += c;
        }
        ++i;
    }
    return out;
}

} // namespace fp::io
