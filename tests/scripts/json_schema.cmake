# JSON schema test: the CLI writes the plan and comparison JSON for every example design, and
# check_json_schema.py validates them and the design files against data/schema/*.schema.json with
# /usr/bin/python3's jsonschema (python3-jsonschema); broken copies must fail. Included from
# tests/CMakeLists.txt. A missing python3-jsonschema makes the test SKIP (exit 77), not fail.
set(FABRICPLAN_JSON_SCHEMA_CHECK_DIR ${CMAKE_CURRENT_BINARY_DIR}/json_schema_check)
add_test(NAME scripts/json_schema
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/check_json_schema.py $<TARGET_FILE:fabricplan-cli>
                 ${PROJECT_BINARY_DIR}/data/catalog.sqlite ${PROJECT_SOURCE_DIR}/data/schema
                 ${PROJECT_SOURCE_DIR}/data/examples ${FABRICPLAN_JSON_SCHEMA_CHECK_DIR})
set_tests_properties(scripts/json_schema PROPERTIES ENVIRONMENT "${FABRICPLAN_TEST_ENV}" TIMEOUT 300
                                                   LABELS "scripts;schema" SKIP_RETURN_CODE 77)
