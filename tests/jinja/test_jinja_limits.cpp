// Hostile templates: runaway loops, recursion, string and list blow-ups and deep nesting end
// with Error(Template) quickly instead of hanging or exhausting memory.
#include "jinja/template.h"

#include <QtTest>

#include <ctime>

using namespace smoldesk;

class JinjaLimits : public QObject {
    Q_OBJECT
  private slots:
    void hostileTemplatesFailFast_data();
    void hostileTemplatesFailFast();
    void limitsAreConfigurable();
};

void JinjaLimits::hostileTemplatesFailFast_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expectedText");
    QTest::newRow("nested loops")
        << "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"
        << "steps";
    QTest::newRow("loop output")
        << "{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}"
        << "limit";
    QTest::newRow("infinite recursion") << "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}"
                                        << "maximum recursion depth";
    QTest::newRow("caller recursion")
        << "{% macro m() %}{{ caller() if caller }}{% call m() %}x{% endcall %}{% endmacro %}{{ m() }}"
        << "maximum recursion depth";
    QTest::newRow("huge repetition") << "{{ 'a' * 10**12 }}"
                                     << "limit";
    QTest::newRow("huge list repetition") << "{{ ([1] * 10**9)|length }}"
                                          << "limit";
    QTest::newRow("doubling string") << "{% set ns = namespace(s='ab') %}{% for i in range(100) %}{% set "
                                        "ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}"
                                     << "limit";
    QTest::newRow("quadratic concat")
        << "{% set ns = namespace(s='') %}{% for i in range(100000) %}{% set ns.s = ns.s + "
           "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
           "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' %}{% endfor %}"
        << "limit";
    QTest::newRow("quadratic list growth") << "{% set ns = namespace(l=[]) %}{% for i in range(100000) %}{% "
                                              "set ns.l = ns.l + [i, i, i, i] %}{% endfor %}"
                                           << "limit";
    QTest::newRow("retained ranges") << "{% set ns = namespace(l=[]) %}{% for i in range(100000) %}{% set "
                                        "ns.l = ns.l + [range(100000)] %}{% endfor %}"
                                     << "steps";
    QTest::newRow("retained splits") << "{% set s = ' x' * 8000000 %}{% set ns = namespace(l=[]) %}{% for i "
                                        "in range(1000) %}{% set ns.l = ns.l + [s.split()] %}{% endfor %}"
                                     << "steps";
    QTest::newRow("range too big") << "{{ range(10**12)|length }}"
                                   << "MAX_RANGE";
    QTest::newRow("integer overflow") << "{{ 10 ** 100 }}"
                                      << "64 bits";
    QTest::newRow("deep parentheses") << "{{ " + QString(5000, '(') + "1" + QString(5000, ')') + " }}"
                                      << "nested too deeply";
    QTest::newRow("deep blocks") << QString("{% if true %}").repeated(2000) +
                                        QString("{% endif %}").repeated(2000)
                                 << "nested too deeply";
    QTest::newRow("wide center") << "{{ 'x'.center(10**12) }}"
                                 << "limit";
    QTest::newRow("wide format") << "{{ '%999999999999s'|format('x') }}"
                                 << "limit";
    // Found by fuzz_jinja: the width digits overflowed int64 while they were read (UBSan).
    QTest::newRow("width beyond int64") << "{{ '%999999999999999999999d' % 1 }}"
                                        << "width too big";
    QTest::newRow("precision beyond int") << "{{ '%.999999999999999999999f' % 1 }}"
                                          << "precision too big";
    QTest::newRow("spec width beyond int64") << "{{ '{:9999999999999999999999}'.format(1) }}"
                                             << "Too many decimal digits";
    QTest::newRow("wide number") << "{{ '%9223372036854775807d' % 1 }}"
                                 << "limit";
    QTest::newRow("long number precision") << "{{ '%.2147483647d' % 1 }}"
                                           << "limit";
    QTest::newRow("long spec precision") << "{{ '{:.9223372036854775807f}'.format(0.5) }}"
                                         << "limit";
    QTest::newRow("replace blow-up") << "{% set ns = namespace(s='aaaaaaaaaaaaaaaa') %}{% for i in range(40) "
                                        "%}{% set ns.s = ns.s.replace('a', 'aa') %}{% endfor %}"
                                     << "limit";
    // Found by fuzz_jinja: a prefixed literal beyond int64 overflowed while it was read.
    QTest::newRow("huge hex literal") << "{{ 0x7fffffffffffffff1 }}"
                                      << "integer literal too large";
    QTest::newRow("huge binary literal") << "{{ 0b" + QString("1").repeated(64) + " }}"
                                         << "integer literal too large";
    QTest::newRow("octal 2^63 - 1 fits, 2^64 - 1 does not")
        << "{{ 0o777777777777777777777 + 0o1777777777777777777777 }}"
        << "integer literal too large";
}

void JinjaLimits::hostileTemplatesFailFast() {
    QFETCH(QString, source);
    QFETCH(QString, expectedText);
    // CPU time of this process, not wall time: the bound is about the engine's own work, and
    // CTest runs other tests beside this one on the same cores.
    const std::clock_t start = std::clock();
    QString message;
    try {
        jinja::Template t(source.toStdString());
        t.render(jinja::Value::object());
    } catch (const Error& e) {
        QCOMPARE(e.code(), ErrorCode::Template);
        message = QString::fromUtf8(e.what());
    }
    const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    qInfo("%.3f s of CPU: %s", seconds, qPrintable(message));
    QVERIFY2(message.contains(expectedText), qPrintable("got: " + message));
#ifdef SMOLDESK_SANITIZED
    const double bound = 10.0; // ASan + UBSan slow the interpreter about 2-5 times
#else
    const double bound = 2.0;
#endif
    QVERIFY2(seconds < bound, qPrintable(QString("took %1 s of CPU").arg(seconds)));
}

void JinjaLimits::limitsAreConfigurable() {
    jinja::Template t("{% for i in range(1000) %}{{ i }}{% endfor %}");
    jinja::RenderOptions tight;
    tight.maxSteps = 100;
    QVERIFY_THROWS_EXCEPTION(jinja::TemplateError, t.render(jinja::Value::object(), tight));
    jinja::RenderOptions small;
    small.maxOutputBytes = 100;
    QVERIFY_THROWS_EXCEPTION(jinja::TemplateError, t.render(jinja::Value::object(), small));
    QCOMPARE(t.render(jinja::Value::object()).size(), size_t(2890));
    jinja::Template rec(
        "{% macro f(n) %}{% if n > 0 %}{{ f(n - 1) }}{% else %}done{% endif %}{% endmacro %}{{ f(50) }}");
    QCOMPARE(QString::fromStdString(rec.render(jinja::Value::object())), QString("done"));
    jinja::RenderOptions shallow;
    shallow.maxDepth = 10;
    QVERIFY_THROWS_EXCEPTION(jinja::TemplateError, rec.render(jinja::Value::object(), shallow));
}

QTEST_GUILESS_MAIN(JinjaLimits)
#include "test_jinja_limits.moc"
