# SPDX-License-Identifier: Apache-2.0 OR MIT
# One way to run a test once per back end (tests/common/README.md).
#
#   lf_backend_tests(<name> BACKENDS <be>... LABEL <label>... [TIMEOUT <s>]
#                    COMMAND <command and arguments>...)
# adds the tests <name>_<be>, each running the command with LIMBFORGE_BACKEND=<be>;
# exit 77 (the CPU cannot run that back end) counts as skipped.  Lists in the
# command (the cross emulator) are expanded.  TIMEOUT defaults to 600 s.
function(lf_backend_tests name)
  cmake_parse_arguments(BT "" "TIMEOUT" "BACKENDS;LABEL;COMMAND" ${ARGN})
  if(NOT BT_TIMEOUT)
    set(BT_TIMEOUT 600)
  endif()
  foreach(be IN LISTS BT_BACKENDS)
    add_test(NAME ${name}_${be} COMMAND ${BT_COMMAND} COMMAND_EXPAND_LISTS)
    set_tests_properties(${name}_${be} PROPERTIES ENVIRONMENT "LIMBFORGE_BACKEND=${be}"
      SKIP_RETURN_CODE 77 TIMEOUT ${BT_TIMEOUT} LABELS "${BT_LABEL}")
  endforeach()
endfunction()
