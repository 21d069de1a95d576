// Renders the application's SVG icon to the PNG sizes of the freedesktop hicolor theme, so the PNGs
// are always exactly the committed SVG (nothing binary to keep in sync by hand).
// Usage: fabricplan-render-icons <icon.svg> <output-root> <png-name> <size>...
//        writes <output-root>/<size>x<size>/apps/<png-name> for every size.
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char** argv)
{
    if (argc < 5) {
        std::fprintf(stderr, "usage: %s <icon.svg> <output-root> <png-name> <size>...\n", argv[0]);
        return 2;
    }
    // No display is needed or wanted at build time.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);

    const QString svgPath = QString::fromLocal8Bit(argv[1]);
    const QString outRoot = QString::fromLocal8Bit(argv[2]);
    const QString pngName = QString::fromLocal8Bit(argv[3]);
    QSvgRenderer renderer(svgPath);
    if (!renderer.isValid()) {
        std::fprintf(stderr, "cannot read SVG %s\n", argv[1]);
        return 1;
    }
    for (int i = 4; i < argc; ++i) {
        bool ok = false;
        const int sizePx = QString::fromLocal8Bit(argv[i]).toInt(&ok);
        if (!ok || sizePx <= 0 || sizePx > 4096) {
            std::fprintf(stderr, "bad size %s\n", argv[i]);
            return 2;
        }
        QImage image(sizePx, sizePx, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            renderer.render(&painter, QRectF(0, 0, sizePx, sizePx));
        }
        const QString dir = QStringLiteral("%1/%2x%2/apps").arg(outRoot).arg(sizePx);
        if (!QDir().mkpath(dir) || !image.save(dir + QLatin1Char('/') + pngName, "PNG")) {
            std::fprintf(stderr, "cannot write %s/%s\n", qPrintable(dir), qPrintable(pngName));
            return 1;
        }
    }
    return 0;
}
