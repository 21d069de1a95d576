// "netbox-bundle": one folder that takes an empty NetBox to a documented fabric. Every object the
// devices and cables refer to is exported too, in import order, with a README.txt that lists the
// NetBox page for each file:
//   1-manufacturers.csv, 2-device-roles.csv, 3-device-types/*.yaml (devicetype-library format),
//   4-sites.csv, 5-locations.csv, 6-racks.csv, 7-devices-NNN.csv, 8-cables-NNN.csv.
// Devices and cables are split into parts of at most kNetboxPartBytes, so each part can be pasted
// into NetBox's import box (DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MB by default); each part repeats the
// header and stands alone. Uploading the parts as files, as a background job, works too.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <sstream>

#include "common/format.h"
#include "io/bundle_folder.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/name_safety.h"
#include "io/netbox_cluster.h"
#include "io/netbox_model.h"

namespace fp::io {
namespace {

// Below Django's default DATA_UPLOAD_MAX_MEMORY_SIZE (2,621,440 bytes) with room for the form's
// other fields: a part never trips NetBox's "Request body exceeded" when pasted.
constexpr std::size_t kNetboxPartBytes = 2'000'000;

std::string record(const std::vector<std::string>& fields)
{
    std::ostringstream s;
    writeCsvRecord(s, fields);
    return s.str();
}

// A CSV split into numbered parts of at most kNetboxPartBytes, each with the header.
class PartedCsv {
public:
    PartedCsv(std::string dir, std::string stem, const std::vector<std::string>& header)
        : dir_(std::move(dir)), stem_(std::move(stem)), header_(record(header)) {}
    void add(const std::vector<std::string>& fields)
    {
        const std::string r = record(fields);
        if (!out_.is_open() || bytes_ + r.size() > kNetboxPartBytes) open();
        out_ << r;
        bytes_ += r.size();
    }
    int finish()
    {
        if (!out_.is_open()) open();  // an empty plan still gets a file with the header
        closeBundleFile(out_, dir_, name_);
        return parts_;
    }

private:
    void open()
    {
        if (out_.is_open()) closeBundleFile(out_, dir_, name_);
        char buf[32];
        std::snprintf(buf, sizeof buf, "-%03d.csv", ++parts_);
        name_ = stem_ + buf;
        out_ = openBundleFile(dir_, name_);
        out_ << header_;
        bytes_ = header_.size();
    }
    std::string dir_, stem_, header_, name_;
    std::ofstream out_;
    std::size_t bytes_ = 0;
    int parts_ = 0;
};

// A YAML double-quoted scalar (names were checked for control characters already).
std::string yq(const std::string& s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

void writeDeviceType(const std::string& dir, const NetboxDeviceType& t)
{
    const std::string name = "3-device-types/" + t.slug + ".yaml";
    std::ofstream out = openBundleFile(dir, name);
    out << "---\n"
        << "manufacturer: " << yq(t.manufacturer) << "\n"
        << "model: " << yq(t.model) << "\n"
        << "slug: " << yq(t.slug) << "\n";
    if (!t.partNumber.empty()) out << "part_number: " << yq(t.partNumber) << "\n";
    out << "u_height: " << t.uHeight << "\n"
        << "is_full_depth: true\n"
        << "interfaces:\n";
    for (const NetboxInterface& i : t.interfaces)
        out << "  - name: " << yq(i.name) << "\n    type: " << yq(i.type) << "\n";
    closeBundleFile(out, dir, name);
}

void writeSmallCsv(const std::string& dir, const std::string& name, const std::vector<std::vector<std::string>>& rows)
{
    std::ofstream out = openBundleFile(dir, name);
    for (const auto& r : rows) writeCsvRecord(out, r);
    closeBundleFile(out, dir, name);
}

std::string readme(const NetboxModel& m, int deviceParts, int cableParts)
{
    std::ostringstream s;
    s << "NetBox import bundle written by FabricPlan\n"
      << "Site: " << m.site() << "    device-name prefix: " << (m.prefix().empty() ? "(none)" : m.prefix()) << "\n\n"
      << "Import in this order (NetBox 4.x; each page has an Import button, paste the file or upload it):\n"
      << "  1-manufacturers.csv      Devices > Manufacturers > Import\n"
      << "  2-device-roles.csv       Devices > Device Roles > Import\n"
      << "  3-device-types/*.yaml    Devices > Device Types > Import, format YAML, one file at a time\n"
      << "                           (skip a type NetBox already has with the same interface names)\n"
      << "  4-sites.csv              Organization > Sites > Import\n"
      << "  5-locations.csv          Organization > Locations > Import\n"
      << "  6-racks.csv              Racks > Racks > Import\n"
      << "  7-devices-001.csv ...    Devices > Devices > Import (" << counted(deviceParts, "part") << ")\n"
      << "  8-cables-001.csv ...     Connections > Cables > Import (" << counted(cableParts, "part") << ")\n\n"
      << "Each part is at most " << kNetboxPartBytes << " bytes, below NetBox's default paste limit\n"
      << "(DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MB), and repeats the header. For large parts use the\n"
      << "\"File upload\" tab and tick \"Background job\" (NetBox 4.1+) so the import runs as a job.\n"
      << "Interfaces come from the device types: import the types before the devices.\n";
    return s.str();
}

// Several networks: what the README adds (the naming of io/netbox_cluster.h, in words).
std::string networksNote(const ClusterPlan& c)
{
    std::ostringstream s;
    s << "\nNetworks: " << c.networks.size() << " (";
    for (std::size_t i = 0; i < c.networks.size(); ++i) s << (i ? ", " : "") << c.networks[i].name;
    s << ").\n"
      << "The compute fabric's devices are named as in a compute-only bundle. Every other network's switches are\n"
      << "<prefix><network>-<switch>, in racks <network>-<rack>; a compute node's ports on another network are\n"
      << "interfaces of the node (<network>1, <network>2, ...); other endpoints (storage servers, appliances) are\n"
      << "devices <prefix><network>-<group>-NN with role \"Network endpoint\". Cable labels and descriptions start\n"
      << "with the network's name, as the printed labels do. One device type per model across the networks.\n";
    return s.str();
}

class NetboxBundleExporter final : public NamedExporter {
public:
    NetboxBundleExporter() : NamedExporter("netbox-bundle", "NetBox import bundle (folder)", "") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        // Validates every name first: a refused name writes nothing. Several networks: every network's
        // switches, endpoints and cables, one type per model (io/netbox_cluster.h).
        std::optional<NetboxModel> single;
        std::optional<NetboxCluster> cluster;
        if (severalNetworks(ctx)) cluster.emplace(ctx);
        else single.emplace(ctx);
        const NetboxModel& m = cluster ? cluster->compute() : *single;
        const Plan& plan = ctx.plan;
        writeFolderAtomically(path, [&](const std::string& dir) {
            std::vector<std::vector<std::string>> rows{{"name", "slug"}};
            for (const auto& [name, slug] : cluster ? cluster->manufacturers() : m.manufacturers()) rows.push_back({name, slug});
            writeSmallCsv(dir, "1-manufacturers.csv", rows);

            rows = {{"name", "slug", "color"}};
            for (const NetboxRole& r : cluster ? cluster->roles() : m.roles()) rows.push_back({r.name, r.slug, r.color});
            writeSmallCsv(dir, "2-device-roles.csv", rows);

            std::filesystem::create_directory(std::filesystem::path(dir) / "3-device-types");
            if (cluster) {
                for (const NetboxDeviceType& t : cluster->deviceTypes()) writeDeviceType(dir, t);
            } else {
                if (plan.fabric.nodeCount > 0) writeDeviceType(dir, m.nodeType());
                std::vector<bool> used(m.switchTypes().size(), false);  // a tier the plan does not build has no type
                for (DeviceId id = plan.fabric.nodeCount; id < plan.fabric.devices.size(); ++id)
                    used.at(m.typeIndexOf(id)) = true;
                for (std::size_t t = 0; t < used.size(); ++t)
                    if (used[t]) writeDeviceType(dir, m.switchTypes()[t]);
            }

            writeSmallCsv(dir, "4-sites.csv", {{"name", "slug", "status"}, {m.site(), m.siteSlug(), "planned"}});
            rows = {{"site", "parent", "name", "slug", "status"}};  // LocationImportForm; a parent before its children
            for (const auto& l : cluster ? cluster->locations() : m.locations())
                rows.push_back({m.site(), l.parent, l.name, l.slug, "planned"});
            writeSmallCsv(dir, "5-locations.csv", rows);
            rows = {{"site", "location", "name", "status", "width", "u_height"}};
            for (const auto& r : cluster ? cluster->racks() : m.racks())
                rows.push_back({m.site(), r.location, r.name, "planned", std::to_string(kNetboxRackWidthIn),
                                std::to_string(kNetboxRackUnits)});
            writeSmallCsv(dir, "6-racks.csv", rows);
            reportProgress(ctx, 0.05);

            PartedCsv devices(dir, "7-devices", netboxDeviceHeader());
            if (cluster) {
                ProgressTicker tick(ctx, 0.05, 0.2, cluster->deviceCount());
                cluster->forEachDevice([&](const std::vector<std::string>& record) {
                    devices.add(record);
                    tick.step();
                });
            } else {
                ProgressTicker tick(ctx, 0.05, 0.2, plan.fabric.devices.size());
                for (DeviceId id = 0; id < plan.fabric.devices.size(); ++id) {
                    devices.add(netboxDeviceRecord(m, plan, id));
                    tick.step();
                }
            }
            const int deviceParts = devices.finish();

            PartedCsv cables(dir, "8-cables", netboxCableHeader());
            if (cluster)
                cluster->forEachCable(0.2, 1.0, [&](const std::vector<std::string>& record) { cables.add(record); });
            else
                streamCables(ctx, 0.2, 1.0, [&](const CableRow& c) {
                    for (auto& record : netboxCableRecords(m, plan, c)) cables.add(record);
                });
            const int cableParts = cables.finish();

            std::ofstream out = openBundleFile(dir, "README.txt");
            out << readme(m, deviceParts, cableParts);
            if (cluster) out << networksNote(*ctx.cluster);
            closeBundleFile(out, dir, "README.txt");
        });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeNetboxBundleExporter() { return std::make_unique<NetboxBundleExporter>(); }

} // namespace fp::io
