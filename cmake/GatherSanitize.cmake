# Sanitizer and fuzzing build of gather-mlir.
#
#   cmake -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
#         -DGATHER_SANITIZE=address,undefined ...
#
# GATHER_SANITIZE is a list of -fsanitize= values (empty: no sanitizer). Every
# target of the project is compiled and linked with it; the prebuilt libLLVM
# and libMLIR are not instrumented. The sanitizer runtime is linked shared
# (-shared-libsan): LLVM links shared libraries with `-z defs`, which the
# static runtime cannot satisfy, and an uninstrumented host (mlir-runner)
# that loads an instrumented library (the Ascend runtime) then only needs the
# runtime preloaded (GATHER_SANITIZER_RUNTIME, which lit puts in LD_PRELOAD
# of mlir-runner).
#
# With a compiler that supports -fsanitize=fuzzer, GATHER_FUZZ (default ON in
# a sanitizer build) also instruments the project for libFuzzer's coverage
# (-fsanitize=fuzzer-no-link) and builds the fuzz target tools/gather-fuzz.
#
# Outputs: GATHER_SANITIZER_RUNTIME (the shared ASan runtime, or empty),
# GATHER_SANITIZER_LSAN_SUPPRESSIONS (for the tests), GATHER_BUILD_FUZZER.

set(GATHER_SANITIZE "" CACHE STRING
    "Sanitizers to build with (-fsanitize= list, e.g. address,undefined)")
set(GATHER_SANITIZER_RUNTIME "")
set(GATHER_SANITIZER_LSAN_SUPPRESSIONS
    "${CMAKE_CURRENT_LIST_DIR}/lsan-suppressions.txt")
set(GATHER_BUILD_FUZZER OFF)

if(GATHER_SANITIZE)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "GATHER_SANITIZE needs clang (e.g. "
      "-DCMAKE_CXX_COMPILER=clang++-22), not ${CMAKE_CXX_COMPILER_ID}")
  endif()
  string(REPLACE ";" "," gather_sanitize_list "${GATHER_SANITIZE}")
  set(gather_sanitize_flags
    "-fsanitize=${gather_sanitize_list} -fno-sanitize-recover=all -fno-omit-frame-pointer -g1")
  # The runtime, linked shared, and where the binaries find it.
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-runtime-dir
    OUTPUT_VARIABLE gather_runtime_dir OUTPUT_STRIP_TRAILING_WHITESPACE)
  set(gather_sanitize_link
    "-fsanitize=${gather_sanitize_list} -shared-libsan -Wl,-rpath,${gather_runtime_dir}")
  if(gather_sanitize_list MATCHES "address")
    set(GATHER_SANITIZER_RUNTIME
      "${gather_runtime_dir}/libclang_rt.asan-${CMAKE_SYSTEM_PROCESSOR}.so")
  elseif(gather_sanitize_list MATCHES "undefined")
    set(GATHER_SANITIZER_RUNTIME
      "${gather_runtime_dir}/libclang_rt.ubsan_standalone-${CMAKE_SYSTEM_PROCESSOR}.so")
  endif()
  if(GATHER_SANITIZER_RUNTIME AND NOT EXISTS "${GATHER_SANITIZER_RUNTIME}")
    message(FATAL_ERROR "no sanitizer runtime ${GATHER_SANITIZER_RUNTIME} "
      "(install libclang-rt-22-dev)")
  endif()

  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS "-fsanitize=fuzzer")
  check_cxx_source_compiles([[
    #include <cstddef>
    #include <cstdint>
    extern "C" int LLVMFuzzerTestOneInput(const uint8_t *, size_t) {
      return 0;
    }]] GATHER_HAVE_LIBFUZZER)
  unset(CMAKE_REQUIRED_FLAGS)
  option(GATHER_FUZZ "Build the libFuzzer targets (sanitizer builds only)"
    ${GATHER_HAVE_LIBFUZZER})
  if(GATHER_FUZZ AND GATHER_HAVE_LIBFUZZER)
    set(GATHER_BUILD_FUZZER ON)
    string(APPEND gather_sanitize_flags " -fsanitize=fuzzer-no-link")
  endif()

  string(APPEND CMAKE_C_FLAGS " ${gather_sanitize_flags}")
  string(APPEND CMAKE_CXX_FLAGS " ${gather_sanitize_flags}")
  string(APPEND CMAKE_EXE_LINKER_FLAGS " ${gather_sanitize_link}")
  string(APPEND CMAKE_SHARED_LINKER_FLAGS " ${gather_sanitize_link}")
  string(APPEND CMAKE_MODULE_LINKER_FLAGS " ${gather_sanitize_link}")
  message(STATUS "gather-mlir sanitizers: ${gather_sanitize_list} "
    "(runtime ${GATHER_SANITIZER_RUNTIME}, libFuzzer ${GATHER_BUILD_FUZZER})")
endif()
