#include "file_identity.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>

namespace fp::gui {

FileIdentity FileIdentity::ofFile(const QString& path)
{
    FileIdentity id;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return id;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&file)) return id;
    id.exists = true;
    id.size = file.size();
    id.modified = QFileInfo(path).lastModified();
    id.sha256 = hash.result();
    return id;
}

FileIdentity FileIdentity::ofWritten(const QString& path, const QByteArray& bytes)
{
    FileIdentity id;
    id.exists = true;
    id.size = bytes.size();
    id.modified = QFileInfo(path).lastModified();
    id.sha256 = QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
    return id;
}

bool FileIdentity::sameContent(const FileIdentity& other) const
{
    if (exists != other.exists) return false;
    return !exists || (size == other.size && sha256 == other.sha256);
}

} // namespace fp::gui
