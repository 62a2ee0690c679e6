package org.ompdexplorer.importers.cache;

import java.util.List;
import java.util.function.Function;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.DependenceType;
import org.ompdexplorer.model.IcvScope;
import org.ompdexplorer.model.OpenEnum;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.SyncRegionKind;
import org.ompdexplorer.model.TargetKind;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.ThreadKind;

/**
 * The model's open enums by number in a cache file. A value is stored by name and read back through its type's
 * {@code of}, so a value the runtime invented stays unknown and a known one is the very constant.
 */
final class OpenEnums {
    private record Kind(Class<? extends OpenEnum> type, Function<String, ? extends OpenEnum> of) {
    }

    private static final List<Kind> KINDS = List.of(
            new Kind(TaskKind.class, TaskKind::of),
            new Kind(TaskLifecycle.class, TaskLifecycle::of),
            new Kind(TaskFlag.class, TaskFlag::of),
            new Kind(ReturnCode.class, ReturnCode::of),
            new Kind(ThreadKind.class, ThreadKind::of),
            new Kind(OsThreadIdKind.class, OsThreadIdKind::of),
            new Kind(DependenceType.class, DependenceType::of),
            new Kind(TargetKind.class, TargetKind::of),
            new Kind(CaptureSource.class, CaptureSource::of),
            new Kind(IcvScope.class, IcvScope::of),
            new Kind(SyncRegionKind.class, SyncRegionKind::of));

    private OpenEnums() {
    }

    static int number(OpenEnum value) {
        for (int i = 0; i < KINDS.size(); i++) {
            if (KINDS.get(i).type() == value.getClass()) {
                return i;
            }
        }
        throw new IllegalArgumentException("no cache number for " + value.getClass().getName());
    }

    static OpenEnum of(int number, String name) {
        if (number < 0 || number >= KINDS.size()) {
            throw new CacheFormatException("no open enum numbered " + number);
        }
        return KINDS.get(number).of().apply(name);
    }
}
