#include "common/tier.h"

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

} // namespace fp
