import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import SmolDesk

// The prompt box: Enter sends, Shift+Enter starts a new line; Send turns into Stop while the
// answer streams; the thinking toggle belongs to the conversation.
Pane {
    id: composer
    padding: 12
    function focusInput() { input.forceActiveFocus() }
    function submit() {
        if (App.chat.generating) return
        if (App.chat.send(input.text)) input.clear()
    }
    // Issue 37: images go with the next prompt (PNG, JPEG, WebP; the drop or dialog's files).
    function isImageUrl(url) { return /\.(png|jpe?g|webp)$/i.test(url.toString()) }
    function attachUrls(urls) {
        for (const url of urls)
            if (isImageUrl(url)) App.chat.attachImage(url)
    }
    FileDialog {
        id: imageDialog
        objectName: "attachImageDialog"
        title: qsTr("Attach images")
        acceptLabel: qsTr("Attach")
        rejectLabel: qsTr("Cancel")
        fileMode: FileDialog.OpenFiles
        nameFilters: [qsTr("Images (*.png *.jpg *.jpeg *.webp)"), qsTr("All files (*)")]
        onAccepted: { for (const url of selectedFiles) App.chat.attachImage(url) }
    }
    // Issue 36: documents this chat's answers draw on, besides the library or instead of it.
    FileDialog {
        id: documentDialog
        objectName: "attachDocumentDialog"
        title: qsTr("Attach documents")
        acceptLabel: qsTr("Attach")
        rejectLabel: qsTr("Cancel")
        fileMode: FileDialog.OpenFiles
        nameFilters: [qsTr("Documents (*.pdf *.docx *.odt *.md *.txt *.html *.htm)"), qsTr("All files (*)")]
        onAccepted: App.chat.documents.attach(selectedFiles)
    }
    // A prompt that was not sent (the overflow question was closed) comes back to be edited,
    // in front of whatever was typed meanwhile.
    Connections {
        target: App.chat
        function onPromptReturned(text) {
            input.text = input.text.length > 0 ? text + "\n" + input.text : text
            input.cursorPosition = input.length
            input.forceActiveFocus()
        }
    }

    Popup {
        id: systemPromptPopup
        objectName: "systemPromptPopup"
        parent: composer
        width: Math.min(560, composer.width - 24)
        x: composer.width - width - 12
        y: -height - 8
        padding: 12
        focus: true
        onOpened: { chatPromptField.text = App.chat.systemPrompt; chatPromptField.forceActiveFocus() }
        onClosed: { App.chat.systemPrompt = chatPromptField.text; input.forceActiveFocus() }
        ColumnLayout {
            anchors.fill: parent
            spacing: 6
            Label { text: qsTr("System prompt of this chat"); font.bold: true }
            ScrollView {
                Layout.fillWidth: true
                Layout.preferredHeight: 110
                TabTextArea {
                    id: chatPromptField
                    objectName: "chatSystemPrompt"
                    wrapMode: TextEdit.Wrap
                    placeholderText: qsTr("For example: You are a concise assistant.")
                    Accessible.name: qsTr("System prompt of this chat")
                    background: Rectangle {
                        radius: 6
                        color: chatPromptField.palette.base
                        border.color: chatPromptField.activeFocus ? chatPromptField.palette.highlight : chatPromptField.palette.mid
                    }
                }
            }
            Label {
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                opacity: 0.75
                text: qsTr("Applies to the next answer. New chats start with the default from Settings.")
            }
            DialogButton {
                Layout.alignment: Qt.AlignRight
                text: qsTr("Done")
                highlighted: true
                onClicked: systemPromptPopup.close()
            }
        }
    }

    background: Rectangle {
        color: composer.palette.window
        Rectangle { width: parent.width; height: 1; color: composer.palette.mid }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8

        // Near the end of the context a warning; at the end the two ways on, as buttons.
        RowLayout {
            objectName: "contextBanner"
            visible: App.chat.contextWarning || App.chat.contextFull
            Layout.fillWidth: true
            spacing: 8
            Label {
                objectName: "contextBannerText"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                color: Theme.danger
                // Offers only what the buttons beside it do: once no older turn is left to drop,
                // a new chat is the one way on.
                text: App.chat.contextFull && App.chat.canDropOldestTurns
                      ? qsTr("The context is full: this chat no longer fits into the model's %1 tokens. Leave the oldest turns out, or continue in a new chat.").arg(App.chat.contextTotal)
                      : App.chat.contextFull
                      ? qsTr("The context is full: this chat no longer fits into the model's %1 tokens, and no older turn is left to leave out. Continue in a new chat.").arg(App.chat.contextTotal)
                      : qsTr("The context is %1% full. When it is full, the oldest turns have to be left out, or you continue in a new chat.")
                        .arg(Math.round(100 * App.chat.contextUsed / Math.max(1, App.chat.contextTotal)))
            }
            Button {
                objectName: "dropOldestButton"
                visible: App.chat.contextFull && App.chat.canDropOldestTurns
                enabled: !App.chat.generating
                text: qsTr("Drop oldest turns")
                onClicked: App.chat.dropOldestTurns()
            }
            Button {
                objectName: "contextNewChatButton"
                visible: App.chat.contextFull
                text: qsTr("New chat")
                onClicked: window.newChat()
            }
        }

        // A prompt sent while the model loads waits for it, and says so.
        Label {
            objectName: "heldNote"
            visible: App.chat.waitingForModel
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            opacity: 0.8
            text: qsTr("Your message will be sent when %1 has loaded.").arg(App.model.loadingName)
        }

        // The images attached for the next prompt, each with its ×.
        Flow {
            objectName: "attachments"
            visible: App.chat.pendingImages.length > 0
            Layout.fillWidth: true
            spacing: 6
            Repeater {
                model: App.chat.pendingImages
                delegate: Rectangle {
                    objectName: "attachmentChip"
                    required property string modelData
                    required property int index
                    width: 56; height: 56; radius: 6
                    color: composer.palette.base
                    border.color: composer.palette.mid
                    Image {
                        anchors.fill: parent; anchors.margins: 3
                        source: modelData
                        fillMode: Image.PreserveAspectCrop
                        asynchronous: true
                        Accessible.name: qsTr("Attached image %1").arg(index + 1)
                    }
                    ToolButton {
                        objectName: "removeAttachment"
                        anchors.top: parent.top; anchors.right: parent.right
                        width: 20; height: 20; padding: 0
                        text: "×"
                        Accessible.name: qsTr("Remove image %1").arg(index + 1)
                        ToolTip.visible: hovered
                        ToolTip.text: qsTr("Remove this image")
                        onClicked: App.chat.removeAttachment(index)
                    }
                }
            }
        }

        // The files attached to this chat (issue 36): "Using: 3 files"; a click lists them, each
        // with Remove; × removes them all.
        RowLayout {
            objectName: "attachedDocuments"
            readonly property var documents: App.chat.documents
            visible: documents !== null && documents.attached.length > 0
            spacing: 2
            Button {
                id: attachedChip
                objectName: "attachedDocumentsChip"
                highlighted: true
                text: parent.documents ? parent.documents.attachedText : ""
                font.pointSize: Qt.application.font.pointSize * 0.85
                Accessible.name: qsTr("Files attached to this chat")
                ToolTip.visible: hovered && !attachedMenu.visible
                ToolTip.delay: 400
                ToolTip.text: parent.documents ? parent.documents.attached.map(f => f.split("/").pop()).join("\n") : ""
                onClicked: attachedMenu.popup(attachedChip, 0, attachedChip.height)
                Menu {
                    id: attachedMenu
                    Instantiator {
                        model: App.chat.documents ? App.chat.documents.attached : []
                        delegate: MenuItem {
                            required property string modelData
                            text: qsTr("Remove %1").arg(modelData.split("/").pop())
                            onTriggered: App.chat.documents.detach(modelData)
                        }
                        onObjectAdded: (index, object) => attachedMenu.insertItem(index, object)
                        onObjectRemoved: (index, object) => attachedMenu.removeItem(object)
                    }
                }
            }
            ToolButton {
                objectName: "detachDocuments"
                text: "×"
                Accessible.name: qsTr("Remove the attached files")
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Stop using the attached files in this chat")
                onClicked: App.chat.documents.detachAll()
            }
        }

        RowLayout {
            Layout.fillWidth: true
            spacing: 8

            // Beside the prompt box, so the buttons' column keeps its height: images for the next
            // prompt, documents for the whole chat.
            ToolButton {
                id: attachButton
                objectName: "attachImageButton"
                Layout.alignment: Qt.AlignBottom
                text: "+"
                font.pixelSize: 18
                Accessible.name: qsTr("Attach")
                ToolTip.visible: hovered && !attachMenu.visible
                ToolTip.text: qsTr("Attach an image to the prompt (PNG, JPEG or WebP) or documents to this chat; you can also paste or drop them")
                onClicked: attachMenu.popup(attachButton, 0, -attachMenu.implicitHeight)
                Menu {
                    id: attachMenu
                    objectName: "attachMenu"
                    MenuItem { text: qsTr("Attach images…"); onTriggered: imageDialog.open() }
                    MenuItem {
                        text: qsTr("Attach documents…")
                        enabled: App.chat.documents !== null
                        onTriggered: documentDialog.open()
                    }
                }
            }

            ScrollView {
                id: inputScroll
                objectName: "promptBox"
                // The box takes every pixel the buttons leave. Its preferred width must not follow
                // the text: a ScrollView's implicit width is its TextArea's, which changes with the
                // text and the placeholder, and the row shared the space by those widths.
                Layout.fillWidth: true
                Layout.preferredWidth: 100
                Layout.minimumWidth: 100
                Layout.preferredHeight: Math.min(Math.max(input.implicitHeight, 60), 180)
                background: Rectangle {
                    radius: 8
                    color: composer.palette.base
                    border.color: input.activeFocus ? composer.palette.highlight : composer.palette.mid
                }
                // Tab and Shift+Tab move on to Think, Send and the rest of the window.
                TabTextArea {
                    id: input
                    objectName: "promptInput"
                    placeholderText: App.model.state === ModelManager.Ready ? qsTr("Ask anything… (Enter sends, Shift+Enter adds a line)")
                                     : App.model.state === ModelManager.Loading ? qsTr("Ask anything… it is sent when the model has loaded")
                                                                     : qsTr("Open a model to start chatting")
                    wrapMode: TextEdit.Wrap
                    Accessible.name: qsTr("Prompt")
                    Keys.onPressed: (event) => {
                        // Ctrl+V with an image on the clipboard attaches it; text pastes as usual.
                        if (event.matches(StandardKey.Paste) && App.chat.attachImageFromClipboard()) {
                            event.accepted = true
                            return
                        }
                        if ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter)
                                && !(event.modifiers & Qt.ShiftModifier)) {
                            composer.submit()
                            event.accepted = true
                        }
                    }
                }
            }

            ColumnLayout {
                id: actions
                // A nested layout fills by default when a child does; this column keeps its own width.
                Layout.fillWidth: false
                Layout.preferredWidth: implicitWidth
                Layout.minimumWidth: implicitWidth
                spacing: 4
                // A disabled control gets no hover events: the wrapper's HoverHandler still shows
                // why the toggle is off.
                Item {
                    implicitWidth: thinkSwitch.implicitWidth
                    implicitHeight: thinkSwitch.implicitHeight
                    Layout.fillWidth: true
                    HoverHandler { id: thinkHover }
                    Switch {
                        id: thinkSwitch
                        objectName: "thinkingToggle"
                        // Only templates that react to enable_thinking (SmolLM3, Qwen3, …) can think.
                        readonly property bool available: App.model.state === ModelManager.Ready && App.model.supportsThinking
                        readonly property string hint: available
                            ? (App.model.reasoningEffort
                               // gpt-oss: Think only sets the reasoning effort (off: low).
                               ? qsTr("Let the model think longer before it answers (this chat only). %1 cannot stop reasoning entirely: with Think off it still reasons, briefly.").arg(App.model.modelName)
                               : qsTr("Let the model think before it answers (this chat only)"))
                            : App.model.state !== ModelManager.Ready
                              ? qsTr("Thinking depends on the model's chat template; load a model first")
                              : qsTr("Thinking is not available: the chat template of %1 has no thinking mode").arg(App.model.modelName)
                        anchors.fill: parent
                        text: qsTr("Think")
                        enabled: available
                        checked: available && App.chat.thinkingEnabled
                        onToggled: App.chat.thinkingEnabled = checked
                        Accessible.name: qsTr("Thinking")
                        Accessible.description: hint
                        ToolTip.visible: thinkHover.hovered
                        ToolTip.delay: 400
                        ToolTip.text: hint
                    }
                }
                // The document library for this chat ("Using: Manuals — 1,204 files"): a click turns
                // it off or on for this chat (Settings ▸ Documents holds the folders).
                Button {
                    id: documentsButton
                    objectName: "chatDocumentsButton"
                    readonly property var documents: App.chat.documents
                    visible: documents !== null && documents.available
                    highlighted: documents !== null && documents.active
                    Layout.fillWidth: true
                    text: documents ? documents.chipText : ""
                    font.pointSize: Qt.application.font.pointSize * 0.85
                    Accessible.name: qsTr("Documents of this chat")
                    ToolTip.visible: hovered
                    ToolTip.delay: 400
                    ToolTip.text: (highlighted ? qsTr("Answers draw on your document library; click to stop that in this chat")
                                               : qsTr("Click to let answers draw on your document library in this chat"))
                                  + (documents && documents.libraryFolders.length > 0
                                     ? "\n" + documents.libraryFolders.join("\n") : "")
                    onClicked: documents.toggle()
                }
                // Which MCP servers' tools the model sees in this chat (Settings ▸ Tools lists them).
                // A framed Button, not a ToolButton, which Fusion draws flat until hovered: it read as a
                // label (issue 39, defect 15). So is the system prompt button.
                Button {
                    id: toolsButton
                    objectName: "chatToolsButton"
                    // Re-read when servers connect, change or this chat's choice changes.
                    property int revision: 0
                    readonly property var servers: { revision; App.chat.currentId; return App.tools.enabledServers() }
                    readonly property int chosen: {
                        revision; let n = 0
                        for (const s of servers) if (App.tools.chatUsesServer(App.chat.toolChatKey(), s.name)) ++n
                        return n
                    }
                    Connections {
                        target: App.tools
                        function onToolsChanged() { toolsButton.revision++ }
                        function onCountChanged() { toolsButton.revision++ }
                    }
                    visible: servers.length > 0
                    Layout.fillWidth: true
                    text: qsTr("Tools %1/%2").arg(chosen).arg(servers.length)
                    font.pointSize: Qt.application.font.pointSize * 0.85
                    Accessible.name: qsTr("Tool servers of this chat")
                    // Not over its own popup, whose only checkbox it covered (defect 15).
                    ToolTip.visible: hovered && !toolsPopup.visible
                    ToolTip.delay: 400
                    ToolTip.text: qsTr("Choose which tool servers' tools the model sees in this chat")
                    onClicked: toolsPopup.open()
                    Popup {
                        id: toolsPopup
                        objectName: "chatToolsPopup"
                        y: -height - 4
                        margins: 8 // kept inside the window (it opened past the right edge at 800×600)
                        padding: 10
                        focus: true
                        // A Column: a Repeater straight in a Quick Layout crashed Qt 6.4 after a resize.
                        Column {
                            spacing: 4
                            Label { text: qsTr("Tools the model sees in this chat"); font.bold: true }
                            Repeater {
                                model: toolsButton.servers
                                delegate: CheckBox {
                                    required property var modelData
                                    objectName: "chatToolServer_" + modelData.name
                                    text: modelData.ready ? qsTr("%1 (%n tool(s))", "", modelData.toolCount).arg(modelData.name)
                                                          : qsTr("%1 (not connected)").arg(modelData.name)
                                    checked: { toolsButton.revision; return App.tools.chatUsesServer(App.chat.toolChatKey(), modelData.name) }
                                    Accessible.name: qsTr("Offer the tools of %1").arg(modelData.name)
                                    onToggled: {
                                        App.tools.setChatUsesServer(App.chat.toolChatKey(), modelData.name, checked)
                                        toolsButton.revision++
                                    }
                                }
                            }
                        }
                    }
                }
                // This chat's system prompt, with the chat (it was hidden in Settings).
                Button {
                    id: systemPromptButton
                    objectName: "systemPromptButton"
                    Layout.fillWidth: true
                    text: App.chat.systemPrompt.trim().length > 0 ? qsTr("System prompt ✓") : qsTr("System prompt")
                    font.pointSize: Qt.application.font.pointSize * 0.85
                    Accessible.name: qsTr("System prompt of this chat")
                    ToolTip.visible: hovered && !systemPromptPopup.visible
                    ToolTip.delay: 400
                    ToolTip.text: App.chat.systemPrompt.trim().length > 0 ? App.chat.systemPrompt
                                                                            : qsTr("Give this chat instructions that the model follows in every answer")
                    onClicked: systemPromptPopup.open()
                }
                Button {
                    id: sendButton
                    objectName: "sendButton"
                    Layout.fillWidth: true
                    // As wide as the longer of Send and Stop, so the button does not jump while streaming.
                    implicitWidth: Math.max(sendLabel.advanceWidth, stopLabel.advanceWidth) + leftPadding + rightPadding
                    TextMetrics { id: sendLabel; font: sendButton.font; text: qsTr("Send") }
                    TextMetrics { id: stopLabel; font: sendButton.font; text: qsTr("Stop") }
                    highlighted: true
                    text: App.chat.generating ? qsTr("Stop") : qsTr("Send")
                    // While a model loads a prompt can be sent: it is held and answered after the load.
                    enabled: App.chat.generating || ((App.model.state === ModelManager.Ready || App.model.state === ModelManager.Loading)
                                                     && (input.text.trim().length > 0 || App.chat.pendingImages.length > 0))
                    Accessible.name: App.chat.generating ? qsTr("Stop the answer") : qsTr("Send the prompt")
                    ToolTip.visible: hovered
                    ToolTip.text: App.chat.generating ? qsTr("Esc") : qsTr("Enter")
                    onClicked: App.chat.generating ? App.chat.stop() : composer.submit()
                }
            }
        }
    }
}
