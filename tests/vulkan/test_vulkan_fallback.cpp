// With no Vulkan driver (the loader pointed at a missing ICD file, by CTest's environment
// and again here), the backend is not created and says why in one sentence; nothing crashes.
#include "compute/vulkan/vulkan_backend.h"

#include <QtTest>

using namespace smoldesk::compute;

class TestVulkanFallback : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        // Before the first Vulkan call of this process: the loader reads these when it looks for drivers.
        qputenv("VK_ICD_FILENAMES", "/nonexistent/smoldesk-no-icd.json");
        qputenv("VK_DRIVER_FILES", "/nonexistent/smoldesk-no-icd.json");
    }

    void noDriverGivesAReason_data() {
        QTest::addColumn<int>("device");
        QTest::addColumn<bool>("validation");
        QTest::newRow("automatic") << -1 << false;
        QTest::newRow("explicit index") << 0 << false;
        QTest::newRow("with validation") << -1 << true;
    }
    void noDriverGivesAReason() {
        QFETCH(int, device);
        QFETCH(bool, validation);
        VulkanOptions o;
        o.device = device;
        o.validation = validation;
        o.memoryNeed.weightBytes = 1u << 20;
        std::string reason;
        std::unique_ptr<smoldesk::compute::Backend> be = createVulkanBackend(o, &reason);
        QVERIFY(!be);
        qInfo("reason: %s", reason.c_str());
        QVERIFY(!reason.empty());
        QCOMPARE(reason.back(), '.');
        QVERIFY(reason.find('\n') == std::string::npos);
        QVERIFY(createVulkanBackend(o, nullptr) == nullptr); // a null reason pointer is fine too
    }

    // The empty list comes with the reason, so a device picker (and a CI log) can say why.
    void noDevicesListedWithAReason() {
        QVERIFY(listVulkanDevices().empty());
        std::string why;
        QVERIFY(listVulkanDevices(&why).empty());
        qInfo("why: %s", why.c_str());
        QVERIFY(!why.empty());
        QCOMPARE(why.back(), '.');
    }
};

QTEST_GUILESS_MAIN(TestVulkanFallback)
#include "test_vulkan_fallback.moc"
