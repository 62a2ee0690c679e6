package org.ompdexplorer.importers.cache;

import static org.ompdexplorer.importers.cache.Tag.*;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.JobPlacement;
import org.ompdexplorer.model.RecordsLost;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DependenceType;
import org.ompdexplorer.model.DeviceImage;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.DisplayControlVar;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvId;
import org.ompdexplorer.model.IcvScope;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.Kernel;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.OffloadInfo;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.SyncRegion;
import org.ompdexplorer.model.SyncRegionKind;
import org.ompdexplorer.model.OsThreadId;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.TargetKind;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadKind;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.ToolData;
import org.ompdexplorer.model.Transfers;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;
import org.ompdexplorer.model.diagnostics.Severity;

/**
 * Reads what {@link ModelEncoder} wrote, one scope of back-references per decoder. The bytes are untrusted input
 * (docs/decisions/0010-reopen-cache.md, "Trust"): every value is checked for the type its place needs, down to the
 * value of a fact and each item of a list; values nest at most {@value #MAX_DEPTH} deep (the model's own deepest
 * is 7); a list's claimed length allocates no more than the bytes its items take. A file that decodes to anything
 * else is damaged ({@link CacheFormatException}), whatever it holds.
 */
final class ModelDecoder {
    /** Deeper than any model value (a snapshot's deepest, the transfers of a device's mappings, is 7). */
    static final int MAX_DEPTH = 32;
    /** A list's array is allocated up to this many items at once, then grown as items are really read. */
    private static final int FIRST_ALLOCATION = 1024;
    private final ByteSource in;
    private final List<Object> table = new ArrayList<>();
    private int depth;
    private List<?> checkedList;
    private Class<?> checkedType;

    ModelDecoder(ByteSource in) {
        this.in = in;
    }

    Object read() {
        if (++depth > MAX_DEPTH) {
            throw new CacheFormatException("values nested over " + MAX_DEPTH + " deep");
        }
        try {
            return value(in.get());
        } catch (IllegalArgumentException | DateTimeException | ArithmeticException e) {
            // a model constructor's own check, or a time out of range: the bytes are not what was written
            throw new CacheFormatException("a value the model refuses: " + e.getMessage());
        } finally {
            depth--;
        }
    }

    private Object value(int tag) {
        return switch (tag) {
            case NULL -> null;
            case REF -> {
                int ref = in.varInt();
                if (ref >= table.size()) {
                    throw new CacheFormatException("a reference to value " + ref + " of " + table.size());
                }
                yield table.get(ref);
            }
            case ABSENT -> Fact.absent();
            case TRUE -> Boolean.TRUE;
            case FALSE -> Boolean.FALSE;
            case LONG -> in.signedLong();
            case INT -> narrow(in.signedLong());
            case TASK -> task();
            case AGENT_FACTS -> composite(tag); // never numbered: see ModelEncoder
            case OWN_TASK_ID -> new TaskId(in.varLong());
            default -> {
                Object v = body(tag);
                table.add(v);
                yield v;
            }
        };
    }

    <T> T read(Class<T> type) {
        Object v = read();
        if (v != null && !type.isInstance(v)) {
            throw new CacheFormatException("a " + v.getClass().getSimpleName() + " where a " + type.getSimpleName()
                    + " belongs");
        }
        return type.cast(v);
    }

    /** A fact whose known value, if any, is a {@code type}: a fact of another type fails far from here. */
    @SuppressWarnings("unchecked")
    <T> Fact<T> fact(Class<T> type) {
        Fact<?> f = present(Fact.class);
        if (f instanceof Fact.Known<?> k && !type.isInstance(k.value())) {
            throw new CacheFormatException("a fact of " + k.value().getClass().getSimpleName() + " where one of "
                    + type.getSimpleName() + " belongs");
        }
        return (Fact<T>) f;
    }

    /** A list of {@code type}s only (a list never holds null: the decoder refuses one). */
    @SuppressWarnings("unchecked")
    <T> List<T> list(Class<T> type) {
        List<?> list = present(List.class);
        if (list == checkedList && type == checkedType) {
            return (List<T>) list; // a back-reference to the list just checked: a section's tasks share their ICVs
        }
        for (Object item : list) {
            if (!type.isInstance(item)) {
                throw new CacheFormatException("a " + item.getClass().getSimpleName() + " in a list of "
                        + type.getSimpleName());
            }
        }
        checkedList = list;
        checkedType = type;
        return (List<T>) list;
    }

