#pragma once
// Internal: XML escaping for text and attribute values in the SVG writer. XML 1.0 cannot carry
// most control characters at all (a parser rejects the whole file), so TAB, LF and CR become
// character references and the others U+FFFD: a name is shown, never breaks the document.
#include <string>
#include <string_view>

namespace fp::io {

inline std::string svgEscape(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        case '\t': out += "&#9;"; break;
        case '\n': out += "&#10;"; break;
        case '\r': out += "&#13;"; break;
        default:
            if ((unsigned char)c < 0x20 || c == 0x7F) out += "\xEF\xBF\xBD";  // U+FFFD replacement
            else out += c;
        }
    }
    return out;
}

} // namespace fp::io
