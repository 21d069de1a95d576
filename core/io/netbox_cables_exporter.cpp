// "netbox-cables": the cable plan as one NetBox cable bulk-import CSV (Connections > Cables >
// Import). Columns follow NetBox's CableImportForm (dcim/forms/bulk_import.py), with side_a_site
// and side_b_site so a device name is looked up within this design's site only. Both ends are
// interfaces (dcim.interface) named as the device types of the "netbox-bundle" export name them.
// Large plans exceed NetBox's paste limit: the bundle splits this file into parts.
#include <ostream>

#include "common/atomic_file.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/netbox_cluster.h"
#include "io/netbox_model.h"

namespace fp::io {
namespace {

class NetboxCablesExporter final : public NamedExporter {
public:
    NetboxCablesExporter() : NamedExporter("netbox-cables", "NetBox cables import (*.csv)", ".csv") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        if (severalNetworks(ctx)) {  // every network's cables, the network named (io/netbox_cluster.h)
            const NetboxCluster cluster(ctx);
            writeFileAtomically(path, [&](std::ostream& out) {
                writeCsvRecord(out, netboxCableHeader());
                cluster.forEachCable(0.0, 1.0, [&](const std::vector<std::string>& record) { writeCsvRecord(out, record); });
            });
            return reportProgress(ctx, 1.0);
        }
        const NetboxModel model(ctx);
        writeFileAtomically(path, [&](std::ostream& out) {
            writeCsvRecord(out, netboxCableHeader());
            streamCables(ctx, 0.0, 1.0,
                         [&](const CableRow& c) {
                             for (const auto& record : netboxCableRecords(model, ctx.plan, c)) writeCsvRecord(out, record);
                         });
        });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeNetboxCablesExporter() { return std::make_unique<NetboxCablesExporter>(); }

} // namespace fp::io
