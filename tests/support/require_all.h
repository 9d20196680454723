#pragma once
// Skips that CI cannot miss. A test that cannot run here (no Vulkan device, no display…)
// calls SMOLDESK_SKIP_OR_FAIL(reason) instead of QSKIP: on a developer's machine it skips
// as before; with SMOLDESK_REQUIRE_ALL_TESTS=1 in the environment (CI's .ci/run exports it)
// it fails, quoting the reason, because CTest counts a skip as a pass.
#include <QtTest>

namespace smoldesk::test {

// True when SMOLDESK_REQUIRE_ALL_TESTS is set to anything but empty or "0".
bool allTestsRequired();

} // namespace smoldesk::test

// A macro because QSKIP and QFAIL must return from the test function itself.
#define SMOLDESK_SKIP_OR_FAIL(reason)                                                                        \
    do {                                                                                                     \
        if (smoldesk::test::allTestsRequired())                                                              \
            QFAIL(qPrintable(QStringLiteral("SMOLDESK_REQUIRE_ALL_TESTS is set but this test cannot "        \
                                            "run: %1")                                                       \
                                 .arg(QString::fromUtf8(reason))));                                          \
        QSKIP(reason);                                                                                       \
    } while (false)
