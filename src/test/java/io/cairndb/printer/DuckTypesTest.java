package io.cairndb.printer;

import io.cairndb.catalog.DataType;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DuckTypesTest extends DuckTestBase {

    @Test
    void scalarTypes() {
        assertEquals("BOOLEAN", DuckTypes.toDuckDb(DataType.BOOLEAN));
        assertEquals("TINYINT", DuckTypes.toDuckDb(DataType.TINYINT));
        assertEquals("SMALLINT", DuckTypes.toDuckDb(DataType.SMALLINT));
        assertEquals("INTEGER", DuckTypes.toDuckDb(DataType.INT));
        assertEquals("BIGINT", DuckTypes.toDuckDb(DataType.BIGINT));
        assertEquals("HUGEINT", DuckTypes.toDuckDb(DataType.LARGEINT));
        assertEquals("FLOAT", DuckTypes.toDuckDb(DataType.FLOAT));
        assertEquals("DOUBLE", DuckTypes.toDuckDb(DataType.DOUBLE));
        assertEquals("DECIMAL(27, 9)", DuckTypes.toDuckDb(DataType.decimal(27, 9)));
        assertEquals("DATE", DuckTypes.toDuckDb(DataType.DATE));
        assertEquals("TIMESTAMP_S", DuckTypes.toDuckDb(DataType.DATETIME));
        assertEquals("TIMESTAMP_MS", DuckTypes.toDuckDb(DataType.datetime(3)));
        assertEquals("TIMESTAMP", DuckTypes.toDuckDb(DataType.datetime(6)));
        assertEquals("VARCHAR", DuckTypes.toDuckDb(DataType.chars(5)));
        assertEquals("VARCHAR", DuckTypes.toDuckDb(DataType.varchar(20)));
        assertEquals("VARCHAR", DuckTypes.toDuckDb(DataType.STRING));
        assertEquals("JSON", DuckTypes.toDuckDb(DataType.JSON));
        assertEquals("UBIGINT[]", DuckTypes.toDuckDb(DataType.BITMAP));
        assertEquals("UBIGINT[]", DuckTypes.toDuckDb(DataType.HLL));
    }

    @Test
    void nestedTypes() {
        assertEquals("INTEGER[][]", DuckTypes.toDuckDb(DataType.array(DataType.array(DataType.INT))));
        assertEquals("MAP(VARCHAR, DOUBLE)", DuckTypes.toDuckDb(DataType.map(DataType.STRING, DataType.DOUBLE)));
        assertEquals("STRUCT(\"a\" INTEGER, \"b c\" VARCHAR[])", DuckTypes.toDuckDb(DataType.struct(List.of("a", "b c"),
                List.of(DataType.INT, DataType.array(DataType.STRING)))));
    }

    @Test
    void decimalBeyond38DigitsIsRejected() {
        CairnException e = assertThrows(CairnException.class, () -> DuckTypes.toDuckDb(DataType.decimal(76, 2)));
        assertEquals(ErrorCode.NOT_SUPPORTED.code(), e.errorCode());
        assertTrue(e.getMessage().contains("38"));
    }

    @Test
    void everyTypeIsValidDuckDb() throws Exception {
        List<DataType> types = List.of(DataType.BOOLEAN, DataType.TINYINT, DataType.SMALLINT, DataType.INT,
                DataType.BIGINT, DataType.LARGEINT, DataType.FLOAT, DataType.DOUBLE, DataType.decimal(38, 10),
                DataType.DATE, DataType.DATETIME, DataType.varchar(3), DataType.STRING, DataType.JSON,
                DataType.array(DataType.INT), DataType.map(DataType.STRING, DataType.INT),
                DataType.struct(List.of("x"), List.of(DataType.DATE)), DataType.BITMAP, DataType.HLL, DataType.NULL);
        StringBuilder ddl = new StringBuilder("CREATE TABLE all_types (");
        for (int i = 0; i < types.size(); i++) {
            ddl.append(i == 0 ? "" : ", ").append("c").append(i).append(' ').append(DuckTypes.toDuckDb(types.get(i)));
        }
        execute(ddl.append(')').toString());
    }
}
