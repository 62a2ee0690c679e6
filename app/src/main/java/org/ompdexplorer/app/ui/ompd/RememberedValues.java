package org.ompdexplorer.app.ui.ompd;

import java.util.Optional;

/** Where the dialogs keep what the user entered last, so that the next time starts from it. */
public interface RememberedValues {
    Optional<String> remembered(String key);

    void remember(String key, String value);
}
