import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import SmolDesk

// Settings ▸ Tools: the MCP servers whose tools the model may call in chats, with consent for
// every call. Add, edit, remove, import an mcp.json; per server on/off, its state and its tools;
// the tools allowed for good, each revocable; the cap on tool rounds per answer.
ColumnLayout {
    id: page
    spacing: 8
    readonly property var tools: App.tools

    RowLayout {
        Layout.fillWidth: true
        DialogButton {
            objectName: "addToolServer"
            text: qsTr("Add server…")
            onClicked: editor.openFor(-1, null)
        }
        DialogButton {
            objectName: "importMcpJson"
            text: qsTr("Import mcp.json…")
            onClicked: importDialog.open()
        }
        Item { Layout.fillWidth: true }
        Label { text: qsTr("Tool rounds per answer") }
        SpinBox {
            objectName: "maxToolRounds"
            from: 1; to: 50
            editable: true
            value: page.tools.maxRounds
            onValueModified: page.tools.maxRounds = value
            Accessible.name: qsTr("Tool rounds per answer")
        }
    }
    Label {
        id: importNote
        objectName: "importNote"
        Layout.fillWidth: true
        visible: text.length > 0
        wrapMode: Text.Wrap
    }
    Label {
        Layout.fillWidth: true
        visible: page.tools.count === 0
        wrapMode: Text.Wrap
        opacity: 0.75
        text: qsTr("No tool servers yet. Add one (a command such as npx -y @modelcontextprotocol/server-filesystem ~/Documents, or an http:// address), or import the mcp.json of Claude Desktop, Cursor or LM Studio. The model asks before every call; nothing runs without your consent.")
    }

    ListView {
        id: serverList
        objectName: "toolServerList"
        Layout.fillWidth: true
        Layout.fillHeight: true
        clip: true
        spacing: 6
        model: page.tools
        ScrollBar.vertical: ScrollBar {}
        delegate: Frame {
            id: card
            required property int index
            required property string name
            required property string transport
            required property string command
            required property string args
            required property string env
            required property string url
            required property string bearer
            required property int timeout
            required property bool enabled
            required property string state
            required property string status
            required property var tools
            property bool expanded: false
            width: serverList.width - 12
            ColumnLayout {
                anchors.left: parent.left
                anchors.right: parent.right
                spacing: 4
                RowLayout {
                    Layout.fillWidth: true
                    Switch {
                        objectName: "serverEnabled_" + card.name
                        checked: card.enabled
                        onToggled: page.tools.setServerEnabled(card.index, checked)
                        Accessible.name: qsTr("Use %1").arg(card.name)
                    }
                    ColumnLayout {
                        Layout.fillWidth: true
                        spacing: 0
                        Label { text: card.name; font.bold: true; elide: Text.ElideRight; Layout.fillWidth: true }
                        Label {
                            Layout.fillWidth: true
                            text: card.transport === "http" ? card.url : (card.command + " " + card.args.split("\n").join(" "))
                            elide: Text.ElideMiddle
                            opacity: 0.7
                            font.pixelSize: Qt.application.font.pixelSize * 0.9
                        }
                    }
                    DialogButton {
                        text: qsTr("Reconnect")
                        visible: card.enabled && card.state === "failed"
                        onClicked: page.tools.reconnect(card.index)
                    }
                    DialogButton {
                        objectName: "editServer_" + card.name
                        text: qsTr("Edit…")
                        onClicked: editor.openFor(card.index, card)
                    }
                    DialogButton {
                        objectName: "removeServer_" + card.name
                        text: qsTr("Remove")
                        onClicked: page.tools.removeServer(card.index)
                    }
                }
                Label {
                    objectName: "serverStatus_" + card.name
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    text: card.status
                    color: card.state === "failed" ? Theme.danger : palette.windowText
                }
                Button {
                    objectName: "showToolsButton"
                    visible: card.tools.length > 0
                    text: card.expanded ? qsTr("Hide tools") : (card.tools.length === 1 ? qsTr("Show 1 tool") : qsTr("Show %1 tools").arg(card.tools.length))
                    onClicked: card.expanded = !card.expanded
                }
                // In a Column, not straight in the Layout: Qt 6.4 kept freed Repeater delegates in a
                // Quick Layout and crashed on the next resize (as the Markdown segments did).
                Column {
                    Layout.fillWidth: true
                    leftPadding: 12
                    Repeater {
                        model: card.expanded ? card.tools : []
                        delegate: RowLayout {
                            required property var modelData
                            width: parent ? parent.width - 12 : 0
                            ColumnLayout {
                                Layout.fillWidth: true
                                spacing: 0
                                Label { text: modelData.name; font.family: "monospace" }
                                Label {
                                    Layout.fillWidth: true
                                    text: modelData.description
                                    wrapMode: Text.Wrap
                                    maximumLineCount: 3
                                    elide: Text.ElideRight
                                    opacity: 0.75
                                }
                            }
                            DialogButton {
                                objectName: "revoke_" + card.name + "_" + modelData.name
                                visible: modelData.alwaysAllowed
                                text: qsTr("Revoke “Always allow”")
                                onClicked: page.tools.setAlwaysAllowed(card.name, modelData.name, false)
                            }
                        }
                    }
                }
            }
        }
    }

    FileDialog {
        id: importDialog
        title: qsTr("Import MCP servers")
        acceptLabel: qsTr("Import")
        rejectLabel: qsTr("Cancel")
        nameFilters: [qsTr("MCP configuration (*.json)"), qsTr("All files (*)")]
        onAccepted: importNote.text = page.tools.importConfig(selectedFile)
    }

    ToolServerDialog { id: editor }
}
