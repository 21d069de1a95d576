// writeTopologyPng, writeFloorPng, writeFloorSvg: the diagrams as stand-alone files.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>
#include <QSvgRenderer>

#include "common/atomic_file.h"
#include "common/error.h"
#include "io/svg_text.h"
#include "report/floor_picture.h"
#include "report/report.h"
#include "report/report_support.h"
#include "report/topology_picture.h"

namespace fp::report {
namespace {

constexpr const char* kTitlePlaceholder = "FabricPlanFloorTitle7c1e";

// Past this a PNG is hundreds of megabytes of RAM; the SVG is the format for poster prints.
constexpr int kMaxImageSidePx = 16000;

int checkedWidth(int widthPx, const std::string& path)
{
    if (widthPx < 200 || widthPx > kMaxImageSidePx)
        throw UserError("image width " + std::to_string(widthPx) + " px is outside 200.." +
                            std::to_string(kMaxImageSidePx),
                        path, "choose a width between 200 and 16000 pixels");
    return widthPx;
}

QImage whiteImage(int widthPx, double heightPx)
{
    const int h = std::clamp(int(std::ceil(heightPx)), 1, kMaxImageSidePx);
    QImage image(widthPx, h, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    return image;
}

} // namespace

void writeTopologyPng(const Plan& plan, const std::string& path, int widthPx)
{
    requireTargetFolder(path);
    checkedWidth(widthPx, path);
    const QByteArray svg = topologySvg(plan);
    QSvgRenderer renderer(svg);
    QSizeF size = renderer.viewBoxF().size();
    if (size.isEmpty()) size = QSizeF(4, 3);
    QImage image = whiteImage(widthPx, widthPx * size.height() / size.width());
    {
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setRenderHint(QPainter::TextAntialiasing, true);
        paintSvgFitted(p, svg, QRectF(0, 0, image.width(), image.height()));
    }
    saveImageAtomically(image, path);
}

void writeFloorPng(const Plan& plan, const std::string& path, int widthPx)
{
    requireTargetFolder(path);
    checkedWidth(widthPx, path);
    // A margin so the labels do not touch the image border.
    const double margin = widthPx * 0.02;
    const double inner = widthPx - 2 * margin;
    QImage image = whiteImage(widthPx, floorPictureHeight(plan, inner) + 2 * margin);
    {
        QPainter p(&image);
        p.setRenderHint(QPainter::TextAntialiasing, true);
        paintFloor(p, QRectF(margin, margin, inner, image.height() - 2 * margin), plan);
    }
    saveImageAtomically(image, path);
}

void writeFloorSvg(const Plan& plan, const std::string& path)
{
    requireTargetFolder(path);
    constexpr double kWidth = 1600, kMargin = 32;
    const double height = floorPictureHeight(plan, kWidth - 2 * kMargin) + 2 * kMargin;
    QByteArray bytes;
    {
        QBuffer buffer(&bytes);
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(QSize(int(kWidth), int(std::ceil(height))));
        generator.setViewBox(QRectF(0, 0, kWidth, std::ceil(height)));
        // QSvgGenerator writes the title into <title> unescaped (Qt 6.4): a design name "<script>..."
        // became a live element, an "&" made the file unreadable. Qt gets a placeholder that no escaping
        // changes; the title itself goes in below, escaped by the one SVG rule (io/svg_text.h).
        generator.setTitle(QString::fromLatin1(kTitlePlaceholder));
        generator.setDescription(QStringLiteral("Racks shaded by power against the rack budget"));
        QPainter p(&generator);
        paintFloor(p, QRectF(kMargin, kMargin, kWidth - 2 * kMargin, height - 2 * kMargin), plan);
    }
    std::string svg = bytes.toStdString();
    const std::size_t at = svg.find(kTitlePlaceholder);
    if (at == std::string::npos) throw std::logic_error("QSvgGenerator wrote no <title>");
    svg.replace(at, std::strlen(kTitlePlaceholder), io::svgEscape("FabricPlan floor — " + plan.spec.name));
    writeFileAtomically(path, [&](std::ostream& out) { out << svg; });
}

} // namespace fp::report
