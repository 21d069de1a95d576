#pragma once
// Autosave and crash recovery, per running instance. Each instance holds a QLockFile
// (<dir>/sessions/<id>.lock: PID, host, app name) for as long as it runs and autosaves to
// <dir>/sessions/<id>.fabricplan. At start, an autosave whose lock is no longer held by a live
// process belongs to a session that did not exit cleanly: only those are offered for recovery.
// A second instance running at the same time sees the first one's lock as held, so it neither
// offers the first one's autosave nor deletes it (issue 21).
// Leftovers of killed sessions (kill -9, a crash, a power cut) do not pile up (issue 42): begin() removes
// the lock and unfinished autosave temporaries of every session whose process is gone, found by its lock
// (QLockFile: same host and the PID not running, or running another program). A dead session's autosave
// is kept until findRecoverable() has offered it; a live instance's files, or those of another host's
// instance on a shared home folder, are never touched.
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
    // Creates this instance's id, takes its lock and removes dead sessions' leftovers (removeStale);
    // false if the lock failed.
    bool begin();
    // Removes the lock and autosave temporaries of sessions whose process is gone and that left no
    // autosave; returns how many files it removed.
    int removeStale();
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
