package io.cairndb.write;

import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.DataType;
import io.cairndb.catalog.KeyModel;
import io.cairndb.catalog.PartitionMeta;
import io.cairndb.catalog.PartitionScheme;
import io.cairndb.catalog.TableKind;
import io.cairndb.catalog.TableMeta;
import io.cairndb.catalog.TypeKind;
import io.cairndb.sql.SqlParser;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Keys named by constants in a WHERE clause, which small UPDATEs and DELETEs use without reading the table. */
class KeyListTest {
    private static TableMeta table(KeyModel model, TypeKind keyType, boolean nullableKey) {
        List<ColumnMeta> columns = List.of(new ColumnMeta("id", DataType.of(keyType), nullableKey, true, null, false, null, null, null, null),
                new ColumnMeta("v", DataType.of(TypeKind.INT), true, false, null, false, null, null, null, null));
        PartitionScheme scheme = PartitionScheme.unpartitioned(new PartitionMeta(2, "t", List.of(), List.of(), List.of(), 1, 0));
        return new TableMeta(1, "db", "t", TableKind.TABLE, columns, model, null, scheme, null, Map.of(), null, 0, 0);
    }

    private static final TableMeta INT_KEYED = table(KeyModel.UNIQUE, TypeKind.INT, false);

    private static String named(TableMeta t, String where, boolean whole) {
        KeyList keys = KeyList.named(t, "x", SqlParser.parseExpression(where), whole);
        return keys == null ? null : keys.condition("o");
    }

    @Test
    void theWholeConditionNamesTheKeys() {
        assertEquals("o.\"id\" IN (3, -1, 7)", named(INT_KEYED, "id IN (3, -1, 3, 7)", true));
        assertEquals("o.\"id\" IN (5)", named(INT_KEYED, "x.id = 5", true));
        assertEquals("o.\"id\" IN (5)", named(INT_KEYED, "5 = ID", true));
        assertEquals("o.\"id\" IN (-2147483648, 2147483647)", named(INT_KEYED, "id IN (-2147483648, 2147483647)", true));
    }

    @Test
    void aListLongerThanAnIndexLookupTakesIsKeptWhole() {
        String many = java.util.stream.IntStream.range(0, KeyList.MAX_KEYS + 100).mapToObj(Integer::toString)
                .collect(java.util.stream.Collectors.joining(", "));
        KeyList keys = KeyList.named(INT_KEYED, "x", SqlParser.parseExpression("id IN (" + many + ")"), true);
        assertEquals(KeyList.MAX_KEYS + 100, keys.size());
        assertEquals("\"id\" IN (" + many + ")", keys.condition(null));
    }

    @Test
    void anAndTermNamesAWiderSetOfKeys() {
        assertEquals("o.\"id\" IN (1, 2)", named(INT_KEYED, "v > 3 AND id IN (1, 2)", false));
        assertNull(named(INT_KEYED, "v > 3 AND id IN (1, 2)", true));
        assertNull(named(INT_KEYED, "v > 3 OR id IN (1, 2)", false));
    }

    @Test
    void otherConditionsNameNoKeys() {
        assertNull(named(INT_KEYED, "id NOT IN (1, 2)", true));
        assertNull(named(INT_KEYED, "id IN (1, 2147483648)", true));
        assertNull(named(INT_KEYED, "id IN (1, '2')", true));
        assertNull(named(INT_KEYED, "id IN (1, 1 + 1)", true));
        assertNull(named(INT_KEYED, "y.id = 1", true));
        assertNull(named(INT_KEYED, "v = 1", true));
        assertNull(named(INT_KEYED, "id > 1", true));
        assertNull(named(table(KeyModel.DUPLICATE, TypeKind.INT, false), "id = 1", true));
        assertNull(named(table(KeyModel.UNIQUE, TypeKind.INT, true), "id = 1", true));
        assertNull(named(table(KeyModel.UNIQUE, TypeKind.LARGEINT, false), "id = 1", true));
        assertEquals("o.\"id\" IN (127)", named(table(KeyModel.UNIQUE, TypeKind.TINYINT, false), "id = 127", true));
        assertNull(named(table(KeyModel.UNIQUE, TypeKind.TINYINT, false), "id = 128", true));
    }
}
