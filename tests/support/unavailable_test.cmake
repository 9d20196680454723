# Run by a placeholder test (smoldesk_add_unavailable_test) that stands for tests this build
# could not register, e.g. `cmake -DREASON=... -P unavailable_test.cmake`. Without
# SMOLDESK_REQUIRE_ALL_TESTS it prints "SKIP: <reason>", which the test's
# SKIP_REGULAR_EXPRESSION turns into a skip; with it (CI) it fails with the reason.
if("$ENV{SMOLDESK_REQUIRE_ALL_TESTS}" STREQUAL "" OR "$ENV{SMOLDESK_REQUIRE_ALL_TESTS}" STREQUAL "0")
    message("SKIP: ${REASON}")
else()
    # Plain message() first: FATAL_ERROR text is re-wrapped, and CI logs should show the sentence whole.
    message("SMOLDESK_REQUIRE_ALL_TESTS is set but these tests were not built: ${REASON}")
    message(FATAL_ERROR "A required test could not run.")
endif()
