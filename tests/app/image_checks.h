#pragma once
// Shared by the GUI and report tests: whether a picture has content, not its exact pixels.
#include <QImage>

#include <set>

namespace fp::pictures {

// Distinct colours in a coarse sample (every `step`-th pixel of every `step`-th row): a blank or
// one-colour picture has very few.
inline int distinctColours(const QImage& image, int step = 7)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += step)
        for (int x = 0; x < image.width(); x += step) colours.insert(image.pixel(x, y));
    return int(colours.size());
}

} // namespace fp::pictures
