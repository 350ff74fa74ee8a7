# Runs `ewn <ARGS...>` and checks its exit code and output (for probe and info).
#   EWN           the built program
#   ARGS          the arguments, a ;-list
#   INPUT         a file fed to stdin (optional)
#   GARBAGE_FILE  a file created with junk content before the run (optional)
#   EXPECT_EXIT   the exact exit code
#   STDOUT_MATCH / STDERR_MATCH   regular expressions the output must contain (optional)
if(DEFINED GARBAGE_FILE)
  get_filename_component(dir "${GARBAGE_FILE}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
  file(WRITE "${GARBAGE_FILE}" "not a table")
endif()
if(DEFINED INPUT)
  execute_process(COMMAND "${EWN}" ${ARGS} INPUT_FILE "${INPUT}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
else()
  execute_process(COMMAND "${EWN}" ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
endif()
message(STATUS "exit: ${rc}\nstdout:\n${out}\nstderr:\n${err}")
if(NOT rc STREQUAL EXPECT_EXIT)
  message(FATAL_ERROR "expected exit code ${EXPECT_EXIT}, got '${rc}'")
endif()
if(DEFINED STDOUT_MATCH AND NOT out MATCHES "${STDOUT_MATCH}")
  message(FATAL_ERROR "stdout does not contain '${STDOUT_MATCH}'")
endif()
if(DEFINED STDERR_MATCH AND NOT err MATCHES "${STDERR_MATCH}")
  message(FATAL_ERROR "stderr does not contain '${STDERR_MATCH}'")
endif()
