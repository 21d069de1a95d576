#pragma once
// What a design file on disk was when the document last read or wrote it, to notice that something else
// (a second window on the same file, an editor, a sync tool) has replaced it since (issue 42: the last
// save won silently). Size, modification time and a SHA-256 of the bytes: the hash decides (a touch
// that changes only the time is no change; a same-size rewrite within one clock tick is one).
#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace fp::gui {

struct FileIdentity {
    bool exists = false;
    qint64 size = -1;
    QDateTime modified;
    QByteArray sha256;

    static FileIdentity ofFile(const QString& path);  // exists == false when it cannot be read
    // The identity `bytes` have once written to `path` (its time read back from the disk).
    static FileIdentity ofWritten(const QString& path, const QByteArray& bytes);
    // Same content: both absent, or both present with equal size and hash.
    bool sameContent(const FileIdentity& other) const;
};

} // namespace fp::gui
