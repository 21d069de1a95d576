#pragma once
// The pipeline: spec + catalog -> Plan, one value holding every stage's result. The GUI, the CLI and
// every exporter read the same Plan, so they cannot disagree.
#include <functional>
#include <string>
#include <vector>

#include "bom/bom.h"
#include "catalog/catalog.h"
#include "common/finding.h"
#include "estimate/estimates.h"
#include "estimate/resilience.h"
#include "layout/layout.h"
#include "lossless/lossless.h"
#include "media/media.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp {

struct StageTiming {
    std::string stage;   // "resolve", "topology", "layout", "media", "lossless", "checks", "bom", "estimate"
    double ms = 0;
};

struct Plan {
    ClusterSpec spec;
    Hardware hardware;         // resolved switch per tier (or the synthesised generic switch), NIC, platform
    Fabric fabric;
    Layout layout;
    MediaAssignment media;
    std::vector<Finding> findings;  // all checks, errors first
    Bom bom;
    Estimates estimates;
    Resilience resilience;          // failure domains, expected failures, spares by service level
    // The lossless (PFC/ECN) profile per tier (lossless::Detail::Tiers), worked out once: the checks take
    // its findings, the estimate its verdict (tuning effort), the summaries and the plan JSON its figures.
    lossless::Analysis lossless;
    std::vector<StageTiming> timings;
    bool invariantsPending = false;  // made with PlanOptions::invariantsLater: finishPlan checks them

    int errorCount() const;
    int warningCount() const;
};

struct PlanOptions {
    EstimateOptions estimate;
    // Polled between stages; return true to abandon the plan (it then throws PlanCancelled).
    std::function<bool()> cancelled;
    // Stop once the findings and the BOM are complete (after the invariant check): of the estimates only
    // the capex (a function of the BOM), no resilience. For callers that only ask "does this plan have
    // errors, and what does it cost?" (fabric defaults and the comparison probing candidates).
    bool findingsOnly = false;
    // With findingsOnly: leave the invariant check (plan/invariants.h) to finishPlan. The comparison
    // ranks its candidates without it and checks the plans it keeps: the check reports planner bugs, not
    // design choices, and at 1,000,000 GPUs its walk over the links was most of a candidate's time.
    bool invariantsLater = false;
    // The fabric carries RDMA (compute, storage): its lossless class is analysed (PFC headroom, ECN). An
    // in-band or OOB management network carries TCP/IP on ordinary lossy queues (plan/cluster_plan.cpp):
    // no PFC analysis, findings or tuning for it.
    bool carriesRdma = true;
    // With findingsOnly on a large fabric: its checks still run beside its BOM, so a core left idle takes
    // one of them. A cluster's networks (plan/cluster_plan.cpp): the compute fabric's core, once its plan
    // is made, then shares the last network's stages instead of waiting for them.
    bool checksBesideBom = false;
};

struct PlanCancelled {};

// Throws UserError when the spec is invalid or cannot be built (unknown part, too big for the switch).
Plan makePlan(const ClusterSpec&, const Catalog&, const PlanOptions& = {});
// Completes a plan made with PlanOptions::findingsOnly: the invariant check if it is pending (its findings
// first, as makePlan puts them), estimates, resilience, the finite-figures check.
void finishPlan(Plan&, const Catalog&, const PlanOptions& = {});

// One switch/NIC choice a comparison considered for a fabric, and what became of it.
struct CompareCandidate {
    enum class Outcome {
        Chosen,         // this is the fabric's plan in the comparison
        Planned,        // planned, and beaten: more expensive, or has errors where another has none
        MoreExpensive,  // a lower bound of what it costs to own (its NICs plus lowerBoundUsd plus energyBoundUsd)
                        // exceeds beatenAtUsd: it cannot come within the tolerance of the lowest (plan/ranking.h)
        CannotBuild,    // the switch cannot build the cluster at this speed (`reason` says why)
        NoPartFits,     // not planned: a leaf cage full of its host links takes no catalog part, so its plan
                        // would have a media.no-part error, and the fabric has a plan without errors
    };
    std::string switchModel, nicModel;
    int linkGbps = 0;             // per link
    Outcome outcome = Outcome::Planned;
    int errors = 0;               // Chosen / Planned: design-rule errors of its plan
    double capexUsd = 0;          // Chosen / Planned: its plan's capex
    double lowerBoundUsd = 0;     // a lower bound of its capex less NICs: its switches alone, or (MoreExpensive
                                  // only) its BOM priced from a sibling switch's plan (plan/compare_siblings.h)
    double nicsUsd = 0;           // what its NICs cost (exact): with lowerBoundUsd, the bound MoreExpensive beat
    double energyBoundUsd = 0;    // a lower bound of its network energy over the horizon (switches and NICs)
    double ownershipUsd = 0;      // Chosen / Planned: capex + network energy over the horizon (plan/ranking.h)
    int tiers = 0;                // Chosen / Planned: its topology's tiers
    long long switches = 0;       // Chosen / Planned: its switches
    // Planned without errors and MoreExpensive: the ownership it had to be at or under to be weighed
    // against the pick, the lowest ownership of the fabric's error-free plans times (1 + kFewerTiersTolerance).
    // Planned at or under it: another within the tolerance had fewer tiers or switches.
    double beatenAtUsd = 0;
    std::string reason;           // CannotBuild: why; Chosen / Planned with errors: its first error's rule and where
};

// Per fabric: whether its plan is buildable (no design-rule errors) and every candidate considered.
struct FabricAlternative {
    FabricKind fabric = FabricKind::InfiniBand;
    bool buildable = false;
    std::vector<CompareCandidate> candidates;  // in the order retargetCandidates ranked them
};

// One plan per fabric technology, plus the advice. Per fabric, every candidate (switch models that
// speak it, from plan::retargetCandidates) is planned in parallel and the plan without design-rule
// errors that plan/ranking.h picks is kept (lowest capex + energy over the horizon, fewer tiers and
// switches within a tolerance of it); a candidate whose switches and NICs alone (capex and energy) cost
// more than that window, or that plans like a cheaper switch already planned (plan/compare_siblings.h)
// and is above it, is skipped.
// When no switch of a fabric builds the cluster at the NIC's speed, ports split to half the speed (and
// half again) are tried; when its plans at the NIC's speed all have errors, half the speed is tried once. A fabric whose kept plan still has errors is not buildable and never recommended.
struct Comparison {
    std::vector<Plan> plans;
    Advice advice;
    std::vector<FabricAlternative> alternatives;  // same order as plans
};
Comparison comparePlans(const ClusterSpec&, const Catalog&, const PlanOptions& = {});

} // namespace fp
