// "ibdm-topology": the designed InfiniBand fabric for Debian's ibutils (ibdm 1.5.7), as a folder:
//   topology.topo       the IBDM topology file (man ibdm-topo-file), one section per switch:
//                           MQM9700 leaf-su01-r1
//                             P1 -4x-> FabricPlanHost8 node-0001 osfp1/1
//                             P33 -4x-> MQM9700 spine-01 P1
//   ibnl/<TYPE>.ibnl    an IBNL system definition (man ibdm-ibnl-file) for the switch type and the
//                       host type the file uses, so `ibdmchk -t` knows every system;
//   README.txt          the command that checks it.
// What ibdm 1.5.7's parser demands, and why the lines look as they do: port lines are indented
// (an unindented line is ignored with a warning); the speed is left out (it knows 2.5G/5G/10G
// only); SW, CA and HCA are reserved words, so hosts get their own system type, one CA node per
// NIC with one port per plane, named as the cable plan names it (Fabric::portName). Switch ports are IB port numbers
// (logical port + 1). Every switch-to-switch link appears in both sections; host links once.
// NVIDIA's UFM and cable-validation tools are not public, so nothing here claims to suit them.
#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <vector>

#include "common/error.h"
#include "io/bundle_folder.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/name_safety.h"

namespace fp::io {
namespace {

// "-4x->" for 4-lane ports (NDR 4 x 100G, HDR 4 x 50G, XDR 4 x 200G), else a bare "->": IBNL
// widths are 4x, 8x or 12x only.
std::string arrow(int linkGbps)
{
    const int laneGbps = linkGbps >= 800 ? 200 : linkGbps >= 400 ? 100 : linkGbps >= 200 ? 50 : 25;
    return linkGbps / laneGbps == 4 ? "-4x->" : "->";
}

// An IBNL NAME ([][\*/A-Za-z0-9_.:%@~]+) from a part number: "MQM9700-NS2F" -> "MQM9700"
// (ibdiagnet names the system without its ordering suffix); other characters become '_'. A name
// starting with a digit would lex as an INT ("900-9X81E-00EX-DT0"), so such parts keep their whole
// number behind a 'P': "P900_9X81E_00EX_DT0".
std::string systemType(const std::string& partNumber, const char* fallback)
{
    std::string base = partNumber.substr(0, partNumber.find('-'));
    const bool digitFirst = !base.empty() && std::isdigit(static_cast<unsigned char>(base[0]));
    if (digitFirst) base = "P" + partNumber;
    std::string t;
    for (unsigned char c : base) t += (std::isalnum(c) && c < 0x80) || c == '_' || c == '.' ? char(c) : '_';
    if (t.empty() || t == "SW" || t == "CA" || t == "HCA") return fallback;
    return t;
}

struct PortEnd {
    DeviceId sw;          // the switch whose section lists this line
    std::uint16_t port;   // its port
    std::uint32_t link;   // the link
    bool upperEnd;        // true: `sw` is the link's b end
};

class IbdmTopologyExporter final : public NamedExporter {
public:
    IbdmTopologyExporter() : NamedExporter("ibdm-topology", "InfiniBand topology for ibdmchk (folder)", "") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        const Plan& plan = ctx.plan;
        if (plan.spec.fabric != FabricKind::InfiniBand)
            throw UserError("an IBDM topology describes an InfiniBand fabric; this plan is " +
                                std::string(displayName(plan.spec.fabric)),
                            path, "use the NetBox bundle or the cable-plan CSV for Ethernet fabrics");
        reportProgress(ctx, 0.0);
        const Fabric& f = plan.fabric;
        const int planes = std::max(1, f.shape.linksPerNic());  // ports of one NIC (CA)

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

        // One system type per switch model (per-tier switches), with that model's ports at the link speed.
        std::vector<std::string> swTypes;
        std::vector<int> swPorts;
        for (const SwitchModel& m : plan.hardware.switches) {
            swTypes.push_back(systemType(m.partNumber, "FabricPlanSwitch"));
            const int ports = m.portsAt(f.shape.linkGbps);
            swPorts.push_back(ports > 0 ? ports : f.shape.switchPorts);
        }
        auto swType = [&](DeviceId d) -> const std::string& { return swTypes.at(f.devices[d].model); };
        const std::string nicType = systemType(plan.hardware.nic.partNumber, "FabricPlanNic");
        std::string hostType = "FabricPlanHost" + std::to_string(f.nicsPerNode);
        if (planes > 1) hostType += "x" + std::to_string(planes);
        // Each class's link width at its own speed (host links at the NIC's, the others at the fabric's).
        std::array<std::string, kLinkClassCount> linkOfClass;
        for (int c = 0; c < kLinkClassCount; ++c) linkOfClass[std::size_t(c)] = arrow(f.shape.gbpsOf(LinkClass(c)));

