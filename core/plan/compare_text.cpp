#include "plan/compare_text.h"

#include <algorithm>
#include <cmath>

#include "common/format.h"

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

std::string candidateVerdict(const CompareCandidate& c, double chosenCapexUsd)
{
    using Outcome = CompareCandidate::Outcome;
    std::string errors;  // ", 2 design-rule errors (first: media.no-part on host-leaf links (1,024))"
    if (c.errors) errors = ", " + counted(c.errors, "design-rule error");
    if (c.errors && !c.reason.empty()) errors += " (first: " + c.reason + ")";
    switch (c.outcome) {
    case Outcome::Chosen: return "chosen, capex " + formatUsdShort(c.capexUsd) + errors;
    case Outcome::Planned: {
        if (c.errors) return "planned, capex " + formatUsdShort(c.capexUsd) + errors;
        const auto [mine, chosen] = distinctUsd(c.capexUsd, chosenCapexUsd);
        return "planned, capex " + mine + ", above the chosen plan's " + chosen;
    }
    case Outcome::MoreExpensive: {
        const auto [bound, chosen] = distinctUsd(c.lowerBoundUsd + c.nicsUsd, chosenCapexUsd);
        return "not planned: at least " + bound + " with its NICs, above the chosen plan's " + chosen;
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
