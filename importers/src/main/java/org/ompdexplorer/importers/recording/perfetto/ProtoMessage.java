package org.ompdexplorer.importers.recording.perfetto;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * One protobuf message being written, field by field, with protobuf-java's {@link CodedOutputStream}. A message
 * nested in another is written here first, then copied into its parent with its length (protobuf needs the length
 * before the bytes). Reused: {@link #clear()} empties it, so writing a million packets allocates nothing per packet.
 */
final class ProtoMessage {
    private final Bytes bytes = new Bytes();
    private final CodedOutputStream out = CodedOutputStream.newInstance(bytes, 512);

    ProtoMessage clear() throws IOException {
        out.flush();
        bytes.size = 0;
        return this;
    }

    ProtoMessage uint64(int field, long value) throws IOException {
        out.writeUInt64(field, value);
        return this;
    }

    ProtoMessage int64(int field, long value) throws IOException {
        out.writeInt64(field, value);
        return this;
    }

    ProtoMessage int32(int field, int value) throws IOException {
        out.writeInt32(field, value);
        return this;
    }

    ProtoMessage fixed64(int field, long value) throws IOException {
        out.writeFixed64(field, value);
        return this;
    }

    ProtoMessage string(int field, String value) throws IOException {
        out.writeString(field, value);
        return this;
    }

    /** Appends {@code inner} as field {@code field}; {@code inner} is left as it was (clear it to reuse it). */
    ProtoMessage message(int field, ProtoMessage inner) throws IOException {
        inner.out.flush();
        out.writeTag(field, WireFormat.WIRETYPE_LENGTH_DELIMITED);
        out.writeUInt32NoTag(inner.bytes.size);
        out.writeRawBytes(inner.bytes.buf, 0, inner.bytes.size);
        return this;
    }

    /** Writes this message as field {@code field} of the stream's message. */
    void writeAsField(CodedOutputStream target, int field) throws IOException {
        out.flush();
        target.writeTag(field, WireFormat.WIRETYPE_LENGTH_DELIMITED);
        target.writeUInt32NoTag(bytes.size);
        target.writeRawBytes(bytes.buf, 0, bytes.size);
    }

    /** A growable byte array: what {@link CodedOutputStream} flushes into. */
    private static final class Bytes extends OutputStream {
        byte[] buf = new byte[512];
        int size;

        @Override
        public void write(int b) {
            ensure(1);
            buf[size++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            ensure(len);
            System.arraycopy(b, off, buf, size, len);
            size += len;
        }

        private void ensure(int more) {
            if (size + more > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
            }
        }
    }
}
