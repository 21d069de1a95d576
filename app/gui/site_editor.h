#pragma once
// SiteEditor: the design panel's Site row (issue 40): what the floor stands on ("Automatic halls" or
// "3 halls in 2 buildings") and Edit… to describe it in SiteDialog. Every change is one undo step
// through Command::setSite, so the core's rule decides what is refused.
#include <QWidget>

class QLabel;

namespace fp::gui {

class Document;
class SiteDialog;

class SiteEditor : public QWidget {
    Q_OBJECT
public:
    explicit SiteEditor(Document*, QWidget* parent = nullptr);
    QLabel* summary() const { return m_summary; }
    void editSite();

signals:
    void dialogOpened(SiteDialog*);  // before it runs (tests drive it)

private:
    void refresh();
    Document* m_document;
    QLabel* m_summary = nullptr;
};

} // namespace fp::gui
