#include "report/pdf_document.h"

#include <QFontMetricsF>
#include <QPageLayout>
#include <QPageSize>
#include <QTextOption>

#include "common/error.h"

namespace fp::report {
namespace {
constexpr int kDpi = 300;
constexpr double kCellPadPt = 2.5;
const QColor kRuleColour(0x76, 0xb9, 0x00);   // one accent colour for rules and headers
const QColor kHeaderFill(0xe8, 0xee, 0xe0);
} // namespace

PdfDocument::PdfDocument(const QString& file, const QString& title, const QString& footerLeft)
    : writer_(file), footerLeft_(footerLeft)
{
    writer_.setResolution(kDpi);
    writer_.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer_.setTitle(title);
    writer_.setCreator(QStringLiteral("FabricPlan"));
    if (!painter_.begin(&writer_))
        throw UserError("cannot start the PDF", file.toStdString(), "check that the folder is writable");
    // Work in points whatever the resolution; fonts are given in pixels of that space (= points).
    painter_.scale(kDpi / 72.0, kDpi / 72.0);
    painter_.setRenderHint(QPainter::Antialiasing, true);
}

PdfDocument::~PdfDocument()
{
    if (painter_.isActive()) painter_.end();
}

QFont PdfDocument::font(double sizePt, bool bold) const
{
    QFont f(QStringLiteral("DejaVu Sans"));
    // The device is 300 dpi and the painter is scaled to points, so a point size of sizePt * 72/300
    // prints at sizePt. Unhinted outlines keep the spacing right at the small internal size.
    f.setPointSizeF(sizePt * 72.0 / kDpi);
    f.setHintingPreference(QFont::PreferNoHinting);
    f.setStyleStrategy(QFont::ForceOutline);
    f.setBold(bold);
    return f;
}

void PdfDocument::newPage(const QString& heading)
{
    if (page_ > 0) {
        drawFooter();
        writer_.newPage();
    }
    ++page_;
    heading_ = heading;
    lastColumns_ = nullptr;
    painter_.setFont(font(15, true));
    painter_.setPen(QColor(0x22, 0x22, 0x22));
    const QString fitted = QFontMetricsF(painter_.font(), &writer_).elidedText(heading, Qt::ElideRight, width());
    painter_.drawText(QRectF(left(), kMarginPt - 8, width(), 24), Qt::AlignLeft | Qt::AlignVCenter, fitted);
    painter_.setPen(QPen(kRuleColour, 1.5));
    painter_.drawLine(QPointF(left(), kMarginPt + 18), QPointF(right(), kMarginPt + 18));
    y_ = kMarginPt + 28;
}

void PdfDocument::ensureSpace(double heightPt)
{
    if (y_ + heightPt <= bottom()) return;
    const std::vector<TableColumn>* columns = lastColumns_;
    newPage(heading_.endsWith(QStringLiteral("(continued)")) ? heading_
                                                             : heading_ + QStringLiteral(" (continued)"));
    if (columns) tableHeader(*columns);
}

void PdfDocument::section(const QString& title)
{
    ensureSpace(30);
    y_ += 6;
    painter_.setFont(font(10.5, true));
    painter_.setPen(QColor(0x22, 0x22, 0x22));
    painter_.drawText(QRectF(left(), y_, width(), 14), Qt::AlignLeft | Qt::AlignVCenter, title);
    y_ += 15;
    painter_.setPen(QPen(QColor(0xbb, 0xbb, 0xbb), 0.5));
    painter_.drawLine(QPointF(left(), y_), QPointF(right(), y_));
    y_ += 4;
    lastColumns_ = nullptr;
}

double PdfDocument::wrappedHeight(const QString& text, const QFont& f, double widthPt) const
{
    QFontMetricsF fm(f, const_cast<QPdfWriter*>(&writer_));
    // Metrics of the small internal font are already in the painter's point units.
    return fm.boundingRect(QRectF(0, 0, widthPt, 1e7), Qt::TextWordWrap, text).height();
}

void PdfDocument::paragraph(const QString& text, double sizePt, const QColor& colour)
{
    const QFont f = font(sizePt);
    const double h = wrappedHeight(text, f, width());
    ensureSpace(h);
    painter_.setFont(f);
    painter_.setPen(colour);
    painter_.drawText(QRectF(left(), y_, width(), h + 2), Qt::TextWordWrap, text);
    y_ += h + 3;
}

void PdfDocument::keyValue(const QString& label, const QString& value, double xPt, double widthPt)
{
    // The value is the figure the reader came for: it gets the room it needs (up to the whole row) and
    // the label is elided into what is left, never the other way round.
    constexpr double kGapPt = 6;
    const QFont labelFont = font(8.5), valueFont = font(8.5, true);
    const QFontMetricsF valueMetrics(valueFont, &writer_);
    const double valueW = std::min(widthPt, std::max(widthPt * 0.42, valueMetrics.horizontalAdvance(value) + 1));
    const double labelW = std::max(0.0, widthPt - valueW - kGapPt);
    painter_.setFont(labelFont);
    painter_.setPen(QColor(0x44, 0x44, 0x44));
    const QString shownLabel = QFontMetricsF(labelFont, &writer_).elidedText(label, Qt::ElideRight, labelW);
    painter_.drawText(QRectF(xPt, y_, labelW, 12), Qt::AlignLeft | Qt::AlignVCenter, shownLabel);
    painter_.setFont(valueFont);
    painter_.setPen(QColor(0x11, 0x11, 0x11));
    painter_.drawText(QRectF(xPt + widthPt - valueW, y_, valueW, 12), Qt::AlignRight | Qt::AlignVCenter,
                      valueMetrics.elidedText(value, Qt::ElideRight, valueW));
}

void PdfDocument::tableHeader(const std::vector<TableColumn>& columns)
{
    lastColumns_ = nullptr;  // ensureSpace must not repeat a header while drawing one
    ensureSpace(30);
    const QFont f = font(7.5, true);
    double h = 0;
    for (const TableColumn& c : columns) h = std::max(h, wrappedHeight(c.title, f, c.widthPt - 2 * kCellPadPt));
    h += 2 * kCellPadPt;
    double total = 0;
    for (const TableColumn& c : columns) total += c.widthPt;
    painter_.fillRect(QRectF(left(), y_, total, h), kHeaderFill);
    painter_.setFont(f);
    painter_.setPen(QColor(0x22, 0x22, 0x22));
    double x = left();
    for (const TableColumn& c : columns) {
        painter_.drawText(QRectF(x + kCellPadPt, y_ + kCellPadPt, c.widthPt - 2 * kCellPadPt, h),
                          int(c.align) | Qt::TextWordWrap, c.title);
        x += c.widthPt;
    }
    y_ += h;
    lastColumns_ = &columns;
}

void PdfDocument::tableRow(const std::vector<TableColumn>& columns, const std::vector<QString>& cells, bool bold,
                           const std::vector<QColor>& cellColours)
{
    const QFont f = font(7.5, bold);
    double h = 0;
    const QFontMetricsF metrics(f, &writer_);
    std::vector<QString> shown(cells);
    for (std::size_t i = 0; i < columns.size() && i < shown.size(); ++i) {
        const double textW = columns[i].widthPt - 2 * kCellPadPt;
        if (!columns[i].wrap) shown[i] = metrics.elidedText(shown[i], Qt::ElideRight, textW);
        h = std::max(h, wrappedHeight(shown[i], f, textW));
    }
    h += 2 * kCellPadPt;
    lastColumns_ = &columns;
    ensureSpace(h);
    double x = left();
    painter_.setFont(f);
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const QColor colour = i < cellColours.size() && cellColours[i].isValid() ? cellColours[i] : QColor(0x11, 0x11, 0x11);
        painter_.setPen(colour);
        if (i < shown.size())
            painter_.drawText(QRectF(x + kCellPadPt, y_ + kCellPadPt, columns[i].widthPt - 2 * kCellPadPt, h),
                              int(columns[i].align) | Qt::TextWordWrap, shown[i]);
        x += columns[i].widthPt;
    }
    y_ += h;
    painter_.setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0.4));
    painter_.drawLine(QPointF(left(), y_), QPointF(x, y_));
}

void PdfDocument::drawFooter()
{
    painter_.setFont(font(7));
    painter_.setPen(QColor(0x66, 0x66, 0x66));
    const QRectF band(left(), kPageHeightPt - kMarginPt, width(), 12);
    painter_.setPen(QPen(QColor(0xcc, 0xcc, 0xcc), 0.5));
    painter_.drawLine(QPointF(left(), band.top() - 3), QPointF(right(), band.top() - 3));
    painter_.setPen(QColor(0x66, 0x66, 0x66));
    painter_.drawText(band, Qt::AlignLeft | Qt::AlignVCenter, footerLeft_);
    painter_.drawText(band, Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("Page %1").arg(page_));
}

void PdfDocument::finish()
{
    if (finished_) return;
    finished_ = true;
    if (page_ > 0) drawFooter();
    if (!painter_.end())
        throw UserError("writing the PDF failed (is the disk full?)", writer_.title().toStdString(),
                        "free some space and try again");
}

} // namespace fp::report