    <T> T present(Class<T> type) {
        T v = read(type);
        if (v == null) {
            throw new CacheFormatException("no value where a " + type.getSimpleName() + " belongs");
        }
        return v;
    }

    long longValue() {
        return present(Long.class);
    }

    int intValue() {
        return present(Integer.class);
    }

    boolean bool() {
        return present(Boolean.class);
    }

    private static int narrow(long v) {
        if (v != (int) v) {
            throw new CacheFormatException(v + " does not fit an int");
        }
        return (int) v;
    }

    private Task task() {
        return new Task(read(TaskId.class), present(TaskKind.class), fact(TaskId.class), fact(TaskId.class),
                fact(RegionId.class), fact(ThreadId.class), fact(Integer.class), fact(CodeLocation.class),
                fact(CodeLocation.class), fact(TaskFrames.class), fact(ToolData.class), list(IcvValue.class),
                read(AgentFacts.class));
    }

    private Object body(int tag) {
        return switch (tag) {
            case STRING -> in.string();
            case LIST -> list(in.varInt());
            case KNOWN -> Fact.of(present(Object.class));
            case UNAVAILABLE -> Fact.unavailable(present(ReturnCode.class), read(String.class));
            case TASK_ID -> new TaskId(in.varLong());
            case THREAD_ID -> new ThreadId(in.varLong());
            case REGION_ID -> new RegionId(in.varLong());
            case SPACE_ID -> new AddressSpaceId(in.varLong());
            case TARGET_ID -> new TargetRegionId(in.varLong());
            case ICV_ID -> new IcvId(in.varLong());
            case OPEN_ENUM -> OpenEnums.of(in.varInt(), present(String.class));
            case INSTANT -> Instant.ofEpochSecond(in.signedLong(), in.varLong());
            default -> composite(tag);
        };
    }

    private List<Object> list(int n) {
        if (n > in.remaining()) { // every item takes a byte at least
            throw new CacheFormatException("a list of " + n + " items runs past the end");
        }
        // the claimed length allocates only once its items are there: nested lists each claiming the rest of the
        // file would otherwise take memory of the file's size times their depth
        Object[] items = new Object[Math.min(n, FIRST_ALLOCATION)];
        for (int i = 0; i < n; i++) {
            if (i == items.length) {
                items = Arrays.copyOf(items, (int) Math.min(n, 2L * items.length));
            }
            Object item = read();
            if (item == null) {
                throw new CacheFormatException("a list holds no value at " + i);
            }
            items[i] = item;
        }
        return List.of(items); // immutable already: the model's List.copyOf keeps it, and its sharing
    }

