// "netbox-devices": every server and switch of the plan as a NetBox device bulk-import CSV
// (Devices > Import). Columns follow NetBox's DeviceImportForm (dcim/forms/bulk_import.py); the
// role, manufacturer, device type, site, location and rack must exist first: the "netbox-bundle"
// export writes them too, and core/io/README.md walks through the import.
#include <ostream>

#include "common/atomic_file.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/netbox_cluster.h"
#include "io/netbox_model.h"

namespace fp::io {
namespace {

class NetboxDevicesExporter final : public NamedExporter {
public:
    NetboxDevicesExporter()
        : NamedExporter("netbox-devices", "NetBox devices import (*.csv)", ".csv") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        if (severalNetworks(ctx)) {  // every network's devices (io/netbox_cluster.h)
            const NetboxCluster cluster(ctx);
            writeFileAtomically(path, [&](std::ostream& out) {
                writeCsvRecord(out, netboxDeviceHeader());
                ProgressTicker tick(ctx, 0.0, 1.0, cluster.deviceCount());
                cluster.forEachDevice([&](const std::vector<std::string>& record) {
                    writeCsvRecord(out, record);
                    tick.step();
                });
            });
            return reportProgress(ctx, 1.0);
        }
        const NetboxModel model(ctx);  // refuses names NetBox or a spreadsheet would misread
        const Fabric& fabric = ctx.plan.fabric;
        writeFileAtomically(path, [&](std::ostream& out) {
            writeCsvRecord(out, netboxDeviceHeader());
            ProgressTicker tick(ctx, 0.0, 1.0, fabric.devices.size());
            for (DeviceId id = 0; id < fabric.devices.size(); ++id) {
                writeCsvRecord(out, netboxDeviceRecord(model, ctx.plan, id));
                tick.step();
            }
        });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeNetboxDevicesExporter() { return std::make_unique<NetboxDevicesExporter>(); }

} // namespace fp::io
