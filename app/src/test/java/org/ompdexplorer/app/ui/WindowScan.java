package org.ompdexplorer.app.ui;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.Snapshot;

/**
 * What a reader sees wrong in the window as it is drawn now (issue 24's walk): a label whose text is cut, two texts
 * drawn over each other, an entity named by an id no snapshot shown has or in a raw form that `Names` never makes.
 * Only what is in sight counts: a node hidden, or clipped away by a scroll pane or a table, is not read.
 */
final class WindowScan {
    /** What kind of thing is wrong. */
    enum Kind { CUT, OVERLAP, NAME }

    /** One thing wrong, where in the walk it was seen, and the text that shows it. */
    record Finding(Kind kind, String where, String what) {
        @Override
        public String toString() {
            return kind + " " + where + ": " + what;
        }
    }

    /** More than this many pixels each way is an overlap a reader sees; less is a glyph's descent. */
    private static final double OVERLAP = 2.5;
    private static final Pattern TASK_ID = Pattern.compile("(?<![\\w&])#(\\d+)\\b");
    private static final Pattern THREAD_ID = Pattern.compile("\\bT(\\d+)\\b");
    private static final Pattern REGION_ID = Pattern.compile("\\bP(\\d+)\\b");
    private static final Pattern TARGET_ID = Pattern.compile("\\bTR(\\d+)\\b");
    /** Names no view should make (docs/ui.md, "Names"): the raw forms the issue found. */
    private static final List<Pattern> RAW = List.of(
            Pattern.compile("(?i)\\bthread #\\d+"),
            Pattern.compile("(?i)\\bregion #\\d+"),
            Pattern.compile("\\bin [\\w.$]+ #\\d+"),
            Pattern.compile("\\btask #\\d+ (explicit|implicit|initial|target)\\b"),
            Pattern.compile("(?<![\\w.])/\\d+(/\\d+)*(\\.\\d+)+\\b"));

    private WindowScan() {
    }

    /**
     * Everything wrong in {@code scene} now, each finding said once. {@code shown} are the snapshots whose entities
     * the window may name (A and B of a comparison).
     */
    static List<Finding> scan(Scene scene, String where, List<Snapshot> shown) {
        Set<String> ids = ids(shown);
        List<Text> texts = new ArrayList<>();
        List<Labeled> labeleds = new ArrayList<>();
        collect(scene.getRoot(), texts, labeleds);
        Set<Finding> found = new LinkedHashSet<>();
        for (Labeled l : labeleds) {
            String cut = cut(l);
            if (cut != null) {
                found.add(new Finding(Kind.CUT, where, describe(l) + " " + cut));
            }
        }
        List<Bounds> seen = new ArrayList<>();
        for (Text t : texts) {
            seen.add(inSight(t));
        }
        double sceneWidth = scene.getWidth();
        double sceneHeight = scene.getHeight();
        for (int i = 0; i < texts.size(); i++) {
            Bounds a = seen.get(i);
            if (a == null) {
                continue;
            }
            Text ta = texts.get(i);
            Bounds whole = ta.localToScene(ta.getBoundsInLocal());
            if (whole.getMaxX() > sceneWidth + 0.5 && a.getMaxX() >= sceneWidth - 0.5) {
                found.add(new Finding(Kind.CUT, where, "\"" + ta.getText() + "\" runs past the window's right edge ("
                        + Math.round(whole.getMaxX()) + " > " + Math.round(sceneWidth) + " px)"));
            }
            String sideways = cutSideways(ta, whole);
            if (sideways != null) {
                found.add(new Finding(Kind.CUT, where, "\"" + ta.getText() + "\" " + sideways));
            }
            if (whole.getMaxY() > sceneHeight + 0.5 && a.getMaxY() >= sceneHeight - 0.5) {
                found.add(new Finding(Kind.CUT, where, "\"" + ta.getText() + "\" runs past the window's bottom edge"));
            }
            for (int j = i + 1; j < texts.size(); j++) {
                Bounds b = seen.get(j);
                if (b == null || !overlap(a, b)) {
                    continue;
                }
                Text tb = texts.get(j);
                if (sameFlow(ta, tb)) {
                    continue; // a wrapped Text's box spans its lines: the flow places its runs apart
                }
                found.add(new Finding(Kind.OVERLAP, where, "\"" + ta.getText() + "\" " + box(a) + " and \""
                        + tb.getText() + "\" " + box(b)));
            }
            if (!inStack(ta)) { // a call stack numbers its frames as gdb does, #0 the innermost (docs/ui.md)
                names(ta.getText(), ids, where, found);
            }
        }
        return List.copyOf(found);
    }

    /** The ids of every entity of {@code shown}, as `Names` writes them. */
    static Set<String> ids(List<Snapshot> shown) {
        Set<String> ids = new java.util.HashSet<>();
        for (Snapshot s : shown) {
            s.tasks().forEach(t -> ids.add(Names.task(t.id())));
            s.threads().forEach(t -> ids.add(Names.thread(t.id())));
            s.parallelRegions().forEach(r -> ids.add(Names.region(r.id())));
            s.targetRegions().forEach(r -> ids.add(Names.target(r.id())));
        }
        return ids;
    }

