#include "markdown_segments.h"

#include <QRegularExpression>
#include <QVariantMap>

namespace smoldesk::app {
namespace {

QStringList tableCells(QString row) {
    row = row.trimmed();
    if (row.startsWith(QLatin1Char('|'))) row.remove(0, 1);
    if (row.endsWith(QLatin1Char('|')) && !row.endsWith(QLatin1String("\\|"))) row.chop(1);
    QStringList cells;
    QString cell;
    for (int i = 0; i < row.size(); ++i) {
        if (row[i] == QLatin1Char('\\') && i + 1 < row.size() && row[i + 1] == QLatin1Char('|')) {
            cell += QLatin1Char('|');
            ++i;
        } else if (row[i] == QLatin1Char('|')) {
            cells << cell.trimmed();
            cell.clear();
        } else {
            cell += row[i];
        }
    }
    cells << cell.trimmed();
    return cells;
}

bool isDelimiterRow(const QString& line) {
    static const QRegularExpression re(
        QStringLiteral("^\\s*\\|?\\s*:?-+:?\\s*(\\|\\s*:?-+:?\\s*)*\\|?\\s*$"));
    return line.contains(QLatin1Char('-')) && re.match(line).hasMatch();
}

bool isTableRow(const QString& line) {
    return line.contains(QLatin1Char('|')) && !line.trimmed().isEmpty();
}

QString inlineHtml(const QString& text) {
    static const QRegularExpression code(QStringLiteral("`([^`]+)`"));
    static const QRegularExpression bold(QStringLiteral("\\*\\*([^*]+)\\*\\*"));
    QString html = text.toHtmlEscaped();
    html.replace(code, QStringLiteral("<code>\\1</code>"));
    html.replace(bold, QStringLiteral("<b>\\1</b>"));
    return html;
}

} // namespace

QString tableToHtml(const QStringList& rows) {
    if (rows.size() < 2) return {};
    const QStringList header = tableCells(rows[0]);
    QStringList align;
    for (const QString& d : tableCells(rows[1])) {
        const bool left = d.startsWith(QLatin1Char(':')), right = d.endsWith(QLatin1Char(':'));
        align << (left && right ? QStringLiteral("center")
                  : right       ? QStringLiteral("right")
                                : QStringLiteral("left"));
    }
    auto row = [&](const QStringList& cells, const char* tag) {
        QString out = QStringLiteral("<tr>");
        for (int c = 0; c < header.size(); ++c)
            out += QStringLiteral("<%1 align=\"%2\">%3</%1>")
                       .arg(QLatin1String(tag), align.value(c, QStringLiteral("left")),
                            inlineHtml(cells.value(c)));
        return out + QStringLiteral("</tr>");
    };
    QString html = QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"6\" "
                                  "style=\"border-collapse: collapse; border-style: solid;\">");
    html += row(header, "th");
    for (int r = 2; r < rows.size(); ++r) html += row(tableCells(rows[r]), "td");
    return html + QStringLiteral("</table>");
}

QList<Segment> splitMarkdown(const QString& markdown) {
    QList<Segment> out;
    Segment cur;
    QString fence;
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    auto push = [&] {
        if (cur.code || !cur.text.trimmed().isEmpty()) {
            if (cur.text.endsWith(QLatin1Char('\n'))) cur.text.chop(1);
            out.append(cur);
        }
        cur = Segment{};
    };
    for (int i = 0; i < lines.size(); ++i) {
        const QString& line = lines[i];
        const QString trimmed = line.trimmed();
        if (!cur.code &&
            (trimmed.startsWith(QLatin1String("```")) || trimmed.startsWith(QLatin1String("~~~")))) {
            push();
            fence = trimmed.left(3);
            cur.code = true;
            cur.language = trimmed.mid(3).trimmed();
            continue;
        }
        if (cur.code && trimmed.startsWith(fence) && trimmed.mid(3).trimmed().isEmpty()) {
            push();
            continue;
        }
        if (!cur.code && isTableRow(line) && i + 1 < lines.size() && isDelimiterRow(lines[i + 1]) &&
            tableCells(line).size() == tableCells(lines[i + 1]).size()) {
            push();
            QStringList rows{line, lines[i + 1]};
            for (i += 2; i < lines.size() && isTableRow(lines[i]) && !isDelimiterRow(lines[i]); ++i)
                rows << lines[i];
            --i; // the loop's ++i moves to the first line after the table
            Segment t;
            t.table = true;
            t.text = rows.join(QLatin1Char('\n'));
            t.html = tableToHtml(rows);
            out.append(t);
            continue;
        }
        cur.text += line;
        if (i + 1 < lines.size()) cur.text += QLatin1Char('\n');
    }
    push();
    return out;
}

QVariantList Markdown::segments(const QString& markdown) const {
    QVariantList list;
    for (const Segment& s : splitMarkdown(markdown))
        list.append(QVariantMap{{QStringLiteral("code"), s.code},
                                {QStringLiteral("table"), s.table},
                                {QStringLiteral("text"), s.text},
                                {QStringLiteral("language"), s.language},
                                {QStringLiteral("html"), s.html}});
    return list;
}

} // namespace smoldesk::app
