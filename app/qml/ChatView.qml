import QtQuick
import QtQuick.Controls
import SmolDesk

// The messages of the open conversation; follows the stream while the view is at the bottom.
ListView {
    id: view
    objectName: "chatView"
    clip: true
    model: App.chat.messages
    spacing: 14
    topMargin: 16
    bottomMargin: 16
    property bool followStream: true
    ScrollBar.vertical: ScrollBar {}
    Accessible.name: qsTr("Messages")

    delegate: MessageDelegate {
        width: view.width
        onEditRequested: (row, text) => contextDialogs.confirmEdit(row, text)
    }

    onMovementStarted: followStream = false
    onMovementEnded: followStream = atYEnd
    onContentHeightChanged: if (followStream) positionViewAtEnd()
    onCountChanged: { followStream = true; positionViewAtEnd() }
}
