# PDF report and diagram script test: the CLI writes them, report_check.py reads them back with
# poppler-utils, the PNG header and xml.etree. Included from tests/CMakeLists.txt.
set(FABRICPLAN_REPORT_CHECK_DIR ${CMAKE_CURRENT_BINARY_DIR}/report_check)
add_test(NAME scripts/report_files
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/report_check.sh $<TARGET_FILE:fabricplan-cli>
                 ${PROJECT_BINARY_DIR}/data/catalog.sqlite /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}
                 ${FABRICPLAN_REPORT_CHECK_DIR})
set_tests_properties(scripts/report_files PROPERTIES ENVIRONMENT "${FABRICPLAN_TEST_ENV}" TIMEOUT 300
                                                     LABELS scripts SKIP_RETURN_CODE 77)
