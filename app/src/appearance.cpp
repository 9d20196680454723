#include "appearance.h"

#include <QColor>
#include <QGuiApplication>

namespace smoldesk::app {
namespace {

struct Scheme {
    QColor window, windowText, base, alternateBase, button, highlight, highlightedText, placeholder, link;
    QColor light, midlight, mid, dark, shadow, disabledText;
};

QPalette paletteOf(const Scheme& s) {
    QPalette p;
    for (auto group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        p.setColor(group, QPalette::Window, s.window);
        p.setColor(group, QPalette::WindowText, s.windowText);
        p.setColor(group, QPalette::Base, s.base);
        p.setColor(group, QPalette::AlternateBase, s.alternateBase);
        p.setColor(group, QPalette::Text, s.windowText);
        p.setColor(group, QPalette::Button, s.button);
        p.setColor(group, QPalette::ButtonText, s.windowText);
        p.setColor(group, QPalette::BrightText, Qt::white);
        p.setColor(group, QPalette::Highlight, s.highlight);
        p.setColor(group, QPalette::HighlightedText, s.highlightedText);
        p.setColor(group, QPalette::ToolTipBase, s.button);
        p.setColor(group, QPalette::ToolTipText, s.windowText);
        p.setColor(group, QPalette::PlaceholderText, s.placeholder);
        p.setColor(group, QPalette::Link, s.link);
        p.setColor(group, QPalette::Light, s.light);
        p.setColor(group, QPalette::Midlight, s.midlight);
        p.setColor(group, QPalette::Mid, s.mid);
        p.setColor(group, QPalette::Dark, s.dark);
        p.setColor(group, QPalette::Shadow, s.shadow);
    }
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, s.disabledText);
    return p;
}

bool systemApplied = true; // the palette at start is the desktop's (or one a test set)

} // namespace

QPalette lightPalette() {
    return paletteOf({QColor(0xef, 0xf0, 0xf1), QColor(0x23, 0x26, 0x27), QColor(0xff, 0xff, 0xff),
                      QColor(0xf7, 0xf7, 0xf7), QColor(0xfc, 0xfc, 0xfc), QColor(0x3d, 0xae, 0xe9),
                      QColor(0xff, 0xff, 0xff), QColor(0x70, 0x76, 0x7b), QColor(0x29, 0x80, 0xb9),
                      QColor(0xff, 0xff, 0xff), QColor(0xf5, 0xf5, 0xf5), QColor(0xb8, 0xbb, 0xbe),
                      QColor(0x88, 0x8e, 0x93), QColor(0x47, 0x4a, 0x4c), QColor(0xa0, 0xa3, 0xa6)});
}

QPalette darkPalette() {
    return paletteOf({QColor(0x20, 0x23, 0x26), QColor(0xfc, 0xfc, 0xfc), QColor(0x14, 0x16, 0x18),
                      QColor(0x1d, 0x1f, 0x22), QColor(0x29, 0x2c, 0x30), QColor(0x3d, 0xae, 0xe9),
                      QColor(0xfc, 0xfc, 0xfc), QColor(0xa1, 0xa9, 0xb1), QColor(0x1d, 0x99, 0xf3),
                      QColor(0x40, 0x45, 0x4b), QColor(0x35, 0x39, 0x3e), QColor(0x4d, 0x53, 0x59),
                      QColor(0x10, 0x11, 0x12), QColor(0x00, 0x00, 0x00), QColor(0x6e, 0x73, 0x78)});
}

void applyAppearance(const QString& mode) {
    if (mode == QLatin1String("light") || mode == QLatin1String("dark")) {
        QGuiApplication::setPalette(mode == QLatin1String("dark") ? darkPalette() : lightPalette());
        systemApplied = false;
    } else if (!systemApplied) {
        // A palette that sets no role resolves every role against the platform theme's.
        QGuiApplication::setPalette(QPalette());
        systemApplied = true;
    }
}

} // namespace smoldesk::app
