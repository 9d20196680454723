#include "window_placement.h"

#include <algorithm>

namespace smoldesk::app::window_placement {

QRect fit(const QRect& saved, const QRect& available, const QMargins& frame) {
    if (!available.isValid()) return saved.isValid() ? saved : QRect(QPoint(0, 0), kPreferred);
    // The client area the screen leaves once the frame is drawn around it.
    const QRect room = available.marginsRemoved(frame);
    const int maxW = std::max(1, room.width());
    const int maxH = std::max(1, room.height());
    QSize size = saved.isValid() ? saved.size() : kPreferred;
    size = size.boundedTo(QSize(maxW, maxH)).expandedTo(kMinimum.boundedTo(QSize(maxW, maxH)));
    QPoint topLeft;
    // A saved place counts when most of the window would be on this screen; a window saved on a
    // monitor that is gone opens centred instead of out of reach.
    const bool savedOnScreen = saved.isValid() &&
                               QRect(saved.topLeft(), size).intersected(room).width() >= size.width() / 2 &&
                               QRect(saved.topLeft(), size).intersected(room).height() >= size.height() / 2;
    if (savedOnScreen) {
        topLeft = saved.topLeft();
    } else {
        topLeft = QPoint(room.x() + (room.width() - size.width()) / 2,
                         room.y() + (room.height() - size.height()) / 2);
    }
    // Wholly inside the room: every control of the window reachable.
    topLeft.setX(std::clamp(topLeft.x(), room.left(), room.left() + room.width() - size.width()));
    topLeft.setY(std::clamp(topLeft.y(), room.top(), room.top() + room.height() - size.height()));
    return QRect(topLeft, size);
}

} // namespace smoldesk::app::window_placement
