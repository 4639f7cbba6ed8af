# Constraints Doris keeps for the optimizer (join derivation in MV rewrite): primary, unique and
# foreign keys, added and dropped by ALTER TABLE, listed by SHOW CONSTRAINTS. They are not enforced.

statement ok
CREATE DATABASE d

statement ok
USE d

statement ok
CREATE TABLE customer (c_custkey INT NOT NULL, c_name VARCHAR(20), c_nation VARCHAR(10)) UNIQUE KEY(c_custkey) DISTRIBUTED BY HASH(c_custkey) BUCKETS 1

statement ok
CREATE TABLE lineorder (lo_orderkey BIGINT, lo_custkey INT, lo_revenue BIGINT) DUPLICATE KEY(lo_orderkey) DISTRIBUTED BY HASH(lo_orderkey) BUCKETS 1

query
SHOW CONSTRAINTS FROM customer
----

statement ok
ALTER TABLE customer ADD CONSTRAINT pk PRIMARY KEY (c_custkey)

statement ok
ALTER TABLE customer ADD CONSTRAINT uk UNIQUE (c_name, c_nation)

statement ok
ALTER TABLE lineorder ADD CONSTRAINT fk FOREIGN KEY (lo_custkey) REFERENCES customer (c_custkey)

query columns=Name,Type,Definition
SHOW CONSTRAINTS FROM customer
----
pk|PRIMARY KEY|PRIMARY KEY (c_custkey)
uk|UNIQUE|UNIQUE (c_name, c_nation)

query
SHOW CONSTRAINTS FROM d.lineorder
----
fk|FOREIGN KEY|FOREIGN KEY (lo_custkey) REFERENCES d.customer (c_custkey)

# Not enforced: a duplicate key value or a customer that does not exist is accepted.
statement ok
INSERT INTO lineorder VALUES (1, 7, 10), (2, 7, 20), (3, 99, 30)

# Bad definitions are refused and change nothing, in a statement of several clauses too.
statement error Constraint name pk has existed
ALTER TABLE customer ADD CONSTRAINT pk UNIQUE (c_nation)

statement error Constraint PRIMARY KEY (c_custkey) has existed, named pk
ALTER TABLE customer ADD CONSTRAINT pk2 PRIMARY KEY (c_custkey)

statement error Column nope does not exist in table internal.d.customer
ALTER TABLE customer ADD CONSTRAINT u2 UNIQUE (c_nation), ADD CONSTRAINT u3 UNIQUE (nope)

statement error Foreign key constraint requires a primary key constraint [c_name] in internal.d.customer
ALTER TABLE lineorder ADD CONSTRAINT fk2 FOREIGN KEY (lo_orderkey) REFERENCES customer (c_name)

statement error Foreign keys' size must be same as the size of reference keys
ALTER TABLE lineorder ADD CONSTRAINT fk2 FOREIGN KEY (lo_orderkey, lo_custkey) REFERENCES customer (c_custkey)

statement error Table [nope] does not exist in database [d].
ALTER TABLE lineorder ADD CONSTRAINT fk2 FOREIGN KEY (lo_custkey) REFERENCES nope (c_custkey)

statement error Unknown constraint nope on table internal.d.customer.
ALTER TABLE customer DROP CONSTRAINT nope

query
SHOW CONSTRAINTS FROM customer
----
pk|PRIMARY KEY|PRIMARY KEY (c_custkey)
uk|UNIQUE|UNIQUE (c_name, c_nation)

# A referenced table cannot be dropped, nor a constrained column dropped or renamed.
statement error Cannot drop table internal.d.customer because its primary key is referenced by foreign key constraints from table(s): internal.d.lineorder. Drop the foreign key constraints first.
DROP TABLE customer

statement error Cannot modify column 'c_nation' because it is used by constraint 'uk'. Drop the constraint first.
ALTER TABLE customer DROP COLUMN c_nation

statement error Cannot modify column 'lo_custkey' because it is used by constraint 'fk'. Drop the constraint first.
ALTER TABLE lineorder RENAME COLUMN lo_custkey lo_cust

statement ok
CREATE TABLE customer_next (c_custkey INT NOT NULL, c_name VARCHAR(20), c_nation VARCHAR(10)) UNIQUE KEY(c_custkey) DISTRIBUTED BY HASH(c_custkey) BUCKETS 1

