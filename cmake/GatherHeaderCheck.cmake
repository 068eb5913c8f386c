# Every public header compiles on its own and in any order: the target
# gather-header-check (part of `all`) compiles one generated translation unit
# per header that includes only that header (C headers also as C), and two
# that include every C++ header, in sorted and in reverse order. Included
# after GatherInstall.cmake, whose umbrella target GatherMLIR provides the
# include directories.

file(GLOB_RECURSE gather_public_headers CONFIGURE_DEPENDS
  RELATIVE ${PROJECT_SOURCE_DIR}/include
  ${PROJECT_SOURCE_DIR}/include/gather-mlir/*.h
  ${PROJECT_SOURCE_DIR}/include/gather-mlir-c/*.h)
list(SORT gather_public_headers)

set(gather_header_dir ${PROJECT_BINARY_DIR}/header-check)
set(gather_header_tus)
set(gather_all_forward "")
set(gather_all_reverse "")
foreach(header ${gather_public_headers})
  string(MAKE_C_IDENTIFIER ${header} id)
  set(tu ${gather_header_dir}/${id}.cpp)
  file(CONFIGURE OUTPUT ${tu} CONTENT "#include \"${header}\"\n" @ONLY)
  list(APPEND gather_header_tus ${tu})
  if(header MATCHES "^gather-mlir-c/")
    set(tu ${gather_header_dir}/${id}.c)
    file(CONFIGURE OUTPUT ${tu} CONTENT "#include \"${header}\"\n" @ONLY)
    list(APPEND gather_header_tus ${tu})
  endif()
  string(APPEND gather_all_forward "#include \"${header}\"\n")
  string(PREPEND gather_all_reverse "#include \"${header}\"\n")
endforeach()
file(CONFIGURE OUTPUT ${gather_header_dir}/all_forward.cpp
  CONTENT "${gather_all_forward}" @ONLY)
file(CONFIGURE OUTPUT ${gather_header_dir}/all_reverse.cpp
  CONTENT "${gather_all_reverse}" @ONLY)
list(APPEND gather_header_tus
  ${gather_header_dir}/all_forward.cpp
  ${gather_header_dir}/all_reverse.cpp)

add_library(gather-header-check OBJECT ${gather_header_tus})
llvm_update_compile_flags(gather-header-check)
target_link_libraries(gather-header-check PRIVATE GatherMLIR)
# The generated .inc files exist once the libraries' TableGen targets ran.
add_dependencies(gather-header-check ${gather_exported_libs})
