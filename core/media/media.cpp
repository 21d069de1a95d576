#include "media/media.h"

namespace fp {

const char* toString(MediaClass m)
{
    switch (m) {
    case MediaClass::DAC: return "DAC";
    case MediaClass::ACC: return "ACC";
    case MediaClass::AOC: return "AOC";
    case MediaClass::Multimode: return "multimode";
    case MediaClass::SingleMode: return "single-mode";
    case MediaClass::None: return "none";
    }
    return "?";
}

namespace media {
MediaAssignment select(const ClusterSpec&, const Fabric& fabric, const Layout&, const Catalog&,
                       const SwitchModel&, const NicModel&)
{
    MediaAssignment out;
    out.solutions.push_back(LinkSolution{});
    out.solutionOfLink.assign(fabric.links.size(), 0);
    return out;
}
} // namespace media
} // namespace fp
