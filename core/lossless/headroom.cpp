// PFC headroom of one port: sonic-swss cfgmgr/buffer_headroom_mellanox.lua (commit e6b0c5b5), term by
// term, without a shared headroom pool or a gearbox. README.md beside this file derives each term.
#include <algorithm>
#include <cmath>
#include <string>

#include "common/error.h"
#include "lossless/lossless.h"

namespace fp::lossless {
namespace {

double roundUpToKb(double bytes) { return std::ceil(bytes / 1024.0) * 1024.0; }

int pauseQuantaAt(int gbps)
{
    for (const PauseQuanta& q : kPauseQuanta)
        if (q.gbps == gbps) return q.quanta;
    throw UserError("no PFC peer response time is known for " + std::to_string(gbps) + " Gb/s ports",
                    "lossless profile", "IEEE 802.3 Annex 31B.3.7 lists 10-800 Gb/s; choose one of those speeds");
}

} // namespace

int lanesOfPort(const SwitchModel& sw, int gbps)
{
    // OSFP and QSFP-DD carry 8 electrical lanes; QSFP28/56/112 carry 4 (the MSAs).
    const bool eightLaneCage = sw.cageType == "OSFP" || sw.cageType.rfind("QSFP-DD", 0) == 0;
    const int cageLanes = eightLaneCage ? 8 : 4;
    const int ports = std::max(1, sw.portsPerCageAt(gbps));
    return std::max(1, cageLanes / ports);
}

double metresPerSecond(bool copper) { return copper ? 1e9 / kCopperNsPerMetre : kFibreMetresPerSecond; }

Headroom headroomOf(const AsicFigures& asic, int gbps, double cableM, bool copper, int lanes, int portMtu)
{
    Headroom h;
    const bool eightLanes = lanes >= 8;
    // Cells a small packet wastes: a cell of more than two minimal packets holds one packet in cell/64
    // packets' room (lua: worst_case_factor, rounded up).
    const double cell = asic.cellBytes;
    const double worstCase = std::ceil(cell > 2 * kMinimalPacketBytes ? cell / kMinimalPacketBytes : 2 * cell / (1 + cell));
    const double smallByBytes = 100.0 * kMinimalPacketBytes /
                                ((kSmallPacketPercent * kMinimalPacketBytes + (100.0 - kSmallPacketPercent) * kLosslessMtu) / 100.0);
    h.cellOccupancy = (100.0 - smallByBytes + smallByBytes * worstCase) / 100.0;
    const double bitsPerSecond = double(gbps) * 1e9;
    h.bytesOnCable = 2.0 * cableM * bitsPerSecond / metresPerSecond(copper) / 8.0;
    h.peerResponseBytes = pauseQuantaAt(gbps) * 512.0 / 8.0;
    h.tileBytes = double(gbps) * asic.tileBytesPerGbps;
    h.propagationBytes = portMtu + h.bytesOnCable + asic.macPhyDelayBytes + h.peerResponseBytes + h.tileBytes;
    const double xoff = roundUpToKb(kLosslessMtu + h.propagationBytes * h.cellOccupancy);
    const double xon = roundUpToKb(asic.pipelineLatencyBytes * (eightLanes ? 2 : 1));
    h.xoff = std::llround(xoff);
    h.xon = std::llround(xon);
    h.size = std::llround(roundUpToKb(xoff + xon + (eightLanes ? portMtu : 0)));
    return h;
}

double reservedPerPortBytes(const AsicFigures& asic, int lanes)
{
    // buffer_pool_mellanox.lua: lossypg_reserved = pipeline latency; 8 lanes: (2 x latency - 1 KB). One lossy
    // PG (PG 0) and the management PG per port, plus the egress mirror headroom.
    const double lossyPg = lanes >= 8 ? 2 * asic.pipelineLatencyBytes - 1024.0 : asic.pipelineLatencyBytes;
    return 2 * lossyPg + kEgressMirrorBytesPerPort;
}

} // namespace fp::lossless
