/* Unit tests of how the agent writes a snapshot file (write.c, output.c, also in pieces): it never follows or replaces a
 * symbolic link or special file, keeps names within NAME_MAX/PATH_MAX, survives a full disk and an unwritable
 * directory with one log line, and never leaves its temporary file behind. */
#include "agent.h"
#include "check.h"
#include "gzip.h"
#include "output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char log_path[] = "/tmp/agent-test-log-XXXXXX";
static int saved_stderr = -1;

/* Agent log lines go to a file while a test runs, so that the test can count them. */
void capture_log(void) {
    int fd = mkstemp(log_path);
    fflush(stderr);
    saved_stderr = dup(STDERR_FILENO);
    dup2(fd, STDERR_FILENO);
    close(fd);
}

/* Ends the capture; returns the log text (static) and its number of lines. */
const char *captured_log(int *lines) {
    static char text[8192];
    fflush(stderr);
    dup2(saved_stderr, STDERR_FILENO);
    close(saved_stderr);
    int fd = open(log_path, O_RDONLY);
    ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : 0;
    text[n > 0 ? n : 0] = '\0';
    if (fd >= 0) {
        close(fd);
    }
    unlink(log_path);
    strcpy(log_path, "/tmp/agent-test-log-XXXXXX");
    *lines = 0;
    for (char *p = text; *p != '\0'; p++) {
        *lines += *p == '\n';
    }
    return text;
}

static void make_dir(char *dir) {
    strcpy(dir, "/tmp/agent-test-out-XXXXXX");
    if (mkdtemp(dir) == NULL) {
        perror("mkdtemp");
        exit(2);
    }
}

static int entries(const char *dir) {
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    }
    if (d != NULL) {
        closedir(d);
    }
    return n;
}

/* Files whose name ends in .tmp: temporaries the writer left. */
static int temporaries(const char *dir) {
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        n += len > 4 && strcmp(e->d_name + len - 4, ".tmp") == 0;
    }
    if (d != NULL) {
        closedir(d);
    }
    return n;
}

static void remove_tree(const char *dir) {
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) {
        printf("could not remove %s\n", dir);
    }
}

static void path_of(char *out, const char *dir, unsigned seq, const char *label) {
    snprintf(out, PATH_MAX, "%s/ompd-explorer-%d-%06u-%s.json", dir, (int)getpid(), seq, label);
}

static int read_text(const char *path, char *buf, size_t n) {
    int fd = open(path, O_RDONLY | O_NOFOLLOW);
    if (fd < 0) {
        return -1;
    }
    ssize_t k = read(fd, buf, n - 1);
    close(fd);
    buf[k > 0 ? k : 0] = '\0';
    return (int)k;
}

static int write_text(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ssize_t k = write(fd, text, strlen(text));
    close(fd);
    return k == (ssize_t)strlen(text) ? 0 : -1;
}

static int snapshot(const char *dir, unsigned seq, const char *label) {
    world_copy w;
    memset(&w, 0, sizeof w);
    snprintf(agent_cfg.dir, sizeof agent_cfg.dir, "%s", dir);
    char written[OUTPUT_NAME_MAX + 1];
    return snapshot_write(&w, label, seq, written, sizeof written);
}

static void test_plain_write_and_replace(void) {
    char dir[64], path[PATH_MAX], text[256];
    make_dir(dir);
    CHECK(snapshot(dir, 1, "plain") == 0);
    path_of(path, dir, 1, "plain");
    CHECK(read_text(path, text, sizeof text) > 0 && strncmp(text, "{", 1) == 0);
    CHECK(entries(dir) == 1);
    /* A regular file of the same name (a pid reused) is replaced. */
    CHECK(write_text(path, "old") == 0);
    CHECK(snapshot(dir, 1, "plain") == 0);
    CHECK(read_text(path, text, sizeof text) > 3 && strncmp(text, "old", 3) != 0);
    CHECK(entries(dir) == 1);
    remove_tree(dir);
}

