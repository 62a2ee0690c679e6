package org.ompdexplorer.model.callstack;

/**
 * Whose code a call frame runs: the program's (its own functions and the libraries it calls, such as libc), or the
 * OpenMP runtime's between and below task segments — what {@code ompd bt} hides and the views fold.
 */
public enum FrameRole {
    USER,
    RUNTIME
}
