/* Writes snapshot files so that none is ever half-written, clobbers something else, or leaves litter.
 *
 * Everything happens relative to one descriptor of the output directory. The temporary file is created with
 * O_EXCL|O_NOFOLLOW, so a symbolic link or FIFO planted at its name is never followed nor opened (another name
 * is tried). The data is fsynced before the rename and the directory after it, so that after a crash the
 * final name holds either the whole snapshot or nothing. The final name may replace a regular file only. */
#include "agent.h"
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TEMP_ATTEMPTS 8
/* Bytes an output_file is written before their writeback is started. */
#define OUTPUT_WRITEBACK ((size_t)8 << 20)
#define EXIT_WAIT_MS 1000

/* The writes in progress, so that the library's destructor can remove their temporary files at exit. Several can
 * be in progress at once (the interval series' thread, a signal's, the at-exit snapshot): each has a slot of its
 * own, so that one ending never makes the destructor forget another. */
#define PENDING_MAX 16
static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pending_done = PTHREAD_COND_INITIALIZER;
static struct {
    int used;
    int dir;
    char name[OUTPUT_TMP_MAX + 8];
} pending[PENDING_MAX];
static int exiting;

enum failure { F_NONE, F_DIR, F_TEMP, F_TEMPS_TAKEN, F_WRITE, F_SPECIAL, F_RENAME, F_EXITING };

/* The last failure logged: an identical one right after is not logged again (a full disk fails every time). */
static int last_failure, last_errno;

static void report(enum failure f, int err, const char *dir, const char *name, const char *what) {
    pthread_mutex_lock(&pending_lock);
    /* Only failures of the directory itself repeat: a special file or a taken name is new each time. */
    int repeat = last_failure == (int)f && last_errno == err && (f == F_DIR || f == F_TEMP || f == F_WRITE);
    last_failure = (int)f;
    last_errno = err;
    pthread_mutex_unlock(&pending_lock);
    if (repeat) {
        return;
    }
    const char *fix = "; the program continues (set OMPD_EXPLORER_DIR to a writable directory)";
    switch (f) {
    case F_SPECIAL:
        agent_log("refusing to write snapshot %s/%s: that name exists and is %s, not a regular file; the program "
                  "continues (remove it, or set OMPD_EXPLORER_DIR to another directory)", dir, name, what);
        break;
    case F_TEMPS_TAKEN:
        agent_log("cannot write snapshot %s/%s: %d temporary names like %s/%s.tmp exist already and are not ours%s",
                  dir, name, TEMP_ATTEMPTS, dir, what, fix);
        break;
    case F_WRITE:
        agent_log("cannot write snapshot %s/%s: %s (while %s); the partial file was removed%s", dir, name,
                  strerror(err), what, fix);
        break;
    case F_EXITING:
        agent_log("snapshot %s/%s was not written: the program exited while it was being written", dir, name);
        break;
    default:
        agent_log("cannot write snapshot %s/%s: %s (%s)%s", dir, name, strerror(err), what, fix);
        break;
    }
}

static const char *kind_of(mode_t mode) {
    switch (mode & S_IFMT) {
    case S_IFLNK: return "a symbolic link";
    case S_IFIFO: return "a FIFO";
    case S_IFDIR: return "a directory";
    case S_IFSOCK: return "a socket";
    case S_IFCHR: return "a character device";
    case S_IFBLK: return "a block device";
    default: return "not a regular file";
    }
}

static int write_all(int fd, const char *data, size_t len) {
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Under pending_lock. */
static void clear_pending(int slot) {
    pending[slot].used = 0;
    pending[slot].name[0] = '\0';
    pthread_cond_broadcast(&pending_done);
}

/* Under pending_lock: whether any write is in progress. */
static int any_pending(void) {
    for (int i = 0; i < PENDING_MAX; i++) {
        if (pending[i].used) {
            return 1;
        }
    }
    return 0;
}

/* Creates the temporary file and records it as pending; -1 with *f set when it cannot. */
static int create_temp(int dirfd, const char *tmp_base, char *tmp, size_t n, enum failure *f, int *slot) {
    pthread_mutex_lock(&pending_lock);
    if (exiting) {
        pthread_mutex_unlock(&pending_lock);
        *f = F_EXITING;
        return -1;
    }
    *slot = -1;
    for (int i = 0; i < PENDING_MAX && *slot < 0; i++) {
        if (!pending[i].used) {
            *slot = i;
        }
    }
    if (*slot < 0) {
        pthread_mutex_unlock(&pending_lock);
        errno = EBUSY; /* more writes at once than the agent ever starts */
        *f = F_TEMP;
        return -1;
    }
    int fd = -1;
    for (int k = 0; k < TEMP_ATTEMPTS && fd < 0; k++) {
        if (k == 0) {
            snprintf(tmp, n, "%s.tmp", tmp_base);
        } else {
            snprintf(tmp, n, "%s-%d.tmp", tmp_base, k);
        }
        fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0 && errno != EEXIST) {
            break;
        }
    }
    if (fd >= 0) {
        pending[*slot].used = 1;
        pending[*slot].dir = dirfd;
        snprintf(pending[*slot].name, sizeof pending[*slot].name, "%s", tmp);
    } else {
        *f = errno == EEXIST ? F_TEMPS_TAKEN : F_TEMP;
    }
    pthread_mutex_unlock(&pending_lock);
    return fd;
}

