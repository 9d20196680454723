import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// File ▸ Download a model…: the curated catalogue, each entry with its size and whether it fits
// this computer's free memory; Download starts it (resumable, checksum-verified) and the welcome
// view shows the progress; a file already in the models folder opens instead.
Dialog {
    id: dialog
    objectName: "catalogueDialog"
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(640, window.width - 40)
    height: Math.min(560, window.height - 40)
    modal: true
    padding: 16
    title: qsTr("Download a model")
    footer: DialogButtonBox {
        DialogButton { text: qsTr("Close"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
    }
    Overlay.modal: Rectangle { color: Theme.scrim }

    property var entries: []
    onAboutToShow: entries = App.downloader.catalogue() // free memory now, files downloaded since

    ColumnLayout {
        anchors.fill: parent
        spacing: 10
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            opacity: 0.8
            text: qsTr("Models are downloaded from Hugging Face into %1 and checked against their published checksum. Whether one fits is estimated from the memory that is free now.")
                  .arg(App.downloader.modelsFolder())
        }
        ScrollView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            ListView {
                id: list
                objectName: "catalogueList"
                model: dialog.entries
                spacing: 10
                delegate: RowLayout {
                    required property var modelData
                    required property int index
                    width: list.width
                    spacing: 12
                    ColumnLayout {
                        Layout.fillWidth: true
                        spacing: 2
                        Label { text: modelData.name; font.bold: true }
                        Label {
                            Layout.fillWidth: true
                            text: modelData.description
                            wrapMode: Text.Wrap
                            opacity: 0.8
                        }
                        Label {
                            objectName: "catalogueVerdict"
                            text: qsTr("%1 · %2").arg(modelData.size).arg(modelData.verdict)
                            color: modelData.fits ? Theme.success : Theme.danger
                        }
                    }
                    DialogButton {
                        objectName: "catalogueAction_" + modelData.id
                        text: modelData.downloaded ? qsTr("Open") : qsTr("Download")
                        enabled: modelData.downloaded || (App.downloader.state !== Downloader.Downloading
                                                          && App.downloader.state !== Downloader.Verifying)
                        Accessible.name: modelData.downloaded ? qsTr("Open %1").arg(modelData.name)
                                                              : qsTr("Download %1").arg(modelData.name)
                        onClicked: {
                            if (modelData.downloaded) {
                                App.model.load(modelData.path)
                            } else {
                                App.chat.newConversation() // the welcome view shows the progress
                                App.downloader.startCatalogueEntry(modelData.id)
                            }
                            dialog.close()
                        }
                    }
                }
            }
        }
    }
}
