package org.ompdexplorer.app.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Snapshots that once made a report grow past its input (issue 23): threads whose current task has a long name,
 * deep region nesting, repeated creation orders, thousands of one diagnostic, and a directory of a series with a
 * JSON file that is no snapshot.
 */
final class ReportInputs {
    private ReportInputs() {
    }

    static void write(Path dir, String lesson) throws IOException {
        Files.writeString(dir.resolve("long-a.json"), longNamed(50, 20_000, 1));
        Files.writeString(dir.resolve("long-b.json"), longNamed(50, 20_000, 2));
        Files.writeString(dir.resolve("deep.json"), deep(2_000, 1));
        Files.writeString(dir.resolve("deep-b.json"), deep(2_000, 2));
        Files.writeString(dir.resolve("dup.json"), lesson.replaceAll("\"creationOrder\":\\d+", "\"creationOrder\":1"));
        StringBuilder many = new StringBuilder("{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\",\"tasks\":[");
        for (int i = 1; i <= 2_000; i++) {
            many.append(i > 1 ? "," : "").append("{\"id\":").append(i).append(",\"kind\":\"explicit\",\"generatingTask\":0}");
        }
        Files.writeString(dir.resolve("many.json"), many.append("]}"));
        Path series = Files.createDirectory(dir.resolve("series"));
        Files.writeString(series.resolve("1.json"), lesson);
        Files.writeString(series.resolve("2.json"), lesson);
        Files.writeString(series.resolve("compile_commands.json"), "[{\"directory\":\"/src\",\"file\":\"a.c\"}]");
    }

    private static String longNamed(int threads, int n, int current) {
        StringBuilder b = new StringBuilder("{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\","
                + "\"capture\":{\"source\":\"hand-written\"},\"threads\":[");
        for (int i = 1; i <= threads; i++) {
            b.append(i > 1 ? "," : "").append("{\"id\":").append(i).append(",\"osIds\":{\"lwp\":").append(4000 + i)
                    .append("},\"currentTask\":").append(current).append('}');
        }
        return b.append("],\"tasks\":[{\"id\":1,\"kind\":\"explicit\",\"function\":{\"address\":\"0x401000\",\"symbol\":\"")
                .append("f".repeat(n)).append("\"}},{\"id\":2,\"kind\":\"explicit\"}]}").toString();
    }

    private static String deep(int depth, int lastTeam) {
        StringBuilder b = new StringBuilder("{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\","
                + "\"capture\":{\"source\":\"hand-written\"},\"parallelRegions\":[");
        for (int i = 1; i <= depth; i++) {
            b.append(i > 1 ? "," : "").append("{\"id\":").append(i).append(",\"teamSize\":")
                    .append(i == depth ? lastTeam : 1).append(i > 1 ? ",\"enclosingRegion\":" + (i - 1) : "").append('}');
        }
        b.append("],\"tasks\":[");
        for (int i = 1; i <= depth; i++) {
            b.append(i > 1 ? "," : "").append("{\"id\":").append(i).append(",\"kind\":\"explicit\",\"parallelRegion\":")
                    .append(i).append('}');
        }
        return b.append("]}").toString();
    }
}
