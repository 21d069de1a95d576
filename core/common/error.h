#pragma once
// Errors the user caused (bad input, impossible design, unreadable file). They carry what is wrong,
// where (file, line, JSON path or field) and how to fix it, so the GUI and the CLI can show the same
// message. Programming errors are not UserErrors.
#include <stdexcept>
#include <string>

namespace fp {

struct UserError : std::runtime_error {
    std::string where;  // e.g. "design.fabricplan: /compute/gpus" or "prices.csv:12"
    std::string fix;    // what the user can do about it; may be empty
    UserError(std::string message, std::string where_ = {}, std::string fix_ = {})
        : std::runtime_error(std::move(message)), where(std::move(where_)), fix(std::move(fix_)) {}

    // One line for a terminal or a status bar: "where: message (fix)".
    std::string oneLine() const
    {
        std::string s = where.empty() ? std::string(what()) : where + ": " + what();
        if (!fix.empty()) s += " — " + fix;
        return s;
    }
};

} // namespace fp
