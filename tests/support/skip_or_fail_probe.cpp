// Not a test by itself: a Qt Test whose only function cannot run, so test_require_all can
// check what SMOLDESK_SKIP_OR_FAIL does with and without SMOLDESK_REQUIRE_ALL_TESTS.
#include "require_all.h"

class SkipOrFailProbe : public QObject {
    Q_OBJECT

  private slots:
    void needsSomethingMissing() {
        SMOLDESK_SKIP_OR_FAIL("the probe's imaginary device is missing");
        QFAIL("SMOLDESK_SKIP_OR_FAIL returned to its caller");
    }
};

QTEST_GUILESS_MAIN(SkipOrFailProbe)
#include "skip_or_fail_probe.moc"
