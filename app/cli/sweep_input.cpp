#include "sweep_input.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "common/input_file.h"
#include "design_input.h"
#include "spec/json_text.h"

namespace fp::cli {
namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

std::vector<std::string> splitValues(const std::string& s)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = s.find(',', start);
        out.push_back(s.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

// A JSON value as the text a command line would give; empty optional for a list, an object or null.
std::optional<std::string> scalarText(const nlohmann::json& v)
{
    if (v.is_string()) return v.get<std::string>();
    if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
    if (v.is_number_unsigned()) return std::to_string(v.get<unsigned long long>());
    if (v.is_number_integer()) return std::to_string(v.get<long long>());
    if (v.is_number()) return v.dump();
    return std::nullopt;
}

std::string lineWhere(const std::string& name, std::size_t line) { return name + ":" + std::to_string(line); }

} // namespace

std::vector<SweepDesign> readVaries(const Args& args)
{
    std::vector<std::pair<std::string, std::vector<std::string>>> varies;
    for (const auto& [flag, v] : args.given()) {
        if (flag != "--vary") continue;
        const auto eq = v.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == v.size())
            throw UsageError{"--vary needs KEY=V1,V2,..., not " + quotedValue(v)};
        const std::string key = v.substr(0, eq);
        checkSweepKey(key);
        for (const auto& [seen, values] : varies)
            if (seen == key) throw UsageError{"--vary " + key + " is given twice; list all its values in one --vary"};
        varies.emplace_back(key, splitValues(v.substr(eq + 1)));
    }
    std::size_t total = varies.empty() ? 0 : 1;
    for (const auto& [key, values] : varies) {
        total *= values.size();
        if (total > kMaxSweepDesigns)
            throw UsageError{"--vary gives more than " + std::to_string(kMaxSweepDesigns) + " designs; split the sweep"};
    }
    std::vector<SweepDesign> out(total);
    for (std::size_t i = 0; i < total; ++i) {
        std::size_t rest = i;
        out[i].keys.resize(varies.size());
        for (std::size_t k = varies.size(); k-- > 0;) {
            const auto& values = varies[k].second;
            out[i].keys[k] = {varies[k].first, values[rest % values.size()]};
            rest /= values.size();
        }
    }
    return out;
}

SweepDesign parseJsonLine(const std::string& text, std::size_t line, const std::string& where)
{
    SweepDesign d;
    d.line = line;
    nlohmann::json j;
    try {
        // Bounded like a design file: depth, string length, numbers in range, a key given twice refused.
        j = parseBoundedJson(text, where);
    } catch (const UserError& e) {
        UserError atLine = e;
        if (atLine.where == where + ":1") atLine.where = where;  // the line's own line 1 is the input's line
        d.problem = atLine.oneLine();
        return d;
    }
    if (!j.is_object()) {
        d.problem = where + ": a design line is a JSON object of KEY: value, not " + jsonPreview(j);
        return d;
    }
    for (const auto& [key, value] : j.items()) {
        const auto text = scalarText(value);
        if (!text) {
            d.keys.clear();
            d.problem = where + ": " + quotedValue(key) + " needs a string, number or boolean, not " + jsonPreview(value);
            return d;
        }
        d.keys.emplace_back(key, *text);
    }
    return d;
}

std::vector<SweepDesign> readJsonLines(const ByteSource& source, const std::string& name)
{
    std::vector<SweepDesign> out;
    std::string text;
    std::size_t line = 1;
    auto finishLine = [&] {
        if (line == 1 && text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);  // a UTF-8 byte order mark
        if (text.find_first_not_of(" \t\r") != std::string::npos) {
            if (out.size() == kMaxSweepDesigns)
                throw UserError("more than " + std::to_string(kMaxSweepDesigns) + " designs", lineWhere(name, line),
                                "split the sweep into several inputs");
            out.push_back(parseJsonLine(text, line, lineWhere(name, line)));
        }
        text.clear();
    };
    std::vector<char> buffer(16 * 1024);  // the line grows in `text`; this is only what one read() fills
    for (;;) {
        const long got = source(buffer.data(), buffer.size());
        if (got < 0) {
            if (errno == EINTR) continue;
            const int error = errno;
            throw UserError("cannot read the JSON lines: " + std::string(std::strerror(error)), lineWhere(name, line),
                            "check the file given to --jsonl-in; nothing was planned");
        }
        if (got == 0) break;
        const char* at = buffer.data();
        const char* const end = at + got;
        while (at < end) {
            const char* newline = static_cast<const char*>(std::memchr(at, '\n', std::size_t(end - at)));
            const char* stop = newline ? newline : end;
            // Checked before the line grows: an endless line costs at most the limit.
            if (text.size() + std::size_t(stop - at) > kMaxJsonLineBytes)
                throw UserError("the line is longer than " + byteSizeText(kMaxJsonLineBytes) +
                                    " (the limit for one design); is this a file of JSON lines?",
                                lineWhere(name, line), "give one design per line, as a JSON object of KEY: value");
            text.append(at, stop);
            at = stop;
            if (newline) {
                finishLine();
                ++line;
                ++at;
            }
        }
    }
    finishLine();
    return out;
}

std::string jsonLinesName(const std::string& path) { return path == "-" ? "standard input" : path; }

std::vector<SweepDesign> readJsonLinesFile(const std::string& path)
{
    const std::string name = jsonLinesName(path);
    int fd = 0;
    if (path != "-") {
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            const int error = errno;
            throw UserError("cannot open the JSON lines: " + std::string(std::strerror(error)), path,
                            "check the path given to --jsonl-in");
        }
    }
    struct Close {
        int fd;
        ~Close()
        {
            if (fd > 0) ::close(fd);
        }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
        throw UserError("is a folder, not a file of JSON lines", name, "give the file inside it to --jsonl-in");
    return readJsonLines([fd](char* buffer, std::size_t size) { return long(::read(fd, buffer, size)); }, name);
}

void checkSweepKey(const std::string& key)
{
    const std::string flag = "--" + key;
    if (flag == "--catalog") throw UsageError{"a sweep uses one catalog: give --catalog once, not as a varied key"};
    if (key.empty() || (!contains(designValuedFlags(), flag) && !contains(designSwitchFlags(), flag)))
        throw UsageError{"unknown key " + quotedValue(key) + ": " + quotedValue(flag) +
                         " is not a design override (see: fabricplan-cli sweep --help)"};
}

std::vector<DesignKeys::Key> sweepDesignKeys(const Variant& variant)
{
    const auto& switches = designSwitchFlags();
    std::vector<DesignKeys::Key> keys;
    keys.reserve(variant.size());
    for (const auto& [key, value] : variant) {
        checkSweepKey(key);
        const std::string flag = "--" + key;
        if (!contains(switches, flag)) {
            keys.push_back({flag, value});
            continue;
        }
        if (value != "true" && value != "false")
            throw UsageError{key + " takes true or false, not " + quotedValue(value)};
        // false: the opposite flag where there is one (--no-dual-tor), else the flag turned off.
        const std::string opposite = key.rfind("no-", 0) == 0 ? "--" + key.substr(3) : "--no-" + key;
        if (value == "false" && contains(switches, opposite)) keys.push_back({opposite, "true"});
        else keys.push_back({flag, value});
    }
    return keys;
}

} // namespace fp::cli
