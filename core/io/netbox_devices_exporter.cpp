// "netbox-devices": every server and switch of the plan as a NetBox device bulk-import CSV
// (Devices > Import). Columns follow NetBox's DeviceImportForm (dcim/forms/bulk_import.py):
// name, role, manufacturer, device_type, status, site, rack, description. Role, manufacturer,
// device type, site and racks are matched by name and must exist before the import
// (core/io/README.md lists what to create first).
#include <ostream>

#include "common/atomic_file.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/netbox_names.h"

namespace fp::io {
namespace {

class NetboxDevicesExporter final : public NamedExporter {
public:
    NetboxDevicesExporter()
        : NamedExporter("netbox-devices", "NetBox devices import (*.csv)", ".csv") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        const Plan& plan = ctx.plan;
        const Fabric& fabric = plan.fabric;
        writeFileAtomically(path, [&](std::ostream& out) {
            writeCsvRecord(out, {"name", "role", "manufacturer", "device_type", "status", "site", "rack",
                                 "description"});
            ProgressTicker tick(ctx, 0.0, 1.0, fabric.devices.size());
            for (DeviceId id = 0; id < fabric.devices.size(); ++id) {
                const Device& d = fabric.devices[id];
                const bool node = d.tier == Tier::Node;
                writeCsvRecord(out, {fabric.deviceName(id), netboxRole(d.tier),
                                     node ? std::string(kNetboxNodeManufacturer) : plan.hardware.switchModel(d.model).vendor,
                                     node ? netboxNodeType(plan.spec) : plan.hardware.switchModel(d.model).partNumber,
                                     "planned", netboxSite(plan.spec), rackName(plan, id),
                                     deviceDescription(d)});
                tick.step();
            }
        });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeNetboxDevicesExporter() { return std::make_unique<NetboxDevicesExporter>(); }

} // namespace fp::io
