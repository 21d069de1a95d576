# Several networks in the hand-off files (issue 38): the NetBox bundle, netbox-devices/-cables, labels and
# cables CSV of the all-networks example read with Python's csv and PyYAML and counted per network
# against the plan JSON (check_network_handoff.py). Globbed by tests/CMakeLists.txt.
set(FABRICPLAN_NETWORK_HANDOFF_DIR ${CMAKE_CURRENT_BINARY_DIR}/network_handoff_check)
add_test(NAME scripts/network_handoff
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/check_network_handoff.py $<TARGET_FILE:fabricplan-cli>
                 ${PROJECT_BINARY_DIR}/data/catalog.sqlite ${PROJECT_SOURCE_DIR}/data/examples
                 ${FABRICPLAN_NETWORK_HANDOFF_DIR})
set_tests_properties(scripts/network_handoff PROPERTIES ENVIRONMENT "${FABRICPLAN_TEST_ENV}" TIMEOUT 300
                                                        LABELS scripts)
