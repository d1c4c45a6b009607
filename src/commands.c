/* commands: the table of subcommands; each lives in its own cmd_*.c. */
#include "config.h"

#include "commands.h"

#include <stddef.h>
#include <string.h>

#include "i18n.h"

/* [commands: begin] declarations (one line each) */
/* [commands: end] declarations */

static const struct command command_table[] = {
	/* [commands: begin] entries (one line each) */
	/* [commands: end] entries */
	{ NULL, NULL, NULL },
};

const struct command *commands_find(const char *name)
{
	const struct command *c;

	for (c = command_table; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

const struct command *commands_all(void)
{
	return command_table;
}
