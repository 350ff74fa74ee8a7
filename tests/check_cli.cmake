# Runs `ewn <SUBCOMMAND> <POSITION> --no-colour` and checks its exit code and output.
#   EWN          the built program
#   SUBCOMMAND   e.g. show
#   POSITION     one argument in SPEC notation
#   EXPECT_EXIT  0, or "error" for a clean failure (a non-zero exit code, not a crash)
#   STDOUT_MATCH / STDERR_MATCH   regular expressions the output must contain (optional)
execute_process(
  COMMAND "${EWN}" "${SUBCOMMAND}" "${POSITION}" --no-colour
  RESULT_VARIABLE rc
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
message(STATUS "exit: ${rc}\nstdout:\n${out}\nstderr:\n${err}")
if(EXPECT_EXIT STREQUAL "error")
  if(NOT rc MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "expected a non-zero exit code, got '${rc}'")
  endif()
elseif(NOT rc STREQUAL EXPECT_EXIT)
  message(FATAL_ERROR "expected exit code ${EXPECT_EXIT}, got '${rc}'")
endif()
if(DEFINED STDOUT_MATCH AND NOT out MATCHES "${STDOUT_MATCH}")
  message(FATAL_ERROR "stdout does not contain '${STDOUT_MATCH}'")
endif()
if(DEFINED STDERR_MATCH AND NOT err MATCHES "${STDERR_MATCH}")
  message(FATAL_ERROR "stderr does not contain '${STDERR_MATCH}'")
endif()
