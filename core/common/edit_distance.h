#pragma once
// Levenshtein distance, for "did you mean" on a misspelt design key or part name.
#include <cstddef>
#include <string>

namespace fp {

// Single-character insertions, deletions and substitutions turning a into b (case-sensitive).
std::size_t editDistance(const std::string& a, const std::string& b);

} // namespace fp
