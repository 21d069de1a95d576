#include "io/cluster_csv.h"

#include <ostream>

#include "bom/bom.h"
#include "common/atomic_file.h"
#include "io/export_support.h"
#include "io/name_safety.h"

namespace fp::io {

void writeClusterBomCsv(const ClusterPlan& c, const std::string& path, bool utf8Bom)
{
    writeFileAtomically(path, [&](std::ostream& out) {
        if (utf8Bom) out << kUtf8Bom;
        writeSpreadsheetCsvRecord(out, {"network", "category", "part", "vendor", "description", "qty", "unit_price_usd",
                                        "extended_price_usd", "unit_power_w", "extended_power_w", "price_source",
                                        "price_estimated", "datasheet_source", "used_for", "lead_time_days",
                                 "unit_power_max_w", "extended_power_max_w"});
        for (const NetworkPlan& n : c.networks)
            for (const BomLine& l : n.plan.bom.lines)
                writeSpreadsheetCsvRecord(out, {n.name, toString(l.category), l.part, l.vendor, l.description,
                                                std::to_string(l.qty), formatNumber(l.unitPriceUsd),
                                                formatNumber(l.extendedUsd), formatNumber(l.unitPowerW),
                                                formatNumber(l.extendedPowerW), l.priceSource,
                                                l.priceEstimated ? "yes" : "no", l.source, l.usedFor,
                                                l.leadTimeDays > 0 ? std::to_string(l.leadTimeDays) : std::string(),
                                     formatNumber(l.unitPowerMaxW), formatNumber(l.extendedPowerMaxW)});
    });
}

void writeClusterCablesCsv(const ClusterPlan& c, const std::string& path, bool utf8Bom)
{
    writeFileAtomically(path, [&](std::ostream& out) {
        if (utf8Bom) out << kUtf8Bom;
        writeSpreadsheetCsvRecord(out, {"network", "cable_id", "label", "link_class", "a_device", "a_port", "a_rack",
                                        "z_device", "z_port", "z_rack", "media", "cable_part", "a_module",
                                        "z_module", "length_m", "a_hall", "z_hall"});
        for (const NetworkPlan& n : c.networks) {
            const Plan& p = n.plan;
            bom::forEachCable(p.fabric, p.layout, p.media, [&](const CableRow& r) {
                writeSpreadsheetCsvRecord(out, {n.name, cableId(r.index), n.name + " " + r.label, toString(r.cls),
                                                r.aDevice, r.aPort, r.aRack, r.zDevice, r.zPort, r.zRack, r.media,
                                                r.cablePart, r.aModule, r.zModule, formatNumber(r.lengthM, 1), r.aHall,
                                                r.zHall});
                return true;
            });
        }
    });
}

} // namespace fp::io
