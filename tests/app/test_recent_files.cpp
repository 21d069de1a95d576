// The Open recent list: newest first, at most eight, only files that still exist, and two designs
// of the same name told apart by their folders, in the File menu and on the start page alike.
#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "gui/recent_files.h"
#include "gui/start_page.h"

using namespace fp::gui;

class TestRecentFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.path());
        QSettings().clear();
    }

    void newestFirstAtMostEight()
    {
        QSettings().clear();
        QStringList made;
        for (int i = 0; i < 10; ++i) made << touch(QStringLiteral("d%1/design%1.fabricplan").arg(i));
        for (const QString& p : made) recent::add(p);
        recent::add(made[5]);  // opened again: moves to the top, listed once
        const QStringList got = recent::files();
        QCOMPARE(got.size(), 8);
        QCOMPARE(got.front(), made[5]);
        QCOMPARE(got.count(made[5]), 1);
        QCOMPARE(got[1], made[9]);
        QVERIFY(!got.contains(made[0]) && !got.contains(made[1]));  // the two oldest dropped
    }

    void goneFilesAreNotOffered()
    {
        QSettings().clear();
        const QString kept = touch(QStringLiteral("a/kept.fabricplan"));
        const QString gone = touch(QStringLiteral("b/gone.fabricplan"));
        recent::add(kept);
        recent::add(gone);
        QVERIFY(QFile::remove(gone));
        QCOMPARE(recent::files(), QStringList{kept});
    }

    void sameNamesShowTheirFolders()
    {
        const QString one = touch(QStringLiteral("site-a/cluster.fabricplan"));
        const QString two = touch(QStringLiteral("site-b/cluster.fabricplan"));
        const QString other = touch(QStringLiteral("site-a/other.fabricplan"));
        const QStringList listed{one, two, other};
        QCOMPARE(recent::label(other, listed), QStringLiteral("other.fabricplan"));
        const QString a = recent::label(one, listed), b = recent::label(two, listed);
        QVERIFY2(a != b, qPrintable(a));
        QVERIFY2(a.startsWith(QStringLiteral("cluster.fabricplan")) && a.contains(QStringLiteral("site-a")), qPrintable(a));
        QVERIFY2(b.contains(QStringLiteral("site-b")), qPrintable(b));

        // The start page shows the same labels, and a click opens the right file.
        StartPage page;
        page.refresh(m_files.path(), listed);
        QStringList texts;
        QPushButton* second = nullptr;
        for (QPushButton* button : page.findChildren<QPushButton*>()) {
            texts << button->text();
            if (button->text() == b) second = button;
        }
        QVERIFY2(texts.contains(a) && texts.contains(b), qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY(second);
        QSignalSpy chosen(&page, &StartPage::recentChosen);
        second->click();
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen.front().front().toString(), two);
    }

private:
    QString touch(const QString& relative)
    {
        const QString path = m_files.filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    QTemporaryDir m_settings, m_files;
};

QTEST_MAIN(TestRecentFiles)
#include "test_recent_files.moc"
