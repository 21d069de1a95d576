#pragma once
// The Prices view's line on multimode against single-mode module prices (catalog/medium_price_ratio.h):
// per module shape, the ratio at the prices the plan uses, beside the published figure.
#include <QString>

#include "catalog/catalog.h"

namespace fp::gui {

QString mediumRatioHtml(const Catalog&, const Economics&);

} // namespace fp::gui
