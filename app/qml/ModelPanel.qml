import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// Facts about the model file (read before loading) and the memory estimate with a fit verdict.
Pane {
    id: panel
    signal openRequested()
    signal closeRequested()
    readonly property var f: App.model.facts
    padding: 12
    background: Rectangle { color: panel.palette.window; Rectangle { width: 1; height: parent.height; color: panel.palette.mid } }

    // How prompts are built, in words (PromptMode).
    function promptModeText(mode) {
        switch (mode) {
        case "template": return qsTr("the model's own chat template")
        case "chatml": return qsTr("none in the file; the built-in ChatML template is used")
        case "continuation": return qsTr("none; the model continues your text (plain continuation, no chat turns)")
        default: return ""
        }
    }

    // One line of facts; a fact that is not known is not shown (a bad file gets no invented values).
    component Fact: RowLayout {
        property string label
        property string value
        visible: value.length > 0
        Layout.fillWidth: true
        spacing: 8
        Label { text: label; opacity: 0.7; Layout.preferredWidth: 118; wrapMode: Text.Wrap }
        Label { text: value.length > 0 ? value : "—"; Layout.fillWidth: true; wrapMode: Text.Wrap }
    }

    ScrollView {
        anchors.fill: parent
        contentWidth: availableWidth
        ColumnLayout {
            width: parent.width
            spacing: 8

            RowLayout {
                Layout.fillWidth: true
                Label { text: qsTr("Model"); font.bold: true; font.pointSize: Qt.application.font.pointSize * 1.2; Layout.fillWidth: true }
                ToolButton { text: "✕"; Accessible.name: qsTr("Hide model information"); onClicked: panel.closeRequested() }
            }
            Label {
                objectName: "modelPanelName"
                Layout.fillWidth: true
                text: panel.f.valid ? panel.f.fileName : App.model.remote ? App.model.remoteModel : qsTr("No model selected")
                font.bold: true
                wrapMode: Text.WrapAnywhere
            }
            // A remote model: which endpoint answers, and that the chat goes to it.
            Fact { visible: App.model.remote; label: qsTr("Endpoint"); value: App.model.remote ? App.model.remoteEndpoint : "" }
            Fact { visible: App.model.remote; label: qsTr("Address"); value: App.model.remote ? App.model.remoteAddress : "" }
            Label {
                objectName: "remotePrivacyNote"
                Layout.fillWidth: true
                visible: App.model.remote
                wrapMode: Text.Wrap
                opacity: 0.8
                text: visible ? qsTr("Your prompts and this chat's earlier turns are sent to %1 to be answered.").arg(App.model.remoteAddress) : ""
            }
            Label {
                Layout.fillWidth: true
                visible: panel.f.valid === true && panel.f.error.length > 0
                text: panel.f.valid ? panel.f.error + (panel.f.errorAction.length > 0 ? " " + panel.f.errorAction : "") : ""
                color: Theme.danger
                wrapMode: Text.Wrap
            }
            Fact { label: qsTr("Architecture"); value: panel.f.valid ? panel.f.architecture : "" }
            Fact { objectName: "parametersFact"; label: qsTr("Parameters"); value: panel.f.valid ? panel.f.parameters : "" }
            Fact { label: qsTr("Quantization"); value: panel.f.valid ? panel.f.quantMix : "" }
            Fact { label: qsTr("File size"); value: panel.f.valid ? panel.f.fileSize : "" }
            Fact { label: qsTr("Trained context"); value: panel.f.valid && panel.f.trainedContext > 0 ? qsTr("%1 tokens").arg(panel.f.trainedContext) : "" }
            Fact { objectName: "templateFact"; label: qsTr("Chat template"); value: panel.f.valid ? panel.promptModeText(panel.f.promptMode) : "" }
            Fact { label: qsTr("Thinking"); value: panel.f.valid && panel.f.templateKnown ? (panel.f.reasoningEffort ? qsTr("always, at a low, medium or high effort") : panel.f.supportsThinking ? qsTr("supported") : qsTr("not supported")) : "" }

            MenuSeparator { Layout.fillWidth: true; visible: panel.f.valid === true && panel.f.estimable === true }
            Label { text: qsTr("Memory estimate"); font.bold: true; visible: panel.f.valid === true && panel.f.estimable === true }
            Fact { label: qsTr("Weights"); value: panel.f.valid ? panel.f.weights : "" }
            Fact { label: qsTr("KV cache"); value: panel.f.valid && panel.f.estimable ? qsTr("%1 at %2 tokens").arg(panel.f.kvCache).arg(panel.f.contextLength) : "" }
            Fact { label: qsTr("Needed"); value: panel.f.valid ? panel.f.needed : "" }
            Fact { label: qsTr("Available"); value: panel.f.valid && panel.f.estimable ? panel.f.available : "" }
            Fact { label: qsTr("Experts per token"); value: panel.f.valid && panel.f.moe ? panel.f.experts : "" }
            Label {
                objectName: "moeNote"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                visible: panel.f.valid === true && panel.f.moe === true
                text: visible ? qsTr("A mixture of experts: the file stays mapped and each token reads about %1 of it. Memory use grows toward %2 as the conversation uses more experts; with less free memory it still runs, reading experts from the disk.").arg(panel.f.activeWeights).arg(panel.f.needed) : ""
            }
            Label {
                objectName: "fitVerdict"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                visible: panel.f.valid === true && panel.f.estimable === true
                font.bold: true
                color: !panel.f.valid ? palette.windowText
                       : panel.f.verdict === "fits" ? Theme.success : panel.f.verdict === "unknown" ? palette.windowText : Theme.danger
                text: !panel.f.valid ? ""
                      : panel.f.verdict === "fits" ? qsTr("Fits in the available memory.")
                      : panel.f.verdict === "tight" ? qsTr("Tight: other programs may be slowed down.")
                      : panel.f.verdict === "too-large" ? qsTr("Probably too large for the available memory. You can still try, or lower the context length.")
                      : qsTr("Available memory is unknown.")
            }

            MenuSeparator { Layout.fillWidth: true; visible: App.model.state === ModelManager.Ready }
            // A remote model runs on its endpoint's machine: the server's address, no context figure.
            Fact { visible: App.model.state === ModelManager.Ready; label: App.model.remote ? qsTr("Server") : qsTr("Device"); value: App.model.device }
            Fact {
                objectName: "fallbackFact"
                visible: App.model.state === ModelManager.Ready && App.model.fallbackReason.length > 0
                label: qsTr("GPU not used")
                value: App.model.fallbackReason
            }
            Fact { visible: App.model.state === ModelManager.Ready && !App.model.remote; label: qsTr("Context"); value: qsTr("%1 tokens").arg(App.model.contextSize) }
            // In a Column: a Repeater straight in a Quick Layout whose model changes crashes Qt 6.4
            // (see MessageDelegate.qml).
            Column {
                Layout.fillWidth: true
                visible: warningRows.count > 0
                spacing: 8
                Repeater {
                    id: warningRows
                    model: App.model.state === ModelManager.Ready ? App.model.warnings : []
                    delegate: Label { required property string modelData; text: "⚠ " + modelData; wrapMode: Text.Wrap; width: parent ? parent.width : 0 }
                }
            }

            Button {
                Layout.topMargin: 8
                Layout.fillWidth: true
                text: qsTr("Open another model…")
                onClicked: panel.openRequested()
            }
        }
    }
}
