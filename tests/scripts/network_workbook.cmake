# Several networks in the workbook (issue 38): LibreOffice headless recalculates the Networks sheet of the
# all-networks example (cached values removed first) and check_network_workbook.py compares every
# network's switches, transceivers, cables, capex and power, and their total, with the plan JSON
# (ClusterPlan::total). Globbed by tests/CMakeLists.txt. Without soffice the test SKIPs (exit 77).
set(FABRICPLAN_NETWORK_WORKBOOK_DIR ${CMAKE_CURRENT_BINARY_DIR}/network_workbook_check)
add_test(NAME scripts/network_workbook
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/check_network_workbook.py $<TARGET_FILE:fabricplan-cli>
                 ${PROJECT_BINARY_DIR}/data/catalog.sqlite ${PROJECT_SOURCE_DIR}/data/examples
                 ${FABRICPLAN_NETWORK_WORKBOOK_DIR})
set_tests_properties(scripts/network_workbook PROPERTIES ENVIRONMENT "${FABRICPLAN_TEST_ENV}" TIMEOUT 300
                                                         LABELS scripts SKIP_RETURN_CODE 77)
