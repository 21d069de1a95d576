#pragma once
// User text inside a message: a part name, a design key, a file name. Such text may hold anything a
// file or a paste can: a NUL cut the message where the C string ended (what()), a newline split it in
// two, an escape sequence recoloured the terminal, a Cyrillic 'О' looked exactly like the Latin 'O' the
// message suggested. Every message that quotes user input goes through quotedText(); a name that must be
// ASCII (a part number) is explained with nonAsciiNote().
#include <cstddef>
#include <string>
#include <string_view>

namespace fp {

// The length (1-4) of the well-formed UTF-8 sequence starting at s[i], or 0 when none starts there
// (a stray byte, an overlong form, a surrogate, a cut sequence).
std::size_t utf8SequenceLength(std::string_view s, std::size_t i);

// The text with every control character written as an escape (\n \r \t \0, others \x1B; DEL \x7F) and
// every byte that is not part of well-formed UTF-8 as \xNN. Printable text, non-ASCII letters
// included, is kept as it is. The result never holds a control character.
std::string escapedText(std::string_view);

// escapedText in double quotes, for messages: quotedText("a\nb") == "\"a\\nb\"".
std::string quotedText(std::string_view);

// Each non-ASCII character of a name that should be plain ASCII, by position (in characters, from 1)
// and code point, saying what it looks like: "the 5th character is Cyrillic 'О' (U+041E), not Latin
// 'O'"; several joined with "; ". Empty when the text is all ASCII.
std::string nonAsciiNote(std::string_view);

// A typed name (a part number) that matched nothing, for a message: quotedText() and, when it holds
// non-ASCII characters, which ones: "\"SN56ОО\" (the 5th character is Cyrillic 'О' (U+041E), not Latin
// 'O'; ...)". A pasted look-alike letter otherwise got "did you mean SN5600": a name that looks the same.
std::string unknownNameText(std::string_view typed);
// The fix for such a name: retype the marked characters, then `usual`; just `usual` for ASCII text.
std::string unknownNameFix(std::string_view typed, const std::string& usual);

// The text with each look-alike replaced by the ASCII character it imitates (Cyrillic 'О' -> 'O',
// the dash '–' -> '-', a no-break space -> ' '); invisible characters (zero-width space) dropped.
std::string asciiLookalike(std::string_view);

} // namespace fp
