// The shipped translations (translations/*.ts) are complete and keep what the code relies on: no
// message left unfinished, every %-placeholder of the source (%1, %L1, %n) in every translation
// and plural form, as many plural forms as the language has, the menu mnemonic and the trailing
// "…" of the source, and each language's typography (German „…“ and " …", French « … » and the
// space before : ; ? !). New strings from lupdate fail here until someone translates them.
#include <algorithm>

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct TsMessage {
    QString context;
    QString source;
    QString comment;
    qint64 line = 0;
    bool numerus = false;
    bool unfinished = false;
    bool obsolete = false; // vanished or obsolete: kept by lupdate, never compiled into the .qm
    QStringList forms;     // one for a plain message, one per plural form for a numerus one
};

struct TsFile {
    QString language;
    QList<TsMessage> messages;
    QString error;
};

TsFile readTs(const QByteArray& xml) {
    TsFile file;
    QXmlStreamReader r(xml);
    QString context;
    while (!r.atEnd()) {
        r.readNext();
        if (!r.isStartElement()) continue;
        if (r.name() == QLatin1String("TS")) {
            file.language = r.attributes().value(QLatin1String("language")).toString();
        } else if (r.name() == QLatin1String("name")) {
            context = r.readElementText();
        } else if (r.name() == QLatin1String("message")) {
            TsMessage m;
            m.context = context;
            m.line = r.lineNumber();
            m.numerus = r.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            while (r.readNextStartElement()) {
                if (r.name() == QLatin1String("source")) {
                    m.source = r.readElementText();
                } else if (r.name() == QLatin1String("comment")) {
                    m.comment = r.readElementText();
                } else if (r.name() == QLatin1String("translation")) {
                    const QStringView type = r.attributes().value(QLatin1String("type"));
                    m.unfinished = type == QLatin1String("unfinished");
                    m.obsolete = type == QLatin1String("vanished") || type == QLatin1String("obsolete");
                    if (m.numerus) {
                        while (r.readNextStartElement()) {
                            if (r.name() == QLatin1String("numerusform"))
                                m.forms << r.readElementText();
                            else
                                r.skipCurrentElement();
                        }
                    } else {
                        m.forms << r.readElementText();
                    }
                } else {
                    r.skipCurrentElement();
                }
            }
            file.messages << m;
        }
    }
    if (r.hasError()) file.error = QStringLiteral("line %1: %2").arg(r.lineNumber()).arg(r.errorString());
    return file;
}

// Qt's plural rules for the languages we ship (see QTranslator's numerus tables); a new language
// needs its count here, so its plural messages are checked too.
int pluralFormCount(const QString& language) {
    static const QHash<QString, int> counts{
        {QStringLiteral("en"), 2}, {QStringLiteral("de"), 2}, {QStringLiteral("fr"), 2}};
    return counts.value(language.section(QLatin1Char('_'), 0, 0), 0);
}

QSet<QString> placeholders(const QString& text) {
    static const QRegularExpression re(QStringLiteral("%L?(\\d{1,2}|n)"));
    QSet<QString> found;
    for (const QRegularExpressionMatch& m : re.globalMatch(text)) found.insert(m.captured(0));
    return found;
}

QString sorted(const QSet<QString>& set) {
    QStringList list(set.begin(), set.end());
    list.sort();
    return list.isEmpty() ? QStringLiteral("none") : list.join(QLatin1Char(' '));
}

// A menu mnemonic: an '&' that is not "&&" (a literal ampersand).
int mnemonics(QString text) {
    text.remove(QStringLiteral("&&"));
    return int(text.count(QLatin1Char('&')));
}

