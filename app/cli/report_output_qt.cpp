#include "report_output.h"

#include <cstdlib>
#include <iostream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include <QGuiApplication>

#include "args.h"
#include "common/user_text.h"
#include "report/report_exporters.h"

namespace fp::cli {
namespace {

QGuiApplication*& guiApplication()
{
    static QGuiApplication* app = nullptr;
    return app;
}

void ensureGuiApplication()
{
    if (QCoreApplication::instance()) return;
    // The CLI never shows a window: render offscreen unless the user chose a platform.
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    if (!std::getenv("XDG_RUNTIME_DIR")) {  // headless sessions often lack one; Qt warns without it
        const std::string dir = "/tmp/fabricplan-runtime-" + std::to_string(::getuid());
        ::mkdir(dir.c_str(), 0700);
        setenv("XDG_RUNTIME_DIR", dir.c_str(), 1);
    }
    static int argc = 1;
    static char name[] = "fabricplan-cli";
    static char* argv[] = {name, nullptr};
    guiApplication() = new QGuiApplication(argc, argv);
}

} // namespace

void shutdownReportOutput()
{
    delete guiApplication();
    guiApplication() = nullptr;
}

void writeReportOutput(const std::string& kind, const Plan& plan, const Catalog& catalog, const Comparison* comparison,
                       const std::string& path, const ClusterPlan* cluster)
{
    const io::Exporter* exporter = report::findReportExporter(kind);
    if (!exporter) throw UsageError{"unknown report output " + quotedText(kind)};
    ensureGuiApplication();
    io::ExportContext ctx{plan, catalog, comparison, {}};
    ctx.cluster = cluster;
    exporter->write(ctx, path);  // the caller says "wrote"
}

bool isReportOutput(const std::string& kind) { return report::findReportExporter(kind) != nullptr; }

std::vector<const io::Exporter*> reportExporters()
{
    std::vector<const io::Exporter*> out;
    for (const auto& e : report::reportExporters()) out.push_back(e.get());
    return out;
}

} // namespace fp::cli
