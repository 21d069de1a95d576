#pragma once
// The colours that carry meaning in text (estimated price, error, all clear). Fixed hex values read
// well on a light palette but dim to a contrast near 2:1 on a dark one, so each has a lighter tone
// picked when the palette's base is dark.
#include <QColor>
#include <QGuiApplication>
#include <QPalette>

namespace fp::gui {

inline bool isDarkPalette(const QPalette& p = QGuiApplication::palette())
{
    return p.color(QPalette::Base).lightnessF() < p.color(QPalette::Text).lightnessF();
}

inline QColor estimateColour(const QPalette& p = QGuiApplication::palette())
{
    return isDarkPalette(p) ? QColor(0xf0, 0xa8, 0x48) : QColor(0xb2, 0x6a, 0x00);
}

inline QColor errorColour(const QPalette& p = QGuiApplication::palette())
{
    return isDarkPalette(p) ? QColor(0xef, 0x7a, 0x7a) : QColor(0xc6, 0x28, 0x28);
}

// A fill behind white text (banners, badges): dark enough for 6:1 on either palette.
inline QColor errorFillColour(const QPalette& p = QGuiApplication::palette())
{
    return isDarkPalette(p) ? QColor(0x9a, 0x1c, 0x1c) : QColor(0xb7, 0x1c, 0x1c);
}

inline QColor okColour(const QPalette& p = QGuiApplication::palette())
{
    return isDarkPalette(p) ? QColor(0x81, 0xc7, 0x84) : QColor(0x2e, 0x7d, 0x32);
}

} // namespace fp::gui
