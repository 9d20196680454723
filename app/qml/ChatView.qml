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

    // Switching to another alternative (‹ ›) changes the rows below it: the view stays at the
    // message switched, as the user looks at it, rather than jumping to the new end.
    property bool switchingBranch: false
    Connections {
        target: App.chat
        function onAlternativeSwitching(row) { view.switchingBranch = true; view.followStream = false }
        function onAlternativeShown(row) {
            view.switchingBranch = false
            view.positionViewAtIndex(row, ListView.Contain)
            view.followStream = view.atYEnd
        }
    }

    onMovementStarted: followStream = false
    onMovementEnded: followStream = atYEnd
    onContentHeightChanged: if (followStream) positionViewAtEnd()
    onCountChanged: if (!switchingBranch) { followStream = true; positionViewAtEnd() }
}
