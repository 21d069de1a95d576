# Hostile names through every exporter (issue 42): check_hostile_exports.py runs the CLI with a design
# name and price sources full of markup, formulas and control characters, and reads each output back
# with a real consumer (xml.etree, csv, json, openpyxl). Included from tests/CMakeLists.txt.
set(FABRICPLAN_HOSTILE_EXPORTS_DIR ${CMAKE_CURRENT_BINARY_DIR}/hostile_exports)
add_test(NAME scripts/hostile_exports
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/check_hostile_exports.py $<TARGET_FILE:fabricplan-cli>
                 ${PROJECT_BINARY_DIR}/data/catalog.sqlite ${PROJECT_SOURCE_DIR}/data/examples
                 ${FABRICPLAN_HOSTILE_EXPORTS_DIR})
set_tests_properties(scripts/hostile_exports PROPERTIES ENVIRONMENT "${FABRICPLAN_TEST_ENV}" TIMEOUT 600
                                                        LABELS scripts)
