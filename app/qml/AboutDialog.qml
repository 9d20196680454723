import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

Dialog {
    id: dialog
    objectName: "aboutDialog"
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(520, window.width - 40)
    modal: true
    title: qsTr("About SmolDesk")
    footer: DialogButtonBox {
        DialogButton { text: qsTr("Close"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
    }
    // Dims the window behind, so it is clear that the dialog has to be answered first.
    Overlay.modal: Rectangle { color: Theme.scrim }

    ColumnLayout {
        width: parent.width
        spacing: 10
        RowLayout {
            spacing: 12
            Image { source: "qrc:/SmolDesk/smoldesk.svg"; sourceSize.width: 56; sourceSize.height: 56 }
            ColumnLayout {
                Label { text: "SmolDesk"; font.bold: true; font.pointSize: Qt.application.font.pointSize * 1.4 }
                Label { text: qsTr("Version %1").arg(App.version) }
            }
        }
        Label {
            objectName: "aboutText"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            text: App.model.remote
                  ? qsTr("Language models on your own computer, or on a server you choose. No account, no telemetry. Right now %1 answers from the endpoint “%2” at %3: your prompts are sent to that server.")
                    .arg(App.model.remoteModel).arg(App.model.remoteEndpoint).arg(App.model.remoteAddress)
                  : qsTr("Language models on your own computer. No account, no cloud, no telemetry: nothing leaves this machine unless you download a model.")
        }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.WrapAnywhere
            opacity: 0.7
            text: qsTr("Log file: %1").arg(App.logFile())
        }
        DialogButton {
            id: copyButton
            property bool copied: false
            text: copied ? qsTr("Copied") : qsTr("Copy diagnostics")
            Accessible.name: qsTr("Copy diagnostics")
            onClicked: { App.copyDiagnostics(); copied = true }
        }
    }
    onOpened: copyButton.copied = false
}