statement error Cannot drop table internal.d.customer because its primary key is referenced by foreign key constraints from table(s): internal.d.lineorder. Drop the foreign key constraints first.
ALTER TABLE customer REPLACE WITH TABLE customer_next PROPERTIES ('swap' = 'false')

statement ok
DROP TABLE customer_next

# Materialized views take no constraints.
statement ok
CREATE MATERIALIZED VIEW revenue BUILD IMMEDIATE REFRESH COMPLETE ON MANUAL AS SELECT lo_custkey, sum(lo_revenue) AS r FROM lineorder GROUP BY lo_custkey

statement error Table[revenue] is a materialized view: it changes only by REFRESH MATERIALIZED VIEW or ALTER MATERIALIZED VIEW
ALTER TABLE revenue ADD CONSTRAINT mv_pk PRIMARY KEY (lo_custkey)

statement ok
DROP MATERIALIZED VIEW revenue

# A foreign key follows the table it references through a rename, and constraints survive a restart.
statement ok
ALTER TABLE customer RENAME cust

restart

statement ok
USE d

query
SHOW CONSTRAINTS FROM lineorder
----
fk|FOREIGN KEY|FOREIGN KEY (lo_custkey) REFERENCES d.cust (c_custkey)

# information_schema lists them as MySQL does, for the tools that read them there; none is enforced.
query rowsort columns=CONSTRAINT_NAME,TABLE_NAME,CONSTRAINT_TYPE,ENFORCED
SELECT CONSTRAINT_NAME, TABLE_NAME, CONSTRAINT_TYPE, ENFORCED FROM information_schema.table_constraints WHERE TABLE_SCHEMA = 'd'
----
fk|lineorder|FOREIGN KEY|NO
pk|cust|PRIMARY KEY|NO
uk|cust|UNIQUE|NO

query rowsort
SELECT CONSTRAINT_NAME, TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, POSITION_IN_UNIQUE_CONSTRAINT, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME FROM information_schema.key_column_usage WHERE TABLE_SCHEMA = 'd'
----
fk|lineorder|lo_custkey|1|1|cust|c_custkey
pk|cust|c_custkey|1|NULL|NULL|NULL
uk|cust|c_name|1|NULL|NULL|NULL
uk|cust|c_nation|2|NULL|NULL|NULL

# Dropping a primary key drops the foreign keys that reference it.
statement ok
ALTER TABLE cust DROP CONSTRAINT pk

query
SHOW CONSTRAINTS FROM lineorder
----

query
SHOW CONSTRAINTS FROM cust
----
uk|UNIQUE|UNIQUE (c_name, c_nation)

statement ok
DROP TABLE cust

# DROP DATABASE takes along the foreign keys of other databases that reference its tables.
statement ok
CREATE DATABASE e

statement ok
CREATE TABLE e.dim (id INT NOT NULL, constraints INT, foreign INT, references INT) UNIQUE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 1

statement ok
ALTER TABLE e.dim ADD CONSTRAINT dim_pk PRIMARY KEY (id)

statement ok
ALTER TABLE lineorder ADD CONSTRAINT fk_dim FOREIGN KEY (lo_orderkey) REFERENCES e.dim (id)

query
SHOW CONSTRAINTS FROM lineorder
----
fk_dim|FOREIGN KEY|FOREIGN KEY (lo_orderkey) REFERENCES e.dim (id)

statement ok
DROP DATABASE e

query
SHOW CONSTRAINTS FROM lineorder
----

# A table may reference its own primary key.
statement ok
ALTER TABLE lineorder ADD CONSTRAINT self_pk PRIMARY KEY (lo_orderkey), ADD CONSTRAINT self_fk FOREIGN KEY (lo_custkey) REFERENCES lineorder (lo_orderkey)

query
SHOW CONSTRAINTS FROM lineorder
----
self_pk|PRIMARY KEY|PRIMARY KEY (lo_orderkey)
self_fk|FOREIGN KEY|FOREIGN KEY (lo_custkey) REFERENCES d.lineorder (lo_orderkey)

statement ok
DROP TABLE lineorder
