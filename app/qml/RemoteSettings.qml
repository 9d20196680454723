import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// Settings ▸ Models ▸ Remote endpoints: OpenAI-compatible servers (vLLM, llama-server, Ollama,
// LM Studio, another SmolDesk) whose models the chat can use. Name, base URL and API key, a Test
// connection that lists the models, and per endpoint its state, models, Check again and Remove.
// The key goes to the secret store (App.remotes.keyStorage says which), never the settings file.
ColumnLayout {
    id: page
    spacing: 8
    readonly property var remotes: App.remotes
    property string testResult: ""
    property bool testOk: false
    property bool testing: false
    property string savedName: "" // the endpoint just saved, whose models are being listed

    Connections {
        target: page.remotes
        // The note under the buttons says how the listing ended (its card keeps the details).
        function onRefreshed(name, ok) {
            if (name !== page.savedName) return
            page.savedName = ""
            page.testOk = ok
            page.testResult = ok ? qsTr("Saved “%1”. Its models are under File ▸ Remote models.").arg(name)
                                 : qsTr("Saved “%1”, but it did not answer: see its card below.").arg(name)
        }
        function onConnectionTested(ok, sentence, models) {
            page.testing = false
            page.testOk = ok
            page.testResult = ok && models.length > 0
                    ? qsTr("%1 Models: %2").arg(sentence).arg(models.slice(0, 8).join(", "))
                    : sentence
        }
    }

    Label {
        Layout.fillWidth: true
        wrapMode: Text.Wrap
        opacity: 0.75
        text: qsTr("Chat with models on another machine through any OpenAI-compatible server (vLLM, llama-server, Ollama, LM Studio, another SmolDesk). Their models appear under File ▸ Remote models.")
    }
    GridLayout {
        Layout.fillWidth: true
        columns: 2
        columnSpacing: 12
        rowSpacing: 6
        Label { text: qsTr("Name") }
        TextField {
            id: nameField
            objectName: "remoteName"
            Layout.fillWidth: true
            placeholderText: qsTr("GPU box")
            Accessible.name: qsTr("Endpoint name")
        }
        Label { text: qsTr("Base URL") }
        TextField {
            id: urlField
            objectName: "remoteUrl"
            Layout.fillWidth: true
            placeholderText: "http://192.168.1.20:8000/v1"
            Accessible.name: qsTr("Base URL")
        }
        Label { text: qsTr("API key") }
        TextField {
            id: keyField
            objectName: "remoteKey"
            Layout.fillWidth: true
            echoMode: TextInput.Password
            placeholderText: qsTr("none, or kept as stored")
            Accessible.name: qsTr("API key")
        }
    }
    Label {
        Layout.fillWidth: true
        wrapMode: Text.Wrap
        opacity: 0.7
        text: page.remotes.keyStorage === "keychain"
              ? qsTr("API keys are kept in the system's secret store, never in the settings file, the log or the diagnostics.")
              : qsTr("No secret store answers on this system: API keys are kept in a file only you can read (permissions 0600) beside the settings, never in the settings file, the log or the diagnostics.")
    }
    RowLayout {
        Layout.fillWidth: true
        DialogButton {
            objectName: "remoteTest"
            text: qsTr("Test connection")
            enabled: urlField.text.length > 0 && !page.testing
            onClicked: {
                page.testing = true
                page.testResult = qsTr("Connecting…")
                page.remotes.testConnection(urlField.text, keyField.text, nameField.text)
            }
        }
        DialogButton {
            objectName: "remoteSave"
            text: qsTr("Save endpoint")
            enabled: nameField.text.length > 0 && urlField.text.length > 0
            onClicked: {
                page.savedName = nameField.text.trim()
                const error = page.remotes.addEndpoint(nameField.text, urlField.text, keyField.text)
                page.testOk = error.length === 0
                if (error.length > 0) { page.savedName = ""; page.testResult = error }
                // A listing that already ended (onRefreshed ran during addEndpoint) said its word.
                else if (page.savedName.length > 0) page.testResult = qsTr("Saved. Listing its models…")
                if (error.length === 0) keyField.text = ""
            }
        }
        Item { Layout.fillWidth: true }
    }
    Label {
        objectName: "remoteTestResult"
        Layout.fillWidth: true
        visible: text.length > 0
        wrapMode: Text.Wrap
        color: page.testOk || page.testing ? palette.windowText : Theme.danger
        text: page.testResult
    }

    ListView {
        objectName: "remoteList"
        Layout.fillWidth: true
        Layout.fillHeight: true
        clip: true
        spacing: 6
        model: page.remotes
        delegate: Frame {
            id: card
            required property string name
            required property string baseUrl
            required property bool hasKey
            required property var models
            required property string status
            required property bool ok
            required property bool busy
            width: ListView.view.width
            ColumnLayout {
                anchors.left: parent.left
                anchors.right: parent.right
                RowLayout {
                    Layout.fillWidth: true
                    Label {
                        objectName: "remoteCardTitle"
                        Layout.fillWidth: true
                        elide: Text.ElideRight
                        font.bold: true
                        // card.baseUrl: a bare baseUrl inside a Label is the Label's own (Text.baseUrl,
                        // the QML file's address).
                        text: qsTr("%1 — %2").arg(card.name).arg(card.baseUrl)
                    }
                    DialogButton {
                        text: qsTr("Edit")
                        onClicked: { nameField.text = card.name; urlField.text = card.baseUrl; keyField.text = "" }
                    }
                    DialogButton {
                        text: qsTr("Check again")
                        enabled: !busy
                        onClicked: page.remotes.refresh(name)
                    }
                    DialogButton {
                        text: qsTr("Remove")
                        onClicked: page.remotes.removeEndpoint(name)
                    }
                }
                Label {
                    objectName: "remoteCardStatus"
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    color: card.ok || card.busy ? palette.windowText : Theme.danger
                    text: card.busy ? qsTr("Connecting…") : card.status
                }
                Label {
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    opacity: 0.75
                    text: (hasKey ? qsTr("API key stored.") : qsTr("No API key.")) + " "
                          + (models.length > 0 ? qsTr("Models: %1").arg(models.join(", ")) : qsTr("No models listed yet."))
                }
            }
        }
    }
}
