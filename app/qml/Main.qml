import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import SmolDesk

ApplicationWindow {
    id: window
    // The size and place are set when the window is complete (App.placeWindow): the last ones,
    // fitted into the screen, else a size that fits it. These are only the first guess.
    width: 1180
    height: 760
    title: App.chat.currentTitle.length > 0 ? qsTr("%1 — SmolDesk").arg(App.chat.currentTitle) : "SmolDesk"

    property bool modelPanelVisible: width > 1000

    // The colours the system gives the application (a desktop's dark scheme included) go to
    // every control: Qt 6.4's Fusion style starts controls from a light palette of its own, so
    // under a dark scheme text that reads the palette turned light on light backgrounds.
    SystemPalette { id: systemColors; colorGroup: SystemPalette.Active }
    SystemPalette { id: disabledColors; colorGroup: SystemPalette.Disabled }
    palette.window: systemColors.window
    palette.windowText: systemColors.windowText
    palette.base: systemColors.base
    palette.alternateBase: systemColors.alternateBase
    palette.text: systemColors.text
    palette.button: systemColors.button
    palette.buttonText: systemColors.buttonText
    palette.highlight: systemColors.highlight
    palette.highlightedText: systemColors.highlightedText
    palette.placeholderText: systemColors.placeholderText
    palette.light: systemColors.light
    palette.midlight: systemColors.midlight
    palette.mid: systemColors.mid
    palette.dark: systemColors.dark
    palette.shadow: systemColors.shadow
    // A palette whose disabled text is its enabled text (X servers without a desktop theme hand
    // Qt one) made disabled buttons look enabled: then the text fades halfway to its background.
    palette.disabled.text: Theme.disabledText(disabledColors.text, systemColors.text, systemColors.base)
    palette.disabled.windowText: Theme.disabledText(disabledColors.windowText, systemColors.windowText, systemColors.window)
    palette.disabled.buttonText: Theme.disabledText(disabledColors.buttonText, systemColors.buttonText, systemColors.button)

    function openModelDialog() {
        openDialog.currentFolder = App.model.openFolder()
        openDialog.open()
    }
    function exportConversation(format) {
        exportDialog.format = format
        // Starts in the documents folder with a name from the chat's title.
        const suggested = App.chat.suggestedExportUrl(format)
        exportDialog.currentFolder = suggested.toString().substring(0, suggested.toString().lastIndexOf("/"))
        exportDialog.selectedFile = suggested
        exportDialog.open()
    }

    function newChat() {
        App.chat.newConversation()
        composer.focusInput()
    }
    function focusComposer() { composer.focusInput() }

    // The actions with keys. Each key is bound once, here: a key bound twice (a Shortcut listing
    // it twice, or a Shortcut and a menu Action) is ambiguous, and Qt then fires it only on every
    // second press. They live in an Item of this window rather than in the menus, because Qt's
    // shortcut matcher blocks a key under a modal dialog only when it finds the item it belongs
    // to; an Action in a menu that was never opened has none, and a window-level Shortcut neither.
    Item {
        id: keyActions
        Action { id: openAction; text: qsTr("&Open model…"); shortcut: StandardKey.Open; onTriggered: window.openModelDialog() }
        Action { id: quitAction; text: qsTr("&Quit"); onTriggered: Qt.quit() }
        // Ctrl+Q on every platform (Qt's StandardKey.Quit is none under Windows' key scheme,
        // which the offscreen platform and some desktops report), and under every dialog: unlike
        // the keys above, quitting never acts on something behind the dialog, and a modal dialog
        // blocked the window's shortcuts (only the overflow question had its own Ctrl+Q).
        Shortcut {
            objectName: "quitShortcut"
            sequence: "Ctrl+Q"
            context: Qt.ApplicationShortcut
            onActivated: quitAction.trigger()
        }
        Action { id: newChatAction; text: qsTr("&New chat"); shortcut: StandardKey.New; onTriggered: window.newChat() }
        Action { id: stopAction; text: qsTr("&Stop"); shortcut: "Esc"; enabled: App.chat.generating; onTriggered: App.chat.stop() }
        Action { id: settingsAction; text: qsTr("&Settings…"); shortcut: "Ctrl+,"; onTriggered: settingsDialog.open() }
    }

    // Qt 6.4 leaves a menu-bar item highlighted when its menu is closed with Escape, and the
    // keyboard focus in the bar: once no menu is open, the highlight goes and the focus returns
    // to the prompt box (unless a menu entry opened a dialog that has it).
    function menuClosed() {
        Qt.callLater(() => {
            const bar = window.menuBar
            if (!bar) return
            for (let i = 0; i < bar.count; ++i)
                if (bar.menuAt(i).visible) return
            for (let j = 0; j < bar.count; ++j)
                bar.itemAt(j).highlighted = false
            let f = window.activeFocusItem
            while (f && f !== bar) f = f.parent
            if (f === bar || window.activeFocusItem === null) composer.focusInput()
        })
    }

    // The menu bar is built anew when the language changes (issue 39, defect 11): Qt 6.4 drops a
    // menu label's mnemonic underline when its text changes after creation, and a menu keeps the
    // width of its first texts, so German cut "Zuletzt verwendete Mod…".
    function buildMenuBar() {
        const old = window.menuBar
        window.menuBar = menuBarComponent.createObject(window)
        if (old) old.destroy()
    }
    Connections {
        target: App.language
        function onCurrentChanged() { window.buildMenuBar() }
    }

    Component {
        id: menuBarComponent
        MenuBar {
            objectName: "menuBar"
            AppMenu {
                objectName: "fileMenu"
                title: qsTr("&File")
                onClosed: window.menuClosed()
                MenuItem { action: openAction }
                AppMenu {
                    id: recentMenu
                    title: qsTr("Recent models")
                    enabled: App.settings.recentModels.length > 0
                    Instantiator {
                        model: App.settings.recentModels
                        delegate: MenuItem {
                            required property string modelData
                            text: modelData.split("/").pop()
                            onTriggered: App.model.load(modelData)
                        }
                        onObjectAdded: (index, object) => recentMenu.insertItem(index, object)
                        onObjectRemoved: (index, object) => recentMenu.removeItem(object)
                    }
                }
                AppMenu {
                    id: remoteMenu
                    objectName: "remoteModelsMenu"
                    title: qsTr("Remote models")
                    Instantiator {
                        model: App.remotes.pickerModels
                        delegate: MenuItem {
                            required property var modelData
                            text: modelData.label
                            checkable: true
                            checked: App.model.remote && App.model.remoteEndpoint === modelData.endpoint
                                     && App.model.modelName.startsWith(modelData.model + " ")
                            onTriggered: App.model.useRemote(modelData.endpoint, modelData.model)
                        }
                        onObjectAdded: (index, object) => remoteMenu.insertItem(index, object)
                        onObjectRemoved: (index, object) => remoteMenu.removeItem(object)
                    }
                    MenuSeparator {}
                    Action { text: qsTr("Add an endpoint…"); onTriggered: window.openRemoteSettings() }
                }
                Action { text: qsTr("&Download a model…"); onTriggered: catalogueDialog.open() }
                MenuSeparator {}
                Action { text: qsTr("Export as &Markdown…"); enabled: App.chat.messages.count > 0; onTriggered: window.exportConversation("md") }
                Action { text: qsTr("Export as &JSON…"); enabled: App.chat.messages.count > 0; onTriggered: window.exportConversation("json") }
                MenuSeparator {}
                MenuItem { action: quitAction }
            }
            AppMenu {
                title: qsTr("&Chat")
                onClosed: window.menuClosed()
                MenuItem { action: newChatAction }
                MenuItem { action: stopAction }
                Action { text: qsTr("&Regenerate answer"); enabled: !App.chat.generating && App.chat.messages.count > 0; onTriggered: App.chat.regenerate() }
                Action { text: qsTr("&Copy conversation"); enabled: App.chat.messages.count > 0; onTriggered: App.chat.copyConversation() }
            }
            AppMenu {
                title: qsTr("&View")
                onClosed: window.menuClosed()
                Action { text: qsTr("&Model information"); checkable: true; checked: window.modelPanelVisible; onTriggered: window.modelPanelVisible = !window.modelPanelVisible }
                MenuItem { action: settingsAction }
            }
            AppMenu {
                title: qsTr("&Help")
                onClosed: window.menuClosed()
                Action { text: qsTr("&About SmolDesk"); onTriggered: aboutDialog.open() }
            }
        }
    }

    FileDialog {
        id: openDialog
        objectName: "openModelDialog"
        title: qsTr("Open a GGUF model")
        acceptLabel: qsTr("Open")
        rejectLabel: qsTr("Cancel")
        nameFilters: [qsTr("GGUF models (*.gguf)"), qsTr("All files (*)")]
        onAccepted: App.model.loadUrl(selectedFile)
    }

    FileDialog {
        id: exportDialog
        objectName: "exportDialog"
        property string format: "md"
        title: qsTr("Export conversation")
        acceptLabel: qsTr("Export")
        rejectLabel: qsTr("Cancel")
        fileMode: FileDialog.SaveFile
        defaultSuffix: format
        nameFilters: format === "json" ? [qsTr("JSON files (*.json)")] : [qsTr("Markdown files (*.md)")]
        onAccepted: App.chat.exportConversation(selectedFile, format)
        // Qt 6.4's dialog opens with the focus on the (often empty) file list, where Enter does
        // nothing, and Enter in its File name field does not export either (issue 39, defect 4).
        // The field gets the focus with the name selected, and Enter there exports.
        onVisibleChanged: if (visible) Qt.callLater(focusFileName)
        property Item enterField: null // the field whose Enter exports
        function focusFileName() {
            const field = window.findItem(window.Overlay.overlay, "fileNameTextField")
            if (!field) return
            if (enterField !== field) {
                enterField = field
                // After the dialog has read the field (editingFinished comes after accepted).
                field.accepted.connect(() => Qt.callLater(() => { if (exportDialog.visible) exportDialog.accept() }))
            }
            field.forceActiveFocus()
            const dot = field.text.lastIndexOf(".")
            field.select(0, dot > 0 ? dot : field.text.length)
        }
    }
    function findItem(item, name) {
        if (!item) return null
        if (item.objectName === name) return item
        for (let i = 0; i < item.children.length; ++i) {
            const found = findItem(item.children[i], name)
            if (found) return found
        }
        return null
    }

    // Says where an export went, for a few seconds: at the top of the window, where it covers
    // no control (at the bottom it hid Send).
    ToolTip {
        id: exportedNote
        objectName: "exportedNote"
        x: (window.width - width) / 2
        y: 8
        timeout: 5000
    }
    Connections {
        target: App.chat
        function onExported(path) {
            exportedNote.text = qsTr("Conversation exported to %1").arg(path)
            exportedNote.open()
        }
    }

    SettingsDialog { id: settingsDialog }
    function openRemoteSettings() { settingsDialog.openModels() }
    AboutDialog { id: aboutDialog }
    CatalogueDialog { id: catalogueDialog }
    ContextDialogs { id: contextDialogs }
    SourceViewer { id: sourceViewer }

    DropArea {
        id: dropArea
        anchors.fill: parent
        keys: ["text/uri-list"]
        // A GGUF file loads as the model; a folder joins the document library (Settings ▸ Documents);
        // image files go with the next prompt (the composer's chips); documents (PDF, Markdown, …)
        // are attached to the chat ("Using: 3 files").
        onEntered: (drag) => { drag.accepted = drag.urls.length > 0 && (App.model.isGgufUrl(drag.urls[0]) || App.library.isFolder(drag.urls[0])
                                                                      || drag.urls.every(u => composer.isImageUrl(u) || App.chat.documents.isDocumentUrl(u))) }
        onDropped: (drop) => {
            if (drop.urls.length > 0 && drop.urls.every(u => composer.isImageUrl(u) || App.chat.documents.isDocumentUrl(u))) {
                composer.attachUrls(drop.urls)
                App.chat.documents.attach(drop.urls.filter(u => !composer.isImageUrl(u)))
                drop.accept()
            } else if (drop.urls.length > 0 && App.model.isGgufUrl(drop.urls[0])) {
                App.model.loadUrl(drop.urls[0])
                drop.accept()
            } else if (drop.urls.length > 0 && App.library.isFolder(drop.urls[0])) {
                for (const url of drop.urls)
                    if (App.library.isFolder(url)) App.library.addFolder(url)
                drop.accept()
            }
        }
    }

    SplitView {
        anchors.fill: parent
        orientation: Qt.Horizontal

        Sidebar {
            objectName: "sidebar"
            // Narrower on small screens, so the chat keeps the room it needs; narrowest when the
            // model panel shares a small window too.
            SplitView.preferredWidth: window.width >= 900 ? 250 : window.modelPanelVisible ? 160 : 200
            SplitView.minimumWidth: 160
        }

        ColumnLayout {
            SplitView.fillWidth: true
            SplitView.minimumWidth: 360
            spacing: 0

            ModelBanner { Layout.fillWidth: true }

            Item {
                Layout.fillWidth: true
                Layout.fillHeight: true
                ChatView {
                    anchors.fill: parent
                    visible: App.chat.messages.count > 0
                }
                WelcomeView {
                    anchors.fill: parent
                    visible: App.chat.messages.count === 0
                    onOpenRequested: window.openModelDialog()
                    onMoreModelsRequested: catalogueDialog.open()
                }
            }

            Composer {
                id: composer
                Layout.fillWidth: true
            }
        }

        ModelPanel {
            objectName: "modelPanel"
            visible: window.modelPanelVisible
            // What the sidebar and the chat's minimum leave, between its minimum and 290: at
            // 800×600 the panel ran past the window's right edge.
            SplitView.preferredWidth: Math.max(220, Math.min(290, window.width - (window.width >= 900 ? 250 : 160) - 360 - 4))
            SplitView.minimumWidth: 220
            onOpenRequested: window.openModelDialog()
            onCloseRequested: window.modelPanelVisible = false
        }
    }

    footer: StatusBar {}

    Component.onCompleted: {
        buildMenuBar()
        App.placeWindow(window)
        composer.focusInput()
    }
    onClosing: App.rememberWindow(window)
}
