#include "require_all.h"

#include <cstdlib>
#include <cstring>

namespace smoldesk::test {

bool allTestsRequired() {
    const char* v = std::getenv("SMOLDESK_REQUIRE_ALL_TESTS");
    return v && *v && std::strcmp(v, "0") != 0;
}

} // namespace smoldesk::test
