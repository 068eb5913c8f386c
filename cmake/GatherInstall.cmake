# Installation and the CMake package of gather-mlir.
#
#   cmake --install build --prefix P
#
# installs the public headers (with the .td files and the generated .inc
# files), the libraries, the tools, libgather_ascend_runtime.so and the package
# P/lib/cmake/GatherMLIR, with which another project writes
#
#   find_package(GatherMLIR REQUIRED CONFIG)   # CMAKE_PREFIX_PATH=P
#   target_link_libraries(app PRIVATE GatherMLIR::GatherMLIR)  # C++
#   target_link_libraries(app PRIVATE GatherMLIR::CAPI)        # C
#
# The package finds MLIR itself (at the MLIR_DIR this project was built with,
# unless the consumer gives another). Included at the end of the top-level
# CMakeLists.txt, after every library is defined.

include(CMakePackageConfigHelpers)

set(GATHER_INSTALL_PACKAGE_DIR lib${LLVM_LIBDIR_SUFFIX}/cmake/GatherMLIR)

# Every library of this project made with add_mlir_library (and its variants
# add_mlir_dialect_library, add_mlir_conversion_library, ...) is installed by
# AddMLIR into the export set MLIRTargets; this project installs that set as
# its own package. The umbrella target GatherMLIR links all of them, so a
# library added later is part of GatherMLIR::GatherMLIR without further
# listing; CMake orders the static archives by their dependencies.
get_property(gather_exported_libs GLOBAL PROPERTY MLIR_EXPORTS)
list(FILTER gather_exported_libs INCLUDE REGEX "^GatherMLIR")
list(REMOVE_ITEM gather_exported_libs GatherMLIR GatherMLIRCAPI)

add_library(GatherMLIR INTERFACE)
target_link_libraries(GatherMLIR INTERFACE ${gather_exported_libs} MLIR)
target_include_directories(GatherMLIR INTERFACE
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
  $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_features(GatherMLIR INTERFACE cxx_std_17)
install(TARGETS GatherMLIR EXPORT MLIRTargets)

# GatherMLIR::CAPI: the C API as one shared library (lib/CAPI).
set_target_properties(GatherMLIRCAPI PROPERTIES EXPORT_NAME CAPI)
install(TARGETS GatherMLIRCAPI EXPORT MLIRTargets
  LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX})

# GatherMLIR::AscendRuntime: the library code lowered by gather-to-atb calls.
set_target_properties(gather_ascend_runtime PROPERTIES
  EXPORT_NAME AscendRuntime)
target_include_directories(gather_ascend_runtime INTERFACE
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
install(TARGETS gather_ascend_runtime EXPORT MLIRTargets
  LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX})

# The tools find libMLIR.so and libLLVM.so where this project found them.
set(GATHER_INSTALLED_TOOLS gather-opt gather-lsp-server gather-reduce)
foreach(tool ${GATHER_INSTALLED_TOOLS})
  set_property(TARGET ${tool} APPEND PROPERTY INSTALL_RPATH
    "${LLVM_LIBRARY_DIR}")
endforeach()
install(TARGETS ${GATHER_INSTALLED_TOOLS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# Headers: the sources (.h, .td) and what TableGen and CMake generated.
install(DIRECTORY
  ${PROJECT_SOURCE_DIR}/include/gather-mlir
  ${PROJECT_SOURCE_DIR}/include/gather-mlir-c
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING
  PATTERN "*.h"
  PATTERN "*.td"
  PATTERN "*.def")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/gather-mlir
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING
  PATTERN "*.inc"
  PATTERN "*.h"
  PATTERN "CMakeFiles" EXCLUDE)

install(EXPORT MLIRTargets
  FILE GatherMLIRTargets.cmake
  NAMESPACE GatherMLIR::
  DESTINATION ${GATHER_INSTALL_PACKAGE_DIR})

configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/GatherMLIRConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/GatherMLIRConfig.cmake
  INSTALL_DESTINATION ${GATHER_INSTALL_PACKAGE_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/GatherMLIRConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/GatherMLIRConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/GatherMLIRConfigVersion.cmake
  DESTINATION ${GATHER_INSTALL_PACKAGE_DIR})
