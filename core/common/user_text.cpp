#include "common/user_text.h"

#include <cstdio>
#include <vector>

namespace fp {
namespace {

// Decodes the well-formed UTF-8 sequence at s[i]: its code point and length, or length 0.
struct CodePoint {
    char32_t value = 0;
    std::size_t length = 0;
};

CodePoint decodeAt(std::string_view s, std::size_t i)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80) return {c, 1};
    std::size_t n = (c >= 0xC2 && c <= 0xDF) ? 2 : (c >= 0xE0 && c <= 0xEF) ? 3 : (c >= 0xF0 && c <= 0xF4) ? 4 : 0;
    if (n == 0 || i + n > s.size()) return {};
    char32_t v = c & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
    for (std::size_t k = 1; k < n; ++k) {
        if ((b(i + k) & 0xC0) != 0x80) return {};
        v = (v << 6) | (b(i + k) & 0x3F);
    }
    if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10FFFF)) || (v >= 0xD800 && v <= 0xDFFF))
        return {};  // overlong, beyond Unicode, or a surrogate
    return {v, n};
}

std::string hexByte(unsigned char c)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02X", unsigned(c));
    return buf;
}

std::string codePointText(char32_t v)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", unsigned(v));
    return buf;
}

std::string ordinal(std::size_t n)
{
    const std::size_t tens = n % 100, ones = n % 10;
    const char* suffix = (tens >= 11 && tens <= 13) ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th";
    return std::to_string(n) + suffix;
}

// What a non-ASCII character imitates: the ASCII character (0 for an invisible one) and how to name
// its own script. `imitates` is -1 when it imitates nothing in particular.
struct Lookalike {
    char32_t from;
    int imitates;  // an ASCII character, 0 = invisible, -1 = none
};

// The confusables people meet in pasted part names (Unicode's confusables.txt, restricted to
// characters that look like the ASCII letters, digits and punctuation of part numbers).
constexpr Lookalike kLookalikes[] = {
    // Cyrillic capitals and small letters
    {0x0405, 'S'}, {0x0406, 'I'}, {0x0408, 'J'}, {0x0410, 'A'}, {0x0412, 'B'}, {0x0415, 'E'}, {0x041A, 'K'},
    {0x041C, 'M'}, {0x041D, 'H'}, {0x041E, 'O'}, {0x0420, 'P'}, {0x0421, 'C'}, {0x0422, 'T'}, {0x0423, 'Y'},
    {0x0425, 'X'}, {0x0430, 'a'}, {0x0435, 'e'}, {0x043E, 'o'}, {0x0440, 'p'}, {0x0441, 'c'}, {0x0443, 'y'},
    {0x0445, 'x'}, {0x0455, 's'}, {0x0456, 'i'}, {0x0458, 'j'}, {0x04BB, 'h'}, {0x04C0, 'I'}, {0x0501, 'd'},
    {0x051A, 'Q'}, {0x051B, 'q'}, {0x051C, 'W'}, {0x051D, 'w'},
    // Greek
    {0x0391, 'A'}, {0x0392, 'B'}, {0x0395, 'E'}, {0x0396, 'Z'}, {0x0397, 'H'}, {0x0399, 'I'}, {0x039A, 'K'},
    {0x039C, 'M'}, {0x039D, 'N'}, {0x039F, 'O'}, {0x03A1, 'P'}, {0x03A4, 'T'}, {0x03A5, 'Y'}, {0x03A7, 'X'},
    {0x03BF, 'o'}, {0x03BD, 'v'},
    // Dashes, minus and spaces
    {0x2010, '-'}, {0x2011, '-'}, {0x2012, '-'}, {0x2013, '-'}, {0x2014, '-'}, {0x2212, '-'}, {0x00AD, 0},
    {0x00A0, ' '}, {0x2007, ' '}, {0x202F, ' '}, {0x2009, ' '},
    // Invisible
    {0x200B, 0}, {0x200C, 0}, {0x200D, 0}, {0x2060, 0}, {0xFEFF, 0},
};

int imitated(char32_t v)
{
    if (v >= 0xFF01 && v <= 0xFF5E) return int(v - 0xFF01 + 0x21);  // fullwidth ASCII
    for (const Lookalike& l : kLookalikes)
        if (l.from == v) return l.imitates;
    return -1;
}

