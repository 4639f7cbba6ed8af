package io.cairndb.server;

/** Opens sessions and knows the users that may log in. */
public interface SqlSessionFactory {
    SqlSession open(long connectionId, String user, String database, String remoteAddress);

    /**
     * The stored mysql_native_password hash of {@code user}: SHA1(SHA1(password)), an empty array
     * for a user without a password, or null for an unknown user.
     */
    byte[] passwordHash(String user);
}
