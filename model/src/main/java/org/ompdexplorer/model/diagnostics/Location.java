package org.ompdexplorer.model.diagnostics;

import java.util.Optional;
import org.ompdexplorer.model.EntityRef;

/**
 * Where a diagnostic points: an input (file name), a place in it (line:column, JSON path, byte offset) and the
 * entity concerned. Any part may be missing; a model-level check knows only the entity, and the importer adds
 * the rest.
 *
 * @param input  the input's name or path, or {@code null}
 * @param line   1-based line, or 0 when unknown
 * @param column 1-based column, or 0 when unknown
 * @param path   a JSON path such as {@code $.tasks[3].generatingTask}, or {@code null}
 * @param offset a byte offset in the input, or −1 when unknown
 * @param entity the entity concerned, or {@code null}
 * @param field  the entity's field concerned, or {@code null}
 */
public record Location(String input, int line, int column, String path, long offset, EntityRef entity,
                       String field) {
    public static final Location NOWHERE = new Location(null, 0, 0, null, -1, null, null);

    public static Location of(EntityRef entity, String field) {
        return new Location(null, 0, 0, null, -1, entity, field);
    }

    public static Location inInput(String input, int line, int column, String path) {
        return new Location(input, line, column, path, -1, null, null);
    }

    public Location withInput(String newInput, int newLine, int newColumn, String newPath) {
        return new Location(newInput, newLine, newColumn, newPath, offset, entity, field);
    }

    public Optional<EntityRef> entityRef() {
        return Optional.ofNullable(entity);
    }

    /** {@code file:line:column at $.path (task 5 generatingTask)}, leaving out what is unknown. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        if (input != null) {
            b.append(input);
            if (line > 0) {
                b.append(':').append(line);
                if (column > 0) {
                    b.append(':').append(column);
                }
            }
            if (offset >= 0) {
                b.append(" @0x").append(Long.toHexString(offset));
            }
        }
        if (path != null) {
            b.append(b.isEmpty() ? "" : " at ").append(path);
        }
        if (entity != null && path == null) {
            b.append(b.isEmpty() ? "" : " ").append(entity);
            if (field != null) {
                b.append('.').append(field);
            }
        }
        return b.isEmpty() ? "(no location)" : b.toString();
    }
}
