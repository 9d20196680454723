# cmake -DCOMMAND=prog;args... [-DQUIET=ON] -P run_check.cmake: fails when the command fails or,
# with QUIET, when it prints anything (validators that report hints with exit status 0).
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "exit status ${rc}")
endif()
if(QUIET AND NOT "${out}${err}" STREQUAL "")
    message(FATAL_ERROR "expected no output")
endif()
