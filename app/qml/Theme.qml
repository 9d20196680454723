pragma Singleton
import QtQuick

// The few colours the palette has no role for (an error, a good fit, the dimming behind a
// dialog), each in a light and a dark variant chosen by the system palette, so that they stay
// readable in both schemes. Every other colour comes from the palette; tests/app's QML colour
// check fails on a colour literal anywhere else.
QtObject {
    readonly property SystemPalette system: SystemPalette { colorGroup: SystemPalette.Active }
    readonly property bool dark: system.window.hslLightness < 0.5
    readonly property color danger: dark ? "#ff8a7a" : "#c0392b"
    readonly property color success: dark ? "#6fd69a" : "#2e8b57"
    // An error banner's background: the base colour tinted red.
    readonly property color dangerTint: dark ? "#40ff5040" : "#30d03030"
    readonly property color scrim: dark ? "#99000000" : "#66000000"

    // The system's disabled text colour, unless it is the enabled one: then that colour halfway
    // to the background it is drawn on.
    function disabledText(disabledColor, enabledColor, background) {
        if (!Qt.colorEqual(disabledColor, enabledColor))
            return disabledColor
        return Qt.rgba((enabledColor.r + background.r) / 2, (enabledColor.g + background.g) / 2,
                       (enabledColor.b + background.b) / 2, 1)
    }
}
