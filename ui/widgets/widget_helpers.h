#pragma once

// Small widget recipes the studio's panels share.

#include <QFrame>
#include <QLabel>
#include <QScrollArea>

namespace portalkit::ui {

// A label for details that wrap and can be copied.
inline QLabel* wrappedLabel() {
    auto* label = new QLabel;
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

// `content` in a frameless scroll area that resizes it: a panel that scrolls when its dock or
// tab is short, instead of setting a minimum size that keeps the window from fitting its screen.
inline QScrollArea* scrolled(QWidget* content) {
    auto* scroll = new QScrollArea;
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(content);
    return scroll;
}

} // namespace portalkit::ui
