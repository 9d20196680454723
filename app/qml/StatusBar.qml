import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// Device (and why the GPU is not used), the API server's address, speed and the context meter.
ToolBar {
    id: bar
    position: ToolBar.Footer
    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: 10
        anchors.rightMargin: 10
        spacing: 14

        // The model's name (or the state) comes first and is cut last; the device's details
        // ("2 threads, avx512") are what gives way when the bar is short. Both say the whole
        // line as a tooltip.
        RowLayout {
            spacing: 4
            Layout.fillWidth: true
            Layout.minimumWidth: deviceLabel.Layout.minimumWidth
            Layout.maximumWidth: Math.ceil(implicitWidth)
            Label {
                id: deviceLabel
                objectName: "deviceLabel"
                readonly property string fullText: App.model.state === ModelManager.Ready
                      ? qsTr("%1 on %2").arg(App.model.modelName).arg(App.model.device)
                      : text
                text: App.model.state === ModelManager.Ready ? App.model.modelName
                      : App.model.state === ModelManager.Loading ? qsTr("Loading…") : qsTr("No model loaded")
                elide: Text.ElideRight
                // Whole pixels up: the layout rounds down, and 165 px for a text of 165.3 px
                // elided it ("Char…ent…" with room to spare).
                Layout.minimumWidth: Math.min(Math.ceil(implicitWidth), 160)
                Layout.preferredWidth: Math.ceil(implicitWidth)
                Layout.maximumWidth: Math.ceil(implicitWidth)
                ToolTip.visible: deviceHover.hovered
                ToolTip.text: fullText
                HoverHandler { id: deviceHover }
            }
            Label {
                objectName: "deviceDetailLabel"
                visible: App.model.state === ModelManager.Ready && App.model.device.length > 0
                text: qsTr("on %1").arg(App.model.device)
                elide: Text.ElideRight
                Layout.fillWidth: true
                Layout.minimumWidth: 0
                Layout.preferredWidth: Math.ceil(implicitWidth)
                Layout.maximumWidth: Math.ceil(implicitWidth)
                ToolTip.visible: detailHover.hovered
                ToolTip.text: deviceLabel.fullText
                HoverHandler { id: detailHover }
            }
        }
        // Why the GPU is not used is a sentence or two: cut to the bar's width it said nothing
        // (issue 39, defect 5). The bar says that it is not used, whole; the tooltip has the
        // reason, and a click opens the model panel, which shows it too.
        ToolButton {
            id: fallbackLabel
            objectName: "fallbackLabel"
            readonly property string reason: App.model.fallbackReason
            visible: App.model.state === ModelManager.Ready && reason.length > 0
            text: qsTr("GPU not used…")
            font.pixelSize: bar.font.pixelSize
            opacity: 0.75
            onClicked: ApplicationWindow.window.modelPanelVisible = true
            ToolTip.visible: hovered
            ToolTip.text: reason
            ToolTip.delay: 300
            Accessible.name: qsTr("GPU not used: %1").arg(reason)
            Accessible.description: qsTr("Opens the model information")
        }
        Label {
            visible: App.settings.safeMode
            text: qsTr("CPU safe mode")
            color: Theme.danger
        }
        // The local API server's address while it runs; a click copies it.
        ToolButton {
            objectName: "serverIndicator"
            visible: App.server.running
            text: qsTr("API %1").arg(App.server.address)
            font.pixelSize: bar.font.pixelSize
            onClicked: {
                App.server.copyAddress()
                copiedTip.visible = true
                copiedTimer.restart()
            }
            ToolTip.visible: hovered && !copiedTip.visible
            ToolTip.text: qsTr("The local API server runs at this address: click to copy it")
            Accessible.name: qsTr("Copy the API server address")
            ToolTip {
                id: copiedTip
                text: qsTr("Address copied")
            }
            Timer {
                id: copiedTimer
                interval: 1500
                onTriggered: copiedTip.visible = false
            }
        }
        Item { Layout.fillWidth: true }
        Label {
            visible: App.chat.tokensPerSecond > 0 && App.model.state === ModelManager.Ready
            text: qsTr("%1 tokens/s").arg(Number(App.chat.tokensPerSecond).toLocaleString(Qt.locale(), "f", 1))
        }
        Label {
            text: qsTr("Context")
            visible: App.chat.contextTotal > 0
        }
        ProgressBar {
            objectName: "contextMeter"
            visible: App.chat.contextTotal > 0
            Layout.preferredWidth: 120
            from: 0
            to: Math.max(1, App.chat.contextTotal)
            value: App.chat.contextUsed
            Accessible.name: qsTr("Context used")
        }
        Label {
            visible: App.chat.contextTotal > 0
            objectName: "contextNumbers"
            text: qsTr("%1 / %2").arg(App.chat.contextUsed).arg(App.chat.contextTotal)
            color: App.chat.contextWarning ? Theme.danger : bar.palette.windowText
            font.bold: App.chat.contextWarning
        }
        // A remote model whose endpoint does not say its context length: the server's own count
        // of the chat's tokens (its usage figures), without a total.
        Label {
            objectName: "contextRemoteCount"
            visible: App.chat.contextTotal === 0 && App.model.remote && App.chat.contextUsed > 0
            text: qsTr("Context: %1 tokens").arg(App.chat.contextUsed)
        }
    }
}
