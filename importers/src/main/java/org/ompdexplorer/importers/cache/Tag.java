package org.ompdexplorer.importers.cache;

/**
 * The first byte of every value in a reopen cache file. A value other than a task, a boxed number or a boolean is
 * numbered when first written, in the order its decoding finishes, and written again only as {@link #REF} to that
 * number: a million tasks name a few hundred distinct functions, ICV lists and parents.
 */
final class Tag {
    static final int NULL = 0;
    static final int REF = 1;
    static final int ABSENT = 2;
    static final int UNAVAILABLE = 3;
    static final int KNOWN = 4;
    static final int LONG = 5;
    static final int INT = 6;
    static final int TRUE = 7;
    static final int FALSE = 8;
    static final int STRING = 9;
    static final int LIST = 10;
    static final int TASK_ID = 11;
    static final int THREAD_ID = 12;
    static final int REGION_ID = 13;
    static final int SPACE_ID = 14;
    static final int TARGET_ID = 15;
    static final int ICV_ID = 16;
    static final int CODE_LOCATION = 17;
    static final int TOOL_DATA = 18;
    static final int TASK_FRAMES = 19;
    static final int ICV_VALUE = 20;
    static final int AGENT_FACTS = 21;
    static final int DEPENDENCE = 22;
    static final int OPEN_ENUM = 23;
    static final int THREAD_STATE = 24;
    static final int OS_THREAD_ID = 25;
    static final int TEAM_MEMBER = 26;
    static final int INSTANT = 27;
    static final int TASK = 28;
    static final int THREAD = 29;
    static final int REGION = 30;
    static final int ADDRESS_SPACE = 31;
    static final int DEVICE_INFO = 32;
    static final int OFFLOAD_INFO = 33;
    static final int MAPPING = 34;
    static final int DEVICE_IMAGE = 35;
    static final int TRANSFERS = 36;
    static final int KERNEL = 37;
    static final int TARGET_REGION = 38;
    static final int CAPTURE_INFO = 39;
    static final int RUNTIME_INFO = 40;
    static final int ICV_DEFINITION = 41;
    static final int DISPLAY_CONTROL_VAR = 42;
    static final int DIAGNOSTIC = 43;
    static final int LOCATION = 44;
    static final int ENTITY_REF = 45;
    /** A task's own id, written with it and never numbered. */
    static final int OWN_TASK_ID = 46;
    static final int RECORDS_LOST = 47;
    static final int CODE_MODULE = 48;
    static final int CALL_STACK = 49;
    static final int CALL_FRAME = 50;
    static final int JOB_PLACEMENT = 51;
    static final int SYNC_REGION = 52;

    private Tag() {
    }
}
