# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest bench_quick_field_json: a quick field run must write a results file
# that bench/check_json.py accepts.  No timing assertions.
# cmake -DLFBENCH=... -DPYTHON=... -DCHECKER=... -DOUT=... -P quick_check.cmake
file(REMOVE "${OUT}")
execute_process(COMMAND "${LFBENCH}" --quick --suite field --json "${OUT}"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lfbench --quick --suite field failed (exit ${rc})")
endif()
execute_process(COMMAND "${PYTHON}" "${CHECKER}" "${OUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "check_json.py rejected ${OUT}")
endif()
