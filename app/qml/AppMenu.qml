import QtQuick
import QtQuick.Controls

// A menu as wide as its widest entry. Fusion's Menu is 200 px whatever its texts, which cut
// German's "Zuletzt verwendete Mod…" (issue 39, defect 11).
Menu {
    width: {
        let w = implicitWidth
        for (let i = 0; i < count; ++i) {
            const entry = itemAt(i)
            if (entry)
                w = Math.max(w, entry.implicitWidth + leftPadding + rightPadding)
        }
        return Math.ceil(w)
    }
}
