#pragma once
// randomSpec: a random design for the property tests (test_invariants, test_compare): any fabric with a
// switch and NIC pair of the catalog that speak it, one to three tiers, planes, oversubscription,
// dual-ToR, platforms with twin-port host cages, floor placements, media policies and pins, per-tier
// switches and generic radices.
#include <random>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "spec/cluster_spec.h"

namespace fp::test {

struct Parts {
    FabricKind fabric;
    const char* switchModel;
    const char* nic;
    int linkGbps;
};

// Switch and NIC pairs that speak the same fabric at a common speed (catalog rows).
inline const Parts kParts[] = {
    {FabricKind::InfiniBand, "MQM9700-NS2F", "MCX75310AAS-NEAT", 0},
    {FabricKind::InfiniBand, "Q3400-RA", "900-9X81E-00EX-DT0", 0},
    {FabricKind::InfiniBand, "Q3400-RA", "900-9X81E-00EX-DT0", 400},
    {FabricKind::SpectrumX, "SN5600", "900-9D3D4-00EN-HA0", 400},
    {FabricKind::SpectrumX, "SN5600", "900-9X81E-00EX-DT0", 400},
    {FabricKind::RoCE, "DCS-7060X6-64PE", "MCX75310AAS-NEAT", 400},
    {FabricKind::RoCE, "QFX5240-64OD", "BCM957608-P1400GDF00", 400},
    {FabricKind::UEC, "AIS800-64D", "POLLARA-400", 400},
};

inline ClusterSpec randomSpec(std::mt19937& rng, const Catalog& catalog)
{
    auto pick = [&](int n) { return int(std::uniform_int_distribution<int>(0, n - 1)(rng)); };
    auto chance = [&](int pct) { return pick(100) < pct; };
    ClusterSpec s;
    const Parts& parts = kParts[pick(int(std::size(kParts)))];
    s.fabric = parts.fabric;
    s.switchModel = parts.switchModel;
    s.nicModel = parts.nic;
    s.linkGbps = parts.linkGbps;
    s.gpusPerNode = chance(80) ? 8 : 4;
    s.nicsPerNode = s.gpusPerNode == 8 ? (chance(80) ? 8 : 4) : (chance(50) ? 4 : 2);
    s.gpus = s.gpusPerNode * (1 + pick(chance(85) ? 256 : 1024));
    const int tiers[] = {0, 0, 0, 1, 2, 3};
    s.tiers = tiers[pick(6)];
    s.railOptimized = chance(70);
    s.suNodes = chance(50) ? 32 : 16;
    s.planes = chance(75) ? 1 : 2;
    if (s.planes == 2 && parts.linkGbps == 0) s.linkGbps = chance(50) ? 200 : 0;
    // 5:2 on a 64-port leaf splits 45 down + 18 up: an odd down count, where a cage could take a down link
    // and an uplink unless the builder starts the uplinks at a cage boundary.
    const Ratio ratios[] = {{1, 1}, {1, 1}, {2, 1}, {3, 1}, {5, 2}};
    s.leafOversubscription = ratios[pick(5)];
    s.spineOversubscription = ratios[chance(10) ? 4 : pick(3)];
    if (chance(10)) s.genericRadix = 16 * (1 + pick(8));
    // Platforms with twin-port host cages (DGX: two NIC ports per flat OSFP cage) and without (HGX).
    if (std::string(parts.nic) == "MCX75310AAS-NEAT" && chance(40)) {
        const char* platforms[] = {"DGX-H100", "DGX-B200", "HGX-H100"};
        s.platform = platforms[pick(3)];
        s.gpusPerNode = 8;
        s.nicsPerNode = chance(85) ? 8 : 4;
        s.gpus = 8 * (1 + pick(256));
    }
    s.floor.leafPlacement = LeafPlacement(pick(3));
    s.floor.spinePlacement = SpinePlacement(pick(2));
    s.floor.nodesPerRack = 1 + pick(8);
    s.floor.racksPerRow = 4 + pick(16);
    s.media.allowThirdPartyOptics = chance(40);
    s.media.preferCopperInRack = chance(70);
    s.media.objective = chance(70) ? MediaObjective::LowestCost : MediaObjective::LowestPower;
    if (chance(15)) {  // pin a splitter or twin-port cable on the host links
        std::vector<const CableModel*> multi;
        for (const CableModel& c : catalog.cables)
            if (c.legsB > 1) multi.push_back(&c);
        if (!multi.empty()) s.media.pins.push_back({"host_leaf", multi[std::size_t(pick(int(multi.size())))]->partNumber});
    }
    s.economics.sparesOpticsPct = chance(50) ? 2.0 : 0.0;
    if (chance(25)) {  // dual-ToR: two links per NIC and plane: a two-port NIC, or a 400G port split in two
        s.dualTor = true;
        std::vector<const NicModel*> twoPort;  // ConnectX-8 C8240, ConnectX-7 2 x 200G, BlueField-3 B3220
        for (const NicModel& n : catalog.nics)
            if (n.ports >= 2 && (n.protocol == Protocol::Both ||
                                 (n.protocol == Protocol::InfiniBand) == (s.fabric == FabricKind::InfiniBand)))
                twoPort.push_back(&n);
        if (!twoPort.empty() && chance(50)) {
            s.nicModel = twoPort[std::size_t(pick(int(twoPort.size())))]->partNumber;
            s.linkGbps = 0;
        } else if (chance(80)) {
            s.linkGbps = 200;
        }
    }
    if (chance(30)) {  // per-tier switches: any of the fabric's switches at the link speed on each tier
        const NicModel* nic = catalog.findNic(s.nicModel);
        const int gbps = s.linkGbps > 0 ? s.linkGbps : (nic ? nic->portGbps : 400);
        auto runs = [&](const SwitchModel& w, bool chassisOk) {
            if (w.modularChassis() && !chassisOk) return false;  // a chassis is a spine or core
            const bool ib = w.protocol == Protocol::InfiniBand;
            const bool eth = w.protocol == Protocol::Ethernet;
            return w.portsAt(gbps) > 0 && !(ib && s.fabric != FabricKind::InfiniBand) &&
                   !(eth && s.fabric == FabricKind::InfiniBand);
        };
        for (std::string* tier : {&s.leafSwitchModel, &s.spineSwitchModel, &s.coreSwitchModel}) {
            std::vector<const SwitchModel*> fit;
            for (const SwitchModel& w : catalog.switches)
                if (runs(w, tier != &s.leafSwitchModel)) fit.push_back(&w);
            if (!fit.empty() && chance(70)) *tier = fit[std::size_t(pick(int(fit.size())))]->partNumber;
        }
    }
    return s;
}

} // namespace fp::test
