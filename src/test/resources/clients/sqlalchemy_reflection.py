"""SQLAlchemy reflection through PyMySQL against a running server; prints what it found as JSON.

Usage: python3 sqlalchemy_reflection.py PORT DATABASE
"""
import json
import sys
import warnings

from sqlalchemy import MetaData, Table, create_engine, inspect, select, text

port, database = sys.argv[1], sys.argv[2]
# Doris's key, distribution and property clauses are not MySQL's: SQLAlchemy warns and reads the columns.
warnings.simplefilter("ignore")
engine = create_engine(f"mysql+pymysql://root@127.0.0.1:{port}/{database}")
insp = inspect(engine)
out = {
    "tables": insp.get_table_names(),
    "views": insp.get_view_names(),
    "columns": [
        {"name": c["name"], "type": str(c["type"]), "nullable": c["nullable"]}
        for c in insp.get_columns("orders")
    ],
    "has_table": [insp.has_table("orders"), insp.has_table("nosuch")],
}
orders = Table("orders", MetaData(), autoload_with=engine)
with engine.begin() as conn:
    conn.execute(text("INSERT INTO orders (id, customer, amount) VALUES (:id, :c, :a)"),
                 [{"id": 10, "c": "x'y\\z", "a": 2.5}, {"id": 11, "c": None, "a": None}])
with engine.connect() as conn:
    rows = conn.execute(select(orders.c.id, orders.c.customer, orders.c.amount)
                        .where(orders.c.id >= 10).order_by(orders.c.id)).fetchall()
out["rows"] = [[r[0], r[1], None if r[2] is None else str(r[2])] for r in rows]
print(json.dumps(out, sort_keys=True))
