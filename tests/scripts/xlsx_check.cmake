# Exporter script tests: the CLI writes a workbook and every other format for the default design,
# then /usr/bin/python3 reads them back with independent readers (openpyxl, csv, xml.etree, json).
# Included from tests/CMakeLists.txt.

# The exporter Qt tests need moc; tests/CMakeLists.txt turns AUTOMOC on only for GUI tests.
foreach(t test_export test_export_safety)
  if(TARGET ${t})
    set_target_properties(${t} PROPERTIES AUTOMOC ON)
  endif()
endforeach()

set(FABRICPLAN_EXPORT_CHECK_DIR ${CMAKE_CURRENT_BINARY_DIR}/export_check)
add_test(NAME scripts/export_files
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/run_export_check.sh $<TARGET_FILE:fabricplan-cli>
                 ${PROJECT_BINARY_DIR}/data/catalog.sqlite /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}
                 ${FABRICPLAN_EXPORT_CHECK_DIR})
set_tests_properties(scripts/export_files PROPERTIES ENVIRONMENT "${FABRICPLAN_TEST_ENV}" TIMEOUT 300
                                                    LABELS scripts)
