package org.ompdexplorer.importers.debuginfo;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A response body taken one batch of buffers at a time: the reader polls with a timeout (so it can check for
 * cancellation while the server is silent) and asks for the next batch only once it has written this one, so at
 * most one batch is held in memory.
 */
final class BodyQueue implements Flow.Subscriber<List<ByteBuffer>> {
    /** A batch of buffers, the end of the body, or the failure that ended it. */
    record Item(List<ByteBuffer> buffers, boolean complete, Throwable error) {
    }

    private final LinkedBlockingQueue<Item> items = new LinkedBlockingQueue<>();
    private volatile Flow.Subscription subscription;
    private volatile boolean cancelled;

    /** Reads nothing of {@code body} and releases its connection. */
    static void discard(Flow.Publisher<List<ByteBuffer>> body) {
        BodyQueue q = new BodyQueue();
        q.cancelled = true;
        body.subscribe(q);
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (cancelled) {
            s.cancel();
        } else {
            s.request(1);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        items.add(new Item(buffers, false, null));
    }

    @Override
    public void onError(Throwable error) {
        items.add(new Item(List.of(), false, error));
    }

    @Override
    public void onComplete() {
        items.add(new Item(List.of(), true, null));
    }

    /** The next item, or null after {@code millis} without one or when interrupted (the flag stays set). */
    Item poll(long millis) {
        try {
            return items.poll(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Asks for the next batch, once the last one is written. */
    void next() {
        Flow.Subscription s = subscription;
        if (s != null) {
            s.request(1);
        }
    }

    /** Stops the body (a no-op once it is complete), which closes or returns the connection. */
    void cancel() {
        cancelled = true;
        Flow.Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
    }
}
