import QtQuick
import QtQuick.Controls

// A text area that Tab and Shift+Tab leave, to the next or previous control: a plain TextArea
// keeps the focus and types a tab character, which traps a keyboard user inside it. Prompts
// have no use for tab characters.
TextArea {
    Keys.onTabPressed: (event) => {
        nextItemInFocusChain(true).forceActiveFocus(Qt.TabFocusReason)
        event.accepted = true
    }
    Keys.onBacktabPressed: (event) => {
        nextItemInFocusChain(false).forceActiveFocus(Qt.BacktabFocusReason)
        event.accepted = true
    }
}
