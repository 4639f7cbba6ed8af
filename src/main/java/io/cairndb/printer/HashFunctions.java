package io.cairndb.printer;

import io.cairndb.engine.MurmurHash3;

import static io.cairndb.catalog.DataType.BIGINT;
import static io.cairndb.catalog.DataType.INT;
import static io.cairndb.printer.Call.call;
import static io.cairndb.printer.TypeRule.returns;

/**
 * Doris's murmur3 hashes, computed by the Java functions the engine registers. A value that is not a
 * string is hashed as its text, as Doris casts it to a string first; NULL hashes to NULL.
 */
final class HashFunctions {
    private static final String HASH_32 = "cairn_murmur3_32";
    private static final String HASH_64 = "cairn_murmur3_64";
    private static final String SEED_32 = Integer.toString(MurmurHash3.SEED_32);
    private static final String SEED_64 = "CAST(" + MurmurHash3.SEED_64 + " AS BIGINT)";

    private HashFunctions() {
    }

    static void register(FunctionRegistry m) {
        m.scalar("murmur_hash3_32", 1, -1, returns(INT), c -> chained(c, HASH_32, SEED_32));
        m.scalar("murmur_hash3_64", 1, -1, returns(BIGINT), c -> chained(c, HASH_64, SEED_64));
    }

    /** The 32-bit hash (INT) of a value. */
    static String murmur32(String value) {
        return call(HASH_32, text(value), SEED_32);
    }

    /** The 64-bit hash (BIGINT) of a value. */
    static String murmur64(String value) {
        return call(HASH_64, text(value), SEED_64);
    }

    /** Several arguments hash in turn, each seeded with the hash of those before it, as in Doris. */
    private static String chained(Call c, String fn, String seed) {
        String hash = seed;
        for (String arg : c.argList()) {
            hash = call(fn, text(arg), hash);
        }
        return hash;
    }

    private static String text(String value) {
        return "CAST(" + value + " AS VARCHAR)";
    }
}
