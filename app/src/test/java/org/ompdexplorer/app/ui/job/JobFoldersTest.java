package org.ompdexplorer.app.ui.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder named on the command line opens as a job when the agent named its files as a job's ranks'. */
class JobFoldersTest {
    @TempDir
    Path dir;

    @Test
    void aFolderOfRankSnapshotsIsAJobAndASeriesIsNot() throws Exception {
        Path job = Files.createDirectories(dir.resolve("job"));
        Files.writeString(job.resolve("README"), "notes");
        Files.writeString(job.resolve("ompd-explorer-1601699841-r0005-000001-13230-signal.json"), "{}");
        assertThat(JobFolders.holdsRankSnapshots(job)).isTrue();
        Path noId = Files.createDirectories(dir.resolve("no-id"));
        Files.writeString(noId.resolve("ompd-explorer-r0000-000002-77-interval.json.gz"), "");
        assertThat(JobFolders.holdsRankSnapshots(noId)).isTrue();

        Path series = Files.createDirectories(dir.resolve("series"));
        Files.writeString(series.resolve("ompd-explorer-10540-000009-signal.json"), "{}");
        Files.writeString(series.resolve("ompd-explorer-10540-000010-interval.json"), "{}");
        assertThat(JobFolders.holdsRankSnapshots(series)).isFalse();
        assertThat(JobFolders.holdsRankSnapshots(dir.resolve("missing"))).isFalse();
        assertThat(JobFolders.holdsRankSnapshots(job.resolve("README"))).as("a file").isFalse();
    }
}
