import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// Shown for an empty chat: what to do first (download the recommended model, open a file),
// or a hint when the bundled demo model is the one answering.
Item {
    id: welcome
    signal openRequested()
    signal moreModelsRequested()
    readonly property var dl: App.downloader

    ColumnLayout {
        anchors.centerIn: parent
        width: Math.min(parent.width - 48, 560)
        spacing: 14

        Image {
            Layout.alignment: Qt.AlignHCenter
            source: "qrc:/SmolDesk/smoldesk.svg"
            sourceSize.width: 72
            sourceSize.height: 72
        }
        Label {
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            text: App.model.state === ModelManager.Ready && !App.model.isDemo ? qsTr("What can I help with?") : qsTr("Welcome to SmolDesk")
            font.pointSize: Qt.application.font.pointSize * 1.8
            font.bold: true
        }
        Label {
            objectName: "welcomeText"
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            wrapMode: Text.Wrap
            opacity: 0.8
            // A remote model answers on another machine: the note names it and says prompts go there.
            // While a model loads, the page says so rather than falling back to the first-run text
            // and its download button (issue 39, defect 15); the banner above shows the progress.
            text: App.model.state === ModelManager.Loading
                  ? qsTr("Loading %1…").arg(App.model.loadingName)
                  : App.model.isDemo
                  ? qsTr("The tiny bundled demo model is loaded. It only tells short children's stories, but it works offline. For real answers, download SmolLM3 or open a GGUF model you already have.")
                  : App.model.state === ModelManager.Ready && App.model.remote
                    ? qsTr("%1 answers from the endpoint “%2” at %3. What you type is sent to that server.")
                      .arg(App.model.remoteModel).arg(App.model.remoteEndpoint).arg(App.model.remoteAddress)
                  : App.model.state === ModelManager.Ready
                    ? qsTr("Everything runs on this computer. Nothing you type leaves it.")
                    : qsTr("Chat with language models that run entirely on this computer. Start with SmolLM3, or open a GGUF model you already have.")
        }

        ColumnLayout {
            objectName: "welcomeActions"
            visible: App.model.state !== ModelManager.Loading && (App.model.state !== ModelManager.Ready || App.model.isDemo)
            Layout.alignment: Qt.AlignHCenter
            spacing: 8
            Button {
                Layout.fillWidth: true
                highlighted: true
                visible: welcome.dl.state !== Downloader.Downloading && welcome.dl.state !== Downloader.Verifying
                text: qsTr("Download %1 (%2)").arg(welcome.dl.catalogueName).arg(welcome.dl.catalogueSize)
                Accessible.name: qsTr("Download the recommended model")
                onClicked: welcome.dl.startRecommended()
            }
            Button {
                objectName: "moreModelsButton"
                Layout.fillWidth: true
                visible: welcome.dl.state !== Downloader.Downloading && welcome.dl.state !== Downloader.Verifying
                text: qsTr("More models…")
                Accessible.name: qsTr("Choose another model to download")
                onClicked: welcome.moreModelsRequested()
            }
            Button {
                Layout.fillWidth: true
                text: qsTr("Open a GGUF file…")
                Accessible.name: qsTr("Open a GGUF file")
                onClicked: welcome.openRequested()
            }
        }

        ColumnLayout {
            visible: welcome.dl.state === Downloader.Downloading || welcome.dl.state === Downloader.Verifying
            Layout.fillWidth: true
            spacing: 6
            ProgressBar {
                Layout.fillWidth: true
                from: 0; to: 1
                value: welcome.dl.progress
                indeterminate: welcome.dl.state === Downloader.Verifying
                Accessible.name: qsTr("Download progress")
            }
            RowLayout {
                Layout.fillWidth: true
                Label {
                    Layout.fillWidth: true
                    text: welcome.dl.state === Downloader.Verifying ? qsTr("Checking the download…") : welcome.dl.progressText
                }
                Button { text: qsTr("Cancel"); onClicked: welcome.dl.cancel() }
            }
        }
        Label {
            visible: welcome.dl.state === Downloader.Error
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: Theme.danger
            text: welcome.dl.errorText
        }
        Label {
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            opacity: 0.6
            text: qsTr("Tip: drop a .gguf file anywhere on this window.")
        }
    }
}
