# Packaging tests: the desktop files validate, an install into a fresh prefix runs from wherever it
# is moved to, and the .deb has the right name, version, Depends and files. Included from
# tests/CMakeLists.txt. A missing validator or dpkg tool makes its test SKIP (exit 77), not fail.
set(FABRICPLAN_PACKAGING_TEST_DIR ${CMAKE_CURRENT_LIST_DIR})
set(FABRICPLAN_PACKAGING_SKIP 77)
if(FABRICPLAN_BUILD_GUI)
  set(FABRICPLAN_PACKAGING_GUI ON)
else()
  set(FABRICPLAN_PACKAGING_GUI OFF)
endif()

# The source .desktop entries, as written.
add_test(NAME packaging/desktop_file
         COMMAND bash ${FABRICPLAN_PACKAGING_TEST_DIR}/packaging_validate.sh desktop
                 ${PROJECT_SOURCE_DIR}/packaging)
# The metainfo as configured (version and screenshots filled in) in the build tree.
add_test(NAME packaging/metainfo
         COMMAND bash ${FABRICPLAN_PACKAGING_TEST_DIR}/packaging_validate.sh metainfo
                 ${PROJECT_BINARY_DIR}/packaging ${PROJECT_VERSION})
# The built CLI reports the version project(VERSION) declares.
string(REPLACE "." "\\." _version_regex "${PROJECT_VERSION}")
add_test(NAME packaging/cli_version COMMAND fabricplan-cli --version)
set_tests_properties(packaging/cli_version PROPERTIES PASS_REGULAR_EXPRESSION "(^|[^0-9.])${_version_regex}([^0-9.]|$)")

# cmake --install into a temporary prefix, then move it and run the installed CLI there.
add_test(NAME packaging/install_prefix
         COMMAND bash ${FABRICPLAN_PACKAGING_TEST_DIR}/packaging_install_test.sh
                 ${PROJECT_BINARY_DIR} ${PROJECT_VERSION} ${FABRICPLAN_PACKAGING_GUI})
# cpack the .deb and .tar.gz, inspect them, unpack them and run the CLI from each.
add_test(NAME packaging/deb
         COMMAND bash ${FABRICPLAN_PACKAGING_TEST_DIR}/packaging_deb_test.sh
                 ${PROJECT_BINARY_DIR} ${PROJECT_VERSION} ${FABRICPLAN_PACKAGING_GUI})

set_tests_properties(packaging/desktop_file packaging/metainfo packaging/cli_version
                     packaging/install_prefix packaging/deb
                     PROPERTIES LABELS packaging TIMEOUT 300 SKIP_RETURN_CODE ${FABRICPLAN_PACKAGING_SKIP}
                                ENVIRONMENT "LC_ALL=C.UTF-8")
# Both install the same build tree (cmake --install writes <build>/install_manifest.txt): one at a time.
set_tests_properties(packaging/install_prefix packaging/deb PROPERTIES RESOURCE_LOCK fabricplan_build_install)
