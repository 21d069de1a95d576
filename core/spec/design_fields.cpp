#include "spec/design_fields.h"

#include <algorithm>

#include "spec/validate.h"

namespace fp {
namespace {

// The multimode fibre plant (OM3/OM4/OM5); single-mode links always use OS2, so OS2 is not a choice here.
bool parseMultimodeFiber(const std::string& s, FiberType& v) { return parseFiberType(s, v) && v != FiberType::OS2; }

} // namespace

// Where a field lives in a ClusterSpec.
#define FP_IN_SPEC(member) [](ClusterSpec& s) -> auto& { return s.member; }

namespace fields {
// Ranges: the validator's (validate.cpp) and the JSON schema's (data/schema/fabricplan-design.schema.json;
// tests/core/test_hostile_design.cpp compares them). The decimal upper bounds are far beyond any real
// floor or price but keep every derived length, power and cost finite.
const DesignField<std::string> name{"/name", "Name", "", FP_IN_SPEC(name), 1};
// Written only when true: a design without it is read and written as before.
const DesignField<bool> computeOnly{.path = "/compute_only", .label = "Compute fabric only", .unit = "",
                                    .ref = FP_IN_SPEC(computeOnly), .undoId = 97, .writtenWhenSet = true,
                                    .sinceVersion = 2};

const DesignField<int> gpus{"/compute/gpus", "GPUs", "", FP_IN_SPEC(gpus), 10, FieldRange{1, kMaxGpus}, "GPU count"};
const DesignField<int> gpusPerNode{"/compute/gpus_per_node", "GPUs per node", "", FP_IN_SPEC(gpusPerNode), 11,
                                   FieldRange{1, kMaxGpusPerNode}};
const DesignField<int> nicsPerNode{"/compute/nics_per_node", "NICs per node", "", FP_IN_SPEC(nicsPerNode), 12,
                                   FieldRange{1, kMaxNicsPerNode}};
const DesignField<std::string> nic{"/compute/nic", "NIC model", "", FP_IN_SPEC(nicModel), 13};
const DesignField<int> linkGbps{"/compute/link_gbps", "Link speed", "Gb/s", FP_IN_SPEC(linkGbps), 14,
                                FieldRange{10, 1600, false, true}, "Link speed (Gb/s)"};
const DesignField<std::string> platform{.path = "/compute/platform", .label = "Platform", .unit = "",
                                        .ref = FP_IN_SPEC(platform), .undoId = 15, .writtenWhenSet = true};

const DesignField<FabricKind> technology{.path = "/fabric/technology", .label = "Technology", .unit = "",
                                         .ref = FP_IN_SPEC(fabric), .undoId = 20, .name = toString,
                                         .parse = parseFabricKind, .allowed = "infiniband, roce, spectrum-x, uec"};
const DesignField<std::string> switchModel{"/fabric/switch", "Switch model", "", FP_IN_SPEC(switchModel), 21};
// Format 2: a tier's own switch, written only when it has one ("" = the fabric's switch).
const DesignField<std::string> leafSwitch{.path = "/fabric/switches/leaf", .label = "Leaf switch", .unit = "",
                                          .ref = FP_IN_SPEC(leafSwitchModel), .undoId = 22,
                                          .writtenWhenSet = true, .sinceVersion = 2};
const DesignField<std::string> spineSwitch{.path = "/fabric/switches/spine", .label = "Spine switch", .unit = "",
                                           .ref = FP_IN_SPEC(spineSwitchModel), .undoId = 23,
                                           .writtenWhenSet = true, .sinceVersion = 2};
const DesignField<std::string> coreSwitch{.path = "/fabric/switches/core", .label = "Core switch", .unit = "",
                                          .ref = FP_IN_SPEC(coreSwitchModel), .undoId = 24,
                                          .writtenWhenSet = true, .sinceVersion = 2};
const DesignField<int> genericRadix{"/fabric/generic_radix", "Generic radix", "ports", FP_IN_SPEC(genericRadix), 25,
                                    FieldRange{2, kMaxRadix, false, true}, "Generic switch radix"};
// Minor 2: the switch-to-switch speed when it differs from the hosts' (200G down, 400G up), written only when set.
const DesignField<int> fabricGbps{.path = "/fabric/fabric_gbps", .label = "Fabric link speed", .unit = "Gb/s",
                                  .ref = FP_IN_SPEC(fabricGbps), .undoId = 36,
                                  .range = FieldRange{10, 1600, false, true},
                                  .what = "Fabric link speed (Gb/s, 0 = the host links')", .writtenWhenSet = true};
const DesignField<int> tiers{.path = "/fabric/tiers", .label = "Tiers", .unit = "", .ref = FP_IN_SPEC(tiers),
                             .undoId = 26, .range = FieldRange{0, 3}, .what = "Tiers (0 = auto)", .autoCounts = "tier"};
const DesignField<bool> railOptimized{"/fabric/rail_optimized", "Rail-optimized", "", FP_IN_SPEC(railOptimized), 27};
const DesignField<int> suNodes{.path = "/fabric/su_nodes", .label = "SU size", .unit = "nodes",
                               .ref = FP_IN_SPEC(suNodes), .undoId = 28, .range = FieldRange{0, 4096},
                               .what = "Nodes per scalable unit (0 = auto)", .autoCounts = "node"};
const DesignField<bool> dualTor{.path = "/fabric/dual_tor", .label = "Dual-homed hosts (dual ToR)", .unit = "",
                                .ref = FP_IN_SPEC(dualTor), .undoId = 29, .writtenWhenSet = true, .sinceVersion = 2};
const DesignField<bool> leafPerRack{"/fabric/leaf_per_rack", "Leaf per rack", "", FP_IN_SPEC(leafPerRack), 30};
const DesignField<int> podNodes{"/fabric/pod_nodes", "Pod size", "nodes", FP_IN_SPEC(podNodes), 31,
                                FieldRange{0, kMaxGpus}, "Nodes per pod (0 = auto)"};
// 0 = auto: the fewest planes that connect the design (plan/resolve.h planesThatConnect), with no warning
// that the plan uses more than the design says.
const DesignField<int> planes{.path = "/fabric/planes", .label = "Planes", .unit = "", .ref = FP_IN_SPEC(planes),
                              .undoId = 32, .range = FieldRange{0, kMaxPlanes}, .what = "Planes (0 = auto)",
                              .autoCounts = "plane"};
const DesignField<bool> railPlanes{"/fabric/rail_planes", "Rail planes", "", FP_IN_SPEC(railPlanes), 33};
const DesignField<Ratio> leafOversubscription{"/fabric/leaf_oversubscription", "Leaf oversubscription", "",
                                              FP_IN_SPEC(leafOversubscription), 34};
const DesignField<Ratio> spineOversubscription{"/fabric/spine_oversubscription", "Spine oversubscription", "",
                                               FP_IN_SPEC(spineOversubscription), 35};

const DesignField<int> racksPerRow{"/floor/racks_per_row", "Racks per row", "", FP_IN_SPEC(floor.racksPerRow), 40,
                                   FieldRange{1, 1000}};
const DesignField<int> nodesPerRack{"/floor/nodes_per_rack", "Nodes per rack", "", FP_IN_SPEC(floor.nodesPerRack), 41,
                                    FieldRange{1, 256}};
const DesignField<double> rackPowerBudgetKw{"/floor/rack_power_budget_kw", "Rack power budget", "kW",
                                            FP_IN_SPEC(floor.rackPowerBudgetKw), 42, FieldRange{0, 1000, true}};
const DesignField<double> nodePowerKw{"/floor/node_power_kw", "Node power", "kW", FP_IN_SPEC(floor.nodePowerKw), 43,
                                      FieldRange{0.01, 200}};
const DesignField<double> rackWidthM{"/floor/rack_width_m", "Rack width", "m", FP_IN_SPEC(floor.rackWidthM), 44,
                                     FieldRange{0, 10, true}};
const DesignField<double> rackDepthM{"/floor/rack_depth_m", "Rack depth", "m", FP_IN_SPEC(floor.rackDepthM), 45,
                                     FieldRange{0, 10, true}};
const DesignField<double> rowPitchM{"/floor/row_pitch_m", "Row pitch", "m", FP_IN_SPEC(floor.rowPitchM), 46,
                                    FieldRange{0, 100, true}};
const DesignField<double> rackHeightM{"/floor/rack_height_m", "Rack height", "m", FP_IN_SPEC(floor.rackHeightM), 47,
                                      FieldRange{0, 10, true}};
const DesignField<double> trayHeightM{"/floor/tray_height_m", "Tray height", "m", FP_IN_SPEC(floor.trayHeightM), 48,
                                      FieldRange{0, 10}};
const DesignField<double> slackPerEndM{"/floor/slack_per_end_m", "Slack per end", "m", FP_IN_SPEC(floor.slackPerEndM),
                                       49, FieldRange{0, 20}};
const DesignField<int> patchPanelsPerFibreLink{"/floor/patch_panels_per_fibre_link", "Patch panels per fibre link", "",
                                               FP_IN_SPEC(floor.patchPanelsPerFibreLink), 50, FieldRange{0, 6}};
const DesignField<LeafPlacement> leafPlacement{.path = "/floor/leaf_placement", .label = "Leaf placement", .unit = "",
                                               .ref = FP_IN_SPEC(floor.leafPlacement), .undoId = 51, .name = toString,
                                               .parse = parseLeafPlacement, .allowed = "end-of-row, middle-of-row, in-rack"};
const DesignField<SpinePlacement> spinePlacement{.path = "/floor/spine_placement", .label = "Spine placement",
                                                 .unit = "", .ref = FP_IN_SPEC(floor.spinePlacement), .undoId = 52,
                                                 .name = toString, .parse = parseSpinePlacement,
                                                 .allowed = "central-room, end-of-row"};
const DesignField<double> spineRoomDistanceM{"/floor/spine_room_distance_m", "Spine room distance", "m",
                                             FP_IN_SPEC(floor.spineRoomDistanceM), 53, FieldRange{0, 100000}};

const DesignField<MediaObjective> mediaObjective{.path = "/media/objective", .label = "Objective", .unit = "",
                                                 .ref = FP_IN_SPEC(media.objective), .undoId = 60, .name = toString,
                                                 .parse = parseMediaObjective, .allowed = "lowest-cost, lowest-power"};
const DesignField<bool> preferCopperInRack{"/media/prefer_copper_in_rack", "Prefer copper in rack", "",
                                           FP_IN_SPEC(media.preferCopperInRack), 61};
const DesignField<bool> allowThirdPartyOptics{"/media/allow_third_party_optics", "Third-party optics", "",
                                              FP_IN_SPEC(media.allowThirdPartyOptics), 62};
const DesignField<FiberType> multimodeFiber{.path = "/media/multimode_fiber", .label = "Multimode fibre", .unit = "",
                                            .ref = FP_IN_SPEC(media.multimodeFiber), .undoId = 63, .name = toString,
                                            .parse = parseMultimodeFiber, .allowed = "OM3, OM4, OM5"};

const DesignField<double> labourUsdPerHour{"/economics/labour_usd_per_hour", "Labour rate", "$/h",
                                           FP_IN_SPEC(economics.labourUsdPerHour), 70, FieldRange{0, 10000}};
const DesignField<double> skillFactor{"/economics/skill_factor", "Skill factor", "", FP_IN_SPEC(economics.skillFactor),
                                      71, FieldRange{0, 10, true}};
const DesignField<double> powerUsdPerKwh{"/economics/power_usd_per_kwh", "Energy price", "$/kWh",
                                         FP_IN_SPEC(economics.powerUsdPerKwh), 72, FieldRange{0, 10}, "Power price"};
const DesignField<double> pue{"/economics/pue", "PUE", "", FP_IN_SPEC(economics.pue), 73, FieldRange{1, 3}};
const DesignField<int> horizonYears{"/economics/horizon_years", "Horizon", "years", FP_IN_SPEC(economics.horizonYears),
                                    74, FieldRange{1, 30}};
const DesignField<double> sparesOptics{"/economics/spares_optics_pct", "Spare optics", "%",
                                       FP_IN_SPEC(economics.sparesOpticsPct), 75, FieldRange{0, 100}};
const DesignField<int> spareSwitchPerN{"/economics/spare_switch_per_n", "Spare switch per", "switches",
                                       FP_IN_SPEC(economics.spareSwitchPerN), 76, FieldRange{0, 100000},
                                       "One spare switch per N"};
const DesignField<bool> includeNics{"/economics/include_nics", "Include NICs", "", FP_IN_SPEC(economics.includeNics), 77};
const DesignField<PricePolicy> pricePolicy{.path = "/economics/price_policy", .label = "Price policy", .unit = "",
                                           .ref = FP_IN_SPEC(economics.pricePolicy), .undoId = 78, .name = toString,
                                           .parse = parsePricePolicy,
                                           .allowed = "cheapest-qualified, named-source, oem-only"};
const DesignField<std::string> priceSource{"/economics/price_source", "Price source", "",
                                           FP_IN_SPEC(economics.priceSource), 79};

const DesignField<double> commToComputePct{"/workload/comm_to_compute_pct", "Communication share", "%",
                                           FP_IN_SPEC(workload.commToComputePct), 80, FieldRange{0, 100}};
const DesignField<double> modelParamsBillion{"/workload/model_params_billion", "Model size", "B params",
                                             FP_IN_SPEC(workload.modelParamsBillion), 81, FieldRange{0, 1000000}};
const DesignField<int> dataParallel{"/workload/data_parallel", "Data-parallel ranks", "",
                                    FP_IN_SPEC(workload.dataParallel), 82, FieldRange{0, kMaxGpus},
                                    "Data-parallel ranks (0 = all GPUs)"};

// Ranges hold any value a QoS plan could name (a priority 0-7, a DSCP 0-63, an MTU up to the largest jumbo
// frame); which of those break the lossless class (priority 0, CNP on the lossless priority, an MTU below
// a RoCE frame) is the plan's `lossless.settings` check, which explains why (core/lossless/README.md).
const DesignField<int> losslessPriority{.path = "/lossless/lossless_priority", .label = "Lossless priority", .unit = "",
                                        .ref = FP_IN_SPEC(lossless.losslessPriority), .undoId = 90,
                                        .range = FieldRange{0, 7}, .writtenWhenSet = true};
const DesignField<int> cnpPriority{.path = "/lossless/cnp_priority", .label = "CNP priority", .unit = "",
                                   .ref = FP_IN_SPEC(lossless.cnpPriority), .undoId = 91, .range = FieldRange{0, 7},
                                   .writtenWhenSet = true};
const DesignField<int> roceDscp{.path = "/lossless/roce_dscp", .label = "RoCE DSCP", .unit = "",
                                .ref = FP_IN_SPEC(lossless.roceDscp), .undoId = 92, .range = FieldRange{0, 63},
                                .writtenWhenSet = true};
const DesignField<int> cnpDscp{.path = "/lossless/cnp_dscp", .label = "CNP DSCP", .unit = "",
                               .ref = FP_IN_SPEC(lossless.cnpDscp), .undoId = 93, .range = FieldRange{0, 63},
                               .writtenWhenSet = true};
const DesignField<int> portMtu{.path = "/lossless/port_mtu", .label = "Port MTU", .unit = "bytes",
                               .ref = FP_IN_SPEC(lossless.portMtu), .undoId = 94, .range = FieldRange{1280, 16384},
                               .writtenWhenSet = true};
const DesignField<int> losslessPriorities{.path = "/lossless/lossless_priorities", .label = "Lossless priorities",
                                          .unit = "", .ref = FP_IN_SPEC(lossless.losslessPriorities), .undoId = 95,
                                          .range = FieldRange{1, 8}, .writtenWhenSet = true};
const DesignField<double> bufferMbOverride{.path = "/lossless/switch_buffer_mb", .label = "Switch buffer", .unit = "MB",
                                           .ref = FP_IN_SPEC(lossless.bufferMbOverride), .undoId = 96,
                                           .range = FieldRange{0, 100000},
                                           .what = "Switch buffer (0 = the ASIC's)", .writtenWhenSet = true};
} // namespace fields

#undef FP_IN_SPEC

const std::vector<AnyDesignField>& designFields()
{
    using namespace fields;
    static const std::vector<AnyDesignField> all{
        &name, &computeOnly,
        &gpus, &gpusPerNode, &nicsPerNode, &nic, &linkGbps, &platform,
        &technology, &switchModel, &leafSwitch, &spineSwitch, &coreSwitch, &genericRadix, &fabricGbps, &tiers, &railOptimized,
        &suNodes, &dualTor, &leafPerRack, &podNodes, &planes, &railPlanes, &leafOversubscription,
        &spineOversubscription,
        &racksPerRow, &nodesPerRack, &rackPowerBudgetKw, &nodePowerKw, &rackWidthM, &rackDepthM, &rowPitchM,
        &rackHeightM, &trayHeightM, &slackPerEndM, &patchPanelsPerFibreLink, &leafPlacement, &spinePlacement,
        &spineRoomDistanceM,
        &mediaObjective, &preferCopperInRack, &allowThirdPartyOptics, &multimodeFiber,
        &labourUsdPerHour, &skillFactor, &powerUsdPerKwh, &pue, &horizonYears, &sparesOptics, &spareSwitchPerN,
        &includeNics, &pricePolicy, &priceSource,
        &commToComputePct, &modelParamsBillion, &dataParallel,
        &losslessPriority, &cnpPriority, &roceDscp, &cnpDscp, &portMtu, &losslessPriorities, &bufferMbOverride,
    };
    return all;
}

const AnyDesignField* findDesignField(std::string_view path)
{
    for (const AnyDesignField& f : designFields())
        if (std::visit([&](auto* field) { return path == field->path; }, f)) return &f;
    return nullptr;
}

const DesignField<std::string>& switchFieldOf(Tier tier)
{
    switch (tier) {
    case Tier::Spine: return fields::spineSwitch;
    case Tier::Core: return fields::coreSwitch;
    default: return fields::leafSwitch;
    }
}

} // namespace fp
