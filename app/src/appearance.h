#pragma once
// The app's colour scheme, chosen in Settings: "system" (the palette the desktop gives Qt, which
// many desktops never switch for Qt apps), "light" or "dark". The whole UI reads its colours from
// the application palette (Main.qml's SystemPalette, Theme.qml), so setting it switches every view.
#include <QPalette>
#include <QString>

namespace smoldesk::app {

// Breeze-like schemes, complete for every role and group the QML reads (disabled text included).
QPalette lightPalette();
QPalette darkPalette();

// Applies "light", "dark" or "system" (anything else counts as "system"). The first call with
// "system" leaves the palette alone, so a palette set before the app starts (a test's, a
// platform theme's) stays; a later one goes back to the desktop's.
void applyAppearance(const QString& mode);

} // namespace smoldesk::app
