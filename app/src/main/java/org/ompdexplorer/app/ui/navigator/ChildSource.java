package org.ompdexplorer.app.ui.navigator;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The children of a navigator node, made on demand: a node with 100k children answers its size at once and
 * makes nodes only for the page on screen.
 */
public interface ChildSource {
    ChildSource EMPTY = of(List.of(), x -> null, x -> "");

    int size();

    /** The child at {@code index}, made now. */
    NavNode get(int index);

    /** The position of the child with this node id, or −1; may scan the children. */
    int indexOf(String childId);

    /** The children {@code from} (inclusive) to {@code to} (exclusive), made now. */
    default List<NavNode> page(int from, int to) {
        List<NavNode> page = new ArrayList<>(Math.max(0, to - from));
        for (int i = from; i < Math.min(to, size()); i++) {
            page.add(get(i));
        }
        return page;
    }

    /** Children that are {@code items} as {@code node} makes them; {@code id} gives a child's id without making it. */
    static <T> ChildSource of(List<T> items, Function<T, NavNode> node, Function<T, String> id) {
        return new ChildSource() {
            @Override
            public int size() {
                return items.size();
            }

            @Override
            public NavNode get(int index) {
                return node.apply(items.get(index));
            }

            @Override
            public int indexOf(String childId) {
                for (int i = 0; i < items.size(); i++) {
                    if (id.apply(items.get(i)).equals(childId)) {
                        return i;
                    }
                }
                return -1;
            }
        };
    }

    /** The children of {@code first}, then those of {@code second}. */
    static ChildSource concat(ChildSource first, ChildSource second) {
        return new ChildSource() {
            @Override
            public int size() {
                return first.size() + second.size();
            }

            @Override
            public NavNode get(int index) {
                return index < first.size() ? first.get(index) : second.get(index - first.size());
            }

            @Override
            public int indexOf(String childId) {
                int at = first.indexOf(childId);
                if (at >= 0) {
                    return at;
                }
                at = second.indexOf(childId);
                return at < 0 ? -1 : first.size() + at;
            }
        };
    }
}
