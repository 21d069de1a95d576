#include "session.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace fp::gui {

Session::Session(QString dataDir) : m_dir(std::move(dataDir)) {}

QString Session::autosavePath() const { return QDir(m_dir).filePath(QStringLiteral("autosave.fabricplan")); }
QString Session::markerPath() const { return QDir(m_dir).filePath(QStringLiteral("session.running")); }

RecoveryInfo Session::checkRecovery() const
{
    RecoveryInfo info;
    const QFileInfo autosave(autosavePath());
    if (autosave.exists() && QFileInfo::exists(markerPath())) {
        info.available = true;
        info.autosavePath = autosave.absoluteFilePath();
        info.savedAt = autosave.lastModified();
    }
    return info;
}

void Session::begin()
{
    QDir().mkpath(m_dir);
    QFile marker(markerPath());
    if (marker.open(QIODevice::WriteOnly | QIODevice::Truncate))
        marker.write(QByteArray::number(QCoreApplication::applicationPid()));
}

void Session::endCleanly()
{
    discardAutosave();
    QFile::remove(markerPath());
}

void Session::discardAutosave() { QFile::remove(autosavePath()); }

} // namespace fp::gui
