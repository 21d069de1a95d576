#include "medium_ratio_text.h"

#include <QCoreApplication>
#include <QLocale>

#include "catalog/medium_price_ratio.h"

namespace fp::gui {

QString mediumRatioHtml(const Catalog& catalog, const Economics& economics)
{
    const auto tr = [](const char* s) { return QCoreApplication::translate("fp::gui::MediumRatio", s); };
    const QLocale c = QLocale::c();
    QStringList items;
    for (const MediumPriceRatio& r : mediumPriceRatios(catalog, economics))
        items << tr("%1 <b>%2</b> (%3 $%4 ÷ %5 $%6)")
                     .arg(QString::fromStdString(r.family).toHtmlEscaped())
                     .arg(c.toString(r.ratio(), 'f', 2))
                     .arg(QString::fromStdString(r.multimodePart).toHtmlEscaped())
                     .arg(c.toString(r.multimodeUsd, 'f', 0))
                     .arg(QString::fromStdString(r.singleModePart).toHtmlEscaped())
                     .arg(c.toString(r.singleModeUsd, 'f', 0));
    if (items.isEmpty()) return {};
    return tr("<b>Multimode ÷ single-mode</b> module price, per vendor and module shape at the prices this plan uses "
              "(the single-mode part is the DR module a link needs past multimode reach): %1. Published: <b>%2</b> "
              "(single-mode DR/FR modules cost up to 2.5× multimode SR, SemiAnalysis 2024); the bundled estimates "
              "follow it.")
        .arg(items.join(QStringLiteral("; ")))
        .arg(c.toString(kPublishedMultimodeOverSingleMode, 'f', 2));
}

} // namespace fp::gui
