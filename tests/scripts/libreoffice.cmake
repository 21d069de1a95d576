# LibreOffice script test: headless LibreOffice Calc opens the CLI's spreadsheet CSVs (a formula-like
# price source must stay text) and recalculates the workbook after its GPUs cell is edited (the
# per-GPU cell must follow). Included from tests/CMakeLists.txt. Without soffice
# (libreoffice-calc-nogui, packaging/install-deps.sh) the test SKIPs (exit 77). One soffice run, ~20-50 s on a
# busy 2-core machine (LibreOffice's start-up).
set(FABRICPLAN_LIBREOFFICE_CHECK_DIR ${CMAKE_CURRENT_BINARY_DIR}/libreoffice_check)
add_test(NAME scripts/libreoffice
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/check_libreoffice.py $<TARGET_FILE:fabricplan-cli>
                 ${PROJECT_BINARY_DIR}/data/catalog.sqlite ${FABRICPLAN_LIBREOFFICE_CHECK_DIR})
set_tests_properties(scripts/libreoffice PROPERTIES ENVIRONMENT "${FABRICPLAN_TEST_ENV}" TIMEOUT 300
                                                    LABELS scripts SKIP_RETURN_CODE 77)
