package org.ompdexplorer.app.ui.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A job begun before the window, then taken over by a task of the window: one run, its progress, its end. */
class HeadStartTest {
    /** Records what the job reports; cancelled once {@link #cancel} is set. */
    private static final class Recorder implements JobContext {
        final List<String> reported = new CopyOnWriteArrayList<>();
        final AtomicBoolean cancel = new AtomicBoolean();
        final CountDownLatch firstReport = new CountDownLatch(1);

        @Override
        public void progress(String phase, long done, long total) {
            reported.add(phase + " " + done + "/" + total);
            firstReport.countDown();
        }

        @Override
        public boolean isCancelled() {
            return cancel.get();
        }
    }

    /** Spins until the context says cancelled (bounded, so a broken test ends). */
    private static String untilCancelled(JobContext context) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!context.isCancelled()) {
            if (System.nanoTime() > end) {
                return "never cancelled";
            }
            Thread.sleep(5);
        }
        return "cancelled";
    }

    @Test
    void theTakerGetsTheOneRunsResultAndTheProgressMadeBeforeAndAfter() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch reportedEarly = new CountDownLatch(1);
        CountDownLatch taken = new CountDownLatch(1);
        Object made = new Object();
        HeadStart<Object> early = HeadStart.start("test", context -> {
            runs.incrementAndGet();
            context.progress("reading", 1, 4);
            reportedEarly.countDown();
            taken.await();
            context.progress("indexing", 3, 4);
            return made;
        });
        assertThat(reportedEarly.await(20, TimeUnit.SECONDS)).isTrue();
        Recorder window = new Recorder();
        BackgroundJob<Object> takeOver = early.takeOver();
        Thread.ofPlatform().daemon().start(() -> {
            try {
                window.firstReport.await(); // the taker has been told how far the job came before it took over
            } catch (InterruptedException e) {
                return;
            }
            taken.countDown();
        });

        assertThat(takeOver.run(window)).isSameAs(made);
        assertThat(runs).hasValue(1);
        assertThat(window.reported).containsExactly("reading 1/4", "indexing 3/4");
        assertThat(early.isDone()).isTrue();
    }

    @Test
    void theTakerFailsWithTheJobsOwnException() {
        IOException failure = new IOException("not a snapshot");
        HeadStart<Object> early = HeadStart.start("test", context -> {
            throw failure;
        });
        assertThatThrownBy(() -> early.takeOver().run(new Recorder())).isSameAs(failure);
    }

    @Test
    void cancellingTheTakerCancelsTheJob() throws Exception {
        HeadStart<String> early = HeadStart.start("test", HeadStartTest::untilCancelled);
        Recorder window = new Recorder();
        window.cancel.set(true);
        assertThat(early.takeOver().run(window)).isEqualTo("cancelled");
    }

    @Test
    void anAbandonedJobIsCancelled() throws Exception {
        HeadStart<String> early = HeadStart.start("test", HeadStartTest::untilCancelled);
        early.abandon();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!early.isDone() && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        assertThat(early.isDone()).isTrue();
    }

    @Test
    void itIsTakenOverOnce() {
        HeadStart<String> early = HeadStart.start("test", context -> "done");
        early.takeOver();
        assertThatThrownBy(early::takeOver).isInstanceOf(IllegalStateException.class);
    }
}
