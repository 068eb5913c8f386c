# The memory allocator of gather-mlir's executables.
#
#   cmake -DGATHER_TOOLS_MALLOC=auto|tcmalloc|system ...
#
# MLIR creates and erases many small objects (operations, their operand
# lists, the state of pattern application), and glibc's malloc took about a
# sixth of the time of gather-to-llvm on large modules (`perf` of
# `gather-bench --compile-scaling`). GATHER_TOOLS_MALLOC chooses the
# allocator that the executables of this project (gather-opt, gather-bench,
# gather-reduce, ...) link:
#
#   auto (default)  tcmalloc (Debian's libtcmalloc-minimal4) when it is
#                   installed, the C library's malloc otherwise
#   tcmalloc        tcmalloc; an error when it is not installed
#   system          the C library's malloc
#
# Only executables link it: the libraries, the C API and the installed CMake
# package do not, so a compiler that embeds gather-mlir keeps its own
# allocator. Sanitizer builds (GATHER_SANITIZE) keep the sanitizer's.
#
# Output: gather_link_tools_malloc(TARGET), and GATHER_TOOLS_MALLOC_LIBRARY
# (the library linked, or empty).

set(GATHER_TOOLS_MALLOC "auto" CACHE STRING
    "Allocator of the project's executables: auto, tcmalloc or system")
set_property(CACHE GATHER_TOOLS_MALLOC PROPERTY STRINGS auto tcmalloc system)
set(GATHER_TOOLS_MALLOC_LIBRARY "")

if(NOT GATHER_TOOLS_MALLOC MATCHES "^(auto|tcmalloc|system)$")
  message(FATAL_ERROR "GATHER_TOOLS_MALLOC must be auto, tcmalloc or system, "
    "not '${GATHER_TOOLS_MALLOC}'")
endif()

if(NOT GATHER_TOOLS_MALLOC STREQUAL "system" AND NOT GATHER_SANITIZE)
  # The runtime package has no unversioned libtcmalloc_minimal.so.
  find_library(GATHER_TCMALLOC_PATH
    NAMES tcmalloc_minimal libtcmalloc_minimal.so.4)
  if(GATHER_TCMALLOC_PATH)
    set(GATHER_TOOLS_MALLOC_LIBRARY "${GATHER_TCMALLOC_PATH}")
  elseif(GATHER_TOOLS_MALLOC STREQUAL "tcmalloc")
    message(FATAL_ERROR "GATHER_TOOLS_MALLOC=tcmalloc: no libtcmalloc_minimal "
      "(apt-get install libtcmalloc-minimal4)")
  endif()
endif()
if(GATHER_TOOLS_MALLOC_LIBRARY)
  message(STATUS "gather-mlir executables allocate with "
    "${GATHER_TOOLS_MALLOC_LIBRARY}")
else()
  message(STATUS "gather-mlir executables allocate with the C library's malloc")
endif()

# Links TARGET, an executable, with the allocator chosen above. The library
# defines malloc and free; nothing refers to it by name, so it is linked
# even where the linker drops unreferenced libraries (--as-needed).
function(gather_link_tools_malloc target)
  if(GATHER_TOOLS_MALLOC_LIBRARY)
    target_link_libraries(${target} PRIVATE
      -Wl,--push-state,--no-as-needed
      "${GATHER_TOOLS_MALLOC_LIBRARY}"
      -Wl,--pop-state)
  endif()
endfunction()
