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
        function onOverflowRequested(neededTokens, contextSize, suggestedContext, tools) {
            overflowDialog.neededTokens = neededTokens
            overflowDialog.contextSize = contextSize
            overflowDialog.suggestedContext = suggestedContext
            overflowDialog.tools = tools
            // Taken once: the text and the buttons tell the same story while the dialog is open.
            overflowDialog.canDrop = App.chat.canDropOldestTurns
            overflowDialog.open()
        }
    }

    // Escape, a click outside and Cancel close it without sending anything: the prompt goes back
    // into the prompt box. Only the buttons that say what they do act.
    Dialog {
        id: overflowDialog
        objectName: "overflowDialog"
        property int neededTokens
        property int contextSize
        property int suggestedContext
        property int tools
        property bool canDrop
        parent: Overlay.overlay
        anchors.centerIn: parent
        width: Math.min(520, window.width - 60)
        modal: true
        Overlay.modal: Rectangle { color: Theme.scrim }
        title: canDrop ? qsTr("The conversation is too long") : qsTr("The message is too long")
        // Enter keeps everything as it is (the prompt goes back into the box); the focus shows.
        onOpened: editButton.forceActiveFocus(Qt.TabFocusReason)
        Label {
            objectName: "overflowText"
            width: parent.width
            wrapMode: Text.Wrap
            text: (overflowDialog.canDrop
                   ? qsTr("The conversation needs %1 tokens, but the model's context holds %2. Drop the oldest turns (the system prompt stays), or continue in a new chat? Cancel puts your message back into the prompt box.")
                     .arg(overflowDialog.neededTokens).arg(overflowDialog.contextSize)
                   : overflowDialog.suggestedContext > 0
                   ? qsTr("This message needs %1 tokens, but the model's context holds %2. Shorten it, or raise the context to %3 tokens in Settings ▸ General and reload the model.")
                     .arg(overflowDialog.neededTokens).arg(overflowDialog.contextSize).arg(overflowDialog.suggestedContext)
                   : qsTr("This message needs %1 tokens, but the model's context holds %2, and the model takes no larger one. Shorten it.")
                     .arg(overflowDialog.neededTokens).arg(overflowDialog.contextSize))
                  + (overflowDialog.tools > 0
                     ? " " + qsTr("The definitions of %n tool(s) take part of the context: turning tools off for this chat leaves more room.", "", overflowDialog.tools)
                     : "")
        }
        footer: DialogButtonBox {
            // A single prompt has no older turns to leave out, and a new chat would not hold it either.
            DialogButton {
                objectName: "overflowDropButton"
                visible: overflowDialog.canDrop
                text: qsTr("Drop oldest turns")
                DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            }
            DialogButton {
                objectName: "overflowNewChatButton"
                visible: overflowDialog.canDrop
                text: qsTr("Start a new chat")
                DialogButtonBox.buttonRole: DialogButtonBox.ActionRole
                onClicked: {
                    overflowDialog.close()
                    App.chat.resolveOverflow(false)
                }
            }
            DialogButton {
                id: editButton
                objectName: "overflowCancelButton"
                text: overflowDialog.canDrop ? qsTr("Cancel") : qsTr("Edit the message")
                DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
            }
        }
        onAccepted: App.chat.resolveOverflow(true)
        onRejected: App.chat.cancelOverflow()
    }
}
