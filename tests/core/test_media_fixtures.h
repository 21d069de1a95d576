#pragma once
// Hand-built catalog and fabrics for the physical-layer tests (layout, media, checks). Part figures
// follow /work/shared/reference/fabric-facts.md §3 where the sheet has them; the LR4 twin module,
// the ACC and the AOC are hypothetical parts so the length sweep crosses every media class.
// Prices are test estimates, chosen increasing with reach (DAC < ACC < AOC < MM < DR < FR < LR).
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "layout/layout.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp::testfix {

inline PriceQuote estimate(double usd)
{
    PriceQuote q;
    q.source = "test-estimate";
    q.priceUsd = usd;
    q.basis = "estimate";
    return q;
}

// QM9700-like: 32 twin-port OSFP cages, 64 x 400G, 17 W cages (fabric-facts §1.1).
inline SwitchModel quantum2()
{
    SwitchModel s;
    s.partNumber = "MQM9700-NS2F";
    s.vendor = "NVIDIA";
    s.category = PartCategory::Switch;
    s.protocol = Protocol::InfiniBand;
    s.cages = 32;
    s.cageType = "OSFP";
    s.cageFinned = true;
    s.cagePowerClassW = 17;
    s.breakouts = {{400, 2}, {200, 4}};
    s.powerW = 1720;
    s.rackUnits = 1;
    return s;
}

// ConnectX-7 OSFP: flat-top cage with a riding heat sink (fabric-facts §2).
inline NicModel connectX7()
{
    NicModel n;
    n.partNumber = "MCX75310AAS-NEAT";
    n.vendor = "NVIDIA";
    n.category = PartCategory::Nic;
    n.protocol = Protocol::Both;
    n.ports = 1;
    n.portGbps = 400;
    n.cageType = "OSFP";
    n.cageFinned = false;
    n.cagePowerClassW = 12;
    return n;
}

inline TransceiverModel module(std::string pn, int ports, bool finned, Medium medium, int nm, std::string pmd,
                               std::string connector, double reachOm4M, double reachOs2M, double lossDb,
                               double powerW, double usd)
{
    TransceiverModel t;
    t.partNumber = std::move(pn);
    t.vendor = "NVIDIA";
    t.category = PartCategory::Transceiver;
    t.protocol = Protocol::Both;
    t.formFactor = "OSFP";
    t.finned = finned;
    t.ports = ports;
    t.portGbps = 400;
    t.lanes = 4;
    t.pmd = std::move(pmd);
    t.medium = medium;
    t.wavelengthNm = nm;
    t.connector = std::move(connector);
    t.reachOm3M = reachOm4M > 0 ? 30 : 0;
    t.reachOm4M = reachOm4M;
    t.reachOm5M = reachOm4M;
    t.reachOs2M = reachOs2M;
    t.channelLossDb = lossDb;
    t.fec = "RS(544,514)";
    t.powerW = powerW;
    t.powerClassW = powerW;
    t.prices = {estimate(usd)};
    return t;
}

inline CableModel assembly(std::string pn, CableKind kind, bool finnedA, bool finnedB, int legsB, int portGbps,
                           double lengthM, double usd)
{
    CableModel c;
    c.partNumber = std::move(pn);
    c.vendor = "NVIDIA";
    c.category = PartCategory::Cable;
    c.kind = kind;
    c.endAForm = "OSFP";
    c.endAFinned = finnedA;
    c.endBForm = "OSFP";
    c.endBFinned = finnedB;
    c.legsB = legsB;
    c.portGbps = portGbps;
    c.lengthM = lengthM;
    c.powerW = kind == CableKind::DAC ? 0 : 2;
    c.prices = {estimate(usd)};
    return c;
}

inline CableModel fibre(std::string type, std::string connector, double lengthM)
{
    CableModel c;
    c.partNumber = "FIB-" + type + "-" + connector + "-" + std::to_string(int(lengthM * 10)) + "dm";
    c.vendor = "NVIDIA";
    c.category = PartCategory::Fiber;
    c.kind = lengthM > 30 ? CableKind::FiberTrunk : CableKind::FiberPatch;
    c.endAForm = connector;
    c.endBForm = connector;
    c.fiberType = std::move(type);
    c.connector = std::move(connector);
    c.lengthM = lengthM;
    c.prices = {estimate(20 + lengthM * 0.5)};
    return c;
}

