#pragma once
// The one rule for JSON text FabricPlan writes (the json export, the CLI's --json): nlohmann's dump
// escapes quotes, backslashes and control characters (\n, \u001b); bytes that are not UTF-8 (a price
// source from a Latin-1 file) become U+FFFD instead of aborting the write with a type_error.
#include <string>

#include <nlohmann/json.hpp>

namespace fp::io {

inline std::string jsonDocumentText(const nlohmann::json& doc)
{
    return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

} // namespace fp::io
