#pragma once
// The one reader for JSON text from outside (design files): bounded and strict. It refuses, with the
// line or the JSON path and a fix,
//  - syntax errors (with the line),
//  - numbers beyond the double range (1e400: the line, and the number),
//  - nesting deeper than kMaxJsonDepth (no recursion can run out of stack on what it returns),
//  - a key that appears twice in one object (the last would silently win),
//  - a string longer than kMaxJsonStringBytes.
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

namespace fp {

constexpr int kMaxJsonDepth = 64;
constexpr std::size_t kMaxJsonStringBytes = 4096;

// Throws UserError; where = "<origin>:<line>" or "<origin>: /json/path".
nlohmann::json parseBoundedJson(const std::string& text, const std::string& origin);

// A value for a message: scalars as JSON (cut to ~40 characters), objects and lists by kind; never
// walks a nested value (a message must not echo 60 KB or recurse without bound).
std::string jsonPreview(const nlohmann::json&);

} // namespace fp
