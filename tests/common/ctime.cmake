# SPDX-License-Identifier: Apache-2.0 OR MIT
# One way a module adds its valgrind constant-time tests (tests/common/README.md).
# Included by tests/CMakeLists.txt (after backend_tests.cmake) once it has found valgrind and set
# LF_VALGRIND, LF_HAVE_MEMCHECK_H, LF_VALGRIND_ARGS, LF_CC_TAG and
# LF_CTIME_SOURCES (every library source, absolute, but those of the
# lf_ctime_fixed library: compiled once, linked into every program).
#
#   lf_ctime_tests(<module> <cases.c>
#       SOURCES <regex>      library sources compiled into the binaries (besides
#                            src/cpu.c), so the -O level under test applies to them
#       LEVELS <l>...        -O levels: one binary ctime_<module>_O<l> each
#       BACKENDS <be>...     LIMBFORGE_BACKEND per run (77 = cannot run here: skipped)
#       LABEL <label>
#       [LEAKS <leak>...]    self-tests run on the -O2 binary with --selftest-leak=<leak>,
#                            which valgrind must report (branch, index, or a module
#                            leak declared by the cases file: reported as a branch)
#       [CLANG_LEVELS <l>...]) the same with clang at these levels when the build
#                            compiler is not clang (tests/ctime/clang_matrix.py: one
#                            test per level running every back end and both leak
#                            self-tests); each library file gets its ISA flags from
#                            the build's compile_commands.json, so the vector files
#                            are compiled at that level too
# Tests: ctime_<module>_<cc>_O<l>_<be>, ctime_<module>_selftest_<leak>,
# ctime_<module>_clang_O<l>.  The cases file
# registers its cases with tests/common/ctime_main.h; the binaries get the library's
# per-file ISA flags and LF_NATIVE_* (lf_native_apply) and LF_CTIME_VALGRIND=1 (the
# library's own declassify points, src/poly1305/poly1305_internal.h).
function(lf_ctime_tests module cases)
  cmake_parse_arguments(CT "" "SOURCES;LABEL" "LEVELS;BACKENDS;LEAKS;CLANG_LEVELS" ${ARGN})
  if(NOT (LF_VALGRIND AND LF_HAVE_MEMCHECK_H) OR CMAKE_CROSSCOMPILING)
    return()
  endif()
  set(srcs)
  foreach(src IN LISTS LF_CTIME_SOURCES)
    if(src MATCHES "${CT_SOURCES}" OR src MATCHES "/src/cpu\\.c$")
      list(APPEND srcs ${src})
    endif()
  endforeach()
  foreach(lvl IN LISTS CT_LEVELS)
    set(tgt ctime_${module}_O${lvl})
    add_executable(${tgt} ${cases} ${PROJECT_SOURCE_DIR}/tests/common/ctime_main.c ${srcs})
    target_include_directories(${tgt} PRIVATE
      $<TARGET_PROPERTY:limbforge_static,INCLUDE_DIRECTORIES> ${PROJECT_SOURCE_DIR}/src)
    target_compile_definitions(${tgt} PRIVATE LF_CTIME_VALGRIND=1)
    lf_native_apply(${tgt})
    target_compile_options(${tgt} PRIVATE "$<$<COMPILE_LANGUAGE:C>:-O${lvl}${LF_CTIME_G}>")
    target_link_libraries(${tgt} PRIVATE lf_ctime_fixed)
    lf_backend_tests(ctime_${module}_${LF_CC_TAG}_O${lvl} BACKENDS ${CT_BACKENDS}
      LABEL ${CT_LABEL} ctime TIMEOUT 900
      COMMAND ${LF_VALGRIND} ${LF_VALGRIND_ARGS} $<TARGET_FILE:${tgt}> --require-valgrind)
  endforeach()
  foreach(leak IN LISTS CT_LEAKS)
    set(t ctime_${module}_selftest_${leak})
    add_test(NAME ${t} COMMAND ${LF_VALGRIND} ${LF_VALGRIND_ARGS} $<TARGET_FILE:ctime_${module}_O2>
                               --selftest-leak=${leak})
    if(leak STREQUAL "index")
      set(want "Use of uninitialised value of size")
    else()
      set(want "Conditional jump or move depends on uninitialised value")
    endif()
    set_tests_properties(${t} PROPERTIES LABELS "${CT_LABEL};ctime" PASS_REGULAR_EXPRESSION "${want}")
  endforeach()
  if(CT_CLANG_LEVELS AND LF_CLANG AND NOT LF_CC_TAG STREQUAL "clang" AND Python3_Interpreter_FOUND)
    get_target_property(cdefs limbforge_static COMPILE_DEFINITIONS)
    if(NOT cdefs)
      set(cdefs)
    endif()
    foreach(lvl IN LISTS CT_CLANG_LEVELS)
      set(t ctime_${module}_clang_O${lvl})
      add_test(NAME ${t}
        COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/ctime/clang_matrix.py
                --name ${module} --cc ${LF_CLANG} --valgrind ${LF_VALGRIND} --opt ${lvl}
                --debug ${LF_CTIME_DEBUG01} --ccdb ${CMAKE_BINARY_DIR}
                --out ${CMAKE_CURRENT_BINARY_DIR}/ctime_clang
                --backends "${CT_BACKENDS}"
                --inc "$<TARGET_PROPERTY:limbforge_static,INCLUDE_DIRECTORIES>" ${PROJECT_SOURCE_DIR}/src
                --def ${cdefs} LF_CTIME_VALGRIND=1
                --src ${CMAKE_CURRENT_SOURCE_DIR}/${cases} ${PROJECT_SOURCE_DIR}/tests/common/ctime_main.c ${srcs}
                --lib $<TARGET_FILE:lf_ctime_fixed>
        COMMAND_EXPAND_LISTS)
      set_tests_properties(${t} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1800
                           LABELS "${CT_LABEL};ctime")
    endforeach()
  endif()
endfunction()
