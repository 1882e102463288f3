# One helper per kind of target, so that each folder's CMakeLists.txt only names what it is.

set(TABLEREF_WARNINGS -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)

# tableref_library(NAME DEPENDS <targets...>): a library from NAME/src with public headers in
# NAME/include/NAME.
function(tableref_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;SOURCES" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/*.cpp)
  add_library(tableref_${name} STATIC ${sources} ${ARG_SOURCES})
  add_library(tableref::${name} ALIAS tableref_${name})
  target_include_directories(tableref_${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include
                                              PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  target_compile_options(tableref_${name} PRIVATE ${TABLEREF_WARNINGS})
  target_link_libraries(tableref_${name} PUBLIC ${ARG_DEPENDS})
endfunction()

# tableref_test_suite(NAME [PICTURES] DEPENDS <targets...>): every *_test.cpp in the current
# folder, as one GoogleTest executable whose tests ctest discovers one by one. A suite that renders
# and reads PICTURES keeps freed picture buffers for the next, as the programs do.
function(tableref_test_suite name)
  cmake_parse_arguments(ARG "PICTURES" "" "DEPENDS" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*_test.cpp)
  if(ARG_PICTURES)
    add_executable(${name}_tests ${sources} ${PROJECT_SOURCE_DIR}/tests/common/picture_test_main.cpp)
    target_link_libraries(${name}_tests PRIVATE tableref::vision GTest::gtest)
  else()
    add_executable(${name}_tests ${sources})
    target_link_libraries(${name}_tests PRIVATE GTest::gtest_main)
  endif()
  target_compile_options(${name}_tests PRIVATE ${TABLEREF_WARNINGS})
  # Helpers shared by the suites: "common/...".
  target_include_directories(${name}_tests PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  target_link_libraries(${name}_tests PRIVATE ${ARG_DEPENDS} GTest::gtest)
  target_compile_definitions(${name}_tests PRIVATE
      TABLEREF_SOURCE_DIR="${PROJECT_SOURCE_DIR}" TABLEREF_BINARY_DIR="${PROJECT_BINARY_DIR}")
  gtest_discover_tests(${name}_tests DISCOVERY_TIMEOUT 60 PROPERTIES LABELS ${name})
endfunction()

# tableref_benchmark(NAME SOURCES ... DEPENDS ...): one Google Benchmark executable.
function(tableref_benchmark name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_compile_options(${name} PRIVATE ${TABLEREF_WARNINGS})
  target_link_libraries(${name} PRIVATE ${ARG_DEPENDS} benchmark::benchmark benchmark::benchmark_main)
endfunction()

# tableref_embed_text(OUTPUT_VAR SYMBOL FILE): a generated .cpp that defines
# `std::string_view SYMBOL()` returning FILE's contents, so the program runs without its data files.
function(tableref_embed_text out_var symbol file)
  set(generated ${CMAKE_CURRENT_BINARY_DIR}/embedded/${symbol}.cpp)
  file(READ ${file} contents)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
  configure_file(${PROJECT_SOURCE_DIR}/cmake/embedded_text.cpp.in ${generated} @ONLY)
  set(${out_var} ${${out_var}} ${generated} PARENT_SCOPE)
endfunction()
