#include "markdown_segments.h"

#include <QVariantMap>

namespace smoldesk::app {

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
                                {QStringLiteral("text"), s.text},
                                {QStringLiteral("language"), s.language}});
    return list;
}

} // namespace smoldesk::app
