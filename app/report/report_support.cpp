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
    const bool negative = value < 0;
    const double scale = std::pow(10.0, decimals);
    const double rounded = std::round(std::fabs(value) * scale);
    const auto whole = static_cast<long long>(std::floor(rounded / scale));
    QString digits = QString::number(whole);
    for (int i = int(digits.size()) - 3; i > 0; i -= 3) digits.insert(i, QLatin1Char(','));
    if (decimals > 0) {
        const auto frac = static_cast<long long>(rounded - double(whole) * scale);
        digits += QLatin1Char('.') + QString::number(frac).rightJustified(decimals, QLatin1Char('0'));
    }
    return (negative && rounded != 0 ? QStringLiteral("-") : QString()) + digits;
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
