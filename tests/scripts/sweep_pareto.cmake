# Sweep Pareto script test (issue 41): Python's csv module reads `sweep --pareto` and check_sweep_pareto.py
# checks the marked front against the definition, on the figures as the CSV prints them.
# Included from tests/CMakeLists.txt.
add_test(NAME scripts/sweep_pareto
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/check_sweep_pareto.py $<TARGET_FILE:fabricplan-cli>
                 ${PROJECT_BINARY_DIR}/data/catalog.sqlite ${CMAKE_CURRENT_BINARY_DIR}/sweep_pareto_check)
set_tests_properties(scripts/sweep_pareto PROPERTIES ENVIRONMENT "${FABRICPLAN_TEST_ENV}" TIMEOUT 300 LABELS scripts)
