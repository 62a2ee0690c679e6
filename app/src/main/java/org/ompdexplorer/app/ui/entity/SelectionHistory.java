package org.ompdexplorer.app.ui.entity;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/** The selections the user went through, for Back and Forward, like a browser's history. */
public final class SelectionHistory {
    private static final int LIMIT = 1000;

    private final Deque<Target> back = new ArrayDeque<>();
    private final Deque<Target> forward = new ArrayDeque<>();
    private final ReadOnlyBooleanWrapper canGoBack = new ReadOnlyBooleanWrapper(this, "canGoBack", false);
    private final ReadOnlyBooleanWrapper canGoForward = new ReadOnlyBooleanWrapper(this, "canGoForward", false);
    private Target current;

    public ReadOnlyBooleanProperty canGoBackProperty() {
        return canGoBack.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canGoForwardProperty() {
        return canGoForward.getReadOnlyProperty();
    }

    /** Records a new selection; what was ahead of the current one is forgotten. */
    public void visit(Target target) {
        if (target == null || target.equals(current)) {
            return;
        }
        if (current != null) {
            back.push(current);
            if (back.size() > LIMIT) {
                back.removeLast();
            }
        }
        current = target;
        forward.clear();
        update();
    }

    public Optional<Target> back() {
        if (back.isEmpty()) {
            return Optional.empty();
        }
        forward.push(current);
        current = back.pop();
        update();
        return Optional.of(current);
    }

    public Optional<Target> forward() {
        if (forward.isEmpty()) {
            return Optional.empty();
        }
        back.push(current);
        current = forward.pop();
        update();
        return Optional.of(current);
    }

    public void clear() {
        back.clear();
        forward.clear();
        current = null;
        update();
    }

    private void update() {
        canGoBack.set(!back.isEmpty());
        canGoForward.set(!forward.isEmpty());
    }
}