static void test_special_final_names(void) {
    char dir[64], path[PATH_MAX], victim[PATH_MAX], text[64], target[PATH_MAX];
    make_dir(dir);
    snprintf(victim, sizeof victim, "%s/victim", dir);
    CHECK(write_text(victim, "precious") == 0);

    path_of(path, dir, 2, "link");
    CHECK(symlink(victim, path) == 0);
    int lines = 0;
    capture_log();
    CHECK(snapshot(dir, 2, "link") == -1);
    const char *log = captured_log(&lines);
    CHECK(lines == 1 && strstr(log, "symbolic link") != NULL && strstr(log, path) != NULL);
    struct stat st;
    CHECK(lstat(path, &st) == 0 && S_ISLNK(st.st_mode));
    ssize_t k = readlink(path, target, sizeof target - 1);
    CHECK(k > 0 && (target[k] = '\0', strcmp(target, victim) == 0));
    CHECK(read_text(victim, text, sizeof text) == 8 && strcmp(text, "precious") == 0);

    path_of(path, dir, 3, "fifo");
    CHECK(mkfifo(path, 0644) == 0);
    capture_log();
    CHECK(snapshot(dir, 3, "fifo") == -1);
    log = captured_log(&lines);
    CHECK(lines == 1 && strstr(log, "FIFO") != NULL);
    CHECK(lstat(path, &st) == 0 && S_ISFIFO(st.st_mode));

    path_of(path, dir, 4, "dir");
    CHECK(mkdir(path, 0755) == 0);
    capture_log();
    CHECK(snapshot(dir, 4, "dir") == -1);
    log = captured_log(&lines);
    CHECK(lines == 1 && strstr(log, "directory") != NULL);
    CHECK(temporaries(dir) == 0 && entries(dir) == 4);
    remove_tree(dir);
}

/* Something planted at the temporary name is neither followed, nor opened, nor replaced. */
static void test_planted_temporaries(void) {
    char dir[64], path[PATH_MAX], victim[PATH_MAX], text[64], tmp[PATH_MAX];
    make_dir(dir);
    snprintf(victim, sizeof victim, "%s/victim", dir);
    CHECK(write_text(victim, "precious") == 0);
    snprintf(tmp, sizeof tmp, "%s/.ompd-explorer-%d-000005.tmp", dir, (int)getpid());
    CHECK(symlink(victim, tmp) == 0);
    snprintf(tmp, sizeof tmp, "%s/.ompd-explorer-%d-5.json.tmp", dir, (int)getpid()); /* the name of 0.1.0 */
    CHECK(symlink(victim, tmp) == 0);
    snprintf(tmp, sizeof tmp, "%s/.ompd-explorer-%d-000005-1.tmp", dir, (int)getpid());
    CHECK(mkfifo(tmp, 0644) == 0); /* opening a FIFO for writing would block */
    CHECK(snapshot(dir, 5, "planted") == 0);
    path_of(path, dir, 5, "planted");
    CHECK(read_text(path, text, sizeof text) > 0 && text[0] == '{');
    CHECK(read_text(victim, text, sizeof text) == 8 && strcmp(text, "precious") == 0);
    struct stat st;
    CHECK(lstat(tmp, &st) == 0 && S_ISFIFO(st.st_mode));
    CHECK(entries(dir) == 5);
    remove_tree(dir);
}

