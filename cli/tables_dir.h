// Where the table files are looked for when no --tables option is given: the library's
// default_tables_dir() (probe/table_directory.h), which the commands and the experiments share.
#pragma once

#include "table_directory.h"
