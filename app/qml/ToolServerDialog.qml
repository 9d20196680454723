import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// Adds or edits one MCP server: a command with arguments and environment (stdio), or an HTTP
// address with an optional bearer token (Streamable HTTP). Environment values and the token are
// secrets: shown here for editing, never written to the log.
Dialog {
    id: dialog
    objectName: "toolServerDialog"
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(560, (parent ? parent.width : 600) - 40)
    modal: true
    property int row: -1
    title: row < 0 ? qsTr("Add a tool server") : qsTr("Edit tool server")
    Overlay.modal: Rectangle { color: Theme.scrim }
    footer: DialogButtonBox {
        // Apply, not Accept: an accepted dialog starts closing before its handler could keep it open.
        DialogButton { text: qsTr("Save"); DialogButtonBox.buttonRole: DialogButtonBox.ApplyRole; objectName: "saveToolServer" }
        DialogButton { text: qsTr("Cancel"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
    }

    function openFor(row, card) {
        dialog.row = row
        nameField.text = card ? card.name : ""
        httpChoice.checked = card ? card.transport === "http" : false
        stdioChoice.checked = !httpChoice.checked
        commandField.text = card ? card.command : ""
        argsField.text = card ? card.args : ""
        envField.text = card ? card.env : ""
        urlField.text = card ? card.url : ""
        bearerField.text = card ? card.bearer : ""
        timeoutSpin.value = card ? card.timeout : 60
        errorLabel.text = ""
        open()
    }
    function fields() {
        return { name: nameField.text, transport: httpChoice.checked ? "http" : "stdio",
                 command: commandField.text, args: argsField.text, env: envField.text,
                 url: urlField.text, bearer: bearerField.text, timeout: timeoutSpin.value }
    }
    // Close only when the server was saved; otherwise say why and stay open.
    function save() {
        const why = row < 0 ? App.tools.addServer(fields()) : App.tools.updateServer(row, fields())
        if (why.length > 0)
            errorLabel.text = why
        else
            close()
    }
    onApplied: save()

    GridLayout {
        anchors.fill: parent
        columns: 2
        columnSpacing: 12
        rowSpacing: 6
        Label { text: qsTr("Name") }
        TextField { id: nameField; objectName: "serverName"; Layout.fillWidth: true; Accessible.name: qsTr("Name") }
        Label { text: qsTr("Connection") }
        RowLayout {
            RadioButton { id: stdioChoice; text: qsTr("Command"); checked: true }
            RadioButton { id: httpChoice; objectName: "httpChoice"; text: qsTr("HTTP address") }
        }
        Label { text: qsTr("Command"); visible: stdioChoice.checked }
        TextField {
            id: commandField
            objectName: "serverCommand"
            visible: stdioChoice.checked
            Layout.fillWidth: true
            placeholderText: qsTr("for example npx")
            Accessible.name: qsTr("Command")
        }
        Label { text: qsTr("Arguments"); visible: stdioChoice.checked }
        // Framed and scrolling: Fusion's TextArea has no frame of its own (it looked like a label),
        // and a long argument (a path, a JSON value) wraps instead of running out of sight.
        ScrollView {
            visible: stdioChoice.checked
            Layout.fillWidth: true
            Layout.preferredHeight: 72
            TabTextArea {
                id: argsField
                objectName: "serverArgs"
                wrapMode: TextEdit.WrapAtWordBoundaryOrAnywhere
                placeholderText: qsTr("one per line")
                Accessible.name: qsTr("Arguments")
                background: Rectangle {
                    radius: 4
                    color: argsField.palette.base
                    border.color: argsField.activeFocus ? argsField.palette.highlight : argsField.palette.mid
                }
            }
        }
        Label { text: qsTr("Environment"); visible: stdioChoice.checked }
        ScrollView {
            visible: stdioChoice.checked
            Layout.fillWidth: true
            Layout.preferredHeight: 56
            TabTextArea {
                id: envField
                objectName: "serverEnv"
                wrapMode: TextEdit.WrapAtWordBoundaryOrAnywhere
                placeholderText: qsTr("NAME=value, one per line (kept out of the log)")
                Accessible.name: qsTr("Environment")
                background: Rectangle {
                    radius: 4
                    color: envField.palette.base
                    border.color: envField.activeFocus ? envField.palette.highlight : envField.palette.mid
                }
            }
        }
        Label { text: qsTr("Address"); visible: httpChoice.checked }
        TextField {
            id: urlField
            objectName: "serverUrl"
            visible: httpChoice.checked
            Layout.fillWidth: true
            placeholderText: "http://127.0.0.1:3000/mcp"
            Accessible.name: qsTr("Address")
        }
        Label { text: qsTr("Bearer token"); visible: httpChoice.checked }
        TextField {
            id: bearerField
            visible: httpChoice.checked
            Layout.fillWidth: true
            echoMode: TextInput.Password
            placeholderText: qsTr("optional")
            Accessible.name: qsTr("Bearer token")
        }
        Label { text: qsTr("Time limit per request") }
        SpinBox {
            id: timeoutSpin
            from: 1; to: 3600
            editable: true
            value: 60
            textFromValue: (v) => qsTr("%1 s").arg(v)
            valueFromText: (t) => parseInt(t)
            Accessible.name: qsTr("Time limit per request")
        }
        Label {
            id: errorLabel
            objectName: "serverError"
            Layout.columnSpan: 2
            Layout.fillWidth: true
            visible: text.length > 0
            wrapMode: Text.Wrap
            color: Theme.danger
        }
    }
}