static void test_long_names(void) {
    char name[PATH_MAX];
    char label[400];
    memset(label, 'x', sizeof label - 1);
    label[sizeof label - 1] = '\0';
    CHECK(snapshot_file_name("/tmp", NULL, 123, 7, label, ".json", name, sizeof name) == 0);
    CHECK(strlen(name) <= OUTPUT_NAME_MAX && strncmp(name, "ompd-explorer-123-000007-xx", 27) == 0);
    CHECK(strcmp(name + strlen(name) - 5, ".json") == 0);
    CHECK(snapshot_file_name("/tmp", NULL, 123, 7, label, ".json.gz", name, sizeof name) == 0);
    CHECK(strlen(name) <= OUTPUT_NAME_MAX && strcmp(name + strlen(name) - 8, ".json.gz") == 0);

    /* A directory path of 4000 bytes: the label is cut so that the whole path fits PATH_MAX. */
    char dir[PATH_MAX], base[64];
    make_dir(base);
    snprintf(dir, sizeof dir, "%s", base);
    while (strlen(dir) + 201 < 4000) {
        size_t at = strlen(dir);
        dir[at] = '/';
        memset(dir + at + 1, 'd', 200);
        dir[at + 201] = '\0';
        CHECK(mkdir(dir, 0755) == 0);
    }
    size_t at = strlen(dir);
    dir[at] = '/';
    memset(dir + at + 1, 'e', 4000 - at - 1);
    dir[4000] = '\0';
    CHECK(mkdir(dir, 0755) == 0);
    CHECK(snapshot_file_name(dir, NULL, 123, 7, label, ".json", name, sizeof name) == 0);
    CHECK(strlen(dir) + 1 + strlen(name) < PATH_MAX);
    CHECK(snapshot(dir, 7, label) == 0);
    CHECK(entries(dir) == 1 && temporaries(dir) == 0);
    /* No room left for any name: refused with one line. */
    char deep[PATH_MAX];
    memset(deep, 'f', sizeof deep);
    deep[0] = '/';
    deep[PATH_MAX - 20] = '\0';
    CHECK(snapshot_file_name(deep, NULL, 123, 7, label, ".json", name, sizeof name) == -1);
    remove_tree(base);
}

/* Whether the gzip file gz decompresses (with the system's gzip) to exactly the bytes of plain. */
static int gunzips_to(const char *gz, const char *plain) {
    char cmd[3 * PATH_MAX];
    snprintf(cmd, sizeof cmd, "gzip -dc '%s' | cmp -s - '%s'", gz, plain);
    return system(cmd) == 0;
}

/* OMPD_EXPLORER_COMPRESS=1: the same snapshot as a .json.gz that decompresses to the plain file, written as
 * atomically; without zlib, one log line and plain JSON. */
static void test_compressed(void) {
    char plain_dir[64], gz_dir[64], plain[PATH_MAX], gz[PATH_MAX + 8];
    make_dir(plain_dir);
    make_dir(gz_dir);
    CHECK(snapshot(plain_dir, 20, "gz") == 0);
    CHECK(gzip_load(GZIP_LIBRARY) == 0);
    agent_cfg.compress = 1;
    CHECK(snapshot(gz_dir, 20, "gz") == 0);
    agent_cfg.compress = 0;
    path_of(plain, plain_dir, 20, "gz");
    snprintf(gz, sizeof gz, "%s/ompd-explorer-%d-%06u-gz.json.gz", gz_dir, (int)getpid(), 20u);
    unsigned char head[2] = {0, 0};
    int fd = open(gz, O_RDONLY);
    CHECK(fd >= 0 && read(fd, head, 2) == 2 && head[0] == 0x1f && head[1] == 0x8b);
    if (fd >= 0) {
        close(fd);
    }
    CHECK(entries(gz_dir) == 1 && temporaries(gz_dir) == 0);
    CHECK(gunzips_to(gz, plain));

    /* Incompressible data larger than the first guess of the output's size: the buffer grows. */
    size_t n = 3u << 20;
    char *noise = malloc(n);
    unsigned long long x = 88172645463325252ull;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        noise[i] = (char)x;
    }
    size_t packed_len = 0;
    char *packed = gzip_compress(noise, n, &packed_len);
    CHECK(packed != NULL && packed_len > n / 2);
    char noise_path[PATH_MAX], packed_path[PATH_MAX];
    snprintf(noise_path, sizeof noise_path, "%s/noise", plain_dir);
    snprintf(packed_path, sizeof packed_path, "%s/noise.gz", plain_dir);
    FILE *a = fopen(noise_path, "wb");
    FILE *b = fopen(packed_path, "wb");
    CHECK(a != NULL && b != NULL && fwrite(noise, 1, n, a) == n && fwrite(packed, 1, packed_len, b) == packed_len);
    fclose(a);
    fclose(b);
    CHECK(gunzips_to(packed_path, noise_path));
    free(noise);
    free(packed);

    /* No zlib: one line that says what happens and what to install. */
    int lines = 0;
    capture_log();
    CHECK(gzip_load("libz-not-installed.so.9") == -1);
    const char *log = captured_log(&lines);
    CHECK(lines == 1 && strstr(log, "plain JSON") != NULL && strstr(log, "zlib") != NULL);
    remove_tree(plain_dir);
    remove_tree(gz_dir);
}

