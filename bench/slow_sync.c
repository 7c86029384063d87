/* A disk whose syncs are slow, as a Pi's SD card's are, for a benchmark by
 * hand (docs/performance.md, "Round two, twelfth pass"): every fsync and
 * fdatasync of the process first waits SLOW_SYNC_MS milliseconds (5 if unset).
 *
 *   gcc -shared -fPIC -O2 -o /tmp/slow_sync.so bench/slow_sync.c -ldl
 *   LD_PRELOAD=/tmp/slow_sync.so SLOW_SYNC_MS=5 .venv/bin/python bench/kiosk_drive.py ...
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static void wait_a_while(void) {
    const char *said = getenv("SLOW_SYNC_MS");
    double ms = said ? atof(said) : 5.0;
    struct timespec pause = {(time_t)(ms / 1000), (long)((ms - 1000.0 * (long)(ms / 1000)) * 1e6)};
    nanosleep(&pause, NULL);
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    wait_a_while();
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    wait_a_while();
    return real(fd);
}
