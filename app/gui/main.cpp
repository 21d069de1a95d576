// fabricplan: the desktop application. Everything but this entry point lives in fabricplan_gui.
#include "application.h"

int main(int argc, char* argv[])
{
    return fp::gui::runApplication(argc, argv);
}
