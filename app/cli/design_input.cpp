#include "design_input.h"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "catalog/catalog_access.h"
#include "catalog/catalog_db.h"
#include "catalog/part_lookup.h"
#include "catalog/platform_networks.h"
#include "catalog/platforms.h"
#include "common/error.h"
#include "common/paths.h"
#include "plan/before_planning.h"
#include "plan/fabric_defaults.h"
#include "plan/resolve.h"
#include "spec/spec_json.h"
#include "spec/validate.h"

namespace fp::cli {

const std::vector<std::string>& designValuedFlags()
{
    static const std::vector<std::string> flags{
        "--gpus", "--gpus-per-node", "--nics-per-node", "--fabric", "--switch", "--nic", "--radix",
        "--leaf-switch", "--spine-switch", "--core-switch",
        "--oversubscription", "--spine-oversubscription", "--su-nodes", "--pod-nodes", "--planes", "--tiers", "--catalog",
        "--link-gbps", "--host-gbps", "--fabric-gbps", "--racks-per-row", "--nodes-per-rack", "--leaf-placement", "--spine-placement",
        "--price-policy", "--price-source", "--comm-pct", "--platform", "--qps",
        "--port-mtu", "--lossless-priority", "--cnp-priority", "--roce-dscp", "--cnp-dscp", "--lossless-priorities",
        "--switch-buffer-mb"};
    return flags;
}

const std::vector<std::string>& designSwitchFlags()
{
    static const std::vector<std::string> flags{"--rail-optimized", "--no-rail-optimized", "--third-party-optics",
                                                "--misconfigured-roce", "--sharp", "--leaf-per-rack", "--dual-tor",
                                                "--no-dual-tor", "--compute-only"};
    return flags;
}

const char* designFlagsHelp()
{
    return "Design overrides (applied on top of DESIGN, or of the defaults):\n"
           "  --gpus N                 GPUs in the cluster\n"
           "  --platform ID            server or rack-scale system (see: catalog list platforms); sets GPUs\n"
           "                           per node, NICs, power and nodes per rack; other flags still override.\n"
           "                           A design without networks gains the platform's reference networks\n"
           "                           (storage, in-band, out-of-band) unless --compute-only\n"
           "  --compute-only           keep only the compute fabric (the design's compute_only)\n"
           "  --gpus-per-node N        GPUs per server\n"
           "  --nics-per-node N        scale-out NICs per server (one rail each)\n"
           "  --nic MODEL              NIC part number (see: catalog list nics)\n"
           "  --link-gbps N            run links below the NIC's native speed (--host-gbps N: the same)\n"
           "  --fabric-gbps N          leaf-spine and spine-core links at N Gb/s, a multiple of the host\n"
           "                           links' (200G hosts under 400G uplinks); 0: the host speed\n"
           "  --fabric KIND            infiniband | roce | spectrum-x | uec\n"
           "  --switch MODEL           every tier's switch, part number or model name (see: catalog list\n"
           "                           switches); a tier flag below overrides it for that tier\n"
           "  --leaf-switch MODEL, --spine-switch MODEL, --core-switch MODEL\n"
           "                           one tier's own switch (e.g. SN5600 leaves under DCS-7816R4 chassis\n"
           "                           spines); every tier must run the fabric at the link speed\n"
           "  --radix N                a generic N-port switch at the link speed (what-if), on every\n"
           "                           tier without its own tier flag\n"
           "  --tiers auto|1|2|3       force the number of switch tiers\n"
           "  --rail-optimized | --no-rail-optimized\n"
           "  --su-nodes N|auto        nodes per scalable unit (rail-optimized; auto fills a leaf)\n"
           "  --leaf-per-rack          one top-of-rack leaf per compute rack (not rail-optimized)\n"
           "  --pod-nodes N            nodes per pod (zone) under a third tier; with --spine-oversubscription\n"
           "                           this is an oversubscribed aggregation between zones\n"
           "  --planes N|auto          independent parallel fabrics (auto: the fewest that connect the design,\n"
           "                           one when it fits; a note says why more)\n"
           "  --dual-tor | --no-dual-tor   dual-homed hosts: each NIC sends one link to each leaf of a pair\n"
           "                           (needs 2 links per NIC and plane: a 2-port NIC or a split port)\n"
           "  --oversubscription D:U   leaf DOWN:UP ratio (1:1 = non-blocking, 1:2 undersubscribed, 1:1.16)\n"
           "  --spine-oversubscription D:U   spine DOWN:UP ratio (three tiers)\n"
           "  --racks-per-row N, --nodes-per-rack N\n"
           "  --leaf-placement end-of-row|middle-of-row|in-rack\n"
           "  --spine-placement central-room|end-of-row\n"
           "  --third-party-optics     allow third-party optics and cables (default: the switch's or NIC's\n"
           "                           vendor's own parts; open-optics white boxes take third-party either way)\n"
           "  --price-policy cheapest-qualified|named-source|oem-only, --price-source NAME\n"
           "  --comm-pct P             workload communication share of step time, %\n"
           "  --misconfigured-roce     estimate RoCE as misconfigured (risk what-if)\n"
           "  --sharp                  in-network reduction (IB SHARP / NCCL CollNet) enabled on InfiniBand\n"
           "  --qps N                  queue pairs per NCCL connection (NCCL_IB_QPS_PER_CONNECTION), 1-16\n"
           "  --port-mtu N, --lossless-priority P, --cnp-priority P, --roce-dscp D, --cnp-dscp D\n"
           "                           RoCE lossless class (defaults 9216, 3, 6, 26, 48: core/lossless/README.md)\n"
           "  --lossless-priorities N  priorities with PFC headroom on every port (1 or 2)\n"
           "  --switch-buffer-mb N     every switch's packet buffer in MB instead of the ASIC's (0 = the ASIC's)\n"
           "  --catalog FILE           parts catalog (default: your copy, else the bundled one)\n";
}

namespace {

// The same reader and words as the design file and the GUI (spec/ratio.h).
Ratio parseRatioFlag(const std::string& flag, const std::string& text)
{
    Ratio r;
    if (const RatioProblem p = parseRatio(text, r)) throw UsageError{flag + " needs a DOWN:UP ratio: " + p.what + "; " + p.fix};
    return r;
}

template <typename E>
E parseChoice(const std::string& flag, const std::string& text, bool (*parse)(const std::string&, E&), const char* allowed)
{
    E e{};
    if (!parse(text, e)) throw UsageError{flag + " must be one of " + allowed + ", not " + quotedValue(text)};
    return e;
}

// --switch / --radix set every tier: a design file's own tier switches give way, except where the
// command line names a tier's switch too (in any order: "--spine-switch A --switch B" keeps spine A).
void keepOnlyFlaggedTierSwitches(ClusterSpec& spec, const DesignKeys& args)
{
    if (!args.has("--leaf-switch")) spec.leafSwitchModel.clear();
    if (!args.has("--spine-switch")) spec.spineSwitchModel.clear();
    if (!args.has("--core-switch")) spec.coreSwitchModel.clear();
}

} // namespace

ClusterSpec loadDesign(const Args& args)
{
    ClusterSpec spec;
    if (args.positional().size() > 1) throw UsageError{"give one design file, not " + std::to_string(args.positional().size())};
    if (!args.positional().empty()) {
        auto result = loadSpecFile(args.positional().front());
        for (const auto& w : result.warnings) std::cerr << "warning: " << w << "\n";
        spec = result.spec;
    }
    return spec;
}

ClusterSpec readDesign(const Args& args)
{
    ClusterSpec spec = loadDesign(args);
    std::optional<Catalog> catalog;  // for --platform only
    if (args.has("--platform")) catalog.emplace(openCatalog(args));
    applyOverrides(spec, DesignKeys(args), catalog ? &*catalog : nullptr);
    return spec;
}

void applyOverrides(ClusterSpec& spec, const DesignKeys& args, const Catalog* catalog)
{
    // The platform first, so every explicit flag below overrides what it set.
    const PlatformModel* platform = nullptr;
    if (auto id = args.value("--platform")) {
        if (!catalog) throw std::logic_error("applyOverrides: --platform needs the catalog");
        platform = catalog->findPlatform(*id);
        if (!platform)
            throw UsageError{"unknown platform " + quotedValue(*id) + " (see: fabricplan-cli catalog list platforms)"};
        applyPlatform(spec, *platform);
    }
    // A flag given twice takes its last value (value()), wherever it stands; a switch is on when its
    // last value is true (a sweep row's sharp=false turns the base's --sharp off).
    args.forEach([&](const DesignKeys::Key& key) {
        const std::string& flag = key.flag;
        const std::string v = args.value(flag).value_or("");
        const bool on = v == "true";
        if (flag == "--gpus") spec.gpus = args.intValue(flag);
        else if (flag == "--gpus-per-node") spec.gpusPerNode = args.intValue(flag);
        else if (flag == "--nics-per-node") spec.nicsPerNode = args.intValue(flag);
        else if (flag == "--nic") spec.nicModel = v;
        else if (flag == "--link-gbps" || flag == "--host-gbps") spec.linkGbps = args.intValue(flag);
        else if (flag == "--fabric-gbps") spec.fabricGbps = args.intValue(flag);
        else if (flag == "--fabric") spec.fabric = parseChoice(flag, v, parseFabricKind, "infiniband, roce, spectrum-x, uec");
        else if (flag == "--switch") {
            spec.switchModel = v;
            spec.genericRadix = 0;
            keepOnlyFlaggedTierSwitches(spec, args);
        }
        else if (flag == "--radix") {
            spec.genericRadix = args.intValue(flag);
            keepOnlyFlaggedTierSwitches(spec, args);
        }
        else if (flag == "--leaf-switch") spec.leafSwitchModel = v;
        else if (flag == "--spine-switch") spec.spineSwitchModel = v;
        else if (flag == "--core-switch") spec.coreSwitchModel = v;
        else if (flag == "--tiers") spec.tiers = countOrAuto(flag, v);
        else if (flag == "--rail-optimized") spec.railOptimized = on;
        else if (flag == "--no-rail-optimized") spec.railOptimized = !on;
        else if (flag == "--su-nodes") spec.suNodes = countOrAuto(flag, v);
        else if (flag == "--pod-nodes") spec.podNodes = args.intValue(flag);
        else if (flag == "--leaf-per-rack") {
            spec.leafPerRack = on;
            if (on) {
                spec.railOptimized = false;
                spec.floor.leafPlacement = LeafPlacement::InRack;
            }
        }
        else if (flag == "--planes") spec.planes = countOrAuto(flag, v);
        else if (flag == "--dual-tor") spec.dualTor = on;
        else if (flag == "--no-dual-tor") spec.dualTor = !on;
        else if (flag == "--oversubscription") spec.leafOversubscription = parseRatioFlag(flag, v);
        else if (flag == "--spine-oversubscription") spec.spineOversubscription = parseRatioFlag(flag, v);
        else if (flag == "--racks-per-row") spec.floor.racksPerRow = args.intValue(flag);
        else if (flag == "--nodes-per-rack") spec.floor.nodesPerRack = args.intValue(flag);
        else if (flag == "--leaf-placement") spec.floor.leafPlacement = parseChoice(flag, v, parseLeafPlacement, "end-of-row, middle-of-row, in-rack");
        else if (flag == "--spine-placement") spec.floor.spinePlacement = parseChoice(flag, v, parseSpinePlacement, "central-room, end-of-row");
        else if (flag == "--third-party-optics") spec.media.allowThirdPartyOptics = on;
        else if (flag == "--price-policy") spec.economics.pricePolicy = parseChoice(flag, v, parsePricePolicy, "cheapest-qualified, named-source, oem-only");
        else if (flag == "--price-source") spec.economics.priceSource = v;
        else if (flag == "--comm-pct") spec.workload.commToComputePct = args.intValue(flag);
        else if (flag == "--port-mtu") spec.lossless.portMtu = args.intValue(flag);
        else if (flag == "--lossless-priority") spec.lossless.losslessPriority = args.intValue(flag);
        else if (flag == "--cnp-priority") spec.lossless.cnpPriority = args.intValue(flag);
        else if (flag == "--roce-dscp") spec.lossless.roceDscp = args.intValue(flag);
        else if (flag == "--cnp-dscp") spec.lossless.cnpDscp = args.intValue(flag);
        else if (flag == "--lossless-priorities") spec.lossless.losslessPriorities = args.intValue(flag);
        else if (flag == "--switch-buffer-mb") spec.lossless.bufferMbOverride = args.intValue(flag);
        else if (flag == "--compute-only") spec.computeOnly = on;
    });
    // The platform's reference-architecture networks (storage, in-band, OOB; issue 38), sized for the design
    // as the flags left it, for a design built from flags. A design file plans the networks it lists, and
    // only those (one that lists none plans as before, with or without --platform).
    if (platform && !args.hasDesignFile() && !spec.computeOnly && spec.networks.empty())
        spec.networks = referenceNetworks(*platform, spec);
}

SwitchNames switchNamesOf(const Catalog& catalog) { return plan::switchNamesOf(catalog); }

ClusterSpec fitFabricDefaults(const DesignKeys& args, ClusterSpec spec, const Catalog& catalog, std::string* note)
{
    // A misspelt switch, the fabric's or a tier's: say so with the nearest names. Left to the plan, an
    // unknown spine switch surfaced as "switch MQM9700-NS2F does not run RoCEv2" (the defaults were
    // skipped for it and the leaf took the spec's default switch).
    plan::requireKnownSwitchNames(spec, catalog);
    if (args.has("--switch") && !args.has("--nic") && !args.has("--radix")) {
        // A named switch without a named NIC: the NIC that runs the switch's native speed (an 800G XDR
        // Q3400 with the 400G NDR default NIC planned with no part fitting its cages).
        if (std::optional<plan::NicForSwitch> fit = plan::nicForNamedSwitch(spec, catalog)) {
            const std::string why = fit->why + " (name a NIC with --nic to keep another)";  // the GUI says its own way
            if (note) *note = why;
            else std::cerr << "note: " << why << "\n";
            return fit->spec;
        }
    }
    if (args.has("--switch") || args.has("--radix")) return spec;
    if (args.has("--leaf-switch") && args.has("--spine-switch") && args.has("--core-switch")) return spec;
    if (!validateSpec(spec).empty()) return spec;  // the plan reports what is invalid, field by field
    // A design that contradicts its platform: no default part fixes that, and the plan would stop there.
    plan::requirePlatformFits(spec, catalog);
    if (args.hasDesignFile() && !args.has("--fabric")) return spec;
    ClusterSpec asked = spec;
    if (!args.has("--nic")) asked.nicModel = spec.nicModel;  // ranked first when it runs the fabric
    // A design file's own switch is kept where it plans cleanly; a spec built from flags has only the
    // built-in default switch, which the fabric's ranking (plan/ranking.h) replaces.
    plan::FabricParts parts = plan::partsForFabric(asked, spec.fabric, catalog, args.hasDesignFile());
    // The default fills the tiers without their own switch; a tier's own stays (and is judged as typed).
    parts.spec.leafSwitchModel = spec.leafSwitchModel;
    parts.spec.spineSwitchModel = spec.spineSwitchModel;
    parts.spec.coreSwitchModel = spec.coreSwitchModel;
    if (args.has("--nic") && parts.spec.nicModel != plan::canonicalParts(spec, catalog).nicModel) {
        // The user's NIC was passed over; with dual-ToR the reason is usually its links: say so first.
        const ClusterSpec typed = plan::canonicalParts(spec, catalog);
        const NicModel& nic = plan::resolveNic(typed, catalog);
        plan::requireDualHoming(typed, nic, plan::resolveLinkGbps(typed, nic));
        // The NIC stays as named. A design switch that does not run the fabric (the built-in InfiniBand
        // default under `--fabric spectrum-x --nic MCX75310AAS-NEAT`) gives way to the fabric's pick, so the
        // plan says what the NIC lacks (fabric.spectrum-x-parts, with its fix), as the window does after a
        // NIC is chosen, instead of stopping at "switch MQM9700-NS2F does not run Spectrum-X".
        const SwitchModel* own = matchSwitch(catalog.switches, spec.switchModel).part;
        if (parts.spec.genericRadix == 0 && (!own || !speaksFabric(own->protocol, spec.fabric))) {
            ClusterSpec kept = spec;
            kept.switchModel = parts.spec.switchModel;
            const std::string why = "switch " + kept.switchModel + " runs " + displayName(spec.fabric) + " (" +
                                    (own ? own->partNumber : spec.switchModel) + " does not); NIC " + nic.partNumber +
                                    " kept as named with --nic";
            if (note) *note = why;
            else std::cerr << "note: " << why << "\n";
            return kept;
        }
        return spec;
    }
    if (parts.spec.switchModel != spec.switchModel || parts.spec.nicModel != spec.nicModel) {
        if (note) *note = parts.why;
        else std::cerr << "note: " << parts.why << "\n";
    }
    return parts.spec;
}

PlanOptions readPlanOptions(const DesignKeys& args)
{
    PlanOptions options;
    options.estimate.roceMisconfigured = args.on("--misconfigured-roce");
    options.estimate.inNetworkReduction = args.on("--sharp");
    if (args.value("--qps")) {
        options.estimate.qpsPerConnection = args.intValue("--qps");
        if (options.estimate.qpsPerConnection < 1 || options.estimate.qpsPerConnection > 16)
            throw UsageError{"--qps takes 1 to 16 queue pairs per connection"};
    }
    return options;
}

void useCatalogWaitMessages()
{
    CatalogWaitPolicy policy;
    if (const char* env = std::getenv("FABRICPLAN_CATALOG_WAIT_SECONDS")) {
        char* end = nullptr;
        const double seconds = std::strtod(env, &end);
        if (end != env && *end == '\0' && seconds >= 0 && seconds <= 86400)
            policy.limit = std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
    }
    policy.onWait = [said = false](const CatalogWait& w) mutable {
        if (!said && w.waited >= std::chrono::seconds(1)) {
            said = true;
            std::cerr << "waiting for the catalog " << w.path << ": "
                      << (w.holder.empty() ? std::string("another FabricPlan process is writing it") : w.holder)
                      << " (up to " << (w.limit.count() + 999) / 1000 << " s)...\n";
        }
        return true;
    };
    setCatalogWaitPolicy(std::move(policy));
}

PlanOptions readPlanOptions(const Args& args) { return readPlanOptions(DesignKeys(args)); }

PlanRequest planRequest(const ClusterSpec& loaded, const DesignKeys& keys, const Catalog& catalog, std::string* note)
{
    ClusterSpec typed = loaded;
    applyOverrides(typed, keys, &catalog);
    ClusterSpec spec = fitFabricDefaults(keys, std::move(typed), catalog, note);
    return {std::move(spec), readPlanOptions(keys)};
}

int requestedGpus(const ClusterSpec& loaded, const DesignKeys& keys)
{
    try {
        if (keys.value("--gpus")) return keys.intValue("--gpus");
    } catch (const UsageError&) {
    }
    return loaded.gpus;
}

Catalog openCatalog(const Args& args)
{
    useCatalogWaitMessages();
    if (auto file = args.value("--catalog")) {
        if (!std::filesystem::exists(*file))
            throw UserError("catalog file not found", *file, "check the path given to --catalog");
        return loadCatalog(*file);
    }
    const std::string bundled = bundledCatalogPath();
    const std::string user = userCatalogPath();
    if (std::filesystem::exists(user)) {
        const std::string choices = "run `fabricplan-cli catalog reset` to replace it with the bundled catalog "
                                    "(it keeps a backup), or plan with the bundled one: --catalog " +
                                    (bundled.empty() ? std::string("FILE") : bundled);
        try {
            return loadCatalog(user, CatalogStamp::Write);  // FabricPlan's own copy: record its checks
        } catch (const CatalogBusyError&) {
            throw;  // says who writes it and to wait: never a quiet switch to other prices
        } catch (const CatalogDamagedError& e) {
            throw UserError("your catalog copy is damaged (SQLite: " + e.reason + "); it was left as it is", user,
                            choices);
        } catch (const UserError& e) {
            throw UserError("your catalog copy cannot be used: " + std::string(e.what()) + "; it was left as it is",
                            user, choices);
        }
    }
    if (bundled.empty())
        throw UserError("the bundled parts catalog was not found", "catalog.sqlite",
                        "reinstall FabricPlan, set FABRICPLAN_DATA_DIR, or pass --catalog FILE");
    return loadCatalog(bundled);
}

} // namespace fp::cli
