package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.model.Snapshot;

/** An imported core is a valid snapshot: it exports to JSON and loads back strictly, with the same content. */
class CoreSnapshotExportTest {
    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"task_tree.gcore.core", "nested_parallel.gcore.core", "icvs.gcore.core",
        "task_tree.nodebug.gcore.core"})
    void exportsAndLoadsBackStrictly(String name) throws Exception {
        Snapshot imported = CoreImports.snapshot(name);
        assertThat(CoreImports.run(name).result().errorCount()).isZero();
        Path json = temp.resolve(name + ".json");
        new SnapshotJsonExporter().write(imported, json);
        LoadResult loaded = new SnapshotLoader().load(json, LoadOptions.STRICT, ProgressListener.NONE);
        assertThat(loaded.diagnostics()).isEmpty();
        Snapshot back = loaded.snapshot();
        assertThat(back.threads()).isEqualTo(imported.threads());
        assertThat(back.parallelRegions()).isEqualTo(imported.parallelRegions());
        assertThat(back.tasks()).isEqualTo(imported.tasks());
        assertThat(back.icvCatalogue()).isEqualTo(imported.icvCatalogue());
        assertThat(back.states()).isEqualTo(imported.states());
    }
}
