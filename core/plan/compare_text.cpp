#include "plan/compare_text.h"

#include <algorithm>
#include <cmath>

#include "common/format.h"
#include "plan/ranking.h"

namespace fp::plan {
namespace {

// Two sums side by side, each as formatUsdShort prints it unless that prints both alike: then in whole
// dollars, so "at least X, above Y" never reads "$6.94 M, above $6.94 M".
std::pair<std::string, std::string> distinctUsd(double x, double y)
{
    std::string a = formatUsdShort(x), b = formatUsdShort(y);
    if (a == b && std::isfinite(x) && std::isfinite(y)) {
        a = "$" + withThousands(std::llround(x));
        b = "$" + withThousands(std::llround(y));
    }
    return {a, b};
}

} // namespace

const char* outcomeName(CompareCandidate::Outcome o)
{
    switch (o) {
    case CompareCandidate::Outcome::Chosen: return "chosen";
    case CompareCandidate::Outcome::Planned: return "planned";
    case CompareCandidate::Outcome::MoreExpensive: return "more_expensive";
    case CompareCandidate::Outcome::CannotBuild: return "cannot_build";
    case CompareCandidate::Outcome::NoPartFits: return "no_part_fits";
    }
    return "planned";
}

std::string candidateParts(const CompareCandidate& c)
{
    return c.switchModel + " with " + c.nicModel + " at " + std::to_string(c.linkGbps) + "G";
}

std::string candidateVerdict(const CompareCandidate& c, const CompareCandidate* chosen)
{
    using Outcome = CompareCandidate::Outcome;
    std::string errors;  // ", 2 design-rule errors (first: media.no-part on host-leaf links (1,024))"
    if (c.errors) errors = ", " + counted(c.errors, "design-rule error");
    if (c.errors && !c.reason.empty()) errors += " (first: " + c.reason + ")";
    const std::string tolerance = std::to_string(int(kFewerTiersTolerance * 100 + 0.5)) + " %";
    // "beaten at $8.26 M capex + energy (2 % above the lowest)"
    const auto beatenAt = [&](double ownUsd) {
        const auto [mine, ceiling] = distinctUsd(ownUsd, c.beatenAtUsd);
        return std::pair{mine, "beaten at " + ceiling + " capex + energy (" + tolerance + " above the lowest)"};
    };
    switch (c.outcome) {
    case Outcome::Chosen:
        return "chosen, capex " + formatUsdShort(c.capexUsd) + ", " + formatUsdShort(c.ownershipUsd) +
               " with energy, " + counted(c.tiers, "tier") + ", " + counted(c.switches, "switch", "switches") + errors;
    case Outcome::Planned: {
        if (c.errors) return "planned, capex " + formatUsdShort(c.capexUsd) + errors;
        const std::string head = "planned, capex " + formatUsdShort(c.capexUsd) + ", ";
        if (c.beatenAtUsd > 0 && c.ownershipUsd > c.beatenAtUsd) {
            const auto [mine, why] = beatenAt(c.ownershipUsd);
            return head + mine + " with energy: " + why;
        }
        const std::string within = head + formatUsdShort(c.ownershipUsd) + " with energy, within " + tolerance +
                                   " of the lowest, but the chosen plan ";
        if (!chosen) return within + "ranks first";
        if (chosen->tiers != c.tiers)
            return within + "has fewer tiers (" + std::to_string(chosen->tiers) + " against " + std::to_string(c.tiers) + ")";
        if (chosen->switches != c.switches)
            return within + "has fewer switches (" + withThousands(chosen->switches) + " against " +
                   withThousands(c.switches) + ")";
        if (chosen->ownershipUsd != c.ownershipUsd) {
            const auto [mine, theirs] = distinctUsd(c.ownershipUsd, chosen->ownershipUsd);
            return head + mine + " with energy, above the chosen plan's " + theirs;
        }
        return within + "comes first by part number";
    }
    case Outcome::MoreExpensive: {
        const auto [bound, why] = beatenAt(c.lowerBoundUsd + c.nicsUsd + c.energyBoundUsd);
        return "not planned: at least " + bound + " with its NICs and energy, " + why;
    }
    case Outcome::CannotBuild: return "cannot build the cluster: " + c.reason;
    case Outcome::NoPartFits:
        return "not planned: no catalog part fits a leaf cage full of its host links (it would have a media.no-part "
               "error; another plan has none)";
    }
    return {};
}

const CompareCandidate* chosenCandidate(const FabricAlternative& a)
{
    const auto chosen = [](const CompareCandidate& c) { return c.outcome == CompareCandidate::Outcome::Chosen; };
    const auto it = std::find_if(a.candidates.begin(), a.candidates.end(), chosen);
    return it == a.candidates.end() ? nullptr : &*it;
}

} // namespace fp::plan
