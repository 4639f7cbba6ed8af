package io.cairndb.ddl;

import io.cairndb.analyzer.StatementContext;
import io.cairndb.catalog.ColumnMeta;
import io.cairndb.catalog.ConstraintMeta;
import io.cairndb.catalog.DatabaseMeta;
import io.cairndb.catalog.TableMeta;
import io.cairndb.error.CairnException;
import io.cairndb.error.ErrorCode;
import io.cairndb.sql.tree.Statement;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Constraints as Doris keeps them for the optimizer, unenforced: {@code ALTER TABLE .. ADD | DROP
 * CONSTRAINT} and what other DDL must respect of them. Each of these statements holds the constraint
 * lock ({@link StatementContext#lockConstraints}) from before it takes any table's. A foreign key
 * names the primary key of the table it references; dropping that primary key drops it too, and a
 * table whose primary key is referenced cannot be dropped.
 */
public final class TableConstraints {
    private TableConstraints() {
    }

    static TableMeta add(StatementContext ctx, TableMeta t, Statement.AddConstraint add) {
        if (t.constraint(add.name()) != null) {
            throw wrong("Constraint name " + add.name() + " has existed");
        }
        List<String> columns = columns(t, add.columns());
        ConstraintMeta constraint;
        String referencedName = null;
        if (add.kind() == Statement.ConstraintKind.FOREIGN_KEY) {
            TableMeta referenced = referenced(ctx, t, add.referenced());
            if (add.referencedColumns().size() != columns.size()) {
                throw wrong("Foreign keys' size must be same as the size of reference keys");
            }
            List<String> referencedColumns = columns(referenced, add.referencedColumns());
            boolean primary = referenced.constraints().stream()
                    .anyMatch(c -> c.kind() == ConstraintMeta.Kind.PRIMARY_KEY && sameSet(c.columns(), referencedColumns));
            if (!primary) {
                throw wrong("Foreign key constraint requires a primary key constraint [" + String.join(", ", referencedColumns)
                        + "] in " + key(referenced));
            }
            referencedName = referenced.name();
            constraint = new ConstraintMeta(add.name(), ConstraintMeta.Kind.FOREIGN_KEY, columns, referenced.database(),
                    referenced.id(), referencedColumns);
        } else {
            constraint = ConstraintMeta.key(add.name(), add.kind() == Statement.ConstraintKind.PRIMARY_KEY
                    ? ConstraintMeta.Kind.PRIMARY_KEY : ConstraintMeta.Kind.UNIQUE, columns);
        }
        for (ConstraintMeta existing : t.constraints()) {
            if (existing.sameAs(constraint)) {
                throw wrong("Constraint " + constraint.definition(referencedName) + " has existed, named " + existing.name());
            }
        }
        List<ConstraintMeta> next = new ArrayList<>(t.constraints());
        next.add(constraint);
        return t.withConstraints(next);
    }

    /** Drops a constraint; a primary key takes the foreign keys that reference it along, on every table. */
    static TableMeta drop(StatementContext ctx, TableMeta t, Statement.DropConstraint drop) {
        ConstraintMeta dropped = t.constraint(drop.name());
        if (dropped == null) {
            throw wrong("Unknown constraint " + drop.name() + " on table " + key(t) + ".");
        }
        Predicate<ConstraintMeta> gone = c -> c == dropped || dropped.kind() == ConstraintMeta.Kind.PRIMARY_KEY
                && c.kind() == ConstraintMeta.Kind.FOREIGN_KEY && c.referencedTableId() == t.id()
                && sameSet(c.referencedColumns(), dropped.columns());
        if (dropped.kind() == ConstraintMeta.Kind.PRIMARY_KEY) {
            for (TableMeta other : referencing(ctx, Set.of(t.id()), null)) {
                if (other.id() != t.id()) {
                    ctx.lockUntilEnd(other.database(), other.name());
                    TableMeta current = ctx.catalog().tableById(other.database(), other.id());
                    save(ctx, current.withConstraints(current.constraints().stream().filter(gone.negate()).toList()));
                }
            }
        }
        return t.withConstraints(t.constraints().stream().filter(gone.negate()).toList());
    }

    /** DROP TABLE: refused while another table's foreign key references it. */
    static void checkNotReferenced(StatementContext ctx, TableMeta t) {
        List<String> from = new ArrayList<>();
        for (TableMeta other : referencing(ctx, Set.of(t.id()), null)) {
            if (other.id() != t.id()) {
                from.add(key(other));
            }
        }
        if (!from.isEmpty()) {
            throw new CairnException(ErrorCode.NOT_SUPPORTED, "Cannot drop table " + key(t) + " because its primary key is referenced "
                    + "by foreign key constraints from table(s): " + String.join(", ", from) + ". Drop the foreign key constraints first.");
        }
    }

    /** DROP DATABASE: the foreign keys of other databases' tables that reference its tables go with them. */
    static void forgetReferencesTo(StatementContext ctx, String database) {
        Set<Long> ids = new HashSet<>();
        ctx.catalog().tables(database).forEach(t -> ids.add(t.id()));
        for (TableMeta other : referencing(ctx, ids, database)) {
            ctx.lockUntilEnd(other.database(), other.name());
            TableMeta current = ctx.catalog().tableById(other.database(), other.id());
            save(ctx, current.withConstraints(current.constraints().stream()
                    .filter(c -> c.kind() != ConstraintMeta.Kind.FOREIGN_KEY || !ids.contains(c.referencedTableId())).toList()));
        }
    }

    /** DROP COLUMN and RENAME COLUMN: refused for a column a constraint names, in Doris's words. */
    static void checkColumnUnused(TableMeta t, ColumnMeta column) {
        for (ConstraintMeta c : t.constraints()) {
            if (c.uses(column.name())) {
                throw new CairnException(ErrorCode.NOT_SUPPORTED, "Cannot modify column '" + column.name()
                        + "' because it is used by constraint '" + c.name() + "'. Drop the constraint first.");
            }
        }
    }

    /**
     * The table a foreign key references: the table itself when named so (its constraints as altered
     * so far). Its constraints cannot change meanwhile: every change of them holds the constraint lock.
     */
    private static TableMeta referenced(StatementContext ctx, TableMeta t, io.cairndb.sql.tree.QualifiedName name) {
        TableMeta found = ctx.table(name);
        return found.id() == t.id() ? t : found;
    }

    /** Tables (outside {@code exceptDatabase}, when given) with a foreign key referencing one of {@code tableIds}. */
    private static List<TableMeta> referencing(StatementContext ctx, Set<Long> tableIds, String exceptDatabase) {
        List<TableMeta> out = new ArrayList<>();
        for (DatabaseMeta db : ctx.catalog().databases()) {
            if (db.name().equals(exceptDatabase)) {
                continue;
            }
            for (TableMeta other : ctx.catalog().tables(db.name())) {
                if (other.constraints().stream().anyMatch(c -> c.kind() == ConstraintMeta.Kind.FOREIGN_KEY
                        && tableIds.contains(c.referencedTableId()))) {
                    out.add(other);
                }
            }
        }
        return out;
    }

    private static void save(StatementContext ctx, TableMeta t) {
        ctx.catalog().saveTable(ctx.txn().connection(), t);
        ctx.txn().afterCommit(() -> ctx.catalog().publishTable(t));
    }

    /** The table's columns of these names, as the table spells them. */
    private static List<String> columns(TableMeta t, List<String> names) {
        List<String> out = new ArrayList<>();
        for (String name : names) {
            ColumnMeta c = t.column(name);
            if (c == null) {
                throw wrong("Column " + name + " does not exist in table " + key(t));
            }
            if (out.contains(c.name())) {
                throw wrong("Duplicate column name '" + c.name() + "' in constraint");
            }
            out.add(c.name());
        }
        return out;
    }

    private static boolean sameSet(List<String> a, List<String> b) {
        return lower(a).equals(lower(b));
    }

    private static Set<String> lower(List<String> names) {
        Set<String> out = new HashSet<>();
        names.forEach(n -> out.add(n.toLowerCase(Locale.ROOT)));
        return out;
    }

    /** A table as Doris names it in these messages: {@code internal.db.t}. */
    private static String key(TableMeta t) {
        return "internal." + t.database() + "." + t.name();
    }

    private static CairnException wrong(String message) {
        return new CairnException(ErrorCode.WRONG_ARGUMENTS, message);
    }
}
