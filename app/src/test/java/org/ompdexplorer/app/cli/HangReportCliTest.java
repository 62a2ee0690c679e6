package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code diff --report}: the comparison's findings as a Markdown or HTML report to hand on — the hang signal, what is
 * still blocked and where, what moved — escaped for its format, bounded by --max.
 */
class HangReportCliTest extends InProcessCli {
    private Path[] detachWait() {
        DetachWaitCliTest detach = new DetachWaitCliTest();
        detach.dir = dir;
        return new Path[] {detach.copy("detach-wait-a.json"), detach.copy("detach-wait-b.json")};
    }

    @Test
    void markdownSaysTheHangAndWhatIsStillBlocked() {
        Path[] f = detachWait();
        assertThat(run("diff", "--report", "markdown", f[0].toString(), f[1].toString())).isEqualTo(ExitCodes.DIFFERENT);
        String md = out.toString();
        assertThat(md).startsWith("# Hang report: ")
                .contains("\n**Nothing moved between A and B (2 threads, 2 parallel regions, 4 tasks matched), and 3"
                        + " still blocked: the hang signal**\n")
                .contains("\n## Still blocked (3)\n\n- task #2 (parallel region in main) (B: task #102 (parallel region"
                        + " in main))\n  waiting: at a taskwait on thread T101 (lwp 7001), wait\\_taskwait")
                .contains("\n## What moved (0 added, 0 removed, 0 changed)\n")
                .contains("| threads | 2 | 2 | 0 | 0 | 0 |");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void htmlIsOnePageWithEverythingEscaped() {
        Path[] f = detachWait();
        assertThat(run("diff", "--report", "html", f[0].toString(), f[1].toString())).isEqualTo(ExitCodes.DIFFERENT);
        String html = out.toString();
        assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</html>\n").contains("<h2>Still blocked (3)</h2>")
                .contains("<li>task #2 (parallel region in main) (B: task #102 (parallel region in main))<br>")
                .doesNotContain("<script");
    }

    @Test
    void aNameCannotFormatOrScriptTheReport() {
        String hostile = "<script>alert(1)</script>*bold*|cell\n# heading";
        assertThat(MarkdownWriterAccess.markdown(hostile)).doesNotContain("<script>").doesNotContain("\n")
                .contains("\\*bold\\*\\|cell");
        assertThat(MarkdownWriterAccess.html(hostile)).doesNotContain("<script>").contains("&lt;script&gt;");
    }

    @Test
    void anUnknownFormatOrBothOutputsAreACommandLineError() {
        Path[] f = detachWait();
        assertThat(run("diff", "--report", "pdf", f[0].toString(), f[1].toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--report takes markdown or html, not 'pdf'");
        assertThat(run("diff", "--report", "html", "--json", f[0].toString(), f[1].toString()))
                .isEqualTo(ExitCodes.USAGE);
    }
}
