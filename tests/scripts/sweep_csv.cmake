# Sweep CSV script test (issue 42): Python's csv module reads `sweep --csv` with formula-like values and
# messages; check_sweep_csv.py checks the neutralisation, the record widths and fixed-point money.
# Included from tests/CMakeLists.txt.
add_test(NAME scripts/sweep_csv
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/check_sweep_csv.py $<TARGET_FILE:fabricplan-cli>
                 ${PROJECT_BINARY_DIR}/data/catalog.sqlite ${CMAKE_CURRENT_BINARY_DIR}/sweep_csv_check)
set_tests_properties(scripts/sweep_csv PROPERTIES ENVIRONMENT "${FABRICPLAN_TEST_ENV}" TIMEOUT 300 LABELS scripts)
