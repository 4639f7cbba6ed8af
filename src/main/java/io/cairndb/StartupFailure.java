package io.cairndb;

/** A reason the server cannot start that the operator must fix: reported in one line, exit status 1. */
final class StartupFailure extends RuntimeException {
    StartupFailure(String message) {
        super(message);
    }

    StartupFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
