# CPack settings: a Debian 12 .deb and a relocatable .tar.gz of the same install tree.
# Build both with `cmake --build <build> --target package` (see packaging/README.md).

set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_PACKAGE_NAME "fabricplan")
set(CPACK_PACKAGE_VENDOR "FabricPlan")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")   # the one version, from project(VERSION)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "FabricPlan designs the network fabric of a GPU cluster (InfiniBand, RoCEv2, Spectrum-X or Ultra\n"
    "Ethernet): topology, rack layout, cable and optics selection, design-rule checks, bill of materials,\n"
    "cable plan, power and latency estimates. It ships a desktop application (fabricplan), a headless\n"
    "command-line tool (fabricplan-cli), a parts catalog and example designs. All prices are estimates.")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "${FABRICPLAN_HOMEPAGE}")
set(CPACK_PACKAGE_CONTACT "${FABRICPLAN_MAINTAINER}")
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/packages")
set(CPACK_PACKAGE_FILE_NAME "fabricplan-${PROJECT_VERSION}-${CMAKE_SYSTEM_NAME}-${CMAKE_SYSTEM_PROCESSOR}")
# RelWithDebInfo binaries carry debug info; users do not need it.
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/")

# ---- DEB ---------------------------------------------------------------------------------------------
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)            # fabricplan_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${FABRICPLAN_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION "net")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${FABRICPLAN_HOMEPAGE}")
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
# Ownership root:root and 0755/0644 whatever the build user's umask was.
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# Runtime Depends: computed from the binaries by dpkg-shlibdeps (dpkg-dev) when it is there, so they are
# exactly the libraries linked. Without it, the Debian 12 names of what the binaries link (checked with
# `dpkg -S` on the linked .so files).
find_program(FABRICPLAN_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(FABRICPLAN_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  if(FABRICPLAN_BUILD_GUI)
    # Loaded as a plugin, so no binary links it and dpkg-shlibdeps cannot see it: Qt draws the SVG
    # icons through libqt6svg6's icon engine (plugins/iconengines/libqsvgicon.so). CPack merges this
    # line with what dpkg-shlibdeps finds.
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6svg6 (>= 6.4)")
  endif()
else()
  set(_depends "libc6, libstdc++6, libsqlite3-0, libxlsxwriter4")
  if(FABRICPLAN_BUILD_GUI)
    string(APPEND _depends ", libqt6core6 (>= 6.4), libqt6gui6 (>= 6.4), libqt6widgets6 (>= 6.4),"
                           " libqt6charts6 (>= 6.4), libqt6svg6 (>= 6.4), libqt6printsupport6 (>= 6.4),"
                           " libqt6concurrent6 (>= 6.4)")
  endif()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${_depends}")
endif()
if(FABRICPLAN_BUILD_GUI)
  # Debian 12's libqt6gui6 carries the X11 platform plugin; Wayland sessions want this one too.
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland")
endif()

# ---- TGZ: fabricplan-<version>-Linux-<arch>/{bin,share}; runs from wherever it is unpacked --------------
set(CPACK_ARCHIVE_COMPONENT_INSTALL OFF)

include(CPack)
