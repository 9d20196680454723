import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// One tool call of an answer: the tool, its server and the arguments the model wrote; nothing
// runs before the user's Allow once / Always allow this tool / Deny. While it runs: a spinner and
// Stop (the call, then the turn). The result is collapsed, and cut beyond a few KB until "Show all".
Rectangle {
    id: card
    objectName: "toolCallCard"
    required property int row
    required property var tool   // {callId, name, server, tool, arguments, state, documents, sources}
    required property string result
    readonly property string state_: tool.state || ""
    readonly property int shortLimit: 4096
    property bool expanded: false
    property bool showAll: false

    implicitHeight: body.implicitHeight + 20
    radius: 8
    color: Qt.tint(palette.base, Qt.rgba(palette.mid.r, palette.mid.g, palette.mid.b, 0.15))
    border.color: state_ === "waiting" ? palette.highlight : palette.mid
    Accessible.role: Accessible.Grouping
    Accessible.name: qsTr("Tool call %1 on %2").arg(tool.name || "").arg(tool.server || "")

    function stateText() {
        switch (state_) {
        case "waiting": return qsTr("Waiting for your consent")
        case "running": return qsTr("Running…")
        case "done": return qsTr("Done")
        case "failed": return qsTr("Failed")
        case "denied": return qsTr("Denied")
        case "stopped": return qsTr("Stopped")
        default: return qsTr("Interrupted")
        }
    }

    ColumnLayout {
        id: body
        x: 12; y: 10
        width: card.width - 24
        spacing: 6

        RowLayout {
            Layout.fillWidth: true
            spacing: 8
            Label {
                objectName: "toolCallTitle"
                text: qsTr("Tool: %1").arg(card.tool.name || "")
                font.bold: true
            }
            Label {
                objectName: "toolCallServer"
                visible: (card.tool.server || "").length > 0
                // search_documents and read_document read the chat's own documents (tool_turn.h).
                text: card.tool.documents ? qsTr("in your documents") : qsTr("on %1").arg(card.tool.server || "")
                opacity: 0.75
            }
            Item { Layout.fillWidth: true }
            BusyIndicator {
                visible: card.state_ === "running"
                running: visible
                Layout.preferredWidth: 22
                Layout.preferredHeight: 22
            }
            Label {
                objectName: "toolCallState"
                text: card.stateText()
                color: card.state_ === "failed" ? Theme.danger : card.state_ === "done" ? Theme.success : palette.text
                opacity: 0.85
            }
        }

        TextEdit {
            objectName: "toolCallArguments"
            Layout.fillWidth: true
            text: card.tool.arguments || "{}"
            readOnly: true
            selectByMouse: true
            wrapMode: TextEdit.WrapAnywhere
            textFormat: TextEdit.PlainText
            font.family: "monospace"
            color: palette.text
            selectionColor: palette.highlight
            selectedTextColor: palette.highlightedText
            Accessible.name: qsTr("Arguments")
        }

        RowLayout {
            visible: card.state_ === "waiting"
            spacing: 6
            DialogButton {
                objectName: "allowOnceButton"
                text: qsTr("Allow once")
                highlighted: true
                Accessible.name: qsTr("Allow this call of %1 once").arg(card.tool.name || "")
                onClicked: App.chat.allowToolCall(card.row, false)
            }
            DialogButton {
                objectName: "allowAlwaysButton"
                text: qsTr("Always allow this tool")
                Accessible.name: qsTr("Always allow %1 of %2").arg(card.tool.name || "").arg(card.tool.server || "")
                onClicked: App.chat.allowToolCall(card.row, true)
            }
            DialogButton {
                objectName: "denyButton"
                text: qsTr("Deny")
                Accessible.name: qsTr("Deny this call of %1").arg(card.tool.name || "")
                onClicked: App.chat.denyToolCall(card.row)
            }
        }
        DialogButton {
            objectName: "stopToolButton"
            visible: card.state_ === "running"
            text: qsTr("Stop")
            Accessible.name: qsTr("Stop this call of %1").arg(card.tool.name || "")
            onClicked: App.chat.stopToolCall(card.row)
        }

        Button { // framed: Fusion's flat ToolButton read as a label (issue 39, defect 15)
            objectName: "toolResultToggle"
            visible: card.result.length > 0 && card.state_ !== "waiting" && card.state_ !== "running"
            text: card.expanded ? qsTr("Hide result") : qsTr("Show result (%1 characters)").arg(card.result.length)
            Accessible.name: card.expanded ? qsTr("Hide the result") : qsTr("Show the result")
            onClicked: card.expanded = !card.expanded
        }
        TextEdit {
            objectName: "toolResultText"
            visible: card.expanded
            Layout.fillWidth: true
            text: card.showAll || card.result.length <= card.shortLimit ? card.result
                  : card.result.slice(0, card.shortLimit) + "…"
            readOnly: true
            selectByMouse: true
            wrapMode: TextEdit.WrapAnywhere
            textFormat: TextEdit.PlainText
            font.family: "monospace"
            color: palette.text
            selectionColor: palette.highlight
            selectedTextColor: palette.highlightedText
            Accessible.name: qsTr("Result")
        }
        ToolButton {
            objectName: "toolResultShowAll"
            visible: card.expanded && !card.showAll && card.result.length > card.shortLimit
            text: qsTr("Show all")
            Accessible.name: qsTr("Show the whole result")
            onClicked: card.showAll = true
        }
        // Images the tool returned, shown as they are (up to 320×240); they stay visible when the
        // text is collapsed, since a picture is often the whole point of the call.
        Flow {
            objectName: "toolResultImages"
            visible: (card.tool.images || []).length > 0
            Layout.fillWidth: true
            spacing: 6
            Repeater {
                model: card.tool.images || []
                delegate: Image {
                    required property var modelData
                    required property int index
                    objectName: "toolResultImage"
                    source: "data:" + modelData.mimeType + ";base64," + modelData.data
                    width: Math.min(Math.max(sourceSize.width, 1), 320)
                    height: Math.min(Math.max(sourceSize.height, 1), 240)
                    fillMode: Image.PreserveAspectFit
                    asynchronous: true
                    Accessible.role: Accessible.Graphic
                    Accessible.name: qsTr("Image %1 of the result (%2)").arg(index + 1).arg(modelData.mimeType)
                }
            }
        }
        Label {
            objectName: "toolResultImagesOmitted"
            visible: (card.tool.imagesOmitted || 0) > 0
            text: qsTr("%n more image(s) not shown (too large or not an image SmolDesk can show).", "",
                       card.tool.imagesOmitted || 0)
            opacity: 0.75
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
    }
}
