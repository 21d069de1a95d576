// Placeholder so the tree links; the real writer follows.
#include "common/error.h"
#include "io/export_support.h"
#include "io/formats.h"

namespace fp::io {
namespace {
class JsonExporter final : public NamedExporter {
public:
    JsonExporter() : NamedExporter("json", "Plan (*.json)", ".json") {}
    void write(const ExportContext&, const std::string& path) const override
    {
        throw UserError("this export format is not implemented yet", path);
    }
};
} // namespace
std::unique_ptr<Exporter> makeJsonExporter() { return std::make_unique<JsonExporter>(); }
} // namespace fp::io
