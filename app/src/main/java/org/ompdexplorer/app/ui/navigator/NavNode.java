package org.ompdexplorer.app.ui.navigator;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.ompdexplorer.app.ui.entity.Target;

/**
 * One entry of the navigator: a group, an entity or a snapshot page. Its children are made when first asked
 * for, then kept.
 */
public final class NavNode {
    private final String id;
    private final Target target;
    private final String text;
    private final String secondary;
    private final List<Badge> badges;
    private final boolean unavailable;
    private final Supplier<ChildSource> childrenFactory;
    private ChildSource children;

    /**
     * @param id          unique among its siblings; the target's key for an entity or page
     * @param target      what selecting it shows, or {@code null} for a group
     * @param text        the main label
     * @param secondary   a muted second label (a function, an OS id), or empty
     * @param unavailable whether a value it shows could not be read
     * @param children    makes its children, or {@code null} for a leaf
     */
    public NavNode(String id, Target target, String text, String secondary, List<Badge> badges, boolean unavailable,
                   Supplier<ChildSource> children) {
        this.id = id;
        this.target = target;
        this.text = text;
        this.secondary = secondary == null ? "" : secondary;
        this.badges = List.copyOf(badges);
        this.unavailable = unavailable;
        this.childrenFactory = children;
    }

    public String id() {
        return id;
    }

    public Optional<Target> target() {
        return Optional.ofNullable(target);
    }

    public String text() {
        return text;
    }

    public String secondary() {
        return secondary;
    }

    public List<Badge> badges() {
        return badges;
    }

    public boolean isUnavailable() {
        return unavailable;
    }

    public ChildSource children() {
        if (children == null) {
            children = childrenFactory == null ? ChildSource.EMPTY : childrenFactory.get();
        }
        return children;
    }

    public boolean isLeaf() {
        return childrenFactory == null || children().size() == 0;
    }

    /** The whole entry as one line, for copying and for tests. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(text);
        if (!secondary.isEmpty()) {
            b.append("  ").append(secondary);
        }
        for (Badge badge : badges) {
            b.append("  [").append(badge.text()).append(']');
        }
        return b.toString();
    }
}