// The catalog every physical-layer test starts from.
inline Catalog physicalCatalog()
{
    Catalog cat;
    cat.switches = {quantum2()};
    cat.nics = {connectX7()};
    // Switch side: twin-port finned OSFP (fabric-facts §3.2). Budgets: SR 1.9 dB (IEEE SR8/OM4, §3.1),
    // DR 3.0 dB (800GBASE-DR8, §3.1), FR 4.0 dB and LR 6.3 dB (§3.1, the LR figure from 400GBASE-LR8).
    cat.transceivers = {
        module("MMA4Z00-NS", 2, true, Medium::Multimode, 850, "2xSR4", "MPO-12/APC", 50, 0, 1.9, 15, 1000),
        module("MMS4X00-NM", 2, true, Medium::SingleMode, 1310, "2xDR4", "MPO-12/APC", 0, 500, 3.0, 17, 1600),
        module("MMS4X50-NM", 2, true, Medium::SingleMode, 1311, "2xFR4", "LC-duplex", 0, 2000, 4.0, 17, 2400),
        module("TEST-2xLR4", 2, true, Medium::SingleMode, 1312, "2xLR4", "LC-duplex", 0, 10000, 6.3, 17, 4000),
        // Wavelengths stand for the PMD grid: DR 1310, FR 1311, LR 1312 (distinct so they never pair).
    // Host side: single-port flat OSFP.
        module("MMA4Z00-NS400", 1, false, Medium::Multimode, 850, "SR4", "MPO-12/APC", 50, 0, 1.9, 9, 600),
        module("MMS4X00-NS400", 1, false, Medium::SingleMode, 1310, "DR4", "MPO-12/APC", 0, 100, 3.0, 9, 900),
    };
    cat.cables = {
        assembly("MCP4Y10-N00A", CableKind::DAC, true, true, 1, 800, 0.5, 200),
        assembly("MCP4Y10-N001", CableKind::DAC, true, true, 1, 800, 1.0, 210),
        assembly("MCP4Y10-N002", CableKind::DAC, true, true, 1, 800, 2.0, 230),
        assembly("TEST-ACC-3M", CableKind::ACC, true, true, 1, 800, 3.0, 500),
        assembly("TEST-ACC-5M", CableKind::ACC, true, true, 1, 800, 5.0, 520),
        assembly("TEST-AOC-10M", CableKind::AOC, true, true, 1, 800, 10.0, 900),
        assembly("TEST-AOC-30M", CableKind::AOC, true, true, 1, 800, 30.0, 960),
        // Host splitters: twin-port finned switch end -> 2 x 400G flat NIC ends (MCP7Y00, §3.3).
        assembly("MCP7Y00-N001", CableKind::DAC, true, false, 2, 400, 1.0, 300),
        assembly("MCP7Y00-N003", CableKind::DAC, true, false, 2, 400, 3.0, 340),
    };
    for (double m : {3.0, 5.0, 10.0, 20.0, 30.0, 50.0, 100.0}) cat.cables.push_back(fibre("OM4", "MPO-12/APC", m));
    for (double m : {10.0, 30.0, 100.0, 200.0, 500.0}) cat.cables.push_back(fibre("OS2", "MPO-12/APC", m));
    for (double m : {100.0, 1000.0, 2000.0, 5000.0, 10000.0}) cat.cables.push_back(fibre("OS2", "LC-duplex", m));
    PatchPanelModel panel;
    panel.partNumber = "TEST-PANEL-MPO";
    panel.vendor = "NVIDIA";
    panel.category = PartCategory::PatchPanel;
    panel.ports = 48;
    panel.connector = "MPO-12/APC";
    panel.prices = {estimate(480)};
    cat.patchPanels = {panel};
    return cat;
}

inline ClusterSpec infinibandSpec()
{
    ClusterSpec spec;
    spec.fabric = FabricKind::InfiniBand;
    spec.switchModel = "MQM9700-NS2F";
    spec.nicModel = "MCX75310AAS-NEAT";
    spec.linkGbps = 400;
    spec.railOptimized = false;
    return spec;
}

// A fabric of `n` links of one class between distinct devices, with the lengths set by hand: each
// link's ends sit in different racks (so patch panels apply) unless `sameRack`.
struct LinkSet {
    Fabric fabric;
    Layout layout;
};

inline LinkSet linksOfLengths(LinkClass cls, const std::vector<float>& lengthsM, bool sameRack = false)
{
    LinkSet s;
    s.fabric.shape.linkGbps = 400;
    s.fabric.shape.switchPorts = 64;
    s.fabric.shape.portsPerCage = 2;
    const Tier lower = cls == LinkClass::HostLeaf ? Tier::Node : cls == LinkClass::LeafSpine ? Tier::Leaf : Tier::Spine;
    const Tier upper = Tier(int(lower) + 1);
    const std::size_t n = lengthsM.size();
    for (std::size_t i = 0; i < n; ++i) {
        Device d;
        d.tier = lower;
        d.index = std::uint32_t(i);
        s.fabric.devices.push_back(d);
    }
    if (lower == Tier::Node) s.fabric.nodeCount = std::uint32_t(n);
    for (std::size_t i = 0; i < n; ++i) {
        Device d;
        d.tier = upper;
        d.index = std::uint32_t(i);
        s.fabric.devices.push_back(d);
    }
    for (std::size_t i = 0; i < n; ++i) {
        Link l;
        l.a = DeviceId(i);
        l.b = DeviceId(n + i);
        l.cls = cls;
        s.fabric.links.push_back(l);
    }
    s.layout.rackOfDevice.resize(2 * n);
    for (std::size_t i = 0; i < 2 * n; ++i) s.layout.rackOfDevice[i] = sameRack ? 0 : std::uint32_t(i < n ? 0 : 1);
    s.layout.racks.resize(2);
    s.layout.linkLengthM = lengthsM;
    return s;
}

} // namespace fp::testfix
