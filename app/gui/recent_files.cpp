#include "recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace fp::gui::recent {
namespace {

const QString kKey = QStringLiteral("recentFiles");
constexpr int kMost = 8;

} // namespace

QStringList files()
{
    QStringList out;
    for (const QString& path : QSettings().value(kKey).toStringList())
        if (QFileInfo(path).isFile()) out << path;
    return out;
}

void add(const QString& path)
{
    QStringList list = files();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMost) list.removeLast();
    QSettings().setValue(kKey, list);
}

QString label(const QString& path, const QStringList& listed)
{
    const QFileInfo info(path);
    const QString name = info.fileName();
    int sameName = 0;
    for (const QString& other : listed) sameName += QFileInfo(other).fileName() == name;
    if (sameName < 2) return name;
    return QStringLiteral("%1 — %2").arg(name, QDir::toNativeSeparators(info.absolutePath()));
}

} // namespace fp::gui::recent