/* A file size limit stands in for a full disk where tmpfs cannot be mounted: the write fails part way. */
static void test_full_disk(void) {
    char dir[64];
    int lines = 0;
    make_dir(dir);
    struct rlimit old, small = {.rlim_cur = 512, .rlim_max = RLIM_INFINITY};
    getrlimit(RLIMIT_FSIZE, &old);
    small.rlim_max = old.rlim_max;
    struct sigaction ign = {.sa_handler = SIG_IGN}, saved;
    sigaction(SIGXFSZ, &ign, &saved);
    setrlimit(RLIMIT_FSIZE, &small);
    capture_log();
    int rc = snapshot(dir, 8, "full");
    setrlimit(RLIMIT_FSIZE, &old);
    sigaction(SIGXFSZ, &saved, NULL);
    const char *log = captured_log(&lines);
    CHECK(rc == -1 && lines == 1 && strstr(log, "ompd-explorer-") != NULL && strstr(log, "-000008-full.json") != NULL);
    CHECK(entries(dir) == 0);

    /* A real full file system when this process may mount one (root with CAP_SYS_ADMIN). */
    if (mount("tmpfs", dir, "tmpfs", 0, "size=64k") == 0) {
        char filler[PATH_MAX], block[4096];
        snprintf(filler, sizeof filler, "%s/filler", dir);
        memset(block, 'f', sizeof block);
        int fd = open(filler, O_WRONLY | O_CREAT, 0644);
        while (write(fd, block, sizeof block) > 0) {
        }
        close(fd);
        capture_log();
        rc = snapshot(dir, 9, "full");
        log = captured_log(&lines);
        CHECK(rc == -1 && lines == 1 && strstr(log, "No space left on device") != NULL);
        CHECK(entries(dir) == 1);
        umount(dir);
        /* Read-only: one line, nothing written. */
        CHECK(mount("tmpfs", dir, "tmpfs", MS_RDONLY, "size=64k") == 0);
        capture_log();
        rc = snapshot(dir, 10, "ro");
        log = captured_log(&lines);
        CHECK(rc == -1 && lines == 1 && strstr(log, "Read-only file system") != NULL);
        umount(dir);
    } else {
        printf("agent unit tests: no tmpfs mount here (%s); full disk tested with RLIMIT_FSIZE only\n",
               strerror(errno));
    }
    remove_tree(dir);
}

/* A file written in pieces: nothing under its name until output_commit, then every piece in order (past the 8 MiB at
 * which writeback is started); a piece that fails (the file size limit) leaves no file, no temporary, one line. */
