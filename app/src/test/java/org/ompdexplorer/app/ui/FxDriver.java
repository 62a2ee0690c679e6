package org.ompdexplorer.app.ui;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.Scene;

/** Drives the FX thread from a plain main method: the screenshot command and the benchmark. */
final class FxDriver {
    private FxDriver() {
    }

    static void startToolkit() throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        Platform.setImplicitExit(false);
    }

    static <T> T onFx(Supplier<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.get());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        try {
            return result.get(120, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static void onFx(Runnable work) {
        onFx(() -> {
            work.run();
            return null;
        });
    }

    /** Polls a condition on the FX thread until it holds. */
    static void waitFor(String what, int seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!onFx(condition::getAsBoolean)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }

    /** Blocks until the scene has gone through {@code n} more pulses (CSS, layout and rendering). */
    static void pulses(Scene scene, int n) throws InterruptedException {
        for (int i = 0; i < n; i++) {
            CountDownLatch pulsed = new CountDownLatch(1);
            Runnable listener = pulsed::countDown;
            onFx(() -> {
                scene.addPostLayoutPulseListener(listener);
                Platform.requestNextPulse();
            });
            pulsed.await(10, TimeUnit.SECONDS);
            onFx(() -> scene.removePostLayoutPulseListener(listener));
        }
    }
}
