#pragma once
// Links per class of a plan, counted once on the plan worker: Fabric::linkCount walks every link
// (1,000,000 GPUs: 3 M links, a few ms a class), and the summary and the status bar asked for each
// class several times per plan on the UI thread (~25 ms at 1,000,000 GPUs).
#include <array>

#include "plan/plan.h"

namespace fp::gui {

struct LinkTallies {
    const Plan* plan = nullptr;  // the plan they were counted from: a view recounts for another plan
    std::array<long long, kLinkClassCount> perClass{};
    long long total = 0;
    long long of(LinkClass c) const { return perClass[std::size_t(c)]; }
};

LinkTallies tallyLinks(const Plan&);

// `tallies` when they were counted from `plan`, else a fresh count.
LinkTallies talliesFor(const Plan& plan, const LinkTallies* tallies);

} // namespace fp::gui
