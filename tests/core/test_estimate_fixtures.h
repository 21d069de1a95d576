#pragma once
// Hand-built inputs for the BOM and estimate tests: small fabrics, catalogs and media whose every
// quantity can be counted on paper. Not a test itself (ctest globs test_*.cpp only).
#include <functional>
#include <string>

#include "bom/bom.h"
#include "catalog/catalog.h"
#include "media/media.h"
#include "topology/fabric.h"

namespace fixture {

inline fp::PriceQuote price(double usd)
{
    fp::PriceQuote q;
    q.source = "test-estimate";
    q.priceUsd = usd;
    q.date = "2026-01-01";
    q.basis = "estimate";
    q.estimated = true;
    return q;
}

template <typename Model>
Model part(const std::string& pn, double usd, double powerW)
{
    Model m;
    m.partNumber = pn;
    m.vendor = "TestCo";
    m.description = pn + " (test part)";
    m.powerW = powerW;
    m.source = "hand-made test fixture";
    m.prices.push_back(price(usd));
    return m;
}

// Switch $20,000 600 W; NIC $1,500 25 W; twin module $1,000 15 W; single module $600 9 W;
// DAC $100; 1:2 splitter DAC $150; MPO fibre cord $50; 12-port MPO panel $300.
inline fp::Catalog catalog()
{
    fp::Catalog c;
    auto sw = part<fp::SwitchModel>("SW", 20000, 600);
    sw.latencyNs = 130;
    c.switches.push_back(sw);
    auto nic = part<fp::NicModel>("NIC", 1500, 25);
    nic.latencyNs = 250;
    c.nics.push_back(nic);
    auto twin = part<fp::TransceiverModel>("TWIN", 1000, 15);
    twin.ports = 2;
    c.transceivers.push_back(twin);
    c.transceivers.push_back(part<fp::TransceiverModel>("SINGLE", 600, 9));
    auto dac = part<fp::CableModel>("DAC-2M", 100, 0);
    dac.kind = fp::CableKind::DAC;
    dac.lengthM = 2;
    c.cables.push_back(dac);
    auto split = part<fp::CableModel>("SPLIT-2M", 150, 0);
    split.kind = fp::CableKind::DAC;
    split.legsB = 2;
    c.cables.push_back(split);
    auto mpo = part<fp::CableModel>("MPO-20M", 50, 0);
    mpo.kind = fp::CableKind::FiberPatch;
    mpo.connector = "MPO-12/APC";
    mpo.lengthM = 20;
    c.cables.push_back(mpo);
    auto panel = part<fp::PatchPanelModel>("PP-12", 300, 0);
    panel.ports = 12;
    panel.connector = "MPO-12/APC";
    c.patchPanels.push_back(panel);
    return c;
}

// Two tiers: `nodes` nodes with `portsPerNode` NIC ports; port p of node n goes to leaf leafOf(n, p);
// every leaf has `parallel` links to every spine. Devices: nodes, then leaves, then spines.
inline fp::Fabric twoTier(int nodes, int portsPerNode, int leaves, int spines, int parallel,
                          const std::function<int(int, int)>& leafOf)
{
    fp::Fabric f;
    f.shape.tiers = 2;
    f.shape.planes = 1;
    f.shape.linkGbps = 400;
    f.shape.portsPerCage = 2;
    f.shape.nodes = nodes;
    f.nodeCount = std::uint32_t(nodes);
    f.nicsPerNode = portsPerNode;
    for (int n = 0; n < nodes; ++n) {
        fp::Device d;
        d.tier = fp::Tier::Node;
        d.index = std::uint32_t(n);
        f.devices.push_back(d);
    }
    const fp::DeviceId firstLeaf = fp::DeviceId(nodes);
    const fp::DeviceId firstSpine = firstLeaf + fp::DeviceId(leaves);
    for (int l = 0; l < leaves; ++l) {
        fp::Device d;
        d.tier = fp::Tier::Leaf;
        d.index = std::uint32_t(l);
        f.devices.push_back(d);
    }
    for (int s = 0; s < spines; ++s) {
        fp::Device d;
        d.tier = fp::Tier::Spine;
        d.index = std::uint32_t(s);
        f.devices.push_back(d);
    }
    std::vector<std::uint16_t> nextLeafPort(std::size_t(leaves), 0);
    for (int n = 0; n < nodes; ++n)
        for (int p = 0; p < portsPerNode; ++p) {
            const int l = leafOf(n, p);
            f.links.push_back({fp::DeviceId(n), firstLeaf + fp::DeviceId(l), std::uint16_t(p),
                               nextLeafPort[std::size_t(l)]++, fp::LinkClass::HostLeaf});
        }
    for (int l = 0; l < leaves; ++l)
        for (int s = 0; s < spines; ++s)
            for (int k = 0; k < parallel; ++k)
                f.links.push_back({firstLeaf + fp::DeviceId(l), firstSpine + fp::DeviceId(s),
                                   std::uint16_t(nextLeafPort[std::size_t(l)]++), std::uint16_t(l * parallel + k),
                                   fp::LinkClass::LeafSpine});
    return f;
}

// Rail-optimized: port p of every node goes to leaf p.
inline fp::Fabric railFabric(int nodes, int rails, int spines, int parallel)
{
    return twoTier(nodes, rails, rails, spines, parallel, [](int, int p) { return p; });
}

inline fp::LinkSolution solution(fp::LinkClass cls, fp::MediaClass media, const std::string& cable,
                                 const std::string& moduleA = {}, int perModuleA = 1,
                                 const std::string& moduleB = {}, int perModuleB = 1, int perCable = 1,
                                 double lengthM = 2.0, int panelPorts = 0)
{
    fp::LinkSolution s;
    s.cls = cls;
    s.media = media;
    s.cablePart = cable;
    s.moduleA = moduleA;
    s.linksPerModuleA = perModuleA;
    s.moduleB = moduleB;
    s.linksPerModuleB = perModuleB;
    s.linksPerCable = perCable;
    s.orderLengthM = lengthM;
    s.patchPanelPorts = panelPorts;
    return s;
}

// Gives every link of class `cls` the solution at `index`.
inline void assign(fp::MediaAssignment& m, const fp::Fabric& f, fp::LinkClass cls, std::uint32_t index)
{
    m.solutionOfLink.resize(f.links.size(), 0);
    for (std::size_t i = 0; i < f.links.size(); ++i)
        if (f.links[i].cls == cls) m.solutionOfLink[i] = index;
}

inline const fp::BomLine* findLine(const fp::Bom& bom, fp::BomCategory cat, const std::string& part)
{
    for (const fp::BomLine& l : bom.lines)
        if (l.category == cat && l.part == part) return &l;
    return nullptr;
}

inline long long qtyOf(const fp::Bom& bom, fp::BomCategory cat, const std::string& part)
{
    long long n = 0;
    for (const fp::BomLine& l : bom.lines)
        if (l.category == cat && l.part == part) n += l.qty;
    return n;
}

} // namespace fixture
