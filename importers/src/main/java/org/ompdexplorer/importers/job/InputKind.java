package org.ompdexplorer.importers.job;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/** What a job input is, by the {@code "format"} its JSON starts with (snapshots and summaries both start so). */
final class InputKind {
    private static final int HEAD = 4096;
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final byte[] ELF = {0x7f, 'E', 'L', 'F'};

    private InputKind() {
    }

    /**
     * The value of the JSON object's first property when it is {@code "format"}, plain or gzip-compressed; the
     * snapshot format's name for an ELF file (so that the loader refuses it with its own message); else {@code null}.
     */
    static String formatOf(Path file) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(HEAD);
        }
        if (head.length >= 4 && head[0] == ELF[0] && head[1] == ELF[1] && head[2] == ELF[2] && head[3] == ELF[3]) {
            return "ompd-explorer-snapshot";
        }
        if (head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            try (InputStream gz = new GZIPInputStream(Files.newInputStream(file))) {
                head = gz.readNBytes(HEAD);
            } catch (IOException e) {
                return "ompd-explorer-snapshot"; // a damaged gzip file: the loader says where
            }
        }
        try (JsonParser p = FACTORY.createParser(ObjectReadContext.empty(), new ByteArrayInputStream(head))) {
            if (p.nextToken() != JsonToken.START_OBJECT || p.nextToken() != JsonToken.PROPERTY_NAME
                    || !"format".equals(p.currentName()) || p.nextToken() != JsonToken.VALUE_STRING) {
                return null;
            }
            return p.getString();
        } catch (JacksonException e) {
            return null;
        }
    }
}
