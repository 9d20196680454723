import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The model's thought: streams as plain text under "Thinking…", then collapses to
// "Thought for N s" (click to expand).
Rectangle {
    id: block
    objectName: "thinkingBlock"
    property string text
    property bool thinking
    property double seconds
    property bool expanded: thinking
    onThinkingChanged: expanded = thinking

    implicitHeight: layout.implicitHeight + 12
    radius: 8
    color: palette.alternateBase
    border.color: palette.mid

    ColumnLayout {
        id: layout
        x: 10; y: 6
        width: parent.width - 20
        spacing: 4

        AbstractButton {
            id: header
            objectName: "thinkingHeader"
            Layout.fillWidth: true
            implicitHeight: headerRow.implicitHeight
            Accessible.name: headerLabel.text
            onClicked: block.expanded = !block.expanded
            contentItem: RowLayout {
                id: headerRow
                spacing: 6
                Label { text: block.expanded ? "▾" : "▸"; opacity: 0.7 }
                Label {
                    id: headerLabel
                    objectName: "thinkingLabel"
                    text: block.thinking ? qsTr("Thinking…") : qsTr("Thought for %n s", "", Math.max(1, Math.round(block.seconds)))
                    font.italic: true
                    opacity: 0.8
                    Layout.fillWidth: true
                }
            }
        }

        TextEdit {
            objectName: "thoughtText"
            visible: block.expanded
            Layout.fillWidth: true
            text: block.text
            textFormat: TextEdit.PlainText
            readOnly: true
            selectByMouse: true
            wrapMode: TextEdit.Wrap
            color: palette.text
            opacity: 0.75
            Accessible.name: qsTr("Thought")
        }
    }
}
