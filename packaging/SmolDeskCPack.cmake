# Packaging with CPack: `cmake --build <build> --target package` (or `cpack` in the build folder).
# Linux builds a Debian package (smoldesk_<version>_<arch>.deb); the NSIS (Windows) and DragNDrop
# (macOS) settings below are used on those platforms. The install() rules that fill the package
# live in app/src/CMakeLists.txt (app, demo model, desktop entry, icon, AppStream metainfo) and in
# the top-level CMakeLists.txt (smoldesk-cli).

set(CPACK_PACKAGE_NAME "smoldesk")
set(CPACK_PACKAGE_VENDOR "SmolDesk")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Chat with language models that run on your own computer")
# The Debian control file keeps these line breaks; lintian wants lines of at most 80 characters.
set(CPACK_PACKAGE_DESCRIPTION
    "SmolDesk runs SmolLM3-3B and other GGUF language models entirely on your
machine: no account, no cloud, no telemetry. It comes with a Qt Quick chat
application, the smoldesk-cli command-line tool and a tiny demo model that
works offline. Models run on the GPU through Vulkan, or on the CPU.")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/smoldesk/smoldesk")
set(CPACK_PACKAGE_CONTACT "SmolDesk maintainers <smoldesk@users.noreply.github.com>")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "SmolDesk")
set(CPACK_PACKAGE_EXECUTABLES "smoldesk" "SmolDesk")
set(CPACK_STRIP_FILES ON)
# The licence page of the NSIS installer and the licence agreement of the disk image.
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/")

if(WIN32)
    set(CPACK_GENERATOR "NSIS")
elseif(APPLE)
    set(CPACK_GENERATOR "DragNDrop")
else()
    set(CPACK_GENERATOR "DEB")
endif()

# --- Debian -------------------------------------------------------------------------------------
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # smoldesk_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION "utils")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${CPACK_PACKAGE_HOMEPAGE_URL}")
# Shared libraries the binaries link (libQt6*, libstdc++, libc, …) come from dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# 0644/0755 on control files, as lintian expects.
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# What dpkg-shlibdeps cannot see: the QML modules Main.qml and its controls import at run time
# (Fusion style, layouts, the file dialog and what it imports), the SQLite driver plugin of
# QtSql (conversations) and the SVG image plugin (window icon).
set(SMOLDESK_DEB_RUNTIME_DEPENDS
    qml6-module-qtquick
    qml6-module-qtquick-controls
    qml6-module-qtquick-templates
    qml6-module-qtquick-layouts
    qml6-module-qtquick-window
    qml6-module-qtquick-dialogs
    qml6-module-qt-labs-folderlistmodel
    qml6-module-qtqml-workerscript
    qml6-module-qtqml-models
    libqt6sql6-sqlite
    libqt6svg6)
if(SMOLDESK_BUILD_APP)
    list(JOIN SMOLDESK_DEB_RUNTIME_DEPENDS ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
endif()
# The Vulkan loader is opened with dlopen: without it (or a driver) the CPU backend is used.
# Only the loader is recommended: mesa-vulkan-drivers brings LLVM (~400 MB installed) for its
# CPU device (lavapipe), which SmolDesk never picks by itself; GPU owners have their vendor's
# driver (AMD/Intel: mesa-vulkan-drivers), hence a suggestion. qt6-wayland: native Wayland
# windows (without it Qt uses XWayland).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libvulkan1")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "mesa-vulkan-drivers, qt6-wayland")

# --- Windows: NSIS installer (needs windeployqt output next to smoldesk.exe) ---------------------
set(CPACK_NSIS_PACKAGE_NAME "SmolDesk")
set(CPACK_NSIS_DISPLAY_NAME "SmolDesk ${PROJECT_VERSION}")
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\smoldesk.exe")
set(CPACK_NSIS_URL_INFO_ABOUT "${CPACK_PACKAGE_HOMEPAGE_URL}")
set(CPACK_NSIS_CONTACT "${CPACK_PACKAGE_CONTACT}")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_MODIFY_PATH OFF)
set(CPACK_NSIS_MENU_LINKS "bin/smoldesk.exe" "SmolDesk")
# .gguf files open in SmolDesk from Explorer (per-machine ProgID; removed again on uninstall).
set(CPACK_NSIS_EXTRA_INSTALL_COMMANDS [=[
  WriteRegStr HKCR ".gguf" "" "SmolDesk.GGUF"
  WriteRegStr HKCR "SmolDesk.GGUF" "" "GGUF language model"
  WriteRegStr HKCR "SmolDesk.GGUF\DefaultIcon" "" "$INSTDIR\bin\smoldesk.exe,0"
  WriteRegStr HKCR "SmolDesk.GGUF\shell\open\command" "" '"$INSTDIR\bin\smoldesk.exe" "%1"'
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
]=])
set(CPACK_NSIS_EXTRA_UNINSTALL_COMMANDS [=[
  ReadRegStr $0 HKCR ".gguf" ""
  StrCmp $0 "SmolDesk.GGUF" 0 +2
    DeleteRegKey HKCR ".gguf"
  DeleteRegKey HKCR "SmolDesk.GGUF"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
]=])

# --- macOS: disk image (needs a macdeployqt'ed SmolDesk.app) -------------------------------------
# The .gguf association is the bundle's Info.plist (packaging/macos/Info.plist.in); the licence
# is CPACK_RESOURCE_FILE_LICENSE above.
set(CPACK_DMG_VOLUME_NAME "SmolDesk")
set(CPACK_DMG_FORMAT "UDZO")

include(CPack)
