#pragma once
// Autosave and crash recovery, per running instance. Each instance holds a QLockFile
// (<dir>/sessions/<id>.lock: PID, host, app name) for as long as it runs and autosaves to
// <dir>/sessions/<id>.fabricplan. At start, an autosave whose lock is no longer held by a live
// process belongs to a session that did not exit cleanly: only those are offered for recovery.
// A second instance running at the same time sees the first one's lock as held, so it neither
// offers the first one's autosave nor deletes it (issue 21).
#include <QDateTime>
#include <QString>

#include <memory>
#include <vector>

class QLockFile;

namespace fp::gui {

struct RecoveryInfo {
    bool available = false;
    QString autosavePath;
    QDateTime savedAt;
    QString sessionId;
};

class Session {
public:
    explicit Session(QString dataDir);  // normally QStandardPaths::AppDataLocation
    ~Session();                         // releases the locks (a clean end also removes the files)
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    QString sessionsDir() const;
    QString id() const { return m_id; }
    QString autosavePath() const;  // this instance's autosave
    // Autosaves of sessions that ended without endCleanly() and whose process is gone, newest first.
    // Each one returned is claimed (its lock taken over by this instance), so two instances started
    // together after a crash do not both offer it. Call after begin().
    std::vector<RecoveryInfo> findRecoverable();
    // The newest recoverable autosave (claims it, as findRecoverable); available == false if none.
    RecoveryInfo checkRecovery();
    bool begin();        // creates this instance's id and takes its lock; false if the lock failed
    void endCleanly();   // removes this instance's autosave and lock
    void discardAutosave();
    // Deletes a claimed dead session's autosave and lock (after it was recovered or declined).
    void discardRecovered(const RecoveryInfo&);

private:
    QString m_dir;
    QString m_id;
    std::unique_ptr<QLockFile> m_lock;
    std::vector<std::pair<QString, std::unique_ptr<QLockFile>>> m_claimed;  // session id -> its lock
};

} // namespace fp::gui
