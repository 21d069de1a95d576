// The lossless RoCE configuration exporters (io/lossless_config.h): SONiC config_db JSON, Cumulus NVUE
// commands and the NIC-side script, all from the plan's lossless analysis (core/lossless).
#include "common/atomic_file.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/lossless_config.h"

namespace fp::io {
namespace {

class SonicLosslessExporter final : public NamedExporter {
public:
    SonicLosslessExporter() : NamedExporter("sonic-lossless", "SONiC lossless RoCE config_db per tier (*.json)", ".json") {}
    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        const nlohmann::json doc = sonicLosslessConfig(ctx.plan);
        reportProgress(ctx, 0.5);
        writeFileAtomically(path, [&](std::ostream& out) { out << doc.dump(2) << '\n'; });
        reportProgress(ctx, 1.0);
    }
};

class LinesExporter final : public NamedExporter {
public:
    using Lines = std::vector<std::string> (*)(const Plan&);
    LinesExporter(std::string id, std::string name, std::string ext, Lines lines)
        : NamedExporter(std::move(id), std::move(name), std::move(ext)), lines_(lines) {}
    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        const std::vector<std::string> lines = lines_(ctx.plan);
        reportProgress(ctx, 0.5);
        writeFileAtomically(path, [&](std::ostream& out) {
            for (const std::string& l : lines) out << l << '\n';
        });
        reportProgress(ctx, 1.0);
    }

private:
    Lines lines_;
};

} // namespace

std::unique_ptr<Exporter> makeSonicLosslessExporter() { return std::make_unique<SonicLosslessExporter>(); }
std::unique_ptr<Exporter> makeNvueLosslessExporter()
{
    return std::make_unique<LinesExporter>("nvue-lossless", "Cumulus NVUE lossless RoCE commands (*.txt)", ".txt",
                                           &nvueLosslessLines);
}
std::unique_ptr<Exporter> makeNicLosslessExporter()
{
    return std::make_unique<LinesExporter>("nic-lossless", "RoCE NIC settings script (*.sh)", ".sh", &nicLosslessLines);
}

} // namespace fp::io
