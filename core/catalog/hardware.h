#pragma once
// Hardware: the parts a plan is built from, resolved once and handed to every stage (topology,
// layout, media, checks, bom, estimate) in place of a loose (switch, NIC) pair. A switch model per
// tier (plan::resolveHardware: a tier's own switch, else the fabric's), the NIC, and an optional server platform.
// Cage: the physical unit a module or cable end plugs into; media and the BOM reason per cage.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/parts.h"
#include "common/tier.h"

namespace fp {

// One kind of cage on a device: what fits in it and how many links it carries at the link speed.
struct Cage {
    std::string formFactor;      // "OSFP", "QSFP-DD", "QSFP112"
    bool finned = true;          // air-cooled switch cages take finned-top modules; NIC cages flat-top
    double powerClassW = 0;      // max module power the cage accepts
    int linksPerCage = 1;        // logical links one cage carries at the link speed (0: speed unsupported)
    std::uint32_t splits = 0;    // bit k set: the cage can also run k ports at the link speed (a module of
                                 // fewer ports in a cage that carries no more links, e.g. 1 x 400G in 800G)
    int count = 0;               // cages of this kind on one device (switch front panel, or per NIC)
    bool host = false;           // a NIC/server cage (flat-top, riding heat sink)
};

// A switch's front-panel cages at `linkGbps`, or its uplink cages where only they run that speed.
Cage switchCage(const SwitchModel&, int linkGbps);
// One NIC's cages when each NIC carries `planes` links at `linkGbps` (one per plane), spread over its
// ports: a single-port NIC in a two-plane fabric runs 2 links through one cage (e.g. 800G OSFP as
// 2 x 400G). linksPerCage is 0 when the cage cannot carry them at that speed.
Cage nicCage(const NicModel&, int linkGbps, int planes);

struct Hardware {
    std::vector<SwitchModel> switches;  // distinct models; Device::model indexes this for switches
    std::array<std::uint8_t, kSwitchTierCount> modelOfTier{0, 0, 0};  // leaf, spine, core -> switches[]
    NicModel nic;
    std::optional<PlatformModel> platform;  // the design's server platform (catalog), when it names one
    int linkGbps = 0;                   // the host links' speed (resolved: spec or the NIC's native)
    int fabricGbps = 0;                 // leaf-spine and spine-core links; 0: linkGbps (one speed throughout)
    int planes = 1;                     // links per NIC: one per plane (rail planes: one), x2 with dual-ToR

    // The same switch on every tier (tests and probes; a plan uses plan::resolveHardware).
    static Hardware uniform(SwitchModel sw, NicModel nic, int linkGbps, int planes);

    // The speed of the switch-to-switch links (FabricShape::gbpsOf gives a built fabric's per class).
    int fabricSpeed() const { return fabricGbps > 0 ? fabricGbps : linkGbps; }
    const SwitchModel& switchOf(Tier) const;          // Tier::Node is not a switch tier: the leaf's
    const SwitchModel& switchModel(std::uint8_t model) const { return switches.at(model); }
    std::uint8_t modelOf(Tier t) const { return modelOfTier[std::size_t(switchTierIndex(t))]; }
    // The cage of a device of this tier (Tier::Node: the NIC's, or the platform's host cage).
    Cage cageOf(Tier) const;
    // NIC ports that share one host cage of the platform (DGX H100/H200/B200: 2, four twin-port flat
    // OSFP cages for eight single-port ConnectX-7), or 1 when nodes use the NIC card's own cages: no
    // platform, a platform of one port per cage (HGX, NVL72, PCIe servers), a NIC other than the
    // platform's, or NIC ports that carry more than one link (planes split a port).
    int nicPortsPerHostCage() const;
    // The switches of a fabric of `tiers` tiers, for summaries and reports: "MQM9700-NS2F" when every
    // tier it has uses one part, else "leaf A, spine B" (two tiers) or "leaf A, spine B, core C". A
    // tier the fabric does not have is not named, whatever switch the design set for it.
    std::string switchesText(int tiers) const;
    // Whether the tiers a fabric of `tiers` tiers has all use one switch part (views then name it once).
    bool oneSwitchOnEveryTier(int tiers) const;
};

} // namespace fp
