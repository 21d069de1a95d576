#include "args.h"

#include <algorithm>

namespace fp::cli {

Args::Args(const std::vector<std::string>& argv, const std::vector<std::string>& valued,
           const std::vector<std::string>& switches)
{
    auto contains = [](const std::vector<std::string>& v, const std::string& s) {
        return std::find(v.begin(), v.end(), s) != v.end();
    };
    for (std::size_t i = 0; i < argv.size(); ++i) {
        std::string a = argv[i];
        if (a.size() > 2 && a.rfind("--", 0) == 0) {
            std::string v;
            bool inlineValue = false;
            if (auto eq = a.find('='); eq != std::string::npos) {
                v = a.substr(eq + 1);
                a = a.substr(0, eq);
                inlineValue = true;
            }
            if (contains(valued, a)) {
                if (!inlineValue) {
                    if (i + 1 >= argv.size()) throw UsageError{a + " needs a value"};
                    v = argv[++i];
                }
                values_[a] = v;
            } else if (contains(switches, a)) {
                if (inlineValue) throw UsageError{a + " takes no value"};
                switches_[a] = true;
            } else {
                throw UsageError{"unknown option " + a + " (see --help)"};
            }
            order_.push_back(a);
            given_.emplace_back(a, v);
        } else if (a == "-" || a.empty() || a[0] != '-' ) {
            positional_.push_back(a);
        } else {
            throw UsageError{"unknown option " + a + " (see --help)"};
        }
    }
}

std::optional<std::string> Args::value(const std::string& flag) const
{
    auto it = values_.find(flag);
    if (it == values_.end()) return std::nullopt;
    return it->second;
}

int Args::intValue(const std::string& flag) const { return wholeNumber(flag, value(flag).value_or("")); }

int wholeNumber(const std::string& flag, const std::string& v)
{
    try {
        std::size_t used = 0;
        const long long n = std::stoll(v, &used);
        if (used != v.size() || n < -2000000000LL || n > 2000000000LL) throw 0;
        return static_cast<int>(n);
    } catch (...) {
        throw UsageError{flag + " needs a whole number, not " + quotedValue(v)};
    }
}

int countOrAuto(const std::string& flag, const std::string& v)
{
    if (v == "auto") return 0;
    try {
        return wholeNumber(flag, v);
    } catch (const UsageError&) {
        throw UsageError{flag + " needs a whole number or auto, not " + quotedValue(v)};
    }
}

std::string quotedValue(const std::string& text)
{
    constexpr std::size_t kShown = 60;
    if (text.size() <= kShown) return "\"" + text + "\"";
    std::size_t cut = kShown;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
    return "\"" + text.substr(0, cut) + "...\" (" + std::to_string(text.size()) + " bytes)";
}

} // namespace fp::cli
