package io.cairndb.printer;

import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;

import java.math.BigInteger;

import java.util.ArrayList;
import java.util.List;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.cairndb.catalog.DataType.BOOLEAN;
import static io.cairndb.catalog.DataType.INT;
import static io.cairndb.printer.Call.call;
import static io.cairndb.printer.TypeRule.VARCHAR;
import static io.cairndb.printer.TypeRule.arrayOf;
import static io.cairndb.printer.TypeRule.returns;
import static io.cairndb.printer.TypeRule.stringOf;

/** String functions with MySQL semantics. */
final class StringFunctions {
    private StringFunctions() {
    }

    static void register(FunctionRegistry m) {
        TypeRule sameText = returns(stringOf(0));
        // NULL as soon as one argument is NULL, which || gives and DuckDB's concat() does not.
        m.scalar("concat", 1, -1, returns(stringOf()), c -> IntStream.range(0, c.arity()).mapToObj(i -> text(c, i))
                .collect(Collectors.joining(" || ", "(", ")")));
        // NULL arguments are skipped; only a NULL separator gives NULL.
        m.passThrough("concat_ws", 2, -1, returns(stringOf()).nullableWhen(a -> a.get(0).nullable()));
        m.scalar("substr substring mid", 2, 3, sameText, StringFunctions::substring);
        m.scalar("left strleft", 2, 2, sameText, c -> call("left", c.arg(0), atLeastZero(c, 1)));
        m.scalar("right strright", 2, 2, sameText, c -> call("right", c.arg(0), atLeastZero(c, 1)));
        // length counts bytes in MySQL and Doris; char_length counts characters.
        m.scalar("length octet_length", 1, 1, returns(INT), c -> "strlen(" + text(c, 0) + ")");
        m.scalar("char_length character_length", 1, 1, returns(INT), c -> "length(" + text(c, 0) + ")");
        m.passThrough("bit_length ascii", 1, 1, returns(INT));
        m.passThrough("lower upper reverse to_base64", 1, 1, sameText);
        m.rename("lcase", "lower", 1, 1, sameText);
        m.rename("ucase", "upper", 1, 1, sameText);
        m.passThrough("trim ltrim rtrim", 1, 2, sameText);
        m.scalar("repeat", 2, 2, sameText, c -> call("cairn_repeat", c.args()));
        m.passThrough("replace translate", 3, 3, sameText);
        // A negative length gives NULL in Doris.
        m.scalar("lpad", 3, 3, sameText.alwaysNullable(), c -> call("cairn_lpad", c.args()));
        m.scalar("rpad", 3, 3, sameText.alwaysNullable(), c -> call("cairn_rpad", c.args()));
        m.passThrough("instr", 2, 2, returns(INT));
        m.passThrough("starts_with ends_with", 2, 2, returns(BOOLEAN));
        m.passThrough("format", 1, -1, returns(VARCHAR));
        m.passThrough("md5 sha1", 1, 1, returns(VARCHAR));
        m.rename("sha", "sha1", 1, 1, returns(VARCHAR));
        m.scalar("sha2", 2, 2, returns(VARCHAR).alwaysNullable(), StringFunctions::sha2);
        m.scalar("space", 1, 1, returns(VARCHAR), c -> call("cairn_repeat", "' '", c.arg(0)));
        m.scalar("locate", 2, 3, returns(INT), StringFunctions::locate);
        m.passThrough("regexp_extract", 2, 3, sameText.alwaysNullable());
        // Doris replaces every match; DuckDB only the first unless told 'g'.
        m.scalar("regexp_replace", 3, 3, sameText, c -> call("regexp_replace", c.args(), "'g'"));
        m.rename("split_by_string", "string_split", 2, 2, returns(arrayOf(stringOf(0))));
        // DuckDB decodes to a BLOB; Doris gives the text (NULL when it is not valid base64 or UTF-8).
        m.scalar("unhex", 1, 1, sameText.alwaysNullable(), c -> "try(decode(unhex(" + c.arg(0) + ")))");
        m.scalar("from_base64", 1, 1, sameText.alwaysNullable(), c -> "try(decode(from_base64(" + c.arg(0) + ")))");
        // Field 0 is NULL in Doris (DuckDB gives ''); a negative field counts from the end in both.
        m.scalar("split_part", 3, 3, sameText.alwaysNullable(),
                c -> ExprPrinter.integer(c.raw(2)) != null && ExprPrinter.integer(c.raw(2)).signum() != 0
                        ? call("split_part", c.args())
                        : "CASE WHEN " + c.arg(2) + " <> 0 THEN split_part(" + c.args() + ") END");
        m.scalar("substring_index", 3, 3, sameText, StringFunctions::substringIndex);
        // The 1-based position in a comma-separated list, 0 when absent, NULL when either is NULL.
        m.scalar("find_in_set", 2, 2, returns(INT), c -> "CASE WHEN " + c.arg(0) + " IS NULL OR " + c.arg(1)
                + " IS NULL THEN NULL ELSE coalesce(list_position(string_split(" + c.arg(1) + ", ','), "
                + c.arg(0) + "), 0) END");
        // Doris's is a VARCHAR; DuckDB's a UUID, which reaches the client as the same text.
        m.passThrough("uuid", 0, 0, returns(VARCHAR).neverNullable());
    }

