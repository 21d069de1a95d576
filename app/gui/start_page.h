#pragma once
// StartPage: what a first start shows instead of an empty plan and a modal about the catalog copy —
// two lines on what FabricPlan does, new from a template, open, recent designs, and any start-up
// notice (e.g. "your catalog copy was repaired"). It only emits what the user chose; MainWindow acts.
#include <QWidget>

#include <utility>
#include <vector>

class QLabel;
class QPushButton;
class QVBoxLayout;

namespace fp::gui {

class StartPage : public QWidget {
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);
    // Re-reads the templates folder and the recent-files list.
    void refresh(const QString& templatesDir, const QStringList& recentFiles);
    void setNotice(const QString& text);
    QString notice() const;
    QStringList templateNames() const;

signals:
    void templateChosen(const QString& path);
    void openRequested();
    void recentChosen(const QString& path);
    void continueRequested();  // keep the default design shown in the panel
    void userGuideRequested();

protected:
    bool eventFilter(QObject*, QEvent*) override;

private:
    static void wrapTemplateTitle(QPushButton*, const QString& title);

    QLabel* m_notice = nullptr;
    // Each template's button and its whole title, wrapped again to the button's width on its resize.
    std::vector<std::pair<QPushButton*, QString>> m_templateButtons;
    QVBoxLayout* m_templates = nullptr;
    QVBoxLayout* m_recent = nullptr;
    QStringList m_templateNames;
};

} // namespace fp::gui
