// "netbox-cables": the cable plan as a NetBox cable bulk-import CSV (Connections > Cables > Import).
// Columns follow NetBox's CableImportForm (dcim/forms/bulk_import.py): side_a_device, side_a_type,
// side_a_name, side_b_device, side_b_type, side_b_name, type, status, label, length, length_unit,
// description. Both ends are interfaces (dcim.interface) named as on the faceplate.
#include <ostream>

#include "common/atomic_file.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/netbox_names.h"

namespace fp::io {
namespace {

class NetboxCablesExporter final : public NamedExporter {
public:
    NetboxCablesExporter() : NamedExporter("netbox-cables", "NetBox cables import (*.csv)", ".csv") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        const ClusterSpec& spec = ctx.plan.spec;
        writeFileAtomically(path, [&](std::ostream& out) {
            writeCsvRecord(out, {"side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type",
                                 "side_b_name", "type", "status", "label", "length", "length_unit",
                                 "description"});
            streamCables(ctx, 0.0, 1.0, [&](const CableRow& c) {
                std::string description = c.cablePart;
                if (!c.aModule.empty() || !c.zModule.empty())
                    description += " (modules " + c.aModule + " / " + c.zModule + ")";
                // NetBox terminates a cable on interfaces: a splitter is one record per leg, labelled
                // "<cable>/<leg>", so every link (interface pair) is imported.
                for (std::size_t k = 0; k < c.legs.size(); ++k) {
                    const CableLeg& leg = c.legs[k];
                    const std::string label = c.legs.size() == 1 ? cableId(c.index)
                                                                 : cableId(c.index) + "/" + std::to_string(k + 1);
                    writeCsvRecord(out, {leg.aDevice, "dcim.interface", leg.aPort, leg.zDevice, "dcim.interface",
                                         leg.zPort, netboxCableType(c.media, spec), "planned", label,
                                         formatNumber(c.lengthM, 2), "m", description});
                }
            });
        });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeNetboxCablesExporter() { return std::make_unique<NetboxCablesExporter>(); }

} // namespace fp::io