QStringList formProblems(const QString& language, const TsMessage& m, const QString& form) {
    QStringList found;
    if (form.trimmed().isEmpty()) return {QStringLiteral("empty translation")};
    if (placeholders(form) != placeholders(m.source))
        found << QStringLiteral("placeholders %1 in the source, %2 in “%3”")
                     .arg(sorted(placeholders(m.source)), sorted(placeholders(form)), form);
    if (mnemonics(form) != mnemonics(m.source))
        found << QStringLiteral("the source has %1 mnemonic '&', “%2” has %3")
                     .arg(mnemonics(m.source))
                     .arg(form)
                     .arg(mnemonics(form));
    if (m.source.endsWith(QChar(0x2026)) != form.endsWith(QChar(0x2026)))
        found << QStringLiteral("“%1”: the source %2 with “…” (a button or menu item that opens a dialog)")
                     .arg(form, m.source.endsWith(QChar(0x2026)) ? QStringLiteral("ends")
                                                                 : QStringLiteral("does not end"));
    if (language == QLatin1String("de")) {
        static const QRegularExpression glued(QStringLiteral("\\S\\x{2026}"));
        if (m.source.contains(QChar(0x201C)) && !form.contains(QChar(0x201E)))
            found << QStringLiteral("“%1”: German quotes are „…“").arg(form);
        if (form.contains(glued)) found << QStringLiteral("“%1”: German puts a space before “…”").arg(form);
    } else if (language == QLatin1String("fr")) {
        // Non-breaking spaces (U+00A0 or the narrow U+202F): with a plain one a line may start with
        // "?" or "»", and « … » split across lines in the app (issue 39, defect 15).
        static const QRegularExpression noSpaceBefore(QStringLiteral("[^\\x{00A0}\\x{202F}][:;?!](\\s|$)"));
        static const QRegularExpression tightGuillemets(
            QStringLiteral("«(?![\\x{00A0}\\x{202F}])|(?<![\\x{00A0}\\x{202F}])»"));
        if (m.source.contains(QChar(0x201C)) && !form.contains(QChar(0x00AB)))
            found << QStringLiteral("“%1”: French quotes are « … »").arg(form);
        if (form.contains(noSpaceBefore))
            found << QStringLiteral("“%1”: French puts a non-breaking space before : ; ? !").arg(form);
        if (form.contains(tightGuillemets))
            found << QStringLiteral("“%1”: French puts non-breaking spaces inside « »").arg(form);
        if (form.contains(QLatin1Char('\'')))
            found << QStringLiteral("“%1”: French uses the typographic apostrophe ’").arg(form);
    }
    return found;
}

QStringList problemsIn(const TsFile& file) {
    if (!file.error.isEmpty()) return {QStringLiteral("not valid XML: ") + file.error};
    if (file.messages.isEmpty()) return {QStringLiteral("no messages")};
    const int plurals = pluralFormCount(file.language);
    if (plurals == 0)
        return {QStringLiteral("no plural rule known for language “%1”: add it to pluralFormCount()")
                    .arg(file.language)};
    QStringList found;
    for (const TsMessage& m : file.messages) {
        if (m.obsolete) continue;
        QStringList mine;
        if (m.unfinished) mine << QStringLiteral("unfinished");
        if (m.numerus && m.forms.size() != plurals)
            mine << QStringLiteral("%1 plural forms, the language has %2").arg(m.forms.size()).arg(plurals);
        const bool untranslated = std::all_of(m.forms.begin(), m.forms.end(),
                                              [](const QString& f) { return f.trimmed().isEmpty(); });
        if (!(m.unfinished && untranslated)) // an unfinished empty message: one line is enough
            for (const QString& form : m.forms) mine << formProblems(file.language, m, form);
        for (const QString& p : std::as_const(mine))
            found << QStringLiteral("line %1, %2 “%3”: %4").arg(m.line).arg(m.context, m.source, p);
    }
    return found;
}

