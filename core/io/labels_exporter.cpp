// "labels": printable cable labels, one CSV record per cable END (two per cable), ready for the
// mail-merge of label-printer software (Brady Workstation, P-touch Editor, ...). Each end's label
// names the cable, this end and the far end, so a technician holding either end knows both. A splitter
// gets one label at its single end (naming every leg) and one at each leg ("-A1", "-A2", ...).
// Label software merges from spreadsheets, so formula-looking cells are neutralised (name_safety.h).
// Several networks: a first `network` column, and the network's name on every label (writeLabels).
#include <ostream>

#include "common/atomic_file.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/name_safety.h"
#include "plan/cluster_plan.h"

namespace fp::io {
namespace {

// Each field is one printed line: the spreadsheet cell rule (name_safety.h) prints a control character
// (a newline in a catalog name) as \xNN, never as an extra line.
void writeLabel(std::ostream& out, const std::vector<std::string>& fields) { writeSpreadsheetCsvRecord(out, fields); }

// The labels of one plan's cables. `network` (several networks) is the first column and starts the
// label id and the first printed line, so a cable of the storage network never reads like the compute
// fabric's cable of the same number (ids restart per network).
void writeLabels(std::ostream& out, const ExportContext& ctx, const std::string& network, double from, double to)
{
    std::vector<std::string> lead;
    if (!network.empty()) lead.push_back(network);
    const std::string tag = network.empty() ? std::string() : network + " ";
    const auto label = [&](std::vector<std::string> fields) {
        fields.insert(fields.begin(), lead.begin(), lead.end());
        writeLabel(out, fields);
    };
    streamCables(ctx, from, to, [&](const CableRow& c) {
        const std::string id = cableId(c.index);
        const std::string line1 = tag + id + "  " + c.media + " " + formatNumber(c.lengthM, 1) + " m";
        if (c.legs.size() <= 1) {
            const std::string aEnd = c.aDevice + " " + c.aPort;
            const std::string zEnd = c.zDevice + " " + c.zPort;
            label({tag + id + "-A", id, "A", line1, aEnd, "to " + zEnd, c.aRack});
            label({tag + id + "-Z", id, "Z", line1, zEnd, "to " + aEnd, c.zRack});
            return;
        }
        std::string zPorts, aEnds;
        for (const CableLeg& leg : c.legs) {
            zPorts += (zPorts.empty() ? "" : "+") + leg.zPort;
            aEnds += (aEnds.empty() ? "" : ", ") + leg.aDevice + " " + leg.aPort;
        }
        for (std::size_t k = 0; k < c.legs.size(); ++k) {
            const CableLeg& leg = c.legs[k];
            const std::string n = std::to_string(k + 1);
            label({tag + id + "-A" + n, id, "A" + n, line1, leg.aDevice + " " + leg.aPort,
                   "to " + leg.zDevice + " " + leg.zPort, leg.aRack});
        }
        label({tag + id + "-Z", id, "Z", line1, c.zDevice + " " + zPorts, "to " + aEnds, c.zRack});
    });
}

class LabelsExporter final : public NamedExporter {
public:
    LabelsExporter() : NamedExporter("labels", "Cable labels (*.csv)", ".csv") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        const ClusterPlan* cluster = severalNetworks(ctx);
        writeFileAtomically(path, [&](std::ostream& out) {
            if (ctx.options.csvUtf8Bom) out << kUtf8Bom;
            if (!cluster) {
                writeSpreadsheetCsvRecord(out, {"label_id", "cable_id", "end", "line1", "line2", "line3", "rack"});
                return writeLabels(out, ctx, {}, 0.0, 1.0);
            }
            writeSpreadsheetCsvRecord(out, {"network", "label_id", "cable_id", "end", "line1", "line2", "line3", "rack"});
            const double step = 1.0 / double(cluster->networks.size());
            for (std::size_t i = 0; i < cluster->networks.size(); ++i) {
                const NetworkPlan& n = cluster->networks[i];
                const ExportContext own{n.plan, ctx.catalog, nullptr, ctx.progress, ctx.options};
                writeLabels(out, own, n.name, step * double(i), step * double(i + 1));
            }
        });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeLabelsExporter() { return std::make_unique<LabelsExporter>(); }

} // namespace fp::io
