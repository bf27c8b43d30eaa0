# SPDX-License-Identifier: Apache-2.0 OR MIT
# The stack-residue tests (tests/common/stackscan.h), built one way:
#
#   lf_residue_test(<name> SOURCE <file.c> BACKENDS <be>... LABEL <label>
#                   [LIBS <lib>...] [INCLUDES <dir>...] [TIMEOUT <s>])
# builds the program (its target: the source's name) against limbforge_static,
# the LIBS and threads, linked with -z now (stackscan.h says why), and adds
# <name>_<be> through lf_backend_tests().  Nothing where there are no threads,
# and nothing in a sanitizer build: ASan moves locals to frames of its own.
function(lf_residue_test name)
  cmake_parse_arguments(RT "" "SOURCE;TIMEOUT" "BACKENDS;LABEL;LIBS;INCLUDES" ${ARGN})
  if(NOT Threads_FOUND OR CMAKE_C_FLAGS MATCHES "-fsanitize")
    return()
  endif()
  if(NOT RT_TIMEOUT)
    set(RT_TIMEOUT 600)
  endif()
  get_filename_component(exe ${RT_SOURCE} NAME_WE)
  add_executable(${exe} ${RT_SOURCE})
  target_include_directories(${exe} PRIVATE ${RT_INCLUDES})
  target_link_libraries(${exe} PRIVATE limbforge_static ${RT_LIBS} Threads::Threads)
  target_compile_options(${exe} PRIVATE ${LF_TEST_WARNINGS})
  target_link_options(${exe} PRIVATE "LINKER:-z,now")
  lf_backend_tests(${name} BACKENDS ${RT_BACKENDS} LABEL ${RT_LABEL} TIMEOUT ${RT_TIMEOUT}
    COMMAND ${exe})
endfunction()
