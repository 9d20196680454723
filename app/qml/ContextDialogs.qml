import QtQuick
import QtQuick.Controls
import SmolDesk

// The choices the chat may ask for: what to do when the conversation no longer fits into the
// context.
Item {
    id: dialogs

    // An edited prompt starts a branch: nothing is removed, so there is nothing to confirm
    // (the earlier version stays behind the prompt's ‹ › arrows).
    function confirmEdit(row, text) {
        App.chat.editMessage(row, text)
    }

    Connections {
        target: App.chat
        function onOverflowRequested(promptTokens, contextSize) {
            overflowDialog.promptTokens = promptTokens
            overflowDialog.contextSize = contextSize
            overflowDialog.open()
        }
    }

    Dialog {
        id: overflowDialog
        objectName: "overflowDialog"
        property int promptTokens
        property int contextSize
        parent: Overlay.overlay
        anchors.centerIn: parent
        width: Math.min(520, window.width - 60)
        modal: true
        Overlay.modal: Rectangle { color: Theme.scrim }
        title: qsTr("The conversation is too long")
        Label {
            width: parent.width
            wrapMode: Text.Wrap
            text: qsTr("The conversation needs %1 tokens, but the model's context holds %2. Drop the oldest turns (the system prompt stays), or continue in a new chat?")
                  .arg(overflowDialog.promptTokens).arg(overflowDialog.contextSize)
        }
        footer: DialogButtonBox {
            // A single prompt has no older turns to leave out.
            DialogButton { visible: App.chat.canDropOldestTurns; text: qsTr("Drop oldest turns"); DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole }
            DialogButton { text: qsTr("Start a new chat"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
        }
        onAccepted: App.chat.resolveOverflow(true)
        onRejected: App.chat.resolveOverflow(false)
    }
}
