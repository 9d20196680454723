#pragma once
// Splits a Markdown answer into prose and fenced code blocks, so the view can render prose with
// Text.MarkdownText and code in a monospace block with its own copy button. An unterminated fence
// (while streaming) counts as code up to the end.
#include <QObject>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace smoldesk::app {

struct Segment {
    bool code = false;
    QString text;
    QString language;
};

QList<Segment> splitMarkdown(const QString& markdown);

class Markdown : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
  public:
    explicit Markdown(QObject* parent = nullptr) : QObject(parent) {}
    // [{code: bool, text: string, language: string}, …]
    Q_INVOKABLE QVariantList segments(const QString& markdown) const;
};

} // namespace smoldesk::app
