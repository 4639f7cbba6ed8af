package io.cairndb.server;

/** Opens sessions and knows the users that may log in. */
public interface SqlSessionFactory {
    SqlSession open(long connectionId, String user, String database, String remoteAddress);

    /**
     * Null when {@code user} may log in from {@code host}: {@code answerFits} tells whether the client's
     * mysql_native_password answer fits a stored SHA1(SHA1(password)) (empty for no password). Else
     * the refusal to send (Access denied .., 1045; an expired password, 1862); {@code usingPassword}
     * whether the client sent one.
     */
    io.cairndb.error.CairnException refuseLogin(String user, String host, java.util.function.Predicate<byte[]> answerFits, boolean usingPassword);
}
