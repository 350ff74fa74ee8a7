/* Prints, for each position given, the line `ewn probe --json` prints for it.
 *   probe_json TABLES POSITION...
 * Exits with the largest code (2 malformed, 3 not covered, 4 a table problem) as ewn probe. */
#include <ewn/ewn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s TABLES POSITION...\n", argv[0]);
    return 1;
  }
  char err[1024];
  ewn_tablebase *tb = ewn_tb_open(argv[1], err, sizeof err);
  if (!tb) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  int worst = EWN_OK;
  for (int i = 2; i < argc; ++i) {
    char json[4096];
    int rc = ewn_tb_probe_json(tb, argv[i], json, sizeof json, NULL);
    if (rc != EWN_OK) fprintf(stderr, "probe_json: %s\n", ewn_last_error());
    if (rc == EWN_OK || rc == EWN_E_POSITION || rc == EWN_E_NOT_COVERED || rc == EWN_E_TABLE)
      printf("%s\n", json);
    if (rc > worst) worst = rc;
  }
  ewn_tb_close(tb);
  return worst;
}
