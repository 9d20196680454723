#pragma once
// A dark palette as a desktop's dark scheme hands it to Qt (Breeze Dark's colours), for the
// screenshots and checks of dark mode: Xvfb has no desktop that would set one.
#include <QColor>
#include <QPalette>

inline QPalette darkPalette() {
    QPalette p;
    const QColor window(0x20, 0x23, 0x26), base(0x14, 0x16, 0x18), text(0xfc, 0xfc, 0xfc);
    const QColor button(0x29, 0x2c, 0x30), highlight(0x3d, 0xae, 0xe9), dim(0xa1, 0xa9, 0xb1);
    for (auto group : {QPalette::Active, QPalette::Inactive}) {
        p.setColor(group, QPalette::Window, window);
        p.setColor(group, QPalette::WindowText, text);
        p.setColor(group, QPalette::Base, base);
        p.setColor(group, QPalette::AlternateBase, QColor(0x1d, 0x1f, 0x22));
        p.setColor(group, QPalette::Text, text);
        p.setColor(group, QPalette::Button, button);
        p.setColor(group, QPalette::ButtonText, text);
        p.setColor(group, QPalette::BrightText, Qt::white);
        p.setColor(group, QPalette::Highlight, highlight);
        p.setColor(group, QPalette::HighlightedText, text);
        p.setColor(group, QPalette::ToolTipBase, button);
        p.setColor(group, QPalette::ToolTipText, text);
        p.setColor(group, QPalette::PlaceholderText, dim);
        p.setColor(group, QPalette::Link, QColor(0x1d, 0x99, 0xf3));
        p.setColor(group, QPalette::Light, QColor(0x40, 0x45, 0x4b));
        p.setColor(group, QPalette::Midlight, QColor(0x35, 0x39, 0x3e));
        p.setColor(group, QPalette::Mid, QColor(0x4d, 0x53, 0x59));
        p.setColor(group, QPalette::Dark, QColor(0x10, 0x11, 0x12));
        p.setColor(group, QPalette::Shadow, Qt::black);
    }
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x6e, 0x73, 0x78));
    for (auto role : {QPalette::Window, QPalette::Base, QPalette::Button})
        p.setColor(QPalette::Disabled, role, p.color(QPalette::Active, role));
    return p;
}
