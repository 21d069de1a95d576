# Saved designs side by side (issue 41): `fabricplan-cli diff` writes its workbook and CSV for three
# designs; check_design_diff.py reads them back with openpyxl and csv against each design's plan JSON,
# and has headless LibreOffice recalculate the workbook (that part is skipped without soffice).
# Included from tests/CMakeLists.txt.
set(FABRICPLAN_DESIGN_DIFF_CHECK_DIR ${CMAKE_CURRENT_BINARY_DIR}/design_diff_check)
add_test(NAME scripts/design_diff
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/check_design_diff.py $<TARGET_FILE:fabricplan-cli>
                 ${PROJECT_BINARY_DIR}/data/catalog.sqlite ${PROJECT_SOURCE_DIR}/data/examples
                 ${FABRICPLAN_DESIGN_DIFF_CHECK_DIR})
set_tests_properties(scripts/design_diff PROPERTIES ENVIRONMENT "${FABRICPLAN_TEST_ENV}" TIMEOUT 300 LABELS scripts)
