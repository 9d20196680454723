import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// ‹ 2/3 ›: which of a message's alternatives is shown (answers kept by Regenerate, prompts kept
// by Edit) and the way to the others; the conversation below follows the one shown. Tab reaches
// the arrows, Space or Enter presses them, Left and Right switch while one has the focus.
RowLayout {
    id: switcher
    objectName: "branchSwitcher"
    required property int row
    required property int current // 1-based
    required property int count
    property bool prompt: false // a user's prompt (versions) or an answer (answers)
    readonly property bool canSwitch: !App.chat.generating
    spacing: 0
    // The arrows' order does not follow the footer's direction (a prompt's footer runs right to left).
    layoutDirection: Qt.LeftToRight

    function go(step) {
        const hadFocus = previous.activeFocus || next.activeFocus
        App.chat.selectAlternative(row, step)
        // At either end that arrow turns off: the focus moves to the other one, not out of the chat.
        if (hadFocus && !previous.activeFocus && !next.activeFocus)
            (previous.enabled ? previous : next).forceActiveFocus(Qt.TabFocusReason)
    }

    Accessible.role: Accessible.Grouping
    Accessible.name: prompt ? qsTr("Version %1 of %2 of this prompt").arg(current).arg(count)
                            : qsTr("Answer %1 of %2").arg(current).arg(count)

    ToolButton {
        id: previous
        objectName: "previousAlternative"
        text: qsTr("‹", "the arrow to the previous alternative")
        font.pointSize: Qt.application.font.pointSize * 1.5
        implicitWidth: Math.max(30, implicitContentWidth + 14)
        enabled: switcher.canSwitch && switcher.current > 1
        focusPolicy: Qt.StrongFocus
        Accessible.name: ToolTip.text
        ToolTip.visible: hovered || visualFocus
        ToolTip.delay: 400
        ToolTip.text: switcher.prompt ? qsTr("Previous version of this prompt") : qsTr("Previous answer")
        onClicked: switcher.go(-1)
        Keys.onLeftPressed: switcher.go(-1)
        Keys.onRightPressed: switcher.go(1)
    }
    Label {
        objectName: "alternativeLabel"
        text: qsTr("%1/%2", "which alternative of how many, as in ‹ 2/3 ›").arg(switcher.current).arg(switcher.count)
        font.pointSize: Qt.application.font.pointSize * 0.9
        opacity: 0.8
        Accessible.ignored: true // the group says it
    }
    ToolButton {
        id: next
        objectName: "nextAlternative"
        text: qsTr("›", "the arrow to the next alternative")
        font.pointSize: Qt.application.font.pointSize * 1.5
        implicitWidth: Math.max(30, implicitContentWidth + 14)
        enabled: switcher.canSwitch && switcher.current < switcher.count
        focusPolicy: Qt.StrongFocus
        Accessible.name: ToolTip.text
        ToolTip.visible: hovered || visualFocus
        ToolTip.delay: 400
        ToolTip.text: switcher.prompt ? qsTr("Next version of this prompt") : qsTr("Next answer")
        onClicked: switcher.go(1)
        Keys.onLeftPressed: switcher.go(-1)
        Keys.onRightPressed: switcher.go(1)
    }
}
