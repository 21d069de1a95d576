// "ufm-topology": the designed InfiniBand fabric as an IBDM topology file (.topo), the format NVIDIA
// UFM's Cable Validation Tool and UFM's Topology Compare take as the reference topology (see
// core/io/README.md for the pages). One section per switch:
//
//   MQM9700 leaf-su01-r1
//   P1 -4x-100G-> HCA node-0001 mlx5_0/P1
//   P33 -4x-100G-> MQM9700 spine-01 P1
//   <blank line>
//
// Every switch-to-switch link appears in both switches' sections, as ibdiagnet writes it. Switch
// ports are IB port numbers (logical port + 1); a node's port k is RDMA device mlx5_k, port 1, which
// is the CVT's default HCA mapping (port,hca-name 1,mlx5_0 2,mlx5_1 ...).
#include <algorithm>
#include <ostream>
#include <vector>

#include "common/atomic_file.h"
#include "common/error.h"
#include "io/export_support.h"
#include "io/formats.h"

namespace fp::io {
namespace {

// IB lane rates: HDR 50G, NDR 100G, XDR 200G per lane (4x ports), from the InfiniBand roadmap.
std::string widthSpeed(int linkGbps)
{
    const int laneGbps = linkGbps >= 800 ? 200 : linkGbps >= 400 ? 100 : linkGbps >= 200 ? 50 : 25;
    const int width = std::max(1, linkGbps / laneGbps);
    return "-" + std::to_string(width) + "x-" + std::to_string(laneGbps) + "G->";
}

// "MQM9700-NS2F" -> "MQM9700": ibdiagnet names the system type without the ordering suffix.
std::string systemType(const std::string& partNumber)
{
    const auto dash = partNumber.find('-');
    std::string t = dash == std::string::npos ? partNumber : partNumber.substr(0, dash);
    return t.empty() ? std::string("SWITCH") : t;
}

struct PortEnd {
    DeviceId sw;          // the switch whose section lists this line
    std::uint16_t port;   // its port
    std::uint32_t link;   // the link
    bool upperEnd;        // true: `sw` is the link's b end
};

class UfmTopologyExporter final : public NamedExporter {
public:
    UfmTopologyExporter() : NamedExporter("ufm-topology", "UFM / ibdiagnet topology (*.topo)", ".topo") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        const Plan& plan = ctx.plan;
        if (plan.spec.fabric != FabricKind::InfiniBand)
            throw UserError("a UFM topology file describes an InfiniBand fabric; this plan is " +
                                std::string(displayName(plan.spec.fabric)),
                            path, "use the NetBox or cable-plan CSV export for Ethernet fabrics");
        reportProgress(ctx, 0.0);
        const Fabric& f = plan.fabric;

        std::vector<PortEnd> ends;
        ends.reserve(f.links.size() * 2);
        for (std::uint32_t i = 0; i < f.links.size(); ++i) {
            const Link& l = f.links[i];
            ends.push_back({l.b, l.bPort, i, true});
            if (f.devices[l.a].tier != Tier::Node) ends.push_back({l.a, l.aPort, i, false});
        }
        std::sort(ends.begin(), ends.end(), [](const PortEnd& x, const PortEnd& y) {
            return x.sw != y.sw ? x.sw < y.sw : x.port < y.port;
        });
        reportProgress(ctx, 0.2);

        // One system type for the file: every tier runs the same switch model today.
        const std::string type = systemType(plan.hardware.switchOf(Tier::Leaf).partNumber);
        const std::string speed = widthSpeed(f.shape.linkGbps);
        writeFileAtomically(path, [&](std::ostream& out) {
            out << "# " << plan.spec.name << ": designed topology written by FabricPlan\n\n";
            ProgressTicker tick(ctx, 0.2, 1.0, ends.size());
            for (std::size_t i = 0; i < ends.size(); ++i) {
                const PortEnd& e = ends[i];
                if (i == 0 || ends[i - 1].sw != e.sw) {
                    if (i) out << '\n';
                    out << type << ' ' << f.deviceName(e.sw) << '\n';
                }
                const Link& l = f.links[e.link];
                const DeviceId peer = e.upperEnd ? l.a : l.b;
                const std::uint16_t peerPort = e.upperEnd ? l.aPort : l.bPort;
                out << 'P' << (e.port + 1) << ' ' << speed << ' ';
                if (f.devices[peer].tier == Tier::Node)
                    out << "HCA " << f.deviceName(peer) << " mlx5_" << peerPort << "/P1\n";
                else
                    out << type << ' ' << f.deviceName(peer) << " P" << (peerPort + 1) << '\n';
                tick.step();
            }
        });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeUfmTopologyExporter() { return std::make_unique<UfmTopologyExporter>(); }

} // namespace fp::io
