package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Snapshot;

/**
 * The semantic diff of two snapshots of one program, A (before) and B (after): the {@link Matching}, each matched
 * pair's field changes, the entities added and removed, the counts per kind, what is still blocked at the same
 * place (the hang signal), and task counts per region × task × lifecycle. The CLI report, the JSON report, the
 * window's compare mode and the timeline all read this one result.
 *
 * <p>Only changed pairs keep their changes: a diff of a million tasks where 1% changed holds about ten
 * thousand lists, plus the matching's 9 bytes a task.
 */
public final class SnapshotDiff {
    private static final EntityKind[] KINDS = {EntityKind.ADDRESS_SPACE, EntityKind.THREAD,
        EntityKind.PARALLEL_REGION, EntityKind.TASK, EntityKind.TARGET_REGION};

    private final Matching matching;
    private final DiffTree tree;
    private final Map<EntityKind, Map<Integer, List<FieldChange>>> changed = new EnumMap<>(EntityKind.class);
    private final Map<EntityKind, KindCounts> counts = new EnumMap<>(EntityKind.class);
    private final List<StillBlocked> stillBlocked;
    private final List<AggregateDelta> aggregates;
    private final List<String> warnings;
    private List<EntityDiff> entries;
    private List<UnionNode> changedNodes;
    private Map<UnionNode, StillBlocked> blockedByNode;

    private SnapshotDiff(Matching matching) {
        this.matching = matching;
        this.tree = new DiffTree(matching);
        Snapshot a = matching.a();
        Snapshot b = matching.b();
        Links links = new Links(matching);
        IcvFields icvs = new IcvFields(a, b);
        ThreadFields threads = new ThreadFields(links, icvs, a, b);
        RegionFields regions = new RegionFields(links, icvs);
        TaskFields tasks = new TaskFields(matching, links, icvs);
        DeviceFields devices = new DeviceFields(links);
        for (EntityKind kind : KINDS) {
            Map<Integer, List<FieldChange>> found = new HashMap<>();
            int sizeA = Matching.count(a, kind);
            for (int pa = 0; pa < sizeA; pa++) {
                int pb = matching.inB(kind, pa);
                if (pb < 0) {
                    continue;
                }
                List<FieldChange> c = switch (kind) {
                    case ADDRESS_SPACE -> space(icvs, devices, a.addressSpaces().get(pa), b.addressSpaces().get(pb));
                    case THREAD -> threads.compare(a.threads().get(pa), b.threads().get(pb));
                    case PARALLEL_REGION -> regions.compare(a.parallelRegions().get(pa), b.parallelRegions().get(pb));
                    case TASK -> tasks.compare(a.tasks().get(pa), b.tasks().get(pb));
                    case TARGET_REGION -> devices.compare(a.targetRegions().get(pa), b.targetRegions().get(pb));
                    case SNAPSHOT -> List.of();
                };
                if (!c.isEmpty()) {
                    found.put(pa, List.copyOf(c));
                }
            }
            changed.put(kind, found);
            counts.put(kind, count(kind, found.size()));
        }
        this.stillBlocked = BlockedFinder.find(matching);
        this.aggregates = Aggregates.of(matching);
        List<String> said = new ArrayList<>();
        String programA = a.capture().program();
        String programB = b.capture().program();
        if (programA != null && programB != null && !baseName(programA).equals(baseName(programB))) {
            said.add("A and B are snapshots of two different programs (" + org.ompdexplorer.model.TextCut.value(programA)
                    + " and " + org.ompdexplorer.model.TextCut.value(programB)
                    + "): the diff is made, but matched entities may be unrelated");
        }
        said.addAll(matching.notes());
        this.warnings = List.copyOf(said);
    }

    /**
     * The kinds a report lists, in its order: address spaces, threads, parallel regions, tasks, and target regions
     * when either snapshot has any (so a report of two snapshots without offload reads as it always did).
     */
    public List<EntityKind> reportedKinds() {
        List<EntityKind> kinds = new ArrayList<>(List.of(EntityKind.ADDRESS_SPACE, EntityKind.THREAD,
                EntityKind.PARALLEL_REGION, EntityKind.TASK));
        if (!matching.a().targetRegions().isEmpty() || !matching.b().targetRegions().isEmpty()) {
            kinds.add(EntityKind.TARGET_REGION);
        }
        return kinds;
    }

    /** Matches {@code a} (before) to {@code b} (after) and compares every matched pair. */
    public static SnapshotDiff of(Snapshot a, Snapshot b) {
        return new SnapshotDiff(Matching.of(a, b));
    }

    private static List<FieldChange> space(IcvFields icvs, DeviceFields devices, AddressSpace a, AddressSpace b) {
        Changes out = new Changes();
        devices.compare(out, a, b);
        icvs.compare(out, a.icvs(), b.icvs());
        return out.list();
    }

    private KindCounts count(EntityKind kind, int changedCount) {
        int sizeA = Matching.count(matching.a(), kind);
        int sizeB = Matching.count(matching.b(), kind);
        int matched = matching.matchedCount(kind);
        Map<MatchMethod, Integer> by = new EnumMap<>(MatchMethod.class);
        for (int pa = 0; pa < sizeA; pa++) {
            MatchMethod how = matching.method(kind, pa);
            if (how != null) {
                by.merge(how, 1, Integer::sum);
            }
        }
        return new KindCounts(kind, sizeA, sizeB, sizeB - matched, sizeA - matched, changedCount,
                matched - changedCount, by);
    }

    private static String baseName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    public Matching matching() {
        return matching;
    }

    public Snapshot a() {
        return matching.a();
    }

    public Snapshot b() {
        return matching.b();
    }

