#pragma once
// Where the main window opens: the size and place it had when it was closed, fitted into the
// screen's available area (a 1366×768 laptop with a taskbar, an 800×600 VM), else a comfortable
// size that fits, centred. A window larger than the screen left Send and the composer off-screen.
#include <QRect>
#include <QSize>

class QWindow;

namespace smoldesk::app::window_placement {

// The preferred size on a large screen and the smallest one the layout still works at.
inline constexpr QSize kPreferred{1180, 760};
inline constexpr QSize kMinimum{640, 440};

// The client geometry for a window whose saved geometry is `saved` (invalid: none saved) on a
// screen whose available area is `available`; `frame` is what the window manager adds around
// the client area (title bar, borders), zero when it is not known.
QRect fit(const QRect& saved, const QRect& available, const QMargins& frame = {});

} // namespace smoldesk::app::window_placement
