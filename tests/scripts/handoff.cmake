# Hand-off script test: the CLI writes the NetBox bundle, the spreadsheet CSVs and the IBDM topology
# for every bundled example and for hostile design names; check_handoff.py reads them with the real
# consumers Debian has (ibutils' ibdmsh and ibdmchk, Python's csv and yaml). Included from
# tests/CMakeLists.txt. Missing ibutils makes the test SKIP (exit 77), not fail.
set(FABRICPLAN_HANDOFF_CHECK_DIR ${CMAKE_CURRENT_BINARY_DIR}/handoff_check)
add_test(NAME scripts/handoff
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/check_handoff.py $<TARGET_FILE:fabricplan-cli>
                 ${PROJECT_BINARY_DIR}/data/catalog.sqlite ${PROJECT_SOURCE_DIR}/data/examples
                 ${CMAKE_CURRENT_LIST_DIR} ${FABRICPLAN_HANDOFF_CHECK_DIR})
set_tests_properties(scripts/handoff PROPERTIES ENVIRONMENT "${FABRICPLAN_TEST_ENV}" TIMEOUT 300
                                                LABELS scripts SKIP_RETURN_CODE 77)
