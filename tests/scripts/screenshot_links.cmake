# The READMEs' pictures and the metainfo's screenshots exist in packaging/screenshots (issue 41: the
# screenshots were renamed <tab>-<W>x<H>-<theme>.png). Included from tests/CMakeLists.txt.
add_test(NAME scripts/screenshot_links
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check_screenshot_links.sh ${PROJECT_SOURCE_DIR}
                 ${PROJECT_BINARY_DIR}/packaging/io.github.fabricplan.FabricPlan.metainfo.xml)
set_tests_properties(scripts/screenshot_links PROPERTIES TIMEOUT 60 LABELS scripts)