static void test_streamed(void) {
    char dir[64], path[PATH_MAX];
    make_dir(dir);
    snprintf(path, sizeof path, "%s/streamed.ndjson", dir);
    static char piece[1 << 20];
    output_file f;
    CHECK(output_open(&f, dir, "streamed.ndjson", ".streamed") == 0);
    for (int i = 0; i < 10; i++) {
        memset(piece, 'a' + i, sizeof piece);
        CHECK(output_append(&f, piece, sizeof piece) == 0);
        CHECK(access(path, F_OK) != 0 && temporaries(dir) == 1);
    }
    CHECK(output_commit(&f) == 0);
    struct stat st;
    CHECK(stat(path, &st) == 0 && st.st_size == 10 * (off_t)sizeof piece && entries(dir) == 1);
    int fd = open(path, O_RDONLY);
    CHECK(fd >= 0 && pread(fd, piece, 1, 9 * (off_t)sizeof piece) == 1 && piece[0] == 'j');
    close(fd);

    int lines = 0;
    struct rlimit old, small = {.rlim_cur = 3 << 20, .rlim_max = RLIM_INFINITY};
    getrlimit(RLIMIT_FSIZE, &old);
    small.rlim_max = old.rlim_max;
    struct sigaction ign = {.sa_handler = SIG_IGN}, saved;
    sigaction(SIGXFSZ, &ign, &saved);
    setrlimit(RLIMIT_FSIZE, &small);
    capture_log();
    CHECK(output_open(&f, dir, "cut.ndjson", ".cut") == 0);
    int failed_at = -1;
    for (int i = 0; i < 5 && failed_at < 0; i++) {
        failed_at = output_append(&f, piece, sizeof piece) == 0 ? -1 : i;
    }
    int rc = output_commit(&f);
    setrlimit(RLIMIT_FSIZE, &old);
    sigaction(SIGXFSZ, &saved, NULL);
    const char *log = captured_log(&lines);
    CHECK(failed_at == 3 && rc == -1 && lines == 1 && strstr(log, "cut.ndjson") != NULL);
    CHECK(entries(dir) == 1 && temporaries(dir) == 0);
    remove_tree(dir);
}

static void test_unwritable_and_repeats(void) {
    int lines = 0;
    capture_log();
    CHECK(snapshot("/nonexistent/agent-test", 11, "gone") == -1);
    CHECK(snapshot("/nonexistent/agent-test", 12, "gone") == -1); /* the same failure: not logged again */
    const char *log = captured_log(&lines);
    CHECK(lines == 1 && strstr(log, "/nonexistent/agent-test") != NULL && strstr(log, "OMPD_EXPLORER_DIR") != NULL);
    capture_log();
    CHECK(snapshot("/dev/null", 13, "file") == -1);
    log = captured_log(&lines);
    CHECK(lines == 1 && strstr(log, "Not a directory") != NULL);
}

struct big_write {
    const char *dir;
    size_t len;
    int rc;
};

static void *write_big(void *arg) {
    struct big_write *w = arg;
    char *data = malloc(w->len);
    memset(data, ' ', w->len);
    w->rc = output_write(w->dir, "big.json", "big", data, w->len);
    free(data);
    return NULL;
}

/* Two writes at once (the interval series' thread and the at-exit snapshot): the small one ending while the large
 * one still writes must not make the exit forget the large one's temporary file — it was left behind (the corpus's
 * sort program, under load). In a child process: output_at_exit ends writing for the process that calls it. */
static void test_concurrent_writes_at_exit(void) {
    char dir[64];
    make_dir(dir);
    pid_t child = fork();
    if (child == 0) {
        struct big_write big = {dir, (size_t)128 << 20, 0};
        pthread_t t;
        pthread_create(&t, NULL, write_big, &big);
        for (int i = 0; i < 5000 && temporaries(dir) == 0; i++) {
            usleep(1000); /* until the large write has its temporary file */
        }
        int small = output_write(dir, "small.json", "small", "{}", 2);
        output_at_exit(); /* as exit() does, while the large write goes on */
        pthread_join(t, NULL);
        _exit(small == 0 && temporaries(dir) == 0 ? 0 : 1);
    }
    int status = 0;
    waitpid(child, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    CHECK(temporaries(dir) == 0);
    remove_tree(dir);
}

/* After output_at_exit (the library's destructor) nothing more is written and no temporary is created. */
static void test_after_exit(void) {
    char dir[64];
    make_dir(dir);
    int lines = 0;
    output_at_exit();
    capture_log();
    CHECK(snapshot(dir, 14, "late") == -1);
    const char *log = captured_log(&lines);
    CHECK(lines == 1 && strstr(log, "the program exited") != NULL);
    CHECK(entries(dir) == 0);
    remove_tree(dir);
}

void test_output(void) {
    test_plain_write_and_replace();
    test_special_final_names();
    test_planted_temporaries();
    test_long_names();
    test_compressed();
    test_full_disk();
    test_streamed();
    test_unwritable_and_repeats();
    test_concurrent_writes_at_exit();
    test_after_exit(); /* last: it ends writing for this process */
}
