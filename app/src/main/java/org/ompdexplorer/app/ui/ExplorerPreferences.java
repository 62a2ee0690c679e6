package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import org.ompdexplorer.app.ui.ompd.RememberedValues;

/**
 * What the window remembers between runs: recent files, the theme and the dialogs' last values, in
 * {@link Preferences}. Tests use {@link #inMemory()} so that they never touch the user's settings.
 */
public final class ExplorerPreferences implements RememberedValues {
    static final int RECENT_LIMIT = 10;
    private static final String RECENT_KEY = "recent.";
    private static final String DARK_KEY = "theme.dark";
    private static final String VALUE_KEY = "value.";

    private final Preferences node;
    private final List<Path> recent = new ArrayList<>();
    private final Map<String, String> values = new HashMap<>();
    private boolean dark;

    private ExplorerPreferences(Preferences node) {
        this.node = node;
        if (node != null) {
            for (int i = 0; i < RECENT_LIMIT; i++) {
                String p = node.get(RECENT_KEY + i, null);
                if (p != null) {
                    recent.add(Path.of(p));
                }
            }
            dark = node.getBoolean(DARK_KEY, false);
        }
    }

    /** The user's preferences for this application. */
    public static ExplorerPreferences user() {
        return new ExplorerPreferences(Preferences.userNodeForPackage(ExplorerPreferences.class));
    }

    public static ExplorerPreferences inMemory() {
        return new ExplorerPreferences(null);
    }

    /** Most recent first. */
    public List<Path> recentFiles() {
        return List.copyOf(recent);
    }

    public void addRecent(Path file) {
        Path p = file.toAbsolutePath().normalize();
        recent.remove(p);
        recent.addFirst(p);
        while (recent.size() > RECENT_LIMIT) {
            recent.removeLast();
        }
        save();
    }

    public void clearRecent() {
        recent.clear();
        save();
    }

    public boolean darkTheme() {
        return dark;
    }

    public void setDarkTheme(boolean value) {
        dark = value;
        save();
    }

    @Override
    public Optional<String> remembered(String key) {
        if (!values.containsKey(key) && node != null) {
            String stored = node.get(VALUE_KEY + key, null);
            if (stored != null) {
                values.put(key, stored);
            }
        }
        return Optional.ofNullable(values.get(key));
    }

    @Override
    public void remember(String key, String value) {
        values.put(key, value);
        if (node != null) {
            node.put(VALUE_KEY + key, value.length() > Preferences.MAX_VALUE_LENGTH
                    ? value.substring(0, Preferences.MAX_VALUE_LENGTH) : value);
            flush();
        }
    }

    private void save() {
        if (node == null) {
            return;
        }
        for (int i = 0; i < RECENT_LIMIT; i++) {
            if (i < recent.size()) {
                node.put(RECENT_KEY + i, recent.get(i).toString());
            } else {
                node.remove(RECENT_KEY + i);
            }
        }
        node.putBoolean(DARK_KEY, dark);
        flush();
    }

    private void flush() {
        try {
            node.flush();
        } catch (BackingStoreException e) {
            // preferences are a convenience: a read-only home directory must not stop the window
        }
    }
}
