package io.cairndb.plan;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A fingerprint of a plan, for telling whether an MV's plan is still the one it was built from.
 * It hashes the plan's canonical text: tables by database and name (a RENAME changes it, a restart
 * does not), column ids renumbered in the order the text meets them, every literal and call typed.
 */
public final class PlanSignature {
    private PlanSignature() {
    }

    /** The lower-case hex SHA-256 of {@link #canonicalForm}. */
    public static String of(PlanNode plan) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(canonicalForm(plan).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The text the signature hashes, to see why two signatures differ. */
    public static String canonicalForm(PlanNode plan) {
        return PlanText.canonical(plan);
    }
}
