#include "plan/before_planning.h"

#include "catalog/part_lookup.h"
#include "catalog/platforms.h"
#include "plan/plan_stages.h"

namespace fp::plan {

SwitchNames switchNamesOf(const Catalog& catalog)
{
    SwitchNames names;
    names.match = [&catalog](const std::string& typed) {
        const PartMatch<SwitchModel> m = matchSwitch(catalog.switches, typed);
        std::vector<std::string> parts;
        if (m.part) parts.push_back(m.part->partNumber);
        for (const SwitchModel* c : m.candidates) parts.push_back(c->partNumber);
        return parts;
    };
    for (const SwitchModel& sw : catalog.switches) names.known.push_back({sw.partNumber, modelNameOf(sw)});
    return names;
}

void requireKnownSwitchNames(const ClusterSpec& spec, const Catalog& catalog)
{
    for (const SpecProblem& p : validateSpec(spec, switchNamesOf(catalog)))
        if (p.field.rfind("/fabric/switch", 0) == 0) throw UserError(p.message, p.field, p.fix);
}

void requirePlatformFits(const ClusterSpec& spec, const Catalog& catalog)
{
    if (spec.platform.empty()) return;
    const PlatformModel* platform = catalog.findPlatform(spec.platform);
    if (!platform)
        throw UserError("unknown platform '" + spec.platform + "'", "/compute/platform",
                        "pick one of: fabricplan-cli catalog list platforms (or leave it empty)");
    const PlatformMisfit misfit = platformMisfit(spec, *platform, catalog.findNic(platform->nicPart));
    if (!misfit.empty()) throw UserError(misfit.what, misfit.where, misfit.fix);
}

void requireDesignFits(const ClusterSpec& spec, const Catalog& catalog)
{
    requireKnownSwitchNames(spec, catalog);
    requireValid(spec);
    requirePlatformFits(spec, catalog);
}

std::optional<UserError> refusalOf(const ClusterSpec& spec, const Catalog& catalog)
{
    try {
        (void)resolveStage(spec, catalog);
    } catch (const UserError& e) {
        return e;
    }
    return std::nullopt;
}

} // namespace fp::plan
