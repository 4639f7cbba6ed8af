package io.cairndb.engine;

import java.util.ArrayList;
import java.util.List;

/** A result whose rows are already in memory (SHOW output, system tables, small answers). */
public final class ListRowResult implements RowResult {
    private final List<ResultColumn> columns;
    private final List<List<Object>> rows;
    private int position = -1;

    public ListRowResult(List<ResultColumn> columns, List<List<Object>> rows) {
        this.columns = List.copyOf(columns);
        this.rows = new ArrayList<>(rows);
    }

    @Override
    public List<ResultColumn> columns() {
        return columns;
    }

    @Override
    public boolean next() {
        if (position + 1 >= rows.size()) {
            position = rows.size();
            return false;
        }
        position++;
        return true;
    }

    @Override
    public Object value(int index) {
        return rows.get(position).get(index);
    }

    @Override
    public void close() {
    }
}
