import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// One message. User prompts sit in a bubble on the right; answers use the full width with the
// thought block, Markdown prose, code blocks, statistics and actions.
Item {
    id: root
    required property int index
    required property string role
    required property string content
    required property string thought
    required property bool thinking
    required property double thoughtSeconds
    required property bool streaming
    required property string stats
    required property bool inContext
    required property bool interrupted
    required property var tool
    required property int alternative  // which of its alternatives this message is (1-based)
    required property int alternatives // regenerated answers or edited prompts kept beside it
    required property var images       // a prompt's images, as data URLs (issue 37)
    signal editRequested(int row, string text)

    readonly property bool isUser: role === "user"
    // A tool call's card (an MCP tool the model asked for, its consent and result).
    readonly property bool isTool: role === "tool"
    // An answer that is only tool calls: their cards say it all.
    readonly property bool onlyCalls: !isUser && !isTool && content.trim().length === 0 && !streaming
                                      && tool.calls !== undefined
    readonly property bool isLast: index === ListView.view.count - 1
    // From the model, not from the items' `visible` (a hidden footer would hide its children,
    // and they would keep it hidden).
    readonly property bool showActions: !streaming && !isTool && (!onlyCalls || isLast)
    readonly property bool showSwitcher: alternatives > 1
    // One reading column, centred: prompts end at its right edge, answers start at its left one
    // (at 1920 px prompts sat at the window's edge, far from the answers).
    readonly property int columnWidth: Math.min(width - 48, 860)
    readonly property int columnX: (width - columnWidth) / 2
    readonly property int bubbleWidth: Math.min(columnWidth * 0.85, measure.advanceWidth + 32)
    // A model without a chat template (the demo model) continues the user's text: its answer is
    // shown as one story with the prompt before it, in italics, so "named Kitty." does not
    // start mid-sentence out of nowhere.
    readonly property bool continuesPrompt: !isUser && index > 0 && App.model.promptMode === "continuation"
                                            && App.chat.messages.count > index
    readonly property string storyStart: continuesPrompt ? App.chat.messages.contentAt(index - 1) : ""
    function storyText() {
        if (storyStart.length === 0) return content
        let start = storyStart.replace(/\s+/g, " ").trim()
        // A long prompt is already above: its last words are enough to read on from.
        if (start.length > 120) start = "…" + start.slice(start.indexOf(" ", start.length - 100) + 1)
        start = start.replace(/([\\`*_\[\]#<>])/g, "\\$1")
        // Nothing in between: the answer continues the prompt's text exactly ("Yo" + "ga went…").
        return "*" + start + "*" + content
    }
    implicitHeight: column.implicitHeight
    opacity: inContext ? 1.0 : 0.55

    HoverHandler { id: hover }
    TextMetrics { id: measure; font: userText.font; text: root.isUser ? root.content.split("\n").reduce((a, b) => a.length >= b.length ? a : b, "") : "" }

    ColumnLayout {
        id: column
        x: root.isUser ? root.columnX + root.columnWidth - width : root.columnX
        // A prompt's column is as wide as its bubble, or as the note above it: the note used to
        // stick out of a narrow bubble's column and run under the model panel.
        // The Copy/Edit row counts too: wider than a short prompt's bubble ("Yo", "Danke"), it
        // stuck out of the column to the right, under the model panel.
        width: root.isUser ? Math.min(root.columnWidth, Math.max(root.bubbleWidth, footer.implicitWidth,
                                                                 notInContext.visible ? Math.min(root.columnWidth * 0.85, notInContext.implicitWidth) : 0))
                           : root.columnWidth
        spacing: 6

        Label {
            id: notInContext
            objectName: "notInContextLabel"
            visible: !root.inContext
            Layout.alignment: root.isUser ? Qt.AlignRight : Qt.AlignLeft
            Layout.maximumWidth: column.width
            wrapMode: Text.Wrap
            text: qsTr("Not in the model's context any more")
            font.italic: true
            opacity: 0.8
        }

        // The prompt's images, above its text.
        Flow {
            objectName: "messageImages"
            visible: root.isUser && root.images.length > 0
            Layout.alignment: Qt.AlignRight
            Layout.maximumWidth: column.width
            spacing: 6
            Repeater {
                model: root.images
                delegate: Image {
                    objectName: "messageImage"
                    required property string modelData
                    required property int index
                    source: modelData
                    width: 120; height: 120
                    fillMode: Image.PreserveAspectFit
                    asynchronous: true
                    Accessible.name: qsTr("Image %1 of the prompt").arg(index + 1)
                }
            }
        }

        Rectangle {
            objectName: "userBubble"
            visible: root.isUser
            Layout.alignment: Qt.AlignRight
            Layout.preferredWidth: Math.min(column.width, root.bubbleWidth)
            implicitHeight: userText.implicitHeight + 20
            radius: 12
            color: Qt.tint(palette.base, Qt.rgba(palette.highlight.r, palette.highlight.g, palette.highlight.b, 0.18))
            border.color: Qt.rgba(palette.highlight.r, palette.highlight.g, palette.highlight.b, 0.35)
            TextEdit {
                id: userText
                objectName: "userText"
                x: 14; y: 10
                width: parent.width - 28
                text: root.isUser ? root.content : ""
                readOnly: true
                selectByMouse: true
                wrapMode: TextEdit.Wrap
                textFormat: TextEdit.PlainText
                color: palette.text
                selectionColor: palette.highlight
                selectedTextColor: palette.highlightedText
                Accessible.name: qsTr("Your message")
            }
        }

        Loader {
            active: root.isTool
            visible: active
            Layout.fillWidth: true
            sourceComponent: Component {
                ToolCallCard {
                    row: root.index
                    tool: root.tool
                    result: root.content
                }
            }
        }

        ThinkingBlock {
            visible: !root.isUser && !root.isTool && (root.thought.length > 0 || root.thinking)
            Layout.fillWidth: true
            text: root.thought
            thinking: root.thinking
            seconds: root.thoughtSeconds
        }

        Label {
            objectName: "storyNote"
            visible: root.continuesPrompt && root.index === 1
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            opacity: 0.7
            font.italic: true
            // The demo is a story model; any other file without a template is named for what it lacks.
            text: App.model.isDemo ? qsTr("The demo model has no chat mode: it continues your words (in italics) as a story.")
                                   : qsTr("This model has no chat template: it continues your words (in italics).")
        }

        // The segments in a Column, not straight in the layout: on Qt 6.4 a Repeater whose model
        // changes (every streamed chunk) as a direct child of a Quick Layout leaves the layout
        // engine a freed delegate, and a later rearrange (a resize, a model switch) crashed the app
        // under a real window system (seen under xcb; offscreen never crashes).
        Column {
            Layout.fillWidth: true
            visible: segments.count > 0 // an empty one would still take the layout's spacing
            spacing: column.spacing
            Repeater {
                id: segments
                model: root.isUser || root.isTool || root.onlyCalls ? [] : Markdown.segments(root.storyText())
                delegate: Loader {
                    required property var modelData
                    width: parent ? parent.width : 0
                    sourceComponent: modelData.code ? codeSegment : modelData.table ? tableSegment : textSegment
                    property var segment: modelData
                }
            }
        }

        Component {
            id: textSegment
            TextEdit {
                objectName: "messageText"
                // A single line break in an answer is a line break, not a space as in Markdown
                // (two trailing spaces make it a hard break); code blocks are segments of their own.
                text: segment.text.replace(/([^\n])\n(?=[^\n])/g, "$1  \n")
                textFormat: TextEdit.MarkdownText
                readOnly: true
                selectByMouse: true
                wrapMode: TextEdit.Wrap
                color: palette.text
                selectionColor: palette.highlight
                selectedTextColor: palette.highlightedText
                onLinkActivated: (link) => Qt.openUrlExternally(link)
                Accessible.name: qsTr("Answer")
            }
        }
        Component {
            id: tableSegment
            // A table with rules and padding (Qt's Markdown view draws none); scrolls sideways
            // when it is wider than the column.
            Flickable {
                implicitHeight: tableText.implicitHeight
                contentWidth: tableText.implicitWidth
                contentHeight: tableText.implicitHeight
                flickableDirection: Flickable.HorizontalFlick
                boundsBehavior: Flickable.StopAtBounds
                clip: true
                ScrollBar.horizontal: ScrollBar { policy: ScrollBar.AsNeeded }
                TextEdit {
                    id: tableText
                    objectName: "messageTable"
                    text: segment.html
                    textFormat: TextEdit.RichText
                    readOnly: true
                    selectByMouse: true
                    color: palette.text
                    selectionColor: palette.highlight
                    selectedTextColor: palette.highlightedText
                    Accessible.name: qsTr("Table")
                }
            }
        }
        Component {
            id: codeSegment
            CodeBlock { code: segment.text; language: segment.language }
        }

        // The documents the answer drew on, numbered as the model saw them: a chip per source
        // (file, page); a click opens it in the in-app viewer (SourceViewer.qml): a PDF at its page,
        // a text at its lines, the passage highlighted.
        Flow {
            objectName: "citationChips"
            Layout.fillWidth: true
            visible: citations.count > 0
            spacing: 6
            Repeater {
                id: citations
                // A document tool's card shows the passages it read, the answer all it drew on.
                model: root.isUser || !root.tool || !root.tool.sources ? [] : root.tool.sources
                delegate: Button {
                    required property var modelData
                    objectName: "citationChip"
                    readonly property string name: String(modelData.file).split("/").pop()
                    text: modelData.page ? qsTr("[%1] %2, p. %3").arg(modelData.number).arg(name).arg(modelData.page)
                                         : qsTr("[%1] %2").arg(modelData.number).arg(name)
                    font.pointSize: Qt.application.font.pointSize * 0.85
                    Accessible.name: qsTr("Source %1").arg(text)
                    ToolTip.visible: hovered
                    ToolTip.delay: 400
                    ToolTip.text: modelData.snippet
                    onClicked: App.chat.documents.openSource(modelData.file, modelData.page || 0, modelData.line || 0,
                                                             modelData.line_end || 0, modelData.snippet || "")
                }
            }
        }

        // Until the first token: the prompt is read (a long history takes a while on a CPU).
        RowLayout {
            visible: !root.isUser && root.streaming && root.content.length === 0 && root.thought.length === 0
            spacing: 8
            BusyIndicator {
                running: parent.visible
                Layout.preferredHeight: 28
                Layout.preferredWidth: 28
            }
            Label {
                objectName: "readingLabel"
                opacity: 0.75
                text: App.chat.promptProgress < 0 ? qsTr("Reading your message…")
                      : App.chat.promptProgress >= 1 ? qsTr("Writing…")
                      : qsTr("Reading your message… %1% (%2 tokens/s)")
                        .arg(Math.floor(App.chat.promptProgress * 100))
                        .arg(Number(App.chat.promptTokensPerSecond).toLocaleString(Qt.locale(), "f", 0))
            }
        }

        // ‹ 2/3 › and the actions. The arrows always show (the other versions are to be found);
        // the actions when the pointer is over the message, or on the last answer.
        RowLayout {
            id: footer
            objectName: "messageFooter"
            Layout.fillWidth: false
            Layout.alignment: root.isUser ? Qt.AlignRight : Qt.AlignLeft
            Layout.maximumWidth: column.width
            visible: root.showActions || root.showSwitcher
            // A prompt's arrows sit under its bubble's right edge, an answer's at its left one.
            layoutDirection: root.isUser ? Qt.RightToLeft : Qt.LeftToRight
            spacing: 6

            BranchSwitcher {
                id: switcher
                visible: root.showSwitcher
                row: root.index
                current: root.alternative
                count: root.alternatives
                prompt: root.isUser
            }

            RowLayout {
                id: actions
                objectName: "messageActions"
                // As wide as its buttons (a nested layout would fill the column and spread them out).
                // No maximum here: the footer's implicit width, which sizes a prompt's column, would
                // be held to the column's width it sizes.
                Layout.fillWidth: false
                spacing: 2
                // Shown while the pointer is over the message or Tab has reached one of its buttons:
                // hidden ones kept the keyboard focus out of sight (issue 39, defect 4).
                opacity: hover.hovered || activeFocusInside || (root.isLast && (!root.isUser || App.chat.canRetry)) || root.interrupted ? 1.0 : 0.0
                readonly property bool activeFocusInside: {
                    const f = Window.activeFocusItem
                    for (let i = f; i; i = i.parent)
                        if (i === actions) return true
                    return false
                }
                visible: root.showActions

                Label {
                    objectName: "interruptedLabel"
                    visible: !root.isUser && root.interrupted
                    text: qsTr("Interrupted: SmolDesk closed before this answer was complete.")
                    opacity: 0.8
                    font.pointSize: Qt.application.font.pointSize * 0.85
                    font.italic: true
                    rightPadding: 8
                }
                Label {
                    objectName: "statsLabel"
                    visible: !root.isUser && root.stats.length > 0
                    text: root.stats
                    opacity: 0.65
                    font.pointSize: Qt.application.font.pointSize * 0.85
                    rightPadding: 8
                    // The figures give way, the buttons stay whole: in a narrow column Copy was cut
                    // to "Cop" and Regenerate was out of reach.
                    elide: Text.ElideRight
                    Layout.minimumWidth: 0
                    Layout.maximumWidth: Math.max(0, column.width - copyButton.implicitWidth
                                                  - (regenerateButton.visible ? regenerateButton.implicitWidth + actions.spacing : 0)
                                                  - (switcher.visible ? switcher.implicitWidth + footer.spacing : 0)
                                                  - 2 * actions.spacing)
                    ToolTip.visible: truncated && statsHover.hovered
                    ToolTip.text: root.stats
                    HoverHandler { id: statsHover }
                }
                ToolButton {
                    id: copyButton
                    objectName: "copyButton"
                    property bool copied: false
                    // Says that it worked for a moment.
                    text: copied ? qsTr("Copied") : qsTr("Copy")
                    font.pointSize: Qt.application.font.pointSize * 0.85
                    Accessible.name: qsTr("Copy message")
                    onClicked: {
                        App.chat.copyMessage(root.index)
                        copied = true
                        copiedTimer.restart()
                    }
                    Timer { id: copiedTimer; interval: 1500; onTriggered: copyButton.copied = false }
                }
                // The last prompt got no answer (its request failed, or it was stopped before one).
                ToolButton {
                    objectName: "retryButton"
                    visible: root.isUser && root.isLast && App.chat.canRetry
                    text: qsTr("Retry")
                    font.pointSize: Qt.application.font.pointSize * 0.85
                    Accessible.name: qsTr("Ask for the answer again")
                    ToolTip.visible: hovered
                    ToolTip.delay: 600
                    ToolTip.text: qsTr("This prompt has no answer yet: send it to the model again")
                    onClicked: App.chat.retry()
                }
                ToolButton {
                    objectName: "editButton"
                    visible: root.isUser
                    text: qsTr("Edit")
                    font.pointSize: Qt.application.font.pointSize * 0.85
                    enabled: !App.chat.generating
                    Accessible.name: qsTr("Edit prompt")
                    onClicked: editor.open()
                }
                ToolButton {
                    id: regenerateButton
                    objectName: "regenerateButton"
                    visible: !root.isUser && root.isLast
                    text: qsTr("Regenerate")
                    font.pointSize: Qt.application.font.pointSize * 0.85
                    enabled: App.chat.canRegenerate
                    Accessible.name: qsTr("Regenerate answer")
                    ToolTip.visible: hovered
                    ToolTip.delay: 600
                    ToolTip.text: qsTr("Write another answer; this one stays (‹ › switches between them)")
                    onClicked: App.chat.regenerate()
                }
            }
        }
    }

    Popup {
        id: editor
        parent: Overlay.overlay
        anchors.centerIn: parent
        width: Math.min(640, window.width - 80)
        modal: true
        Overlay.modal: Rectangle { color: Theme.scrim }
        padding: 12
        onOpened: { editArea.text = root.content; editArea.forceActiveFocus() }
        function send() {
            if (editArea.text.trim().length === 0) return
            editor.close()
            root.editRequested(root.index, editArea.text)
        }
        ColumnLayout {
            anchors.fill: parent
            Label { text: qsTr("Edit prompt"); font.bold: true }
            Label {
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                opacity: 0.75
                text: qsTr("The edited prompt starts a new branch: this version and its answers stay, behind the ‹ › arrows.")
            }
            ScrollView {
                Layout.fillWidth: true
                Layout.preferredHeight: 160
                TabTextArea {
                    id: editArea
                    objectName: "editPromptArea"
                    wrapMode: TextEdit.Wrap
                    Accessible.name: qsTr("Prompt text")
                    // As in the prompt box: Enter sends, Shift+Enter starts a new line.
                    Keys.onPressed: (event) => {
                        if ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter)
                                && !(event.modifiers & Qt.ShiftModifier)) {
                            editor.send()
                            event.accepted = true
                        }
                    }
                    background: Rectangle {
                        radius: 6
                        color: editArea.palette.base
                        border.color: editArea.activeFocus ? editArea.palette.highlight : editArea.palette.mid
                    }
                }
            }
            RowLayout {
                Layout.alignment: Qt.AlignRight
                DialogButton { text: qsTr("Cancel"); onClicked: editor.close() }
                DialogButton {
                    text: qsTr("Send")
                    highlighted: true
                    onClicked: editor.send()
                }
            }
        }
    }
}
