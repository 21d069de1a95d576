#include "report/topology_picture.h"

#include <QFile>
#include <QPainter>
#include <QSvgRenderer>
#include <QTemporaryDir>

#include "common/error.h"
#include "io/exporter.h"

namespace fp::report {

QByteArray topologySvg(const Plan& plan)
{
    const io::Exporter* svg = io::findExporter("topology-svg");
    if (!svg) throw UserError("this build has no topology-svg exporter", "topology picture");
    // The exporter only writes files (atomically); a private temporary folder keeps that contract.
    QTemporaryDir dir;
    if (!dir.isValid())
        throw UserError("cannot create a temporary folder for the topology picture", dir.path().toStdString(),
                        "check that TMPDIR is writable");
    const QString file = dir.filePath(QStringLiteral("topology.svg"));
    static const Catalog noCatalog;  // the topology drawing reads only the plan
    try {
        svg->write(io::ExportContext{plan, noCatalog, nullptr, {}}, file.toStdString());
    } catch (const UserError& e) {
        // The scratch file's path means nothing to the user: name what failed and where it lives.
        throw UserError(std::string("cannot draw the topology picture: ") + e.what(), "temporary folder ($TMPDIR)",
                        "free some space in the temporary folder (or set TMPDIR) and try again");
    }
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        throw UserError("cannot read back the topology picture", file.toStdString(), "check that TMPDIR is writable");
    return in.readAll();
}

QRectF paintSvgFitted(QPainter& painter, const QByteArray& svg, const QRectF& target)
{
    QSvgRenderer renderer(svg);
    if (!renderer.isValid()) return {};
    QSizeF size = renderer.viewBoxF().size();
    if (size.isEmpty()) size = renderer.defaultSize();
    size.scale(target.size(), Qt::KeepAspectRatio);
    const QRectF area(target.x() + (target.width() - size.width()) / 2, target.y(), size.width(), size.height());
    painter.save();
    painter.setClipRect(target);  // the drawing's title may run past its own view box
    renderer.render(&painter, area);
    painter.restore();
    return area;
}

} // namespace fp::report
