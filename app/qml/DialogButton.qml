import QtQuick
import QtQuick.Controls

// A button in a dialog that Enter presses as well as Space (Qt 6.4's buttons take only Space),
// so a keyboard user answers a dialog with the key they expect.
Button {
    Keys.onReturnPressed: clicked()
    Keys.onEnterPressed: clicked()
}
