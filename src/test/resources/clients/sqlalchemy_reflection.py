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
    # Doris's SHOW CREATE TABLE has no MySQL PRIMARY KEY line, so the default finds none.
    "pk_default": insp.get_pk_constraint("orders")["constrained_columns"],
}
# With show_create_table_primary_key the key is also written as MySQL's line, which the dialect reads.
keyed = inspect(create_engine(f"mysql+pymysql://root@127.0.0.1:{port}/{database}",
                              connect_args={"init_command": "SET show_create_table_primary_key = true"}))
out["pk"] = {t: keyed.get_pk_constraint(t)["constrained_columns"] for t in ("orders", "lines", "events")}
orders = Table("orders", MetaData(), autoload_with=engine)
with engine.begin() as conn:
    conn.execute(text("INSERT INTO orders (id, customer, amount) VALUES (:id, :c, :a)"),
                 [{"id": 10, "c": "x'y\\z", "a": 2.5}, {"id": 11, "c": None, "a": None}])
with engine.connect() as conn:
    rows = conn.execute(select(orders.c.id, orders.c.customer, orders.c.amount)
                        .where(orders.c.id >= 10).order_by(orders.c.id)).fetchall()
out["rows"] = [[r[0], r[1], None if r[2] is None else str(r[2])] for r in rows]
print(json.dumps(out, sort_keys=True))
