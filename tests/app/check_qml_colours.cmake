# Fails when a QML file other than Theme.qml names a colour itself ("#c0392b", "white", Qt.rgba
# with numbers): such a colour stays the same in light and dark mode and is how dark mode
# breaks (dark text on a dark window). Colours come from the palette or from Theme.qml, which
# has a light and a dark variant of each.
# cmake -DQML_DIR=app/qml -P check_qml_colours.cmake
file(GLOB qml_files "${QML_DIR}/*.qml")
set(named "white|black|red|green|blue|gray|grey|yellow|orange|purple|pink|brown|silver|navy|maroon|lightgray|lightgrey|darkgray|darkgrey")
set(bad "")
foreach(f IN LISTS qml_files)
    get_filename_component(name ${f} NAME)
    if(name STREQUAL "Theme.qml")
        continue()
    endif()
    file(STRINGS ${f} lines)
    set(n 0)
    foreach(line IN LISTS lines)
        math(EXPR n "${n} + 1")
        if(line MATCHES "\"#[0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]+\"" OR line MATCHES "[cC]olor:[ \t]*\"(${named})\""
           OR line MATCHES "Qt\\.rgba\\([ \t]*[0-9.]")
            string(STRIP "${line}" stripped)
            string(APPEND bad "\n  ${name}:${n}: ${stripped}")
        endif()
    endforeach()
endforeach()
if(bad)
    message(FATAL_ERROR "Colour literals outside Theme.qml (use the palette or Theme):${bad}")
endif()
list(LENGTH qml_files count)
message(STATUS "${count} QML files: no colour literal outside Theme.qml")
