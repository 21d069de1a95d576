#include "common/tier.h"

#include <cstddef>

namespace fp {

const char* toString(Tier t)
{
    switch (t) {
    case Tier::Node: return "node";
    case Tier::Leaf: return "leaf";
    case Tier::Spine: return "spine";
    case Tier::Core: return "core";
    }
    return "?";
}

namespace {

// Each class's names, in LinkClass order: the token files and flags use, and the text for people.
struct LinkClassNames {
    const char* token;
    const char* display;
};
constexpr LinkClassNames kLinkClassNames[kLinkClassCount] = {
    {"host_leaf", "host-leaf"}, {"leaf_spine", "leaf-spine"}, {"spine_core", "spine-core"}};

const LinkClassNames* namesOf(LinkClass c)
{
    const auto i = std::size_t(c);
    return i < std::size_t(kLinkClassCount) ? &kLinkClassNames[i] : nullptr;
}

} // namespace

const char* toString(LinkClass c) { return namesOf(c) ? namesOf(c)->token : "?"; }
const char* displayName(LinkClass c) { return namesOf(c) ? namesOf(c)->display : "?"; }

} // namespace fp
