#include "catalog/part_lookup.h"

#include <algorithm>
#include <cctype>

namespace fp {
namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::vector<std::string> split(const std::string& s, bool (*isSep)(char))
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (isSep(c)) {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

bool isDash(char c) { return c == '-'; }
bool isWordSep(char c) { return c == ' ' || c == ',' || c == '(' || c == ')' || c == ';' || c == '/' || c == '"'; }

// Rule 2: the typed name is a run of whole dash-separated tokens of the OPN, optionally with the
// first token's one-letter vendor prefix dropped ("qm9700" in "mqm9700-ns2f").
bool modelNameOf(const std::string& opn, const std::string& typed)
{
    const std::vector<std::string> tokens = split(opn, isDash);
    for (std::size_t first = 0; first < tokens.size(); ++first) {
        std::string run;
        for (std::size_t last = first; last < tokens.size(); ++last) {
            run += (last == first ? "" : "-") + tokens[last];
            if (run == typed) return true;
            if (run.size() > 1 && run.substr(1) == typed && std::isalpha(static_cast<unsigned char>(run[0])))
                return true;
        }
    }
    return false;
}

bool wordOf(const std::string& description, const std::string& typed)
{
    for (const std::string& w : split(description, isWordSep))
        if (w == typed) return true;
    return false;
}

template <typename Model>
PartMatch<Model> match(const std::vector<const Model*>& parts, std::string_view typedIn)
{
    PartMatch<Model> out;
    const std::string typed = lower(typedIn);
    if (typed.empty()) return out;
    auto rule = [&](int r, const Model& m) {
        const std::string opn = lower(m.partNumber), desc = lower(m.description);
        switch (r) {
        case 1: return opn == typed;
        case 2: return modelNameOf(opn, typed);
        case 3: return wordOf(desc, typed);
        default: return opn.find(typed) != std::string::npos || desc.find(typed) != std::string::npos;
        }
    };
    for (int r = 1; r <= 4; ++r) {
        std::vector<const Model*> hits;
        for (const Model* m : parts)
            if (rule(r, *m)) hits.push_back(m);
        if (hits.empty()) continue;
        if (hits.size() == 1) out.part = hits.front();
        else out.candidates = hits;
        return out;
    }
    return out;
}

template <typename Model>
std::vector<const Model*> pointers(const std::vector<Model>& v)
{
    std::vector<const Model*> out;
    out.reserve(v.size());
    for (const Model& m : v) out.push_back(&m);
    return out;
}

} // namespace

PartMatch<SwitchModel> matchSwitch(const std::vector<SwitchModel>& switches, std::string_view typed)
{
    return match(pointers(switches), typed);
}

PartMatch<NicModel> matchNic(const std::vector<NicModel>& nics, std::string_view typed)
{
    return match(pointers(nics), typed);
}

PartMatch<PartBase> matchMediaPart(const std::vector<TransceiverModel>& transceivers,
                                   const std::vector<CableModel>& cables, std::string_view typed)
{
    std::vector<const PartBase*> parts;
    for (const auto& t : transceivers) parts.push_back(&t);
    for (const auto& c : cables) parts.push_back(&c);
    return match(parts, typed);
}

std::string candidateList(const std::vector<const PartBase*>& parts)
{
    std::string s;
    for (const PartBase* p : parts) s += (s.empty() ? "" : ", ") + p->partNumber;
    return s;
}

} // namespace fp
