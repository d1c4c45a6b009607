/* snapui: snapshots from the live monitor (session recorder, w / F6). */
#ifndef BENCHTOP_SNAPUI_H
#define BENCHTOP_SNAPUI_H

struct app;

/* Start an empty session recorder in A. */
void snapui_init(struct app *a);

/* Free the recorder. */
void snapui_fini(struct app *a);

/* Record the newest rates in the session's time series. */
void snapui_tick(struct app *a);

/* Write the session to a new file; the status line says where or why
 * not.  Returns 0 or -errno. */
int snapui_save(struct app *a);

#endif
