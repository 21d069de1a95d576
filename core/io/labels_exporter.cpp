// "labels": printable cable labels, one CSV record per cable END (two per cable), ready for the
// mail-merge of label-printer software (Brady Workstation, P-touch Editor, ...). Each end's label
// names the cable, this end and the far end, so a technician holding either end knows both. A splitter
// gets one label at its single end (naming every leg) and one at each leg ("-A1", "-A2", ...).
// Label software merges from spreadsheets, so formula-looking cells are neutralised (name_safety.h).
#include <ostream>

#include "common/atomic_file.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/name_safety.h"

namespace fp::io {
namespace {

// Each field is one printed line: the spreadsheet cell rule (name_safety.h) prints a control character
// (a newline in a catalog name) as \xNN, never as an extra line.
void writeLabel(std::ostream& out, const std::vector<std::string>& fields) { writeSpreadsheetCsvRecord(out, fields); }

class LabelsExporter final : public NamedExporter {
public:
    LabelsExporter() : NamedExporter("labels", "Cable labels (*.csv)", ".csv") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        writeFileAtomically(path, [&](std::ostream& out) {
            if (ctx.options.csvUtf8Bom) out << kUtf8Bom;
            writeSpreadsheetCsvRecord(out, {"label_id", "cable_id", "end", "line1", "line2", "line3", "rack"});
            streamCables(ctx, 0.0, 1.0, [&](const CableRow& c) {
                const std::string id = cableId(c.index);
                const std::string line1 = id + "  " + c.media + " " + formatNumber(c.lengthM, 1) + " m";
                if (c.legs.size() <= 1) {
                    const std::string aEnd = c.aDevice + " " + c.aPort;
                    const std::string zEnd = c.zDevice + " " + c.zPort;
                    writeLabel(out, {id + "-A", id, "A", line1, aEnd, "to " + zEnd, c.aRack});
                    writeLabel(out, {id + "-Z", id, "Z", line1, zEnd, "to " + aEnd, c.zRack});
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
                    writeLabel(out, {id + "-A" + n, id, "A" + n, line1, leg.aDevice + " " + leg.aPort,
                                         "to " + leg.zDevice + " " + leg.zPort, leg.aRack});
                }
                writeLabel(out, {id + "-Z", id, "Z", line1, c.zDevice + " " + zPorts, "to " + aEnds, c.zRack});
            });
        });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeLabelsExporter() { return std::make_unique<LabelsExporter>(); }

} // namespace fp::io
