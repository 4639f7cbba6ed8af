package io.cairndb.analyzer;

/**
 * Thrown by the binder for a construct it does not bind into a plan yet; the statement then takes the
 * query path that prints the syntax tree, which also words the errors of queries the binder refuses.
 */
final class Unbindable extends RuntimeException {
    Unbindable(String what) {
        super(what, null, false, false);
    }
}
