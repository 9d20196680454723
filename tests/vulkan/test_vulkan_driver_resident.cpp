// The drivers and layers the Vulkan loader brings in stay mapped after the instance is destroyed
// (compute/vulkan/instance.cpp). Unloaded, lavapipe leaked its CPU topology on every reload and
// the ASan suite failed on LeakSanitizer reports from an unknown module. Runs in its own process:
// the first instance of the process must be this test's.
#include "common/platform.h"
#include "compute/vulkan/instance.h"
#include "require_all.h"

#include <QtTest>

#include <algorithm>
#include <string>
#include <vector>

using namespace smoldesk;

namespace {

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

} // namespace

class TestVulkanDriverResident : public QObject {
    Q_OBJECT

  private slots:
    void driverOutlivesTheInstance() {
        const std::vector<std::string> before = sorted(platform::loadedLibraries());
        QVERIFY2(!before.empty(), "the list of loaded libraries is empty on this system");
        std::vector<std::string> broughtIn;
        {
            std::string reason;
            std::unique_ptr<compute::vk::Instance> instance = compute::vk::Instance::create(false, &reason);
            if (!instance) SMOLDESK_SKIP_OR_FAIL(reason.c_str());
            if (instance->physicalDevices().empty())
                SMOLDESK_SKIP_OR_FAIL("the Vulkan loader lists no device.");
            const std::vector<std::string> during = sorted(platform::loadedLibraries());
            std::set_difference(during.begin(), during.end(), before.begin(), before.end(),
                                std::back_inserter(broughtIn));
        }
        for (const std::string& path : broughtIn) qInfo("loaded with the instance: %s", path.c_str());
        QVERIFY2(!broughtIn.empty(), "creating the instance loaded no driver library");
        const std::vector<std::string> after = sorted(platform::loadedLibraries());
        for (const std::string& path : broughtIn)
            QVERIFY2(std::binary_search(after.begin(), after.end(), path),
                     qPrintable(QString::fromStdString(path + " was unloaded with the instance")));

        // The next instance finds everything in place and loads nothing more.
        std::string reason;
        std::unique_ptr<compute::vk::Instance> again = compute::vk::Instance::create(false, &reason);
        QVERIFY2(again, reason.c_str());
        QVERIFY(!again->physicalDevices().empty());
        QCOMPARE(sorted(platform::loadedLibraries()).size(), after.size());
    }
};

QTEST_GUILESS_MAIN(TestVulkanDriverResident)
#include "test_vulkan_driver_resident.moc"
