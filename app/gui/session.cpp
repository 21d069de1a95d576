#include "session.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QUuid>

#include <algorithm>

namespace fp::gui {

namespace {

std::unique_ptr<QLockFile> makeLock(const QString& path)
{
    auto lock = std::make_unique<QLockFile>(path);
    // Staleness by age is off: a week-old lock of a running instance is still live. A lock is stale
    // only when the process that wrote it is gone (QLockFile checks the PID, host and app name).
    lock->setStaleLockTime(0);
    return lock;
}

} // namespace

Session::Session(QString dataDir) : m_dir(std::move(dataDir)) {}

Session::~Session() = default;

QString Session::sessionsDir() const { return QDir(m_dir).filePath(QStringLiteral("sessions")); }

QString Session::autosavePath() const
{
    return QDir(sessionsDir()).filePath(m_id + QStringLiteral(".fabricplan"));
}

bool Session::begin()
{
    QDir().mkpath(sessionsDir());
    m_id = QStringLiteral("%1-%2").arg(QCoreApplication::applicationPid())
               .arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
    m_lock = makeLock(QDir(sessionsDir()).filePath(m_id + QStringLiteral(".lock")));
    const bool locked = m_lock->tryLock(0);
    removeStale();
    return locked;
}

int Session::removeStale()
{
    const QDir dir(sessionsDir());
    // Session ids from the file names: "<id>.lock", "<id>.fabricplan", "<id>.fabricplan.tmp-<pid>-<n>"
    // (an autosave the atomic writer had not finished when the process was killed).
    const QString autosaveTmp = QStringLiteral(".fabricplan.tmp-");
    QStringList ids;
    for (const QString& name : dir.entryList({QStringLiteral("*.lock"), QStringLiteral("*.fabricplan.tmp-*")}, QDir::Files)) {
        const QString id = name.endsWith(QStringLiteral(".lock")) ? name.chopped(5) : name.left(name.indexOf(autosaveTmp));
        if (!id.isEmpty() && !ids.contains(id)) ids << id;
    }
    int removed = 0;
    for (const QString& id : ids) {
        if (id == m_id) continue;
        const auto claimed = std::find_if(m_claimed.begin(), m_claimed.end(), [&id](const auto& c) { return c.first == id; });
        std::unique_ptr<QLockFile> lock;
        if (claimed == m_claimed.end()) {
            // Succeeds only when no live process holds it: QLockFile removes a lock whose process is gone
            // and takes it. A live instance's lock fails here and its files stay.
            lock = makeLock(dir.filePath(id + QStringLiteral(".lock")));
            if (!lock->tryLock(0)) continue;
        }
        for (const QString& tmp : dir.entryList({id + autosaveTmp + QLatin1Char('*')}, QDir::Files))
            removed += QFile::remove(dir.filePath(tmp)) ? 1 : 0;
        if (!lock) continue;  // claimed by findRecoverable: discardRecovered or our exit releases it
        if (QFileInfo::exists(dir.filePath(id + QStringLiteral(".fabricplan")))) {
            m_claimed.emplace_back(id, std::move(lock));  // its autosave is still to be offered
            continue;
        }
        lock->unlock();  // removes the dead session's lock file (ours now)
        ++removed;
    }
    return removed;
}

std::vector<RecoveryInfo> Session::findRecoverable()
{
    std::vector<RecoveryInfo> out;
    const QDir dir(sessionsDir());
    for (const QFileInfo& autosave : dir.entryInfoList({QStringLiteral("*.fabricplan")}, QDir::Files)) {
        const QString id = autosave.completeBaseName();
        if (id == m_id) continue;
        const bool claimedAlready = std::any_of(m_claimed.begin(), m_claimed.end(),
                                                [&id](const auto& c) { return c.first == id; });
        if (!claimedAlready) {
            // tryLock succeeds only if no live process holds the lock (none was ever taken, or its
            // holder died): then the session is over and we own its leftovers. A live instance's
            // lock fails here, and its autosave is left alone.
            auto lock = makeLock(dir.filePath(id + QStringLiteral(".lock")));
            if (!lock->tryLock(0)) continue;
            m_claimed.emplace_back(id, std::move(lock));
        }
        out.push_back(RecoveryInfo{true, autosave.absoluteFilePath(), autosave.lastModified(), id});
    }
    std::sort(out.begin(), out.end(), [](const RecoveryInfo& a, const RecoveryInfo& b) { return a.savedAt > b.savedAt; });
    return out;
}

RecoveryInfo Session::checkRecovery()
{
    std::vector<RecoveryInfo> all = findRecoverable();
    return all.empty() ? RecoveryInfo{} : all.front();
}

void Session::endCleanly()
{
    discardAutosave();
    if (m_lock) m_lock->unlock();  // removes the lock file
}

void Session::discardAutosave()
{
    if (!m_id.isEmpty()) QFile::remove(autosavePath());
}

void Session::discardRecovered(const RecoveryInfo& info)
{
    const auto it = std::find_if(m_claimed.begin(), m_claimed.end(),
                                 [&info](const auto& c) { return c.first == info.sessionId; });
    if (it == m_claimed.end()) return;  // not ours to delete (a live session's, or never claimed)
    QFile::remove(info.autosavePath);
    it->second->unlock();
    m_claimed.erase(it);
}

} // namespace fp::gui