QString report(const QString& name, const QStringList& problems) {
    const qsizetype shown = qMin<qsizetype>(problems.size(), 40);
    QString text = QStringLiteral("%1: %2 problem(s)\n  ").arg(name).arg(problems.size()) +
                   problems.mid(0, shown).join(QStringLiteral("\n  "));
    if (shown < problems.size()) text += QStringLiteral("\n  … and %1 more").arg(problems.size() - shown);
    return text;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList shippedFiles() {
    const QDir dir(QStringLiteral(SMOLDESK_TRANSLATIONS_DIR));
    QStringList paths;
    for (const QString& name : dir.entryList({QStringLiteral("smoldesk_*.ts")}, QDir::Files, QDir::Name))
        paths << dir.filePath(name);
    return paths;
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
  private slots:
    void shippedTranslationsAreComplete_data() {
        QTest::addColumn<QString>("path");
        const QStringList paths = shippedFiles();
        // English (for its plural forms), German and French ship; the app promises all three.
        for (const char* lang : {"en", "de", "fr"})
            QVERIFY2(paths.contains(QDir(QStringLiteral(SMOLDESK_TRANSLATIONS_DIR))
                                        .filePath(QStringLiteral("smoldesk_%1.ts").arg(QLatin1String(lang)))),
                     lang);
        for (const QString& path : paths) QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
    void shippedTranslationsAreComplete() {
        QFETCH(QString, path);
        const TsFile file = readTs(readAll(path));
        const QStringList problems = problemsIn(file);
        QVERIFY2(problems.isEmpty(), qPrintable(report(QFileInfo(path).fileName(), problems)));
    }

    // lupdate updates every file at once; a file left behind misses messages the others have.
    void everyFileHasTheSameMessages() {
        const QStringList paths = shippedFiles();
        QVERIFY(!paths.isEmpty());
        auto keys = [](const QString& path) {
            QSet<QString> set;
            for (const TsMessage& m : readTs(readAll(path)).messages)
                if (!m.obsolete)
                    set.insert(m.context + QLatin1Char('\x1f') + m.source + QLatin1Char('\x1f') + m.comment);
            return set;
        };
        const QSet<QString> reference = keys(paths.first());
        QVERIFY(!reference.isEmpty());
        for (const QString& path : paths.mid(1)) {
            const QSet<QString> these = keys(path);
            QStringList differ;
            for (const QString& k : reference - these)
                differ << QStringLiteral("missing: ") + k.section(QLatin1Char('\x1f'), 1, 1);
            for (const QString& k : these - reference)
                differ << QStringLiteral("extra: ") + k.section(QLatin1Char('\x1f'), 1, 1);
            QVERIFY2(differ.isEmpty(),
                     qPrintable(report(QFileInfo(path).fileName() + QStringLiteral(" against ") +
                                           QFileInfo(paths.first()).fileName(),
                                       differ)));
        }
    }

    // The checks above must be able to fail: a file with one defect per message is caught on each.
    void catchesBrokenTranslations() {
        const QByteArray xml = R"(<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>Card</name>
    <message><source>Fine %1</source><translation>Bien %1</translation></message>
    <message><source>Gone</source><translation type="vanished"></translation></message>
    <message><source>New one</source><translation type="unfinished"></translation></message>
    <message><source>Lost %1 and %2</source><translation>Perdu %1</translation></message>
    <message><source>Added</source><translation>Ajouté %1</translation></message>
    <message><source>Locale %L1</source><translation>Locale %1</translation></message>
    <message numerus="yes"><source>%n tool(s)</source><translation><numerusform>%n outil</numerusform></translation></message>
    <message numerus="yes"><source>%n file(s)</source><translation><numerusform>un fichier</numerusform><numerusform>%n fichiers</numerusform></translation></message>
    <message><source>&amp;Open…</source><translation>Ouvrir…</translation></message>
    <message><source>Add server…</source><translation>Ajouter un serveur</translation></message>
    <message><source>Server “%1”</source><translation>Serveur "%1"</translation></message>
    <message><source>Failed: %1</source><translation>Échec: %1</translation></message>
    <message><source>It's</source><translation>C'est</translation></message>
    <message><source>Done: %1</source><translation>Fait : %1</translation></message>
    <message><source>Say “%1”</source><translation>Dites « %1 »</translation></message>
    <message><source>Really?</source><translation>Vraiment ?</translation></message>
</context>
</TS>
)";
        const TsFile file = readTs(xml);
        QVERIFY2(file.error.isEmpty(), qPrintable(file.error));
        QCOMPARE(file.messages.size(), 16);
        const QString problems = problemsIn(file).join(QLatin1Char('\n'));
        auto expect = [&](const char* source, const char* what) {
            const QString line = QStringLiteral("“%1”: ").arg(QString::fromUtf8(source));
            for (const QString& p : problemsIn(file))
                if (p.contains(line) && p.contains(QString::fromUtf8(what))) return true;
            qWarning("expected a problem with %s (%s) among:\n%s", source, what, qPrintable(problems));
            return false;
        };
        QVERIFY(expect("New one", "unfinished"));
        QVERIFY(expect("Lost %1 and %2", "placeholders %1 %2 in the source, %1 in"));
        QVERIFY(expect("Added", "placeholders none in the source, %1 in"));
        QVERIFY(expect("Locale %L1", "placeholders %L1 in the source, %1 in"));
        QVERIFY(expect("%n tool(s)", "1 plural forms, the language has 2"));
        QVERIFY(expect("%n file(s)", "placeholders %n in the source, none in “un fichier”"));
        QVERIFY(expect("&Open…", "mnemonic"));
        QVERIFY(expect("Add server…", "ends with “…”"));
        QVERIFY(expect("Server “%1”", "French quotes"));
        QVERIFY(expect("Failed: %1", "space before"));
        QVERIFY(expect("It's", "apostrophe"));
        QVERIFY(expect("Done: %1", "non-breaking space before"));
        QVERIFY(expect("Say “%1”", "non-breaking spaces inside"));
        QVERIFY2(!problems.contains(QStringLiteral("“Really?”")), qPrintable(problems));
        QVERIFY2(!problems.contains(QStringLiteral("“Fine %1”")), qPrintable(problems));
        QVERIFY2(!problems.contains(QStringLiteral("“Gone”")), qPrintable(problems));

        QVERIFY(!problemsIn(readTs("<TS language=\"de\"><context><name>x</message>")).isEmpty());
        QVERIFY(problemsIn(readTs(QByteArray(xml).replace("language=\"fr\"", "language=\"xx\"")))
                    .join(QString())
                    .contains(QStringLiteral("no plural rule")));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
