import QtQuick
import QtQuick.Controls
import SmolDesk

// The choices the chat may ask for: what to do when the conversation no longer fits into the
// context, and whether to drop later turns when a prompt is edited.
Item {
    id: dialogs
    property int pendingRow: -1
    property string pendingText

    function confirmEdit(row, text) {
        pendingRow = row
        pendingText = text
        if (row >= App.chat.messages.count - 2) {
            App.chat.editMessage(row, text)  // nothing after the answer to this prompt: no question
        } else {
            editConfirm.open()
        }
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

    Dialog {
        id: editConfirm
        objectName: "editConfirmDialog"
        parent: Overlay.overlay
        anchors.centerIn: parent
        width: Math.min(480, window.width - 60)
        modal: true
        title: qsTr("Edit prompt")
        footer: DialogButtonBox {
            DialogButton { text: qsTr("Send"); DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole }
            DialogButton { text: qsTr("Cancel"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
        }
        Overlay.modal: Rectangle { color: Theme.scrim }
        Label {
            width: parent.width
            wrapMode: Text.Wrap
            text: qsTr("Sending the edited prompt removes every later message of this chat. Continue?")
        }
        onAccepted: App.chat.editMessage(dialogs.pendingRow, dialogs.pendingText)
    }
}