    private Object composite(int tag) {
        return switch (tag) {
            case CODE_LOCATION -> new CodeLocation(longValue(), read(String.class), read(String.class), intValue(),
                    bool());
            case TOOL_DATA -> new ToolData(longValue(), longValue());
            case TASK_FRAMES -> new TaskFrames(longValue(), intValue(), longValue(), intValue());
            case ICV_VALUE -> new IcvValue(present(IcvId.class), fact(Long.class), fact(String.class));
            case AGENT_FACTS -> new AgentFacts(read(TaskLifecycle.class), list(TaskFlag.class), read(Integer.class),
                    list(Dependence.class), list(TaskId.class), longValue());
            case DEPENDENCE -> new Dependence(present(DependenceType.class), longValue());
            case THREAD_STATE -> new ThreadState(longValue(), present(String.class));
            case OS_THREAD_ID -> new OsThreadId(present(OsThreadIdKind.class), longValue());
            case TEAM_MEMBER -> new TeamMember(intValue(), fact(ThreadId.class), fact(TaskId.class));
            case THREAD -> new OmpThread(present(ThreadId.class), read(AddressSpaceId.class),
                    list(OsThreadId.class), fact(ThreadKind.class), fact(ThreadState.class), fact(Long.class),
                    fact(TaskId.class), fact(RegionId.class), fact(ToolData.class), list(IcvValue.class),
                    fact(SyncRegion.class));
            case SYNC_REGION -> new SyncRegion(present(SyncRegionKind.class), fact(CodeLocation.class));
            case REGION -> new ParallelRegion(present(RegionId.class), read(AddressSpaceId.class),
                    fact(RegionId.class), fact(Integer.class), fact(Integer.class), fact(Integer.class),
                    list(TeamMember.class), fact(TaskId.class), fact(CodeLocation.class), fact(ToolData.class),
                    list(IcvValue.class));
            case ADDRESS_SPACE -> new AddressSpace(present(AddressSpaceId.class), read(AddressSpaceId.class),
                    read(Long.class), read(String.class), list(IcvValue.class), read(DeviceInfo.class),
                    read(OffloadInfo.class));
            case DEVICE_INFO -> new DeviceInfo(read(Integer.class), read(String.class), fact(Boolean.class),
                    list(DeviceImage.class), list(Mapping.class), read(Transfers.class));
            case OFFLOAD_INFO -> new OffloadInfo(read(String.class), fact(Integer.class), read(Integer.class),
                    list(String.class));
            case MAPPING -> new Mapping(longValue(), longValue(), longValue(), intValue(), read(TargetRegionId.class),
                    read(Transfers.class));
            case DEVICE_IMAGE -> new DeviceImage(read(String.class), longValue(), longValue(), longValue(),
                    longValue(), longValue(), longValue());
            case TRANSFERS -> new Transfers(longValue(), longValue(), longValue(), longValue());
            case KERNEL -> new Kernel(longValue());
            case CODE_MODULE -> new CodeModule(present(String.class), read(String.class), longValue(), longValue(),
                    longValue(), read(Long.class));
            case CALL_STACK -> callStack();
            case CALL_FRAME -> new CallFrame(longValue(), longValue(), bool(), intValue(), read(String.class),
                    read(String.class), intValue(), intValue(), bool(), read(TaskId.class),
                    ordinal(FrameRole.values()));
            case TARGET_REGION -> new TargetRegion(present(TargetRegionId.class), present(TargetKind.class),
                    read(AddressSpaceId.class), intValue(), bool(), fact(TaskId.class), fact(TaskId.class),
                    fact(CodeLocation.class), list(Kernel.class), longValue(), read(Transfers.class));
            case CAPTURE_INFO -> new CaptureInfo(present(CaptureSource.class), read(String.class), read(Long.class),
                    read(String.class), read(Instant.class), read(String.class), read(String.class),
                    read(String.class), list(RecordsLost.class), read(JobPlacement.class));
            case JOB_PLACEMENT -> new JobPlacement(present(Integer.class), read(Integer.class), read(String.class),
                    read(String.class));
            case RECORDS_LOST -> new RecordsLost(present(String.class), longValue(), read(String.class));
            case RUNTIME_INFO -> new RuntimeInfo(fact(Long.class), fact(String.class), fact(Long.class),
                    fact(String.class));
            case ICV_DEFINITION -> new IcvDefinition(present(IcvId.class), present(String.class),
                    present(IcvScope.class), read(String.class));
            case DISPLAY_CONTROL_VAR -> new DisplayControlVar(present(String.class), present(String.class));
            case DIAGNOSTIC -> new Diagnostic(ordinal(Severity.values()), present(String.class),
                    present(String.class), read(String.class), present(Location.class));
            case LOCATION -> new Location(read(String.class), intValue(), intValue(), read(String.class),
                    longValue(), read(EntityRef.class), read(String.class));
            case ENTITY_REF -> new EntityRef(ordinal(EntityKind.values()), longValue());
            default -> throw new CacheFormatException("no value is tagged " + tag);
        };
    }

    /** A stack is never longer than the model keeps: a longer list would be cut, and read back as another value. */
    private CallStack callStack() {
        ThreadId thread = present(ThreadId.class);
        List<CallFrame> frames = list(CallFrame.class);
        if (frames.size() > CallStack.MAX_FRAMES) {
            throw new CacheFormatException("a call stack of " + frames.size() + " frames, over "
                    + CallStack.MAX_FRAMES);
        }
        return new CallStack(thread, frames, read(String.class));
    }

    private <E> E ordinal(E[] values) {
        int i = intValue();
        if (i < 0 || i >= values.length) {
            throw new CacheFormatException("no " + values.getClass().getComponentType().getSimpleName() + " numbered "
                    + i);
        }
        return values[i];
    }
}