const char* scriptOf(char32_t v)
{
    if (v >= 0x0400 && v <= 0x052F) return "Cyrillic ";
    if (v >= 0x0370 && v <= 0x03FF) return "Greek ";
    if (v >= 0xFF01 && v <= 0xFF5E) return "fullwidth ";
    return "";
}

std::string describe(std::string_view s, std::size_t position, CodePoint cp)
{
    const std::string ch(s.substr(0, cp.length));
    std::string text = "the " + ordinal(position) + " character is ";
    const int like = imitated(cp.value);
    if (like == 0) return text + "an invisible " + codePointText(cp.value) + "; delete it";
    if (like == ' ') return text + "a special space (" + codePointText(cp.value) + "), not a plain space";
    if (like == '-') return text + "the dash '" + ch + "' (" + codePointText(cp.value) + "), not '-'";
    text += std::string(scriptOf(cp.value)) + "'" + ch + "' (" + codePointText(cp.value) + ")";
    if (like > 0) {
        const char a = char(like);
        const bool letter = (a >= 'A' && a <= 'Z') || (a >= 'a' && a <= 'z');
        return text + ", not " + (letter ? "Latin " : "") + "'" + std::string(1, a) + "'";
    }
    return text + ", not an ASCII character";
}

} // namespace

std::size_t utf8SequenceLength(std::string_view s, std::size_t i)
{
    return i < s.size() ? decodeAt(s, i).length : 0;
}

std::string escapedText(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const CodePoint cp = decodeAt(s, i);
        if (cp.length == 0) {  // a byte that is not UTF-8
            out += hexByte(static_cast<unsigned char>(s[i]));
            ++i;
            continue;
        }
        if (cp.length == 1 && (cp.value < 0x20 || cp.value == 0x7F)) {
            switch (cp.value) {
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\0': out += "\\0"; break;
            default: out += hexByte(static_cast<unsigned char>(cp.value));
            }
        } else if (cp.value >= 0x80 && cp.value <= 0x9F) {  // C1 controls (U+0085 is a line break to some)
            out += "\\u" + codePointText(cp.value).substr(2);
        } else {
            out.append(s.substr(i, cp.length));
        }
        i += cp.length;
    }
    return out;
}

std::string quotedText(std::string_view s) { return "\"" + escapedText(s) + "\""; }

std::string nonAsciiNote(std::string_view s)
{
    std::vector<std::string> notes;
    std::size_t position = 0, more = 0;
    for (std::size_t i = 0; i < s.size();) {
        ++position;
        CodePoint cp = decodeAt(s, i);
        if (cp.length == 0) {
            if (notes.size() < 3) notes.push_back("the " + ordinal(position) + " character is the byte " +
                                                  hexByte(static_cast<unsigned char>(s[i])) + ", not UTF-8 text");
            else ++more;
            ++i;
            continue;
        }
        if (cp.value >= 0x80) {
            if (notes.size() < 3) notes.push_back(describe(s.substr(i), position, cp));
            else ++more;
        }
        i += cp.length;
    }
    std::string out;
    for (const std::string& n : notes) out += (out.empty() ? "" : "; ") + n;
    if (more > 0) out += "; and " + std::to_string(more) + " more non-ASCII character" + (more == 1 ? "" : "s");
    return out;
}

std::string unknownNameText(std::string_view typed)
{
    const std::string note = nonAsciiNote(typed);
    return quotedText(typed) + (note.empty() ? std::string() : " (" + note + ")");
}

std::string unknownNameFix(std::string_view typed, const std::string& usual)
{
    if (nonAsciiNote(typed).empty()) return usual;
    return "part names are plain ASCII: retype the marked characters from the keyboard; " + usual;
}

std::string asciiLookalike(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const CodePoint cp = decodeAt(s, i);
        if (cp.length == 0) {
            out += s[i++];
            continue;
        }
        const int like = cp.value >= 0x80 ? imitated(cp.value) : -1;
        if (like > 0) out += char(like);
        else if (like < 0) out.append(s.substr(i, cp.length));
        i += cp.length;
    }
    return out;
}

} // namespace fp
