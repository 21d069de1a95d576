#pragma once
// NetworksEditor: the design panel's Networks section (issue 38): the design's other networks (storage,
// in-band, OOB, converged) listed under the compute fabric, with Add (by role), Edit and Remove. Every
// change is one undo step through Command::setNetworks, so the core's rule decides what is refused and
// a refused network never reaches the design (NetworkDialog stays open with the reason).
#include <QWidget>

#include "spec/network_spec.h"

class QListWidget;
class QPushButton;

namespace fp::gui {

class Document;

class NetworksEditor : public QWidget {
    Q_OBJECT
public:
    explicit NetworksEditor(Document*, QWidget* parent = nullptr);
    QListWidget* list() const { return m_list; }
    // Opens the dialog on a new network of `role` (Add's menu) / on network `index` (Edit).
    void addNetwork(NetworkRole role);
    void editNetwork(int index);
    void removeNetwork(int index);

signals:
    // The dialog a change opens, before it runs (tests drive it).
    void dialogOpened(class NetworkDialog*);

private:
    void refresh();
    bool runDialog(const NetworkSpec& initial, int index);  // index -1: appended

    Document* m_document;
    QListWidget* m_list = nullptr;
    QPushButton* m_edit = nullptr;
    QPushButton* m_remove = nullptr;
};

} // namespace fp::gui