/* Renames tmp to name unless name is something other than a regular file. Under pending_lock, so that the
 * destructor never removes a temporary file mid-rename. */
static int publish(int dirfd, const char *tmp, const char *name, enum failure *f, const char **what, int slot) {
    pthread_mutex_lock(&pending_lock);
    int rc = -1;
    if (exiting) {
        *f = F_EXITING; /* output_at_exit removed the temporary file */
        pthread_mutex_unlock(&pending_lock);
        return -1;
    }
    /* RENAME_NOREPLACE first: nothing to check when the name is new, which is the usual case. */
    rc = renameat2(dirfd, tmp, dirfd, name, RENAME_NOREPLACE);
    if (rc != 0 && (errno == EEXIST || errno == EINVAL || errno == ENOSYS)) {
        struct stat st;
        if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode)) {
            *f = F_SPECIAL;
            *what = kind_of(st.st_mode);
            errno = EEXIST;
        } else {
            rc = renameat(dirfd, tmp, dirfd, name);
            *f = F_RENAME;
            *what = "renaming the temporary file";
        }
    } else if (rc != 0) {
        *f = F_RENAME;
        *what = "renaming the temporary file";
    }
    if (rc != 0) {
        int saved = errno;
        unlinkat(dirfd, tmp, 0);
        errno = saved;
    }
    clear_pending(slot);
    pthread_mutex_unlock(&pending_lock);
    return rc;
}

int output_open(output_file *f, const char *dir, const char *name, const char *tmp_base) {
    f->dir = dir;
    f->name = name;
    f->fd = -1;
    f->failed = 0;
    f->written = f->flushed = 0;
    f->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (f->dirfd < 0) {
        report(F_DIR, errno, dir, name, "opening the directory");
        return -1;
    }
    enum failure why = F_NONE;
    f->fd = create_temp(f->dirfd, tmp_base, f->tmp, sizeof f->tmp, &why, &f->slot);
    if (f->fd < 0) {
        int err = errno;
        report(why, err, dir, name, why == F_TEMPS_TAKEN ? tmp_base : "creating a temporary file");
        close(f->dirfd);
        return -1;
    }
    return 0;
}

int output_append(output_file *f, const char *data, size_t len) {
    if (!f->failed && write_all(f->fd, data, len) != 0) {
        f->failed = errno != 0 ? errno : EIO;
    }
    f->written += len;
    if (!f->failed && f->written - f->flushed >= OUTPUT_WRITEBACK) {
        /* Start writing back what is written so far while the rest is rendered: output_commit's fsync then waits
         * for the tail only. A hint; a file system without it changes nothing. */
        sync_file_range(f->fd, (off_t)f->flushed, (off_t)(f->written - f->flushed), SYNC_FILE_RANGE_WRITE);
        f->flushed = f->written;
    }
    return f->failed ? -1 : 0;
}

/* Closes and removes the temporary file after a failure (what failed: `what`, errno err), logged. */
static int discard(output_file *f, int err, const char *what) {
    if (f->fd >= 0) {
        close(f->fd);
        f->fd = -1;
    }
    pthread_mutex_lock(&pending_lock);
    if (!exiting) {
        unlinkat(f->dirfd, f->tmp, 0);
        clear_pending(f->slot);
    }
    pthread_mutex_unlock(&pending_lock);
    report(F_WRITE, err, f->dir, f->name, what);
    close(f->dirfd);
    return -1;
}

int output_commit(output_file *f) {
    if (f->failed) {
        return discard(f, f->failed, "writing");
    }
    if (fsync(f->fd) != 0) {
        return discard(f, errno, "flushing it to disk");
    }
    int fd = f->fd;
    f->fd = -1;
    if (close(fd) != 0) {
        return discard(f, errno, "closing it");
    }
    enum failure why = F_NONE;
    const char *what = "";
    int rc = publish(f->dirfd, f->tmp, f->name, &why, &what, f->slot);
    if (rc != 0) {
        report(why, errno, f->dir, f->name, what);
    } else {
        fsync(f->dirfd); /* the rename itself reaches the disk; some file systems refuse, which changes nothing */
    }
    close(f->dirfd);
    return rc;
}