    /** An id that names nothing shown, or a raw form of a name. */
    static void names(String text, Set<String> ids, String where, Set<Finding> found) {
        if (text == null || text.isBlank()) {
            return;
        }
        for (Pattern p : List.of(TASK_ID, THREAD_ID, REGION_ID, TARGET_ID)) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                String id = m.group();
                if (!ids.contains(id)) {
                    found.add(new Finding(Kind.NAME, where, id + " names nothing shown, in \"" + text + "\""));
                }
            }
        }
        for (Pattern p : RAW) {
            Matcher m = p.matcher(text);
            if (m.find()) {
                found.add(new Finding(Kind.NAME, where, "raw name \"" + m.group() + "\" in \"" + text + "\""));
            }
        }
    }

    private static void collect(Node n, List<Text> texts, List<Labeled> labeleds) {
        if (!n.isVisible() || n.getOpacity() == 0) {
            return;
        }
        if (n instanceof Text t && t.getText() != null && !t.getText().isBlank()) {
            texts.add(t);
        }
        if (n instanceof Labeled l) {
            labeleds.add(l);
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                collect(c, texts, labeleds);
            }
        }
    }

    /** Why the text drawn for this label is not its whole text, or null when it is (or it is out of sight). */
    static String cut(Labeled labeled) {
        String text = labeled.getText();
        if (text == null || text.isEmpty()) {
            return null;
        }
        if (labeled.isMnemonicParsing()) {
            text = text.replaceFirst("_(?=.)", "");
        }
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text shown && child.getClass().getSimpleName().equals("LabeledText")) {
                if (shown.getText().equals(text) || inSight(shown) == null) {
                    return null;
                }
                return "shows \"" + shown.getText() + "\" of \"" + text + "\"";
            }
        }
        return null;
    }

    /** The part of a node's box that is drawn, in the scene: cut by every clip above it; null when none is. */
    static Bounds inSight(Node n) {
        Bounds b = n.localToScene(n.getBoundsInLocal());
        for (Node p = n; p != null; p = p.getParent()) {
            if (p.getClip() != null) {
                Bounds clip = p.localToScene(p.getClip().getBoundsInParent());
                b = intersection(b, clip);
                if (b == null) {
                    return null;
                }
            }
        }
        Scene scene = n.getScene();
        return scene == null ? null : intersection(b, new BoundingBox(0, 0, scene.getWidth(), scene.getHeight()));
    }

    /**
     * Why a text runs past the side of the scroll pane that shows it where a reader cannot get at it, or null: the
     * pane cannot scroll sideways, or the text wraps (a paragraph laid out wider than its view is read by scrolling
     * to and fro on every line).
     */
    private static String cutSideways(Text t, Bounds whole) {
        for (Node p = t.getParent(); p != null; p = p.getParent()) {
            if (!(p instanceof javafx.scene.control.ScrollPane pane)) {
                continue;
            }
            Node viewport = pane.lookup(".viewport");
            if (viewport == null) {
                return null;
            }
            Bounds view = viewport.localToScene(viewport.getBoundsInLocal());
            boolean past = whole.getMaxX() > view.getMaxX() + 1 || whole.getMinX() < view.getMinX() - 1;
            if (!past || whole.getMaxY() <= view.getMinY() || whole.getMinY() >= view.getMaxY()) {
                return null;
            }
            if (wraps(t)) {
                return "wraps wider than its scroll pane (" + Math.round(whole.getWidth()) + " px in "
                        + Math.round(view.getWidth()) + ")";
            }
            return scrollsSideways(pane) ? null : "runs past the side of a scroll pane that cannot scroll sideways";
        }
        return null;
    }

    private static boolean wraps(Text t) {
        return t.getParent() instanceof Labeled l && l.isWrapText() || flow(t) != null;
    }

    private static boolean scrollsSideways(javafx.scene.control.ScrollPane pane) {
        return pane.lookupAll(".scroll-bar").stream().anyMatch(n -> n instanceof javafx.scene.control.ScrollBar b
                && b.getParent() == pane && b.getOrientation() == javafx.geometry.Orientation.HORIZONTAL && b.isVisible()
                && pane.getHbarPolicy() != javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
    }

    private static Bounds intersection(Bounds a, Bounds b) {
        double minX = Math.max(a.getMinX(), b.getMinX());
        double minY = Math.max(a.getMinY(), b.getMinY());
        double maxX = Math.min(a.getMaxX(), b.getMaxX());
        double maxY = Math.min(a.getMaxY(), b.getMaxY());
        return maxX - minX < 1 || maxY - minY < 1 ? null : new BoundingBox(minX, minY, maxX - minX, maxY - minY);
    }

    private static boolean overlap(Bounds a, Bounds b) {
        double w = Math.min(a.getMaxX(), b.getMaxX()) - Math.max(a.getMinX(), b.getMinX());
        double h = Math.min(a.getMaxY(), b.getMaxY()) - Math.max(a.getMinY(), b.getMinY());
        return w > OVERLAP && h > OVERLAP;
    }

    private static boolean inStack(Node n) {
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (p.getStyleClass().contains("stack-section")) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameFlow(Node a, Node b) {
        TextFlow fa = flow(a);
        return fa != null && fa == flow(b);
    }

    private static TextFlow flow(Node n) {
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (p instanceof TextFlow f) {
                return f;
            }
        }
        return null;
    }

    private static String box(Bounds b) {
        return "[" + Math.round(b.getMinX()) + "," + Math.round(b.getMinY()) + " " + Math.round(b.getWidth()) + "×"
                + Math.round(b.getHeight()) + "]";
    }

    private static String describe(Labeled l) {
        return l.getClass().getSimpleName() + (l.getId() != null ? " #" + l.getId() : "")
                + l.getStyleClass().stream().filter(c -> c.startsWith("status-")).map(c -> " ." + c)
                        .collect(java.util.stream.Collectors.joining());
    }
}
