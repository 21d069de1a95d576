#pragma once
// The longest route a link's chosen parts cover: an assembly's own length, else the modules' reach on
// the fibre the cable uses (the shorter end). Shared by the site tests (every route within its part's
// reach).
#include <algorithm>
#include <string>

#include "catalog/catalog.h"
#include "media/media.h"

namespace fp::testsupport {

inline double reachOf(const Catalog& catalog, const LinkSolution& s)
{
    if (s.moduleA.empty() && s.moduleB.empty()) {
        const CableModel* c = catalog.findCable(s.cablePart);
        return c ? c->lengthM : 0.0;
    }
    double reach = 1e12;
    for (const std::string& m : {s.moduleA, s.moduleB}) {
        if (m.empty()) continue;
        const TransceiverModel* t = catalog.findTransceiver(m);
        if (!t) return 0.0;
        const CableModel* c = catalog.findCable(s.cablePart);
        const bool singleMode = c && c->fiberType == "OS2";
        reach = std::min(reach, singleMode ? t->reachOs2M : std::max({t->reachOm3M, t->reachOm4M, t->reachOm5M}));
    }
    return reach;
}

} // namespace fp::testsupport
