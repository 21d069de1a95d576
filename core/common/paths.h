#pragma once
// Where the bundled data lives: the install prefix for installed binaries, else the build tree
// (a developer running from the build folder), else the source tree. No path comes from the
// working directory.
#include <string>

namespace fp {

// Folder that holds catalog.sqlite and examples/; empty if none was found.
std::string bundledDataDir();
std::string bundledCatalogPath();     // <data>/catalog.sqlite
std::string examplesDir();            // <data>/examples
std::string versionString();          // from CMake's project(VERSION)
// README.md, whose "Using the window" section is the user guide (Help › User guide): the installed
// copy (<prefix>/share/doc/fabricplan), else the source tree's; empty if neither exists.
std::string userGuidePath();

// The user's own data folder ($XDG_DATA_HOME/fabricplan, else ~/.local/share/fabricplan): the GUI keeps
// its editable catalog copy, autosaves and recent files there; the CLI uses that catalog when it exists.
std::string userDataDir();
std::string userCatalogPath();        // <userDataDir>/catalog.sqlite

} // namespace fp
