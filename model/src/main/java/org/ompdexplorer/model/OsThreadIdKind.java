package org.ompdexplorer.model;

import java.util.Collection;

/** The kind of an operating-system thread id, from OMPD's {@code ompd_thread_id_t}. */
public final class OsThreadIdKind extends OpenEnum {
    private static final Registry<OsThreadIdKind> REGISTRY = new Registry<>(OsThreadIdKind::new);
    /** {@code ompd_thread_id_pthread} (0): a pthread_t; on x86-64 glibc its value is the thread's fs_base. */
    public static final OsThreadIdKind PTHREAD = REGISTRY.define("pthread");
    /** {@code ompd_thread_id_lwp} (1): the kernel's thread id, as in a core's NT_PRSTATUS. */
    public static final OsThreadIdKind LWP = REGISTRY.define("lwp");
    /** {@code ompd_thread_id_winthread} (2). */
    public static final OsThreadIdKind WINTHREAD = REGISTRY.define("winthread");

    private OsThreadIdKind(String name, boolean known) {
        super(name, known);
    }

    public static OsThreadIdKind of(String name) {
        return REGISTRY.of(name);
    }

    public static Collection<OsThreadIdKind> known() {
        return REGISTRY.values();
    }
}