int output_write(const char *dir, const char *name, const char *tmp_base, const char *data, size_t len) {
    output_file f;
    if (output_open(&f, dir, name, tmp_base) != 0) {
        return -1;
    }
    output_append(&f, data, len);
    return output_commit(&f);
}

/* ---- names ---- */

void file_name_part(const char *label, char *out, size_t max) {
    size_t k = 0;
    for (const char *p = label; *p != '\0' && k < max; p++) {
        char c = *p;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
                 || c == '_' || c == '-';
        if (!ok) {
            c = '-';
        }
        if (c == '-' && k > 0 && out[k - 1] == '-') {
            continue;
        }
        if (k == 0 && c == '.') {
            c = '_';
        }
        out[k++] = c;
    }
    while (k > 0 && out[k - 1] == '-') {
        k--;
    }
    out[k] = '\0';
}

int snapshot_file_name(const char *dir, const job_placement *job, int pid, unsigned seq, const char *label,
                       const char *ext, char *out, size_t n) {
    char prefix[128];
    /* Six digits, so that plain lexicographic order (ls, globs) is the order they were taken in. */
    int plen = job != NULL && job->present ? job_file_prefix(job, pid, seq, prefix, sizeof prefix)
                                           : snprintf(prefix, sizeof prefix, "ompd-explorer-%d-" SNAPSHOT_SEQ_FORMAT,
                                                      pid, seq);
    if (plen < 0) {
        return -1;
    }
    size_t dlen = strlen(dir);
    size_t tail = 1 + strlen(ext); /* "-" + label + ext */
    /* dir + '/' + name + NUL within PATH_MAX, for the final name and for the temporary one. */
    if (dlen + 1 + OUTPUT_TMP_MAX + 8 >= PATH_MAX || dlen + 1 + (size_t)plen + tail >= PATH_MAX) {
        return -1;
    }
    size_t room = PATH_MAX - 1 - (dlen + 1) - (size_t)plen - tail;
    size_t name_room = OUTPUT_NAME_MAX - (size_t)plen - tail;
    size_t max = 48;
    max = max < room ? max : room;
    max = max < name_room ? max : name_room;
    char safe[64];
    file_name_part(label != NULL ? label : "", safe, max);
    if (safe[0] == '\0' && max >= 8) {
        snprintf(safe, sizeof safe, "snapshot");
    }
    int w = safe[0] != '\0' ? snprintf(out, n, "%s-%s%s", prefix, safe, ext) : snprintf(out, n, "%s%s", prefix, ext);
    return w > 0 && (size_t)w < n ? 0 : -1;
}

/* ---- exit and fork ---- */

void output_at_exit(void) {
    pthread_mutex_lock(&pending_lock);
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += EXIT_WAIT_MS / 1000;
    deadline.tv_nsec += (long)(EXIT_WAIT_MS % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    /* Writes on other threads usually finish in time; otherwise their temporary files go. */
    while (any_pending() && pthread_cond_timedwait(&pending_done, &pending_lock, &deadline) == 0) {
    }
    exiting = 1;
    for (int i = 0; i < PENDING_MAX; i++) {
        if (pending[i].used) {
            unlinkat(pending[i].dir, pending[i].name, 0);
            pending[i].used = 0;
            pending[i].name[0] = '\0';
        }
    }
    pthread_mutex_unlock(&pending_lock);
}

static void after_fork_in_child(void) {
    /* The writing thread is not in the child: the lock may be held and the temporary file is the parent's. */
    pthread_mutex_init(&pending_lock, NULL);
    pthread_cond_init(&pending_done, NULL);
    for (int i = 0; i < PENDING_MAX; i++) {
        pending[i].used = 0;
        pending[i].name[0] = '\0';
    }
}

__attribute__((constructor)) static void output_init(void) {
    pthread_atfork(NULL, NULL, after_fork_in_child);
}

__attribute__((destructor)) static void output_fini(void) {
    output_at_exit();
}

void snapshot_tmp_base(const job_placement *job, int pid, unsigned seq, char *out, size_t n) {
    if (job != NULL && job->present) {
        snprintf(out, n, ".ompd-explorer-r%ld-%d-" SNAPSHOT_SEQ_FORMAT, job->rank, pid, seq);
    } else {
        snprintf(out, n, ".ompd-explorer-%d-" SNAPSHOT_SEQ_FORMAT, pid, seq);
    }
}
