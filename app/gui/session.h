#pragma once
// Autosave and crash recovery. A marker file says "a session is running"; a clean exit removes it
// with the autosave. At start, an autosave next to a leftover marker means the last session did not
// exit cleanly, so its autosave is offered for recovery.
#include <QDateTime>
#include <QString>

namespace fp::gui {

struct RecoveryInfo {
    bool available = false;
    QString autosavePath;
    QDateTime savedAt;
};

class Session {
public:
    explicit Session(QString dataDir);  // normally QStandardPaths::AppDataLocation

    QString autosavePath() const;
    QString markerPath() const;
    // Call before begin(): is there an autosave from a session that did not exit cleanly?
    RecoveryInfo checkRecovery() const;
    void begin();             // writes the marker
    void endCleanly();        // removes marker and autosave
    void discardAutosave();

private:
    QString m_dir;
};

} // namespace fp::gui
