#include "common/edit_distance.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "common/user_text.h"

namespace fp {
namespace {

// The characters of UTF-8 text, each as its byte sequence (a stray byte counts as one): "SN56ОО" with
// two Cyrillic О is 6 characters, not 8 bytes, so it is 2 edits from "SN5600" and gets its suggestion.
std::vector<std::string_view> characters(const std::string& s)
{
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = std::max<std::size_t>(1, utf8SequenceLength(s, i));
        out.push_back(std::string_view(s).substr(i, n));
        i += n;
    }
    return out;
}

} // namespace

std::size_t editDistance(const std::string& a, const std::string& b)
{
    const std::vector<std::string_view> x = characters(a), y = characters(b);
    std::vector<std::size_t> row(y.size() + 1);
    for (std::size_t j = 0; j <= y.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= x.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= y.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (x[i - 1] == y[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[y.size()];
}

} // namespace fp
