#pragma once
// The application's start-up: command line (--catalog, --screenshot, --tab, --version, DESIGN), the
// user's catalog copy, crash recovery, the main window.
namespace fp::gui {

int runApplication(int argc, char* argv[]);

} // namespace fp::gui
