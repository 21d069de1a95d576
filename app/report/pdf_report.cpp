// writePdfReport: runs the pages in order into a temporary file beside the target, reporting
// progress after each page, then renames it into place.
#include <algorithm>
#include <fstream>

#include "common/atomic_file.h"
#include "common/error.h"
#include "common/paths.h"
#include "io/exporter.h"
#include "report/pdf_pages.h"
#include "report/report.h"
#include "report/report_support.h"

namespace fp::report {
namespace {

void requireCompletePdf(const std::string& tmp, const std::string& path)
{
    std::ifstream in(tmp, std::ios::binary | std::ios::ate);
    const std::streamoff size = in ? std::streamoff(in.tellg()) : -1;
    std::string tail(std::size_t(std::min<std::streamoff>(std::max<std::streamoff>(size, 0), 1024)), '\0');
    if (size > 0) {
        in.seekg(size - std::streamoff(tail.size()));
        in.read(tail.data(), std::streamsize(tail.size()));
    }
    if (size <= 0 || !in || tail.find("%%EOF") == std::string::npos)
        throw UserError("writing the PDF failed: the file is incomplete (is the disk full?)", path,
                        "free some space and try again");
}

} // namespace

void writePdfReport(const Plan& plan, const Catalog&, const Comparison* comparison, const std::string& path,
                    const std::function<bool(double)>& progress, const ClusterPlan* cluster,
                    const io::ReportTable* explorerFront)
{
    requireTargetFolder(path);
    const auto step = [&](double fraction) {
        if (progress && !progress(fraction)) throw io::ExportCancelled{};
    };
    step(0.0);
    replaceFileAtomically(path, [&](const std::string& tmp) {
        PdfDocument doc(QString::fromStdString(tmp), QStringLiteral("FabricPlan — ") + qs(plan.spec.name),
                        QStringLiteral("FabricPlan %1 — %2").arg(qs(versionString()), qs(plan.spec.name)));
        writeSummaryPage(doc, plan);
        if (cluster && cluster->networks.size() > 1) writeNetworksPage(doc, *cluster);
        step(0.2);
        writeTopologyPage(doc, plan);
        step(0.4);
        writeBomPage(doc, plan);
        step(0.6);
        writeComparisonPage(doc, comparison);
        if (explorerFront) writeTablePage(doc, *explorerFront);
        step(0.8);
        writeChecksPage(doc, plan);
        writeResiliencePage(doc, plan);
        writeTuningPage(doc, plan);
        doc.finish();
        // QPainter::end() does not report write errors (a full disk left a 0-byte or cut report): a
        // complete PDF ends with its %%EOF trailer.
        requireCompletePdf(tmp, path);
    });
    if (progress) progress(1.0);  // the file is in place: too late to cancel
}

} // namespace fp::report
