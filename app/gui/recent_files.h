#pragma once
// The "Open recent" list (File menu and start page): kept in QSettings, newest first, at most eight.
#include <QString>
#include <QStringList>

namespace fp::gui::recent {

// The listed designs that still exist: a file moved or deleted since (a temporary folder, an unplugged
// drive) is not offered, and drops out of the list at the next save.
QStringList files();
// Puts `path` first (once) and drops the oldest beyond eight.
void add(const QString& path);
// What to show for `path` among `listed`: its file name, with its folder after it when another listed
// file has the same name, so two "cluster.fabricplan" from different folders can be told apart.
QString label(const QString& path, const QStringList& listed);

} // namespace fp::gui::recent
