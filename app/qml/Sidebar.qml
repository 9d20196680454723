import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// Conversations: new, search over titles and content, rename, export, delete.
Pane {
    id: sidebar
    padding: 8
    background: Rectangle { color: sidebar.palette.window }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8

        Button {
            objectName: "newChatButton"
            Layout.fillWidth: true
            text: qsTr("New chat")
            icon.name: "document-new"
            Accessible.name: qsTr("Start a new chat")
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Ctrl+N")
            onClicked: window.newChat()
        }

        TextField {
            id: search
            Layout.fillWidth: true
            placeholderText: qsTr("Search chats")
            Accessible.name: qsTr("Search conversations")
            text: App.chat.searchText
            onTextEdited: App.chat.searchText = text
        }

        ListView {
            id: list
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: App.chat.conversations
            spacing: 2
            ScrollBar.vertical: ScrollBar {}
            Accessible.name: qsTr("Conversations")

            delegate: ItemDelegate {
                id: row
                required property int index
                required property var conversationId
                required property string title
                width: ListView.view.width
                highlighted: conversationId === App.chat.currentId
                text: title
                Accessible.name: title
                contentItem: Label {
                    text: row.title
                    elide: Text.ElideRight
                    color: row.highlighted ? row.palette.highlightedText : row.palette.windowText
                    verticalAlignment: Text.AlignVCenter
                    rightPadding: menuButton.width
                }
                onClicked: App.chat.selectConversation(conversationId)

                ToolButton {
                    id: menuButton
                    anchors.right: parent.right
                    anchors.verticalCenter: parent.verticalCenter
                    visible: row.hovered || row.highlighted
                    text: "⋯"
                    Accessible.name: qsTr("Conversation actions")
                    onClicked: rowMenu.popup()
                }
                Menu {
                    id: rowMenu
                    MenuItem { text: qsTr("Rename…"); onTriggered: { renameDialog.conversationId = row.conversationId; renameDialog.name = row.title; renameDialog.open() } }
                    MenuItem { text: qsTr("Export as Markdown…"); onTriggered: { App.chat.selectConversation(row.conversationId); window.exportConversation("md") } }
                    MenuItem { text: qsTr("Export as JSON…"); onTriggered: { App.chat.selectConversation(row.conversationId); window.exportConversation("json") } }
                    MenuSeparator {}
                    MenuItem { text: qsTr("Delete"); onTriggered: { deleteDialog.conversationId = row.conversationId; deleteDialog.name = row.title; deleteDialog.open() } }
                }
            }

            Label {
                anchors.centerIn: parent
                width: parent.width - 20
                horizontalAlignment: Text.AlignHCenter
                wrapMode: Text.Wrap
                visible: list.count === 0
                opacity: 0.6
                text: search.text.length > 0 ? qsTr("No chat matches “%1”.").arg(search.text) : qsTr("Your chats appear here.")
            }
        }
    }

    Dialog {
        id: renameDialog
        objectName: "renameDialog"
        property var conversationId: 0
        property alias name: nameField.text
        parent: Overlay.overlay
        anchors.centerIn: parent
        modal: true
        title: qsTr("Rename chat")
        width: 380
        footer: DialogButtonBox {
            DialogButton { text: qsTr("Rename"); DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole }
            DialogButton { text: qsTr("Cancel"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
        }
        Overlay.modal: Rectangle { color: Theme.scrim }
        TextField {
            id: nameField
            width: parent.width
            Accessible.name: qsTr("Chat title")
            onAccepted: renameDialog.accept()
        }
        onOpened: nameField.forceActiveFocus()
        onAccepted: App.chat.renameConversation(conversationId, nameField.text)
    }

    Dialog {
        id: deleteDialog
        objectName: "deleteDialog"
        property var conversationId: 0
        property string name
        parent: Overlay.overlay
        anchors.centerIn: parent
        modal: true
        title: qsTr("Delete chat")
        width: 380
        footer: DialogButtonBox {
            DialogButton { text: qsTr("Delete"); DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole }
            DialogButton { text: qsTr("Cancel"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
        }
        Overlay.modal: Rectangle { color: Theme.scrim }
        Label { text: qsTr("Delete “%1”? This cannot be undone.").arg(deleteDialog.name); wrapMode: Text.Wrap; width: parent.width }
        onAccepted: App.chat.deleteConversation(conversationId)
    }
}
