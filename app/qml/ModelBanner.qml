import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// Loading progress with Cancel, load errors with their action, and notices (the GPU failed and
// the CPU took over) above the chat.
Pane {
    id: banner
    visible: App.model.state === ModelManager.Loading || App.model.errorText.length > 0 || App.chat.errorText.length > 0
             || App.model.notice.length > 0 || App.chat.toolNotice.length > 0
    padding: 10
    background: Rectangle {
        color: App.model.errorText.length > 0 || App.chat.errorText.length > 0
               ? Qt.tint(banner.palette.base, Theme.dangerTint) : banner.palette.alternateBase
        border.color: banner.palette.mid
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6

        RowLayout {
            visible: App.model.state === ModelManager.Loading
            Layout.fillWidth: true
            spacing: 10
            Label {
                objectName: "loadingLabel"
                text: App.model.preparingGpu ? qsTr("Preparing the GPU (first start only)…")
                                             : qsTr("Loading %1…").arg(App.model.loadingName)
                elide: Text.ElideMiddle
                Layout.maximumWidth: 320
            }
            ProgressBar {
                objectName: "loadProgress"
                Layout.fillWidth: true
                from: 0; to: 1
                value: App.model.loadProgress
                Accessible.name: qsTr("Loading progress")
            }
            Label { text: Math.round(App.model.loadProgress * 100) + " %" }
            Button {
                text: qsTr("Cancel")
                Accessible.name: qsTr("Cancel loading")
                onClicked: App.model.cancelLoad()
            }
        }

        RowLayout {
            visible: App.model.errorText.length > 0
            Layout.fillWidth: true
            spacing: 10
            Label {
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                text: App.model.errorText + (App.model.errorAction.length > 0 ? "\n" + App.model.errorAction : "")
            }
            Button { text: qsTr("Open another model…"); onClicked: window.openModelDialog() }
            ToolButton {
                text: "✕"
                Accessible.name: qsTr("Dismiss")
                onClicked: App.model.clearError()
            }
        }

        RowLayout {
            visible: App.model.notice.length > 0
            Layout.fillWidth: true
            spacing: 10
            Label {
                objectName: "noticeLabel"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                text: App.model.notice
            }
            ToolButton {
                text: "✕"
                Accessible.name: qsTr("Dismiss")
                onClicked: App.model.clearNotice()
            }
        }

        RowLayout {
            visible: App.chat.toolNotice.length > 0
            Layout.fillWidth: true
            spacing: 10
            Label {
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                text: App.chat.toolNotice
            }
            ToolButton {
                text: "✕"
                Accessible.name: qsTr("Dismiss")
                onClicked: App.chat.clearToolNotice()
            }
        }

        RowLayout {
            visible: App.chat.errorText.length > 0
            Layout.fillWidth: true
            spacing: 10
            Label {
                objectName: "chatErrorText"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                text: App.chat.errorText
            }
            // The prompt that failed is still there, without an answer: ask again.
            Button {
                objectName: "bannerRetryButton"
                visible: App.chat.canRetry
                text: qsTr("Retry")
                Accessible.name: qsTr("Ask for the answer again")
                onClicked: App.chat.retry()
            }
            ToolButton {
                text: "✕"
                Accessible.name: qsTr("Dismiss")
                onClicked: App.chat.clearError()
            }
        }
    }
}
