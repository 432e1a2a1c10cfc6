/* gen_samegame.c - placeholder until the generator lands */
#include "cli.h"
int cmd_gen_samegame(int argc, char **argv) { (void)argc; (void)argv; return EXIT_BAD_INPUT; }
