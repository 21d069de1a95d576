#include "spec/json_text.h"

#include <algorithm>
#include <set>
#include <vector>

#include "common/error.h"
#include "common/user_text.h"

namespace fp {
namespace {
using nlohmann::json;

// JSON pointer escaping (RFC 6901) for keys in messages.
std::string pointerToken(const std::string& key)
{
    std::string out;
    for (char c : key) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
    return out;
}

std::string shorten(std::string s, std::size_t max = 40)
{
    if (s.size() > max) s = s.substr(0, max) + "...";
    return s;
}

// Builds the DOM through nlohmann's own SAX DOM builder, checking depth, duplicate keys and string
// length on the way; the first problem stops the parse.
class BoundedSax {
public:
    explicit BoundedSax(json& root) : dom_(root, true) {}

    bool null() { return value() && dom_.null(); }
    bool boolean(bool v) { return value() && dom_.boolean(v); }
    bool number_integer(json::number_integer_t v) { return value() && dom_.number_integer(v); }
    bool number_unsigned(json::number_unsigned_t v) { return value() && dom_.number_unsigned(v); }
    bool number_float(json::number_float_t v, const json::string_t& s) { return value() && dom_.number_float(v, s); }
    bool string(json::string_t& v)
    {
        if (!value()) return false;
        if (v.size() > kMaxJsonStringBytes)
            return fail(path(), "a text of " + std::to_string(v.size()) + " bytes is longer than the " +
                                    std::to_string(kMaxJsonStringBytes) + " allowed",
                        "shorten the text");
        return dom_.string(v);
    }
    bool binary(json::binary_t& v) { return value() && dom_.binary(v); }
    bool start_object(std::size_t n)
    {
        if (!value() || !enter(true)) return false;
        return dom_.start_object(n);
    }
    bool key(json::string_t& k)
    {
        Frame& f = frames_.back();
        f.key = k;
        if (!f.keys.insert(k).second)
            return fail(path(), "the key " + quotedText(shorten(k)) + " appears twice in one object (the second would replace the first)",
                        "keep one of the two, or merge them");
        if (k.size() > kMaxJsonStringBytes) return fail(path(), "a key is longer than " + std::to_string(kMaxJsonStringBytes) + " bytes", "");
        return dom_.key(k);
    }
    bool end_object()
    {
        frames_.pop_back();
        return dom_.end_object();
    }
    bool start_array(std::size_t n)
    {
        if (!value() || !enter(false)) return false;
        return dom_.start_array(n);
    }
    bool end_array()
    {
        frames_.pop_back();
        return dom_.end_array();
    }
    template <class Exception>
    bool parse_error(std::size_t byte, const std::string& token, const Exception& ex)
    {
        errorByte_ = byte;
        if (ex.id == 406) {
            message_ = "the number " + shorten(token) + " is beyond the range of a number (about 1.8e308)";
            fix_ = "write a number within the field's range";
        } else {
            const std::string what = ex.what();
            const auto colon = what.find(": ");
            message_ = "is not valid JSON (" + (colon == std::string::npos ? what : what.substr(colon + 2)) + ")";
            fix_ = "fix the syntax or restore the file from a backup";
        }
        return false;
    }

    bool failed() const { return !message_.empty(); }
    bool byLine() const { return errorByte_ != std::string::npos; }
    std::size_t errorByte() const { return errorByte_; }
    const std::string& where() const { return where_; }
    const std::string& message() const { return message_; }
    const std::string& fix() const { return fix_; }

private:
    struct Frame {
        bool object = false;
        long long index = -1;  // arrays: the element being read
        std::string key;       // objects: the key being read
        std::set<std::string> keys;
    };

    // Called before every value: advances the enclosing array's index.
    bool value()
    {
        if (!frames_.empty() && !frames_.back().object) ++frames_.back().index;
        return true;
    }
    bool enter(bool object)
    {
        if (int(frames_.size()) >= kMaxJsonDepth)
            return fail(path(), "nests deeper than " + std::to_string(kMaxJsonDepth) + " levels",
                        "a design file nests 3 levels; check what wrote this file");
        frames_.push_back(Frame{object, -1, {}, {}});
        return true;
    }
    std::string path() const
    {
        std::string p;
        for (const Frame& f : frames_) p += "/" + (f.object ? pointerToken(f.key) : std::to_string(std::max(0LL, f.index)));
        if (p.size() > 200) p = p.substr(0, 200) + "...";
        return p.empty() ? "/" : p;
    }
    bool fail(const std::string& where, std::string message, std::string fix)
    {
        where_ = where;
        message_ = std::move(message);
        fix_ = std::move(fix);
        return false;
    }

    nlohmann::detail::json_sax_dom_parser<json> dom_;
    std::vector<Frame> frames_;
    std::size_t errorByte_ = std::string::npos;
    std::string where_, message_, fix_;
};

} // namespace

json parseBoundedJson(const std::string& text, const std::string& origin)
{
    json root;
    BoundedSax sax(root);
    const bool ok = json::sax_parse(text, &sax, json::input_format_t::json, true, false);
    if (ok && !sax.failed()) return root;
    if (!sax.failed()) throw UserError("is not valid JSON", origin, "fix the syntax or restore the file from a backup");
    if (sax.byLine()) {
        const std::size_t offset = std::min(sax.errorByte(), text.size());
        const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n');
        throw UserError(sax.message(), origin + ":" + std::to_string(line), sax.fix());
    }
    throw UserError(sax.message(), origin + ": " + sax.where(), sax.fix());
}

std::string jsonPreview(const json& v)
{
    if (v.is_object()) return v.empty() ? "{}" : "an object";
    if (v.is_array()) return v.empty() ? "[]" : "a list";
    return shorten(v.dump());
}

} // namespace fp
