#pragma once
// A small page-flow writer over QPdfWriter: A4 at 300 dpi, coordinates in points (1/72 inch), a
// heading on every page, a footer with the FabricPlan version and the page number, and a cursor that
// breaks to a new page when a block would not fit. The report pages (pdf_report.cpp) only say what
// to print.
#include <memory>
#include <vector>

#include <QFont>
#include <QPainter>
#include <QPdfWriter>
#include <QString>

namespace fp::report {

struct TableColumn {
    QString title;
    double widthPt = 60;
    Qt::Alignment align = Qt::AlignLeft;
    bool wrap = true;   // false: one line, elided with "…" (keeps long tables to a known height)
};

class PdfDocument {
public:
    static constexpr double kPageWidthPt = 595.276, kPageHeightPt = 841.89;  // A4
    static constexpr double kMarginPt = 42;

    PdfDocument(const QString& file, const QString& title, const QString& footerLeft);
    ~PdfDocument();

    QPainter& painter() { return painter_; }
    double left() const { return kMarginPt; }
    double right() const { return kPageWidthPt - kMarginPt; }
    double width() const { return right() - left(); }
    double bottom() const { return kPageHeightPt - kMarginPt - 14; }  // above the footer
    double y() const { return y_; }
    void setY(double y) { y_ = y; }
    int pageCount() const { return page_; }

    // Starts a page with a heading (the first call uses the writer's first page).
    void newPage(const QString& heading);
    // Breaks to a new page ("<heading> (continued)") when `heightPt` does not fit below the cursor.
    void ensureSpace(double heightPt);

    QFont font(double sizePt, bool bold = false) const;
    void section(const QString& title);                   // bold line with a rule under it
    // Wrapped paragraph over the full width (or `widthPt` from x = `xPt`); advances the cursor.
    void paragraph(const QString& text, double sizePt = 8.5, const QColor& colour = Qt::black);
    // Label (left) and value (right-aligned) on one line of a column starting at xPt; no cursor move.
    void keyValue(const QString& label, const QString& value, double xPt, double widthPt);

    // A table with a shaded header row; cells wrap; repeats the header after a page break.
    void tableHeader(const std::vector<TableColumn>&);
    void tableRow(const std::vector<TableColumn>&, const std::vector<QString>& cells, bool bold = false,
                  const std::vector<QColor>& cellColours = {});

    void finish();  // footer on the last page, then closes the file

private:
    void drawFooter();
    double wrappedHeight(const QString& text, const QFont& f, double widthPt) const;

    QPdfWriter writer_;
    QPainter painter_;
    QString footerLeft_, heading_;
    const std::vector<TableColumn>* lastColumns_ = nullptr;
    double y_ = 0;
    int page_ = 0;
    bool finished_ = false;
};

} // namespace fp::report
