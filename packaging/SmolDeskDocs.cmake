# What a Debian package must carry besides the programs: the licence terms (machine-readable
# copyright), the changelog, and a manual page per program. The manual pages are generated at
# build time by help2man from the programs' own --help and --version output, so they can never
# drift from it. Not for cross builds (the target's programs cannot run here) nor Windows/macOS.
if(NOT UNIX OR APPLE OR CMAKE_CROSSCOMPILING)
    return()
endif()
include(GNUInstallDirs)
set(smoldesk_docdir ${CMAKE_INSTALL_DATADIR}/doc/smoldesk)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/debian/copyright DESTINATION ${smoldesk_docdir})

find_program(SMOLDESK_GZIP gzip REQUIRED)
# Debian policy: changelog.gz, compressed with -9 and without a timestamp (-n) for reproducibility.
set(changelog_gz ${CMAKE_BINARY_DIR}/packaging/changelog.gz)
add_custom_command(OUTPUT ${changelog_gz}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/packaging
    COMMAND ${SMOLDESK_GZIP} -9n -c ${PROJECT_SOURCE_DIR}/packaging/debian/changelog > ${changelog_gz}
    DEPENDS ${PROJECT_SOURCE_DIR}/packaging/debian/changelog
    VERBATIM)
add_custom_target(smoldesk_changelog ALL DEPENDS ${changelog_gz})
install(FILES ${changelog_gz} DESTINATION ${smoldesk_docdir})

option(SMOLDESK_MANPAGES "Generate the manual pages with help2man (Debian: help2man)" ON)
if(NOT SMOLDESK_MANPAGES)
    return()
endif()
find_program(SMOLDESK_HELP2MAN help2man)
if(NOT SMOLDESK_HELP2MAN)
    message(FATAL_ERROR "help2man not found: install it (packaging/install-deps.sh) or configure with "
                        "-DSMOLDESK_MANPAGES=OFF (the package then lacks its manual pages).")
endif()

# smoldesk_add_manpage(TARGET "one-line description"): TARGET.1.gz from `TARGET --help`.
function(smoldesk_add_manpage target description)
    set(page ${CMAKE_BINARY_DIR}/packaging/man/${target}.1)
    # The GUI program parses --help inside a QGuiApplication, which needs a platform plugin.
    # Both print help and version on stdout; stderr (Qt's warnings) stays out of the page.
    add_custom_command(OUTPUT ${page}.gz
        COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/packaging/man
        COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
                ${SMOLDESK_HELP2MAN} --no-info --section=1 --version-string=${PROJECT_VERSION}
                --name=${description} --output=${page} $<TARGET_FILE:${target}>
        COMMAND ${SMOLDESK_GZIP} -9nf ${page}
        DEPENDS ${target}
        VERBATIM)
    add_custom_target(${target}_manpage ALL DEPENDS ${page}.gz)
    install(FILES ${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endfunction()

smoldesk_add_manpage(smoldesk-cli "inspect, run and benchmark GGUF language models from the command line")
if(SMOLDESK_BUILD_APP)
    smoldesk_add_manpage(smoldesk "chat with language models that run on your own computer")
endif()
