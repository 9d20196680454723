#pragma once
// Splits a Markdown answer into prose, fenced code blocks and tables, so the view can render prose
// with Text.MarkdownText, code in a monospace block with its own copy button, and tables as ruled
// rich-text tables (Qt's Markdown renders them without rules or padding). An unterminated fence
// (while streaming) counts as code up to the end.
#include <QObject>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace smoldesk::app {

struct Segment {
    bool code = false;
    bool table = false; // a GFM table: `html` holds it as a rich-text table
    QString text;
    QString language;
    QString html;
};

// A GFM pipe table (header row, delimiter row, body rows) as a rich-text HTML table with rules,
// padding and the delimiter row's column alignment; cell text is escaped, `code` and **bold** kept.
QString tableToHtml(const QStringList& rows);

QList<Segment> splitMarkdown(const QString& markdown);

class Markdown : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
  public:
    explicit Markdown(QObject* parent = nullptr) : QObject(parent) {}
    // [{code: bool, table: bool, text: string, language: string, html: string}, …]
    Q_INVOKABLE QVariantList segments(const QString& markdown) const;
};

} // namespace smoldesk::app
