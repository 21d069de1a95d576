#pragma once
// Levenshtein distance, for "did you mean" on a misspelt design key or part name.
#include <cstddef>
#include <string>

namespace fp {

// Single-character insertions, deletions and substitutions turning a into b (case-sensitive); a
// character is a UTF-8 code point, so a pasted look-alike letter counts as one edit, not two.
std::size_t editDistance(const std::string& a, const std::string& b);

} // namespace fp
