#pragma once
// English plurals for tr("%n error(s)", nullptr, n). Qt shows "(s)" as typed unless a translation gives
// the numerus forms, and FabricPlan ships none: this translator drops "(s)" for a count of 1 and makes
// it "s" for any other, so the window reads "1 error", "3 errors". Strings without a count are left
// to Qt (an empty answer means "not translated").
#include <QTranslator>

namespace fp::gui {

class EnglishPlurals : public QTranslator {
public:
    using QTranslator::QTranslator;
    QString translate(const char* context, const char* sourceText, const char* disambiguation = nullptr,
                      int n = -1) const override;
    bool isEmpty() const override { return false; }
};

} // namespace fp::gui
