#include "report/report_exporters.h"

#include "report/report.h"

namespace fp::report {
namespace {

// One adapter for all four: they differ only in their names and the report function they call.
class ReportExporter : public io::Exporter {
public:
    using Write = void (*)(const io::ExportContext&, const std::string& path);
    ReportExporter(std::string id, std::string name, std::string extension, Write write)
        : m_id(std::move(id)), m_name(std::move(name)), m_extension(std::move(extension)), m_write(write)
    {
    }
    std::string id() const override { return m_id; }
    std::string name() const override { return m_name; }
    std::string extension() const override { return m_extension; }
    void write(const io::ExportContext& ctx, const std::string& path) const override { m_write(ctx, path); }

private:
    std::string m_id, m_name, m_extension;
    Write m_write;
};

} // namespace

const std::vector<std::unique_ptr<io::Exporter>>& reportExporters()
{
    static const std::vector<std::unique_ptr<io::Exporter>> all = [] {
        std::vector<std::unique_ptr<io::Exporter>> v;
        v.push_back(std::make_unique<ReportExporter>(
            "pdf", "PDF report (*.pdf)", ".pdf", [](const io::ExportContext& ctx, const std::string& path) {
                writePdfReport(ctx.plan, ctx.catalog, ctx.comparison, path, ctx.progress, ctx.cluster, ctx.explorerFront);
            }));
        v.push_back(std::make_unique<ReportExporter>(
            "topology-png", "Topology diagram (*.png)", ".png",
            [](const io::ExportContext& ctx, const std::string& path) { writeTopologyPng(ctx.plan, path); }));
        v.push_back(std::make_unique<ReportExporter>(
            "floor-png", "Floor plan (*.png)", ".png",
            [](const io::ExportContext& ctx, const std::string& path) { writeFloorPng(ctx.plan, path); }));
        v.push_back(std::make_unique<ReportExporter>(
            "floor-svg", "Floor plan (*.svg)", ".svg",
            [](const io::ExportContext& ctx, const std::string& path) { writeFloorSvg(ctx.plan, path); }));
        return v;
    }();
    return all;
}

const io::Exporter* findReportExporter(const std::string& id)
{
    for (const auto& e : reportExporters())
        if (e->id() == id) return e.get();
    return nullptr;
}

} // namespace fp::report
