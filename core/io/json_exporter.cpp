// "json": the plan JSON. The lead owns its shape (plan/cluster_plan_json.h, clusterPlanToJson: planToJson
// for a compute-only design, plus networks[] and total with other networks); this exporter only writes
// it atomically, pretty-printed, so the CLI's --json, --export json= and the Export menu give the same bytes.
#include <ostream>

#include <nlohmann/json.hpp>

#include "common/atomic_file.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/json_output.h"
#include "plan/cluster_plan_json.h"
#include "plan/plan_json.h"

namespace fp::io {
namespace {

class JsonExporter final : public NamedExporter {
public:
    JsonExporter() : NamedExporter("json", "Plan (*.json)", ".json") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        const ClusterPlan* cluster = severalNetworks(ctx);
        const nlohmann::json doc = cluster ? clusterPlanToJson(*cluster) : planToJson(ctx.plan);
        reportProgress(ctx, 0.5);
        writeFileAtomically(path, [&](std::ostream& out) { out << jsonDocumentText(doc); });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeJsonExporter() { return std::make_unique<JsonExporter>(); }

} // namespace fp::io
