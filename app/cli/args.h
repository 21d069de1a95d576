#pragma once
// A small, strict command-line reader: every flag is declared, unknown flags and missing values are
// usage errors (exit status 2) with a message naming the flag.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fp::cli {

struct UsageError {
    std::string message;
};

class Args {
public:
    // `valued`: flags that take a value (--gpus N); `switches`: flags without one (--rail-optimized).
    Args(const std::vector<std::string>& argv, const std::vector<std::string>& valued,
         const std::vector<std::string>& switches);

    bool has(const std::string& flag) const { return values_.count(flag) || switches_.count(flag); }
    std::optional<std::string> value(const std::string& flag) const;
    int intValue(const std::string& flag) const;  // throws UsageError when not a whole number
    const std::vector<std::string>& positional() const { return positional_; }
    // Flags in the order given (for overrides that later flags may undo).
    const std::vector<std::string>& order() const { return order_; }
    // Each flag as given, with the value it was given there ("" for a switch), in order.
    const std::vector<std::pair<std::string, std::string>>& given() const { return given_; }

private:
    std::map<std::string, std::string> values_;
    std::map<std::string, bool> switches_;
    std::vector<std::string> positional_;
    std::vector<std::string> order_;
    std::vector<std::pair<std::string, std::string>> given_;
};

// A value for a message, in quotes: at most 60 bytes of it (cut on a character boundary, then "..."),
// so a long argument is not echoed whole into every message and sweep row.
std::string quotedValue(const std::string& text);
// `text` as a whole number for `flag`, or UsageError "FLAG needs a whole number, not "TEXT"".
int wholeNumber(const std::string& flag, const std::string& text);
// `text` as a count for `flag` where "auto" is 0, or UsageError "FLAG needs a whole number or auto, ...".
int countOrAuto(const std::string& flag, const std::string& text);

} // namespace fp::cli