        writeFolderAtomically(path, [&](const std::string& dir) {
            std::filesystem::create_directory(std::filesystem::path(dir) / "ibnl");
            for (std::size_t m = 0; m < swTypes.size(); ++m) {
                if (std::find(swTypes.begin(), swTypes.begin() + long(m), swTypes[m]) != swTypes.begin() + long(m)) continue;
                std::ofstream sw = openBundleFile(dir, "ibnl/" + swTypes[m] + ".ibnl");
                sw << "TOPSYSTEM " << swTypes[m] << "\n\nNODE SW " << swPorts[m] << ' ' << swTypes[m] << " U1\n";
                for (int p = 1; p <= swPorts[m]; ++p) sw << "    " << p << " -> P" << p << "\n";
                closeBundleFile(sw, dir, "ibnl/" + swTypes[m] + ".ibnl");
            }

            std::ofstream host = openBundleFile(dir, "ibnl/" + hostType + ".ibnl");
            host << "TOPSYSTEM " << hostType << "\n";
            for (int n = 0; n < f.nicsPerNode; ++n) {
                host << "\nNODE CA " << planes << ' ' << nicType << " U" << (n + 1) << "\n";
                // System ports carry the faceplate names of the cable plan (Fabric::portName): "osfp3/2"
                // behind a DGX's shared cages, "nic3" or "nic3/p2" on a server with NIC cards.
                for (int p = 1; p <= planes; ++p)
                    host << "    " << p << " -> " << f.portName(0, std::uint16_t(n * planes + p - 1)) << "\n";
            }
            closeBundleFile(host, dir, "ibnl/" + hostType + ".ibnl");

            std::ofstream out = openBundleFile(dir, "topology.topo");
            // The design name is free text: in a comment, with control characters escaped, so a
            // newline in it can never start a line the parser would read.
            out << "# " << escapeControlChars(plan.spec.name) << ": designed topology written by FabricPlan\n\n";
            ProgressTicker tick(ctx, 0.2, 1.0, ends.size());
            for (std::size_t i = 0; i < ends.size(); ++i) {
                const PortEnd& e = ends[i];
                if (i == 0 || ends[i - 1].sw != e.sw) {
                    if (i) out << '\n';
                    out << swType(e.sw) << ' ' << f.deviceName(e.sw) << '\n';
                }
                const Link& l = f.links[e.link];
                const DeviceId peer = e.upperEnd ? l.a : l.b;
                const std::uint16_t peerPort = e.upperEnd ? l.aPort : l.bPort;
                out << "    P" << (e.port + 1) << ' ' << linkOfClass[std::size_t(l.cls)] << ' ';
                if (f.devices[peer].tier == Tier::Node)
                    out << hostType << ' ' << f.deviceName(peer) << ' ' << f.portName(peer, peerPort) << '\n';
                else
                    out << swType(peer) << ' ' << f.deviceName(peer) << " P" << (peerPort + 1) << '\n';
                tick.step();
            }
            out << '\n';
            closeBundleFile(out, dir, "topology.topo");

            std::ofstream readme = openBundleFile(dir, "README.txt");
            readme << "InfiniBand topology written by FabricPlan for ibutils' ibdm (Debian package ibutils).\n"
                   << "Check it (cluster design mode; the SM node is any host's first HCA):\n"
                   << "  IBDM_IBNL_PATH=$PWD/ibnl ibdmchk -t topology.topo -n "
                   << (f.nodeCount ? f.deviceName(0) : std::string("HOST")) << "/U1 -p 1\n"
                   << "Host ports carry the cable plan's faceplate names (osfp<cage>/<leg> behind a DGX's shared\n"
                   << "cages, nic<n> or nic<n>/p<k> on a server with NIC cards); NIC n is HCA U<n> of the host\n"
                   << "system. Switch ports P<n> are IB port numbers.\n";
            closeBundleFile(readme, dir, "README.txt");
        });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeIbdmTopologyExporter() { return std::make_unique<IbdmTopologyExporter>(); }

} // namespace fp::io
