#pragma once
// Procurement truth (issue 39, core/media/README.md "OEM only"), checked without the planner's own rule
// (Catalog::originAt): with third-party optics off, every module sits in a cage of its own vendor's device,
// and every DAC/ACC/AOC comes from the vendor of one of the two devices it joins, unless the device is open
// optics (a white box whose vendor sells none), and then its BOM line says so. Generic rows say a quote is
// needed. Pinned parts are the user's choice and are left out; so are generic what-if switches (--radix).
#include <string>

#include "bom/bom.h"
#include "plan/plan.h"

namespace fp::test {

// The first part that breaks the rule, described, or "".
inline std::string firstNonOemPart(const ClusterSpec& spec, const Plan& p)
{
    auto pinned = [&](const std::string& part) {
        for (const MediaPin& pin : spec.media.pins)
            if (pin.part == part) return true;
        return false;
    };
    const Tier lower[] = {Tier::Node, Tier::Leaf, Tier::Spine};
    const Tier upper[] = {Tier::Leaf, Tier::Spine, Tier::Core};
    struct Host {
        std::string part, vendor;
        bool open = false, generic = false;
    };
    auto hostAt = [&](Tier t) {
        if (t == Tier::Node) return Host{p.hardware.nic.partNumber, p.hardware.nic.vendor, p.hardware.nic.openOptics, false};
        const SwitchModel& sw = p.hardware.switchOf(t);
        return Host{sw.partNumber, sw.vendor, sw.openOptics, sw.generic};
    };
    auto lineOf = [&](const std::string& part) -> const BomLine* {
        for (const BomLine& l : p.bom.lines)
            if (l.part == part && l.category != BomCategory::Spares) return &l;
        return nullptr;
    };
    for (std::size_t s = 0; s < p.media.solutions.size(); ++s) {
        if (s >= p.bom.perSolution.size() || p.bom.perSolution[s].links == 0) continue;
        const LinkSolution& sol = p.media.solutions[s];
        // A pinned part (a fibre too) keeps its solution whatever its issues, modules included: the user's choice.
        if (pinned(sol.moduleA) || pinned(sol.moduleB) || pinned(sol.cablePart)) continue;
        const Host a = hostAt(lower[int(sol.cls)]), b = hostAt(upper[int(sol.cls)]);
        auto check = [&](const std::string& part, const Host& at, const Host* far) -> std::string {
            if (part.empty() || at.generic) return {};
            const BomLine* line = lineOf(part);
            if (!line) return part + ": no BOM line";
            if (line->vendor.rfind("Generic", 0) == 0 && line->description.rfind("Generic, quote needed", 0) != 0)
                return part + ": a generic row without \"quote needed\": " + line->description;
            if (line->vendor == at.vendor || (far && line->vendor == far->vendor)) return {};
            const bool said = at.open ? line->usedFor.find("open optics") != std::string::npos
                                      : line->usedFor.find("third-party optics allowed") != std::string::npos;
            if ((at.open || spec.media.allowThirdPartyOptics) && said) return {};
            return part + " (" + line->vendor + ") in " + at.part + " (" + at.vendor + ")" +
                   (spec.media.allowThirdPartyOptics ? ", third-party allowed" : ", third-party off") + ": " +
                   line->usedFor;
        };
        std::string bad = check(sol.moduleA, a, nullptr);
        if (bad.empty()) bad = check(sol.moduleB, b, nullptr);
        const bool assembly = sol.moduleA.empty() && !sol.cablePart.empty();
        if (bad.empty() && assembly) bad = check(sol.cablePart, a, &b);
        if (bad.empty() && assembly) bad = check(sol.cablePart, b, &a);
        if (!bad.empty()) return bad;
    }
    return {};
}

} // namespace fp::test