    /** The union of A and B as a tree, for views that walk it. */
    public DiffTree tree() {
        return tree;
    }

    /** Different programs, different processes: what a reader must know before trusting the matches. */
    public List<String> warnings() {
        return warnings;
    }

    /** Address spaces, threads, regions and tasks, in that order. */
    public List<KindCounts> counts() {
        return List.copyOf(counts.values());
    }

    public KindCounts counts(EntityKind kind) {
        return Objects.requireNonNull(counts.get(kind), "no counts for " + kind);
    }

    /** Threads, then tasks, waiting at the same place in both snapshots. */
    public List<StillBlocked> stillBlocked() {
        return stillBlocked;
    }

    /** What a node of the union is still blocked on, if it is (one lookup, not a scan of the list). */
    public java.util.Optional<StillBlocked> stillBlocked(UnionNode node) {
        if (blockedByNode == null) {
            Map<UnionNode, StillBlocked> byNode = new HashMap<>();
            for (StillBlocked s : stillBlocked) {
                byNode.putIfAbsent(tree.ofB(s.kind(), Matching.position(b(), s.b())), s);
            }
            blockedByNode = byNode;
        }
        return java.util.Optional.ofNullable(blockedByNode.get(node));
    }

    /** Task counts per region × task × lifecycle, A and B, sorted. */
    public List<AggregateDelta> aggregates() {
        return aggregates;
    }

    /** Whether anything was added, removed or changed. */
    public boolean hasDifferences() {
        return counts.values().stream().anyMatch(KindCounts::differs);
    }

    /**
     * Whether A and B are two moments of a run: both say when they were taken, and not at the same time. The same
     * file twice, or a copy of one, is one moment.
     */
    public boolean twoMoments() {
        java.time.Instant ta = a().capture().time();
        java.time.Instant tb = b().capture().time();
        return a() != b() && ta != null && tb != null && !ta.equals(tb);
    }

    /**
     * The hang signal: something is still blocked at the same place at two moments ({@link #twoMoments()}). Two
     * moments of a hung program differ in nothing but this, and are not "the same": {@code diff} exits 1.
     */
    public boolean hangs() {
        return twoMoments() && !stillBlocked.isEmpty();
    }

    /** What happened to one node of the union. */
    public ChangeKind change(UnionNode node) {
        if (!node.inA()) {
            return ChangeKind.ADDED;
        }
        if (!node.inB()) {
            return ChangeKind.REMOVED;
        }
        return changed.get(node.kind()).containsKey(node.a()) ? ChangeKind.CHANGED : ChangeKind.UNCHANGED;
    }

    /** One node of the union with its changes. */
    public EntityDiff entry(UnionNode node) {
        Snapshot a = matching.a();
        Snapshot b = matching.b();
        return new EntityDiff(node.kind(), node.inA() ? Matching.ref(a, node.kind(), node.a()) : null,
                node.inB() ? Matching.ref(b, node.kind(), node.b()) : null, change(node),
                node.inA() && node.inB() ? matching.method(node.kind(), node.a()) : null,
                node.inA() ? changed.get(node.kind()).getOrDefault(node.a(), List.of()) : List.of());
    }

    /** Every entity added, removed or changed, in tree order ({@link DiffTree#depthFirst()}). */
    public List<EntityDiff> entries() {
        if (entries == null) {
            entries = changedNodes().stream().map(this::entry).toList();
        }
        return entries;
    }

    /** The nodes of {@link #entries()}, in the same order: what Next and Previous change step through. */
    public List<UnionNode> changedNodes() {
        if (changedNodes == null) {
            List<UnionNode> found = new ArrayList<>();
            for (UnionNode node : tree.depthFirst()) {
                if (change(node) != ChangeKind.UNCHANGED) {
                    found.add(node);
                }
            }
            changedNodes = List.copyOf(found);
        }
        return changedNodes;
    }

    /**
     * Every field of a node side by side, A's and B's rows merged by field and qualifier in the order the diff
     * compares them, each marked changed when the diff found it changed.
     */
    public List<FieldRow> fields(UnionNode node) {
        java.util.LinkedHashMap<String, FieldRow> rows = new java.util.LinkedHashMap<>();
        java.util.Map<String, Integer> seen = new HashMap<>();
        if (node.inA()) {
            for (FieldRow r : SideFields.of(a(), node.kind(), node.a(), true)) {
                rows.put(rowKey(r, seen), r);
            }
        }
        seen.clear();
        if (node.inB()) {
            for (FieldRow r : SideFields.of(b(), node.kind(), node.b(), false)) {
                String key = rowKey(r, seen);
                FieldRow inA = rows.get(key);
                rows.put(key, inA == null ? r : new FieldRow(r.field(), r.qualifier(), inA.a(), r.b(), false));
            }
        }
        java.util.Set<String> changedLabels = new java.util.HashSet<>();
        for (FieldChange c : entry(node).changes()) {
            changedLabels.add(c.field() + "|" + c.qualifier());
        }
        List<FieldRow> result = new ArrayList<>(rows.size());
        for (FieldRow r : rows.values()) {
            boolean changedRow = node.inA() && node.inB() && changedLabels.contains(r.field() + "|" + r.qualifier());
            result.add(new FieldRow(r.field(), r.qualifier(), r.a(), r.b(), changedRow));
        }
        return result;
    }

    /** Rows of one field and qualifier are numbered (a task waits for several tasks). */
    private static String rowKey(FieldRow r, java.util.Map<String, Integer> seen) {
        String base = r.field() + "|" + r.qualifier();
        return base + "|" + seen.merge(base, 1, Integer::sum);
    }
}
