#include "link_tallies.h"

namespace fp::gui {

LinkTallies tallyLinks(const Plan& plan)
{
    LinkTallies out;
    out.plan = &plan;
    for (const Link& l : plan.fabric.links) ++out.perClass[std::size_t(l.cls)];  // one pass for every class
    for (long long n : out.perClass) out.total += n;
    return out;
}

LinkTallies talliesFor(const Plan& plan, const LinkTallies* tallies)
{
    return tallies && tallies->plan == &plan ? *tallies : tallyLinks(plan);
}

} // namespace fp::gui