    /** sha2(s, bits): the SHA-256 hex digest of s's text (0 means 256, as in MySQL); DuckDB has no SHA-224, 384 or 512. */
    private static String sha2(Call c) {
        BigInteger bits = ExprPrinter.integer(c.raw(1));
        if (bits == null || bits.signum() != 0 && !bits.equals(BigInteger.valueOf(256))) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "sha2 supports only a constant 256 bits");
        }
        return "sha256(" + text(c, 0) + ")";
    }

    /** An argument as VARCHAR (MySQL string functions take numbers and dates as their text). */
    private static String text(Call c, int i) {
        return ExprPrinter.text(c.raw(i)) != null ? c.arg(i) : "CAST(" + c.arg(i) + " AS VARCHAR)";
    }

    /**
     * MySQL SUBSTRING: position 0, a negative position before the start, or a negative length
     * give ''; a negative position counts from the end.
     */
    private static String substring(Call c) {
        String s = c.arg(0);
        String pos = c.arg(1);
        List<String> empty = new ArrayList<>();
        if (!ExprPrinter.isIntAtLeast(c.raw(1), 1)) {
            empty.add(pos + " = 0 OR " + pos + " < -length(" + s + ")");
        }
        if (c.arity() == 3 && !ExprPrinter.isIntAtLeast(c.raw(2), 0)) {
            empty.add(c.arg(2) + " < 0");
        }
        String sub = "substring(" + c.args() + ")";
        // A NULL string stays NULL even where the position alone would give ''.
        return empty.isEmpty() ? sub
                : "CASE WHEN " + s + " IS NOT NULL AND (" + String.join(" OR ", empty) + ") THEN '' ELSE " + sub + " END";
    }

    /** A length argument where MySQL treats a negative count as 0. */
    private static String atLeastZero(Call c, int i) {
        return ExprPrinter.isIntAtLeast(c.raw(i), 0) ? c.arg(i)
                : "CASE WHEN " + c.arg(i) + " < 0 THEN 0 ELSE " + c.arg(i) + " END";
    }

    /**
     * SUBSTRING_INDEX(s, delim, count): s up to its count-th delimiter, from the end when count is
     * negative; all of s when it has fewer, '' for a count of 0 or an empty delimiter.
     */
    private static String substringIndex(Call c) {
        String parts = "string_split(" + c.arg(0) + ", " + c.arg(1) + ")";
        return "CASE WHEN " + c.arg(1) + " IS NULL OR " + c.arg(2) + " IS NULL THEN NULL WHEN " + c.arg(1) + " = '' OR " + c.arg(2) + " = 0 THEN '' WHEN "
                + c.arg(2) + " > 0 THEN array_to_string(" + parts + "[1:" + c.arg(2) + "], " + c.arg(1) + ") ELSE array_to_string("
                + parts + "[" + c.arg(2) + ":], " + c.arg(1) + ") END";
    }

    /** LOCATE(sub, s[, pos]): 1-based position of sub in s at or after pos, 0 when absent. */
    private static String locate(Call c) {
        if (c.arity() == 2) {
            return call("instr", c.arg(1), c.arg(0));
        }
        String found = "instr(substring(" + c.arg(1) + ", " + c.arg(2) + "), " + c.arg(0) + ")";
        return "CASE WHEN " + c.arg(2) + " < 1 THEN 0 WHEN " + found + " = 0 THEN 0 ELSE " + found + " + "
                + c.arg(2) + " - 1 END";
    }
}
