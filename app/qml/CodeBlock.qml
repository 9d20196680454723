import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// A fenced code block: monospace, horizontally scrollable, with its own copy button.
Rectangle {
    id: block
    property string code
    property string language
    implicitHeight: layout.implicitHeight
    radius: 6
    color: Qt.darker(palette.base, 1.06)
    border.color: palette.mid

    ColumnLayout {
        id: layout
        width: parent.width
        spacing: 0
        RowLayout {
            Layout.fillWidth: true
            Layout.leftMargin: 10
            Layout.rightMargin: 4
            Label {
                text: block.language.length > 0 ? block.language : qsTr("code")
                opacity: 0.6
                font.pointSize: Qt.application.font.pointSize * 0.85
                Layout.fillWidth: true
            }
            ToolButton {
                id: copyButton
                property bool copied: false
                text: copied ? qsTr("Copied") : qsTr("Copy code")
                font.pointSize: Qt.application.font.pointSize * 0.85
                Accessible.name: qsTr("Copy code")
                onClicked: { App.chat.copyText(block.code); copied = true; resetTimer.restart() }
                Timer { id: resetTimer; interval: 1500; onTriggered: copyButton.copied = false }
            }
        }
        Flickable {
            Layout.fillWidth: true
            Layout.preferredHeight: codeText.implicitHeight + 16
            contentWidth: codeText.implicitWidth + 20
            clip: true
            flickableDirection: Flickable.HorizontalFlick
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.horizontal: ScrollBar { policy: ScrollBar.AsNeeded }
            TextEdit {
                id: codeText
                x: 10; y: 4
                text: block.code
                font.family: "monospace"
                font.pointSize: Qt.application.font.pointSize * 0.95
                textFormat: TextEdit.PlainText
                readOnly: true
                selectByMouse: true
                color: palette.text
                Accessible.name: qsTr("Code")
            }
        }
    }
}
