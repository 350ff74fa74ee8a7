// JSON output of the ewn commands: the program's documents, printed one per line (print_json
// of json_text.h, which the experiments' programs use too).
#pragma once

#include "json_text.h"
