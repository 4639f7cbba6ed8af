package io.cairndb;

/** A command line the server cannot start with: reported in one line, exit status 2. */
final class UsageException extends RuntimeException {
    UsageException(String message) {
        super(message);
    }
}
