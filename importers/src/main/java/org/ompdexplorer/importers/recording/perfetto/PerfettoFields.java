package org.ompdexplorer.importers.recording.perfetto;

/**
 * The field numbers and enum values of Perfetto's trace protos ({@code protos/perfetto/trace/…}, the schema
 * {@code perfetto_trace.proto} bundles) that a trace written here uses. Each group names the message it comes from;
 * the numbers are the schema's and never change (protobuf field numbers are the wire format).
 */
final class PerfettoFields {
    private PerfettoFields() {
    }

    /** {@code message Trace}. */
    static final int TRACE_PACKET = 1;

    /** {@code message TracePacket}. */
    static final int PACKET_TIMESTAMP = 8;
    static final int PACKET_TRUSTED_PACKET_SEQUENCE_ID = 10;
    static final int PACKET_TRACK_EVENT = 11;
    static final int PACKET_INTERNED_DATA = 12;
    static final int PACKET_SEQUENCE_FLAGS = 13;
    static final int PACKET_TRACK_DESCRIPTOR = 60;

    /** {@code enum TracePacket.SequenceFlags}. */
    static final int SEQ_INCREMENTAL_STATE_CLEARED = 1;
    static final int SEQ_NEEDS_INCREMENTAL_STATE = 2;

    /** {@code message TrackDescriptor}. */
    static final int TRACK_UUID = 1;
    static final int TRACK_NAME = 2;
    static final int TRACK_PROCESS = 3;
    static final int TRACK_THREAD = 4;
    static final int TRACK_PARENT_UUID = 5;
    static final int TRACK_COUNTER = 8;

    /** {@code message ProcessDescriptor}. */
    static final int PROCESS_PID = 1;
    static final int PROCESS_CMDLINE = 2;
    static final int PROCESS_NAME = 6;

    /** {@code message ThreadDescriptor}. */
    static final int THREAD_PID = 1;
    static final int THREAD_TID = 2;
    static final int THREAD_NAME = 5;

    /** {@code message CounterDescriptor}. */
    static final int COUNTER_UNIT = 3;
    /** {@code enum CounterDescriptor.Unit}. */
    static final int UNIT_COUNT = 2;

    /** {@code message TrackEvent}. */
    static final int EVENT_DEBUG_ANNOTATIONS = 4;
    static final int EVENT_TYPE = 9;
    static final int EVENT_NAME_IID = 10;
    static final int EVENT_TRACK_UUID = 11;
    static final int EVENT_NAME = 23;
    static final int EVENT_COUNTER_VALUE = 30;
    static final int EVENT_FLOW_IDS = 47;
    static final int EVENT_TERMINATING_FLOW_IDS = 48;

    /** {@code enum TrackEvent.Type}. */
    static final int TYPE_SLICE_BEGIN = 1;
    static final int TYPE_SLICE_END = 2;
    static final int TYPE_INSTANT = 3;
    static final int TYPE_COUNTER = 4;

    /** {@code message DebugAnnotation}. */
    static final int ANNOTATION_NAME_IID = 1;
    static final int ANNOTATION_UINT_VALUE = 3;
    static final int ANNOTATION_INT_VALUE = 4;
    static final int ANNOTATION_STRING_VALUE = 6;

    /** {@code message InternedData}. */
    static final int INTERNED_EVENT_NAMES = 2;
    static final int INTERNED_DEBUG_ANNOTATION_NAMES = 3;

    /** {@code message EventName} and {@code message DebugAnnotationName}: the same two fields. */
    static final int INTERNED_IID = 1;
    static final int INTERNED_NAME = 2;
}
