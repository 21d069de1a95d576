#include "report/report_support.h"

#include <cmath>
#include <filesystem>

#include <QImage>

#include "common/atomic_file.h"
#include "common/format.h"
#include "common/error.h"

namespace fp::report {

QString groupedNumber(double value, int decimals)
{
    // The shared rules (common/format.h), so the report rounds as the window and the CLI do.
    if (decimals > 0) return qs(formatDecimals(value, decimals));  // one or two
    if (!std::isfinite(value)) return QStringLiteral("n/a");
    return qs(withThousands(std::llround(value)));
}

QString usd(double value)
{
    return value < 0 ? QStringLiteral("-$") + groupedNumber(-value) : QStringLiteral("$") + groupedNumber(value);
}

QString usdCompact(double value)
{
    return QString::fromStdString(formatUsdShort(value));  // the shared rule (common/format.h)
}

void requireTargetFolder(const std::string& path)
{
    if (path.empty()) throw UserError("no output file given", "", "give a file name");
    std::filesystem::path folder = std::filesystem::path(path).parent_path();
    if (folder.empty()) folder = ".";
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec))
        throw UserError("the folder " + folder.string() + " does not exist", path,
                        "create the folder first or choose another location");
}

void saveImageAtomically(const QImage& image, const std::string& path)
{
    requireTargetFolder(path);
    replaceFileAtomically(path, [&](const std::string& tmp) {
        if (!image.save(QString::fromStdString(tmp), "PNG"))
            throw UserError("cannot write the PNG image", path, "check that the folder is writable and the disk is not full");
    });
}

} // namespace fp::report
