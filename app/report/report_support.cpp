#include "report/report_support.h"

#include <cmath>
#include <filesystem>

#include <QImage>

#include "common/atomic_file.h"
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
    const double a = std::fabs(value);
    if (a >= 1e9) return QStringLiteral("$%1 B").arg(value / 1e9, 0, 'f', 2);
    if (a >= 1e6) return QStringLiteral("$%1 M").arg(value / 1e6, 0, 'f', a >= 1e8 ? 0 : (a >= 1e7 ? 1 : 2));
    if (a >= 1e3) return QStringLiteral("$%1 k").arg(value / 1e3, 0, 'f', 0);
    return QStringLiteral("$%1").arg(value, 0, 'f', 0);
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
