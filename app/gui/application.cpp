#include "application.h"

#include <QApplication>

namespace fp::gui {

int runApplication(int argc, char* argv[])
{
    QApplication app(argc, argv);
    return 0;
}

} // namespace fp::gui
