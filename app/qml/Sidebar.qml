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

        // Escape or ✕ clears it; Down goes to the list, Enter opens the first chat found.
        TextField {
            id: search
            objectName: "searchField"
            Layout.fillWidth: true
            placeholderText: qsTr("Search chats")
            Accessible.name: qsTr("Search conversations")
            text: App.chat.searchText
            rightPadding: clearSearch.visible ? clearSearch.width + 4 : leftPadding
            onTextEdited: App.chat.searchText = text
            function clearText() {
                text = ""
                App.chat.searchText = ""
            }
            Keys.onEscapePressed: (event) => {
                event.accepted = text.length > 0
                if (event.accepted) clearText()
            }
            Keys.onDownPressed: {
                if (list.count === 0) return
                list.currentIndex = 0
                list.forceActiveFocus(Qt.TabFocusReason)
            }
            Keys.onReturnPressed: list.openAt(0)
            Keys.onEnterPressed: list.openAt(0)
            ToolButton {
                id: clearSearch
                objectName: "clearSearchButton"
                anchors.right: parent.right
                anchors.verticalCenter: parent.verticalCenter
                height: parent.height - 4
                width: height
                visible: search.text.length > 0
                focusPolicy: Qt.NoFocus
                text: "✕"
                Accessible.name: qsTr("Clear the search")
                onClicked: search.clearText()
            }
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
            objectName: "conversationList"
            // In the Tab order: Up and Down move, Enter or Space opens; the row with the keyboard
            // focus is framed.
            activeFocusOnTab: true
            keyNavigationEnabled: true
            currentIndex: -1
            onActiveFocusChanged: if (activeFocus && currentIndex < 0 && count > 0) currentIndex = 0
            function openAt(i) {
                if (i < 0 || i >= count) return
                App.chat.selectConversation(App.chat.conversations.idAt(i))
                window.focusComposer()
            }
            Keys.onReturnPressed: openAt(currentIndex)
            Keys.onEnterPressed: openAt(currentIndex)
            Keys.onSpacePressed: openAt(currentIndex)

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

                // The row with the keyboard focus (a highlight item would sit under the rows).
                Rectangle {
                    objectName: "listFocusFrame"
                    anchors.fill: parent
                    z: 2
                    visible: row.ListView.isCurrentItem && list.activeFocus
                    color: "transparent"
                    radius: 2
                    border.width: 2
                    border.color: row.highlighted ? row.palette.highlightedText : row.palette.highlight
                }

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
