/*
 * The CairnDB SQL dialect: Apache Doris SQL, which is MySQL-flavoured. One combined grammar;
 * AstBuilder, ExpressionBuilder and DdlBuilder turn its trees into io.cairndb.sql.tree records.
 *
 * Keywords are case-insensitive. Every keyword listed in `nonReserved` may also be used as an
 * identifier; the others need back quotes. SqlFormatter and the error messages derive the reserved
 * set from that rule, so adding a keyword only means deciding whether to list it there.
 */
grammar CairnSql;

options { caseInsensitive = true; }

// ---------------------------------------------------------------- entry points

multiStatement
    : SEMICOLON* (statement (SEMICOLON+ statement)*)? SEMICOLON* EOF
    ;

singleStatement
    : statement SEMICOLON* EOF
    ;

standaloneQuery
    : query SEMICOLON* EOF
    ;

standaloneExpression
    : expression EOF
    ;

// New statement families get a rule here and a visit method in the builder that owns them.
statement
    : unsupportedStatement
    | queryStatement
    | explainStatement
    | ddlStatement
    | dmlStatement
    | accountStatement
    | sessionStatement
    | showStatement
    | streamStatement
    | adminStatement
    | mvStatement
    | exportStatement
    ;

// ---------------------------------------------------------------- export jobs

// Doris's EXPORT: a table's rows written to files by a job that SHOW EXPORT lists. A column list
// after the partitions is CairnDB's spelling of the "columns" property. WITH BROKER / S3 / HDFS
// parse, so that remote storage is refused by name.
exportStatement
    : exportTable
    | showExport
    | cancelExport
    ;

exportTable
    : EXPORT TABLE qualifiedName partitionSpec? (LEFT_PAREN columns=identifierList RIGHT_PAREN)? whereClause?
      TO path=string propertiesClause? (WITH storage=identifier storageName=string? propertyList?)?
    ;

showExport
    : SHOW EXPORT ((FROM | IN) identifier)? whereClause? orderByClause? limitClause?
    ;

cancelExport
    : CANCEL EXPORT ((FROM | IN) identifier)? whereClause?
    ;

// ---------------------------------------------------------------- materialized views

mvStatement
    : createMaterializedView
    | refreshMaterializedView
    | dropMaterializedView
    | alterMaterializedView
    | mvJobStatement
    | showCreateMaterializedView
    | rollupJobStatement
    ;

// Synchronous MVs (rollups): their build jobs, as Doris lists and cancels them.
rollupJobStatement
    : SHOW ALTER TABLE (MATERIALIZED VIEW | ROLLUP) ((FROM | IN) database=identifier)?        #showRollupJobs
    | CANCEL ALTER TABLE (MATERIALIZED VIEW | ROLLUP) FROM qualifiedName                      #cancelRollupJob
    | ALTER TABLE qualifiedName ADD ROLLUP rollupDef (COMMA rollupDef)*                       #addRollup
    | ALTER TABLE qualifiedName DROP ROLLUP identifier (COMMA identifier)*                     #dropRollup
    ;

// Doris's older spelling of a synchronous MV: a rollup of some of the table's columns.
rollupDef
    : name=identifier LEFT_PAREN identifierList RIGHT_PAREN (FROM base=identifier)? propertiesClause?
    ;

// Doris: [BUILD ..] [REFRESH method [trigger]] [[DUPLICATE] KEY (..)] ...; StarRocks:
// REFRESH [IMMEDIATE | DEFERRED] {ASYNC [START ('ts')] [EVERY (INTERVAL n unit)]
// | SCHEDULE [START ('ts')] EVERY (INTERVAL n unit) | MANUAL}, which StarRocks
// writes after DISTRIBUTED BY / ORDER BY.
createMaterializedView
    : CREATE MATERIALIZED VIEW (IF NOT EXISTS)? name=qualifiedName
      (LEFT_PAREN mvColumn (COMMA mvColumn)* RIGHT_PAREN)?
      (BUILD build=(IMMEDIATE | DEFERRED))?
      mvRefresh?
      (DUPLICATE? KEY LEFT_PAREN keyColumns=identifierList RIGHT_PAREN)?
      (COMMENT comment=string)?
      (PARTITION BY LEFT_PAREN? mvPartitionExpr RIGHT_PAREN?)?
      distributionDesc?
      (ORDER BY LEFT_PAREN orderColumns=identifierList RIGHT_PAREN)?
      mvRefresh?
      propertiesClause?
      AS query
    ;

// A type (and NULL / NOT NULL), as SHOW CREATE MATERIALIZED VIEW prints it, is checked against the query's.
mvColumn
    : identifier (dataType (NOT? NULL)?)? (COMMENT string)?
    ;

mvRefresh
    : REFRESH method=(COMPLETE | AUTO | INCREMENTAL | PARTITIONS) FALLBACK? mvTrigger?
    | REFRESH mvTrigger
    | REFRESH build=(IMMEDIATE | DEFERRED)? kind=(ASYNC | SCHEDULE) (START LEFT_PAREN start=string RIGHT_PAREN)?
      (EVERY LEFT_PAREN? INTERVAL INTEGER_VALUE unit=identifier RIGHT_PAREN?)?
    | REFRESH build=(IMMEDIATE | DEFERRED)? MANUAL
    ;

mvTrigger
    : ON MANUAL
    | ON SCHEDULE EVERY INTEGER_VALUE unit=identifier (STARTS starts=string)?
    | ON COMMIT
    ;

mvPartitionExpr
    : identifier
    | identifier LEFT_PAREN first=mvPartitionArg COMMA second=mvPartitionArg RIGHT_PAREN
    ;

mvPartitionArg
    : identifier
    | string
    ;

refreshMaterializedView
    : REFRESH MATERIALIZED VIEW qualifiedName
      ( refreshMode=(AUTO | COMPLETE | INCREMENTAL) FALLBACK?
      | stale=PARTITIONS FALLBACK?
      | PARTITION START LEFT_PAREN start=string RIGHT_PAREN END LEFT_PAREN end=string RIGHT_PAREN
      | (PARTITIONS | PARTITION)? LEFT_PAREN identifierList RIGHT_PAREN
      | PARTITION single=identifier
      )?
      FORCE?
      ( WITH syncMode=(SYNC | ASYNC) MODE
      | WITH ALL STREAMS
      | WITH DRY RUN (LIMIT (offset=INTEGER_VALUE COMMA)? limit=INTEGER_VALUE (OFFSET offset=INTEGER_VALUE)?)?
      )?
    ;

dropMaterializedView
    : DROP MATERIALIZED VIEW (IF EXISTS)? name=qualifiedName (ON table=qualifiedName)?
    ;

alterMaterializedView
    : ALTER MATERIALIZED VIEW qualifiedName SET propertyList                                 #alterMvSet
    | ALTER MATERIALIZED VIEW qualifiedName RENAME identifier                               #alterMvRename
    | ALTER MATERIALIZED VIEW qualifiedName mvRefresh                                       #alterMvRefresh
    | ALTER MATERIALIZED VIEW qualifiedName REPLACE WITH MATERIALIZED VIEW other=qualifiedName
      propertiesClause?                                                                    #alterMvReplace
    | ALTER MATERIALIZED VIEW qualifiedName status=(ACTIVE | INACTIVE)                      #alterMvStatus
    ;

mvJobStatement
    : PAUSE MATERIALIZED VIEW JOB ON qualifiedName                                          #pauseMvJob
    | RESUME MATERIALIZED VIEW JOB ON qualifiedName                                         #resumeMvJob
    | CANCEL MATERIALIZED VIEW TASK INTEGER_VALUE ON qualifiedName                          #cancelMvTask
    ;

showCreateMaterializedView
    : SHOW CREATE MATERIALIZED VIEW qualifiedName (ON table=qualifiedName)?
    ;

// ---------------------------------------------------------------- table streams

streamStatement
    : createStream
    | dropStream
    | showStreams
    ;

createStream
    : CREATE STREAM (IF NOT EXISTS)? name=qualifiedName ON TABLE table=qualifiedName
      (COMMENT string)? propertiesClause?
    ;

dropStream
    : DROP STREAM (IF EXISTS)? qualifiedName FORCE?
    ;

showStreams
    : SHOW STREAMS ((FROM | IN) qualifiedName)? likeClause?
    ;

// ---------------------------------------------------------------- administration

// Users and their passwords, in Doris's spelling ('u'@'host'; FAILED_LOGIN_ATTEMPTS .. PASSWORD_LOCK_TIME).
accountStatement
    : createUser
    | alterUser
    | dropUser
    | setPassword
    | grantPrivileges
    | revokePrivileges
    | grantRoles
    | revokeRoles
    | createRole
    | dropRole
    | showGrants
    | showRoles
    ;

// Privileges and roles, as Doris grants them: GRANT SELECT_PRIV ON db.* TO u | ROLE 'r'.
grantPrivileges
    : GRANT privilegeName (COMMA privilegeName)* ON privilegeTarget TO grantee
    ;

revokePrivileges
    : REVOKE privilegeName (COMMA privilegeName)* ON privilegeTarget FROM grantee
    ;

grantRoles
    : GRANT roleName (COMMA roleName)* TO userIdentity
    ;

revokeRoles
    : REVOKE roleName (COMMA roleName)* FROM userIdentity
    ;

createRole
    : CREATE ROLE (IF NOT EXISTS)? roleName (COMMENT string)?
    ;

dropRole
    : DROP ROLE (IF EXISTS)? roleName
    ;

showGrants
    : SHOW ALL? GRANTS (FOR userIdentity)?
    ;

showRoles
    : SHOW ROLES
    ;

privilegeName
    : identifier
    | ALL PRIVILEGES?
    ;

privilegeTarget
    : privilegePart (DOT privilegePart (DOT privilegePart)?)?
    ;

privilegePart
    : ASTERISK
    | identifier
    ;

grantee
    : ROLE roleName
    | userIdentity
    ;

roleName
    : identifier
    | string
    ;

createUser
    : CREATE USER (IF NOT EXISTS)? userIdentity passwordClause? passwordPolicy*
    ;

alterUser
    : ALTER USER (IF EXISTS)? userIdentity passwordClause? passwordPolicy*
    ;

dropUser
    : DROP USER (IF EXISTS)? userIdentity
    ;

setPassword
    : SET PASSWORD (FOR userIdentity)? EQ (PASSWORD LEFT_PAREN plain=string RIGHT_PAREN | hashed=string)
    ;

userIdentity
    : user=userPart (AT host=userPart)?
    ;

userPart
    : identifier
    | string
    ;

passwordClause
    : IDENTIFIED BY PASSWORD? string
    ;

passwordPolicy
    : FAILED_LOGIN_ATTEMPTS INTEGER_VALUE
    | PASSWORD_LOCK_TIME (INTEGER_VALUE unit=identifier | UNBOUNDED)
    | PASSWORD_EXPIRE (DEFAULT | NEVER | INTERVAL INTEGER_VALUE unit=identifier)
    ;

adminStatement
    : adminSetConfig
    | adminShowConfig
    | analyzeTable
    ;

analyzeTable
    : ANALYZE TABLE qualifiedName (LEFT_PAREN identifierList RIGHT_PAREN)? (WITH SYNC)?
    ;

adminSetConfig
    : ADMIN SET FRONTEND CONFIG propertyList
    ;

adminShowConfig
    : ADMIN? SHOW FRONTEND CONFIG likeClause?
    ;

// Doris statements of features CairnDB does not have: named in the error instead of a syntax error.
unsupportedStatement
    : (CREATE | SHOW | STOP | PAUSE | RESUME) ALL? ROUTINE LOAD (~SEMICOLON)*                 #routineLoad
    ;

queryStatement
    : query outfileClause?
    ;

// Doris's SELECT .. INTO OUTFILE "file:///dir/prefix_" [FORMAT AS csv | parquet ..] [PROPERTIES (..)].
outfileClause
    : INTO OUTFILE path=string (FORMAT AS format=identifier)? propertiesClause?
    ;

explainStatement
    : EXPLAIN explainLevel? (queryStatement | dmlStatement)
    | EXPLAIN refreshMaterializedView
    ;

explainLevel
    : VERBOSE
    | ANALYZE
    | GRAPH
    | DUMP
    | PLAN
    | (ALL | identifier) PLAN
    ;

// ---------------------------------------------------------------- DDL

ddlStatement
    : createDatabase
    | dropDatabase
    | createTableLike
    | createTable
    | dropTable
    | truncateTable
    | createView
    | dropView
    | createIndex
    | dropIndex
    | alterTable
    ;

createDatabase
    : CREATE (DATABASE | SCHEMA) (IF NOT EXISTS)? qualifiedName propertiesClause?
    ;

dropDatabase
    : DROP (DATABASE | SCHEMA) (IF EXISTS)? qualifiedName FORCE?
    ;

createTableLike
    : CREATE TABLE (IF NOT EXISTS)? name=qualifiedName LIKE source=qualifiedName
    ;

// A bare column name: CREATE TABLE t (a, b) AS SELECT .. names the query's columns.
ctasColumn
    : identifier
    ;

createTable
    : CREATE TABLE (IF NOT EXISTS)? qualifiedName
      (LEFT_PAREN tableElement (COMMA tableElement)* RIGHT_PAREN)?
      (ENGINE EQ identifier)?
      keyDesc?
      (COMMENT comment=string)?
      partitionDesc?
      distributionDesc?
      propertiesClause?
      (AS query)?
    ;

tableElement
    : columnDef
    | indexDef
    | primaryKeyDef
    | ctasColumn
    ;

// MySQL's key line, as SHOW CREATE TABLE writes it with show_create_table_primary_key: it repeats the key clause.
primaryKeyDef
    : PRIMARY KEY LEFT_PAREN identifierList RIGHT_PAREN
    ;

columnDef
    : identifier dataType KEY? aggregationType? columnOption*
    ;

columnOption
    : NOT? NULL                                                                 #nullability
    | AUTO_INCREMENT (LEFT_PAREN MINUS_SIGN? INTEGER_VALUE RIGHT_PAREN)?             #autoIncrement
    | DEFAULT defaultValue                                                      #columnDefault
    | ON UPDATE CURRENT_TIMESTAMP (LEFT_PAREN INTEGER_VALUE? RIGHT_PAREN)?      #onUpdate
    | COMMENT string                                                            #columnComment
    ;

aggregationType
    : SUM | MAX | MIN | REPLACE | REPLACE_IF_NOT_NULL | BITMAP_UNION | HLL_UNION | GENERIC
    ;

defaultValue
    : NULL
    | TRUE
    | FALSE
    | MINUS_SIGN? number
    | string
    | functionName (LEFT_PAREN INTEGER_VALUE? RIGHT_PAREN)?
    ;

indexDef
    : INDEX identifier LEFT_PAREN identifierList RIGHT_PAREN (USING identifier)? propertiesClause?
      (COMMENT string)?
    ;

keyDesc
    : model=(DUPLICATE | UNIQUE | AGGREGATE | PRIMARY) KEY LEFT_PAREN identifierList RIGHT_PAREN
    ;

// AUTO PARTITION BY RANGE (date_trunc(col, 'unit')) () and AUTO PARTITION BY LIST (col) (): writes create partitions.
partitionDesc
    : AUTO? PARTITION BY kind=(RANGE | LIST) LEFT_PAREN (identifierList | partitionTruncation) RIGHT_PAREN
      LEFT_PAREN (partitionDef (COMMA partitionDef)*)? RIGHT_PAREN
    ;

partitionTruncation
    : function=identifier LEFT_PAREN column=identifier COMMA unit=string RIGHT_PAREN
    ;

partitionDef
    : namedPartitionDef
    | FROM from=partitionValueList TO to=partitionValueList INTERVAL INTEGER_VALUE unit=identifier?
    ;

namedPartitionDef
    : PARTITION (IF NOT EXISTS)? identifier VALUES LESS THAN (MAXVALUE | partitionValueList)   #lessThanPartition
    | PARTITION (IF NOT EXISTS)? identifier VALUES
      LEFT_BRACKET lower=partitionValueList COMMA upper=partitionValueList RIGHT_PAREN          #fixedRangePartition
    | PARTITION (IF NOT EXISTS)? identifier VALUES IN
      LEFT_PAREN partitionTuple (COMMA partitionTuple)* RIGHT_PAREN                             #listPartition
    ;

partitionTuple
    : partitionValueList
    | partitionValue
    ;

partitionValueList
    : LEFT_PAREN partitionValue (COMMA partitionValue)* RIGHT_PAREN
    ;

partitionValue
    : MAXVALUE
    | NULL
    | string
    | MINUS_SIGN? INTEGER_VALUE
    ;

distributionDesc
    : DISTRIBUTED BY (HASH LEFT_PAREN identifierList RIGHT_PAREN | RANDOM)
      (BUCKETS (INTEGER_VALUE | AUTO))?
    ;

propertiesClause
    : PROPERTIES propertyList
    ;

propertyList
    : LEFT_PAREN (property (COMMA property)*)? RIGHT_PAREN
    ;

property
    : key=propertyKey EQ value=propertyValue
    ;

propertyKey
    : string
    | qualifiedName
    ;

propertyValue
    : string
    | MINUS_SIGN? number
    | TRUE
    | FALSE
    | identifier
    ;

dropTable
    : DROP TABLE (IF EXISTS)? qualifiedName FORCE?
    ;

truncateTable
    : TRUNCATE TABLE? qualifiedName partitionSpec?
    ;

createView
    : CREATE (OR REPLACE)? VIEW (IF NOT EXISTS)? qualifiedName
      (LEFT_PAREN viewColumn (COMMA viewColumn)* RIGHT_PAREN)?
      (COMMENT string)?
      AS query
    ;

viewColumn
    : identifier (COMMENT string)?
    ;

// Doris's index statements: ALTER TABLE .. ADD INDEX / DROP INDEX by other names.
createIndex
    : CREATE INDEX (IF NOT EXISTS)? identifier ON qualifiedName LEFT_PAREN identifierList RIGHT_PAREN
      (USING identifier)? propertiesClause? (COMMENT string)?
    ;

dropIndex
    : DROP INDEX (IF EXISTS)? identifier ON qualifiedName
    ;

dropView
    : DROP VIEW (IF EXISTS)? qualifiedName
    ;

alterTable
    : ALTER TABLE qualifiedName alterClause (COMMA alterClause)*
    ;

// A rollup target (TO r / FROM r) must be the table itself; the distribution of an added partition is accepted and ignored.
alterClause
    : ADD COLUMN columnDef columnPosition? (TO identifier)?                                 #addColumn
    | ADD COLUMN LEFT_PAREN columnDef (COMMA columnDef)* RIGHT_PAREN (TO identifier)?       #addColumns
    | DROP COLUMN identifier (FROM identifier)?                                            #dropColumn
    | MODIFY COLUMN columnDef columnPosition? (FROM identifier)?                           #modifyColumn
    | RENAME COLUMN from=identifier to=identifier                                          #renameColumn
    | ADD namedPartitionDef distributionDesc?                                              #addPartition
    | DROP PARTITION (IF EXISTS)? identifier FORCE?                                        #dropPartition
    | ADD TEMPORARY namedPartitionDef distributionDesc?                                    #addTemporaryPartition
    | DROP TEMPORARY PARTITION (IF EXISTS)? identifier FORCE?                              #dropTemporaryPartition
    | REPLACE (PARTITION | PARTITIONS) LEFT_PAREN formal=identifierList RIGHT_PAREN
      WITH TEMPORARY (PARTITION | PARTITIONS) LEFT_PAREN temporary=identifierList RIGHT_PAREN
      propertiesClause?                                                                    #replacePartition
    | REPLACE WITH TABLE qualifiedName propertiesClause?                                   #replaceTable
    | RENAME identifier                                                                    #renameTable
    | SET propertyList                                                                     #setTableProperties
    | MODIFY COMMENT string                                                                #modifyTableComment
    | ADD CONSTRAINT identifier constraintDef                                              #addConstraint
    | DROP CONSTRAINT identifier                                                           #dropConstraint
    | ADD indexDef                                                                         #addIndex
    | DROP INDEX (IF EXISTS)? identifier                                                   #dropIndexClause
    | (DISABLE | ENABLE) KEYS                                                              #toggleKeys
    ;

// Constraints Doris keeps for the optimizer; they are not enforced.
constraintDef
    : PRIMARY KEY LEFT_PAREN identifierList RIGHT_PAREN                                    #primaryKeyConstraint
    | UNIQUE LEFT_PAREN identifierList RIGHT_PAREN                                         #uniqueConstraint
    | FOREIGN KEY LEFT_PAREN columns=identifierList RIGHT_PAREN
      REFERENCES qualifiedName LEFT_PAREN referenced=identifierList RIGHT_PAREN            #foreignKeyConstraint
    ;

columnPosition
    : AFTER identifier
    | FIRST
    ;

// ---------------------------------------------------------------- DML

dmlStatement
    : insertStatement
    | updateStatement
    | deleteStatement
    | loadDataStatement
    ;

// MySQL's loader, as Doris's MySQL Load takes it: the client sends the file.
loadDataStatement
    : LOAD DATA LOCAL? INFILE file=string INTO TABLE qualifiedName (PARTITION LEFT_PAREN identifierList RIGHT_PAREN)?
      ((COLUMNS | FIELDS) TERMINATED BY columnSeparator=string (OPTIONALLY? ENCLOSED BY enclose=string)?)?
      (LINES TERMINATED BY lineDelimiter=string)?
      (IGNORE INTEGER_VALUE (LINES | ROWS))?
      (LEFT_PAREN loadColumn (COMMA loadColumn)* RIGHT_PAREN)?
      (SET LEFT_PAREN? loadAssignment (COMMA loadAssignment)* RIGHT_PAREN?)?
      propertiesClause?
    ;

loadColumn
    : identifier
    | AT identifier
    ;

loadAssignment
    : identifier EQ expression
    ;

insertStatement
    : INSERT (INTO | OVERWRITE) TABLE? qualifiedName (partitionSpec | temporaryPartitionSpec)? (WITH LABEL identifier)?
      columnAliases? query
    ;

updateStatement
    : UPDATE qualifiedName tableAlias? SET assignment (COMMA assignment)*
      (FROM relation (COMMA relation)*)? whereClause?
    ;

assignment
    : qualifiedName EQ (DEFAULT | expression)
    ;

// Doris writes the partition before the alias; the other order is accepted too.
deleteStatement
    : DELETE FROM qualifiedName (partitionSpec tableAlias? | tableAlias partitionSpec?)?
      (USING relation (COMMA relation)*)? whereClause?
    ;

// ---------------------------------------------------------------- session

sessionStatement
    : setStatement
    | setTransaction
    | transactionStatement
    | lockTablesStatement
    | killStatement
    | useDatabase
    | describeStatement
    ;

setStatement
    : SET setItem (COMMA setItem)*
    ;

setItem
    : scope=(GLOBAL | SESSION | LOCAL)? identifier (EQ | ASSIGN) setValue          #setVariableItem
    | systemVariable (EQ | ASSIGN) setValue                                       #setSystemVariableItem
    | userVariable (EQ | ASSIGN) expression                                       #setUserVariableItem
    | NAMES charset=charsetName (COLLATE collation=charsetName)?                  #setNamesItem
    | (CHARACTER SET | CHARSET) charsetName                                       #setCharsetItem
    ;

setValue
    : DEFAULT
    | ON
    | expression
    ;

charsetName
    : identifier
    | string
    ;

setTransaction
    : SET scope=(GLOBAL | SESSION | LOCAL)? TRANSACTION
      transactionCharacteristic (COMMA transactionCharacteristic)*
    ;

transactionCharacteristic
    : ISOLATION LEVEL isolationLevel                #isolationLevelCharacteristic
    | READ (ONLY | WRITE)                           #accessModeCharacteristic
    ;

isolationLevel
    : READ UNCOMMITTED
    | READ COMMITTED
    | REPEATABLE READ
    | SERIALIZABLE
    ;

transactionStatement
    : BEGIN WORK? (WITH LABEL identifier)?  #beginTransaction
    | START TRANSACTION (WITH CONSISTENT SNAPSHOT)? #beginTransaction
    | COMMIT WORK?                   #commitTransaction
    | ROLLBACK WORK?                 #rollbackTransaction
    | SAVEPOINT identifier           #savepoint
    | ROLLBACK WORK? TO SAVEPOINT? identifier #rollbackToSavepoint
    | RELEASE SAVEPOINT identifier   #releaseSavepoint
    ;

// MySQL's table locks, as mysqldump takes them around each table it reads or restores.
lockTablesStatement
    : LOCK (TABLES | TABLE) lockTarget (COMMA lockTarget)*  #lockTables
    | UNLOCK (TABLES | TABLE)                               #unlockTables
    ;

lockTarget
    : qualifiedName (AS? identifier)? (READ LOCAL? | LOW_PRIORITY? WRITE)
    ;

killStatement
    : KILL (QUERY | CONNECTION)? INTEGER_VALUE
    ;

useDatabase
    : USE qualifiedName
    ;

describeStatement
    : (DESC | DESCRIBE) qualifiedName ALL?
    ;

// ---------------------------------------------------------------- SHOW

showStatement
    : SHOW (DATABASES | SCHEMAS) showFilter?                                              #showDatabases
    | SHOW FULL? TABLES ((FROM | IN) qualifiedName)? showFilter?                          #showTables
    | SHOW CREATE (TABLE | VIEW) qualifiedName                                            #showCreateTable
    | SHOW CREATE (DATABASE | SCHEMA) (IF NOT EXISTS)? identifier #showCreateDatabase
    | SHOW TEMPORARY? PARTITIONS FROM qualifiedName whereClause? orderByClause? limitClause? #showPartitions
    | SHOW DYNAMIC PARTITION TABLES ((FROM | IN) identifier)?                             #showDynamicPartitionTables
    | SHOW FULL? (COLUMNS | FIELDS) (FROM | IN) qualifiedName ((FROM | IN) identifier)? likeClause?  #showColumns
    | SHOW scope=(GLOBAL | SESSION | LOCAL)? VARIABLES showFilter?                        #showVariables
    | SHOW FULL? PROCESSLIST                                                              #showProcesslist
    | SHOW (GLOBAL | SESSION | LOCAL)? STATUS likeClause?                                 #showStatus
    | SHOW what=(WARNINGS | ERRORS | ENGINES | FRONTENDS | BACKENDS | PLUGINS | PRIVILEGES | CATALOGS) #showFixed
    | SHOW routine=(PROCEDURE | FUNCTION) STATUS showFilter? #showRoutineStatus
    | SHOW EVENTS ((FROM | IN) identifier)? showFilter? #showEvents
    | SHOW TRIGGERS ((FROM | IN) identifier)? likeClause?                                 #showTriggers
    | SHOW PROC string                                                                    #showProc
    | SHOW COLUMN STATS qualifiedName (LEFT_PAREN identifierList RIGHT_PAREN)?           #showColumnStats
    | SHOW (CHARSET | CHARACTER SET) likeClause?                                          #showCharset
    | SHOW COLLATION likeClause?                                                          #showCollation
    | SHOW (INDEX | INDEXES | KEYS) (FROM | IN) qualifiedName ((FROM | IN) identifier)?   #showIndex
    | SHOW TABLE STATUS ((FROM | IN) identifier)? likeClause?                             #showTableStatus
    | SHOW TRANSACTION ((FROM | IN) identifier)? whereClause                              #showTransaction
    | SHOW LAST INSERT                                                                    #showLastInsert
    | SHOW LOAD ((FROM | IN) identifier)? whereClause? orderByClause? limitClause?        #showLoad
    | SHOW DATA ((FROM | IN) qualifiedName)? orderByClause?                               #showData
    | SHOW CONSTRAINTS FROM qualifiedName                                                 #showConstraints
    | SHOW (TABLETS | TABLET) FROM qualifiedName partitionSpec? whereClause? orderByClause? limitClause? #showTablets
    | SHOW TABLET INTEGER_VALUE                                                           #showTablet
    ;

showFilter
    : likeClause
    | whereClause
    ;

likeClause
    : LIKE string
    ;

// ---------------------------------------------------------------- queries

query
    : withClause? queryTerm orderByClause? limitClause?
    ;

withClause
    : WITH namedQuery (COMMA namedQuery)*
    ;

namedQuery
    : identifier columnAliases? AS LEFT_PAREN query RIGHT_PAREN
    ;

// INTERSECT binds tighter than UNION / EXCEPT / MINUS.
queryTerm
    : queryPrimary                                                                            #queryTermDefault
    | left=queryTerm operator=INTERSECT setQuantifier? right=queryTerm                         #setOperation
    | left=queryTerm operator=(UNION | EXCEPT | MINUS) setQuantifier? right=queryTerm          #setOperation
    ;

setQuantifier
    : DISTINCT
    | ALL
    ;

queryPrimary
    : querySpecification                                 #queryPrimaryDefault
    | VALUES valuesRow (COMMA valuesRow)*                #inlineValues
    | LEFT_PAREN query RIGHT_PAREN                       #parenthesizedQuery
    ;

valuesRow
    : LEFT_PAREN (valuesItem (COMMA valuesItem)*)? RIGHT_PAREN
    ;

valuesItem
    : DEFAULT
    | expression
    ;

// SQL_NO_CACHE / SQL_CACHE (mysqldump writes SQL_NO_CACHE) ask about a query cache; there is none.
querySpecification
    : SELECT setQuantifier? (SQL_NO_CACHE | SQL_CACHE)? selectItem (COMMA selectItem)*
      fromClause? whereClause? groupByClause? havingClause?
    ;

selectItem
    : qualifiedName DOT ASTERISK                         #selectAllQualified
    | ASTERISK                                           #selectAll
    | expression (AS? alias)?                            #selectSingle
    ;

alias
    : identifier
    | string
    ;

fromClause
    : FROM DUAL
    | FROM relation (COMMA relation)*
    ;

whereClause
    : WHERE expression
    ;

groupByClause
    : GROUP BY groupingElement (COMMA groupingElement)*
    ;

groupingElement
    : ROLLUP LEFT_PAREN (expression (COMMA expression)*)? RIGHT_PAREN          #rollup
    | CUBE LEFT_PAREN (expression (COMMA expression)*)? RIGHT_PAREN            #cube
    | GROUPING SETS LEFT_PAREN groupingSet (COMMA groupingSet)* RIGHT_PAREN    #groupingSets
    | expression                                                               #singleGroupingExpression
    ;

groupingSet
    : LEFT_PAREN (expression (COMMA expression)*)? RIGHT_PAREN
    | expression
    ;

havingClause
    : HAVING expression
    ;

orderByClause
    : ORDER BY sortItem (COMMA sortItem)*
    ;

sortItem
    : expression ordering=(ASC | DESC)? (NULLS nullOrdering=(FIRST | LAST))?
    ;

limitClause
    : LIMIT (offset=INTEGER_VALUE COMMA)? count=INTEGER_VALUE
    | LIMIT count=INTEGER_VALUE OFFSET offset=INTEGER_VALUE
    ;

// ---------------------------------------------------------------- relations

relation
    : relationPrimary joinPart*
    ;

joinPart
    : joinType? JOIN joinHint? relationPrimary joinCriteria?
    ;

joinType
    : CROSS
    | INNER
    | LEFT (OUTER | SEMI | ANTI)?
    | RIGHT (OUTER | SEMI | ANTI)?
    | FULL OUTER?
    ;

// Doris' distribution hints such as [broadcast]; CairnDB plans joins itself.
joinHint
    : LEFT_BRACKET identifier RIGHT_BRACKET
    ;

joinCriteria
    : ON expression
    | USING LEFT_PAREN identifierList RIGHT_PAREN
    ;

relationPrimary
    : relationBase lateralView*
    ;

relationBase
    : qualifiedName LEFT_PAREN tableFunctionArguments? RIGHT_PAREN derivedAlias?       #tableFunction
    | qualifiedName incrementalRead? (partitionSpec | temporaryPartitionSpec)? tableAlias?  #tableName
    | LEFT_PAREN query RIGHT_PAREN derivedAlias?                                        #subqueryRelation
    | LEFT_PAREN relation RIGHT_PAREN                                                   #parenthesizedRelation
    ;

// Properties come first so that numbers("number" = "10") is not read as a comparison.
tableFunctionArguments
    : property (COMMA property)*
    | expression (COMMA expression)*
    ;

// t@incr('startTimestamp' = '...', ...): the changes of a table since a point in time.
incrementalRead
    : AT identifier propertyList
    ;

partitionSpec
    : (PARTITION | PARTITIONS) LEFT_PAREN (ASTERISK | identifierList) RIGHT_PAREN
    | (PARTITION | PARTITIONS) identifier
    ;

// Temporary partitions are named apart: their ranges may overlap the formal partitions'.
temporaryPartitionSpec
    : TEMPORARY (PARTITION | PARTITIONS) LEFT_PAREN identifierList RIGHT_PAREN
    | TEMPORARY (PARTITION | PARTITIONS) identifier
    ;

tableAlias
    : AS? identifier
    ;

derivedAlias
    : AS? identifier columnAliases?
    ;

lateralView
    : LATERAL VIEW OUTER? qualifiedName LEFT_PAREN (expression (COMMA expression)*)? RIGHT_PAREN
      identifier AS identifierList
    ;

columnAliases
    : LEFT_PAREN identifierList RIGHT_PAREN
    ;

// ---------------------------------------------------------------- expressions (MySQL precedence)

expression
    : booleanExpression
    ;

booleanExpression
    : (NOT | BANG) booleanExpression                                                   #logicalNot
    | left=booleanExpression operator=(AND | DOUBLE_AMPERSAND) right=booleanExpression   #logicalBinary
    | left=booleanExpression operator=(OR | DOUBLE_PIPE) right=booleanExpression         #logicalBinary
    | predicate                                                                        #predicated
    ;

// Comparisons and the other predicates share one level and associate to the left, as in MySQL.
predicate
    : valueExpression                                                                  #valuePredicate
    | predicate comparisonOperator right=valueExpression                               #comparison
    | predicate IS NOT? kind=(NULL | TRUE | FALSE)                                     #isPredicate
    | predicate NOT? BETWEEN lower=valueExpression AND upper=valueExpression           #between
    | predicate NOT? IN LEFT_PAREN query RIGHT_PAREN                                   #inSubquery
    | predicate NOT? IN LEFT_PAREN expression (COMMA expression)* RIGHT_PAREN          #inList
    | predicate NOT? LIKE pattern=valueExpression (ESCAPE escape=valueExpression)?     #like
    | predicate NOT? (REGEXP | RLIKE) pattern=valueExpression                          #regexp
    ;

comparisonOperator
    : EQ | NULL_SAFE_EQ | NEQ | LT | LTE | GT | GTE
    ;

valueExpression
    : primaryExpression                                                                        #valueExpressionDefault
    | operator=(MINUS_SIGN | PLUS | TILDE) valueExpression                                          #arithmeticUnary
    | left=valueExpression operator=HAT right=valueExpression                                  #arithmeticBinary
    | left=valueExpression operator=(ASTERISK | SLASH | PERCENT | DIV | MOD) right=valueExpression  #arithmeticBinary
    | left=valueExpression operator=(PLUS | MINUS_SIGN) right=valueExpression                       #arithmeticBinary
    | left=valueExpression shiftOperator right=valueExpression                                 #shift
    | left=valueExpression operator=AMPERSAND right=valueExpression                            #arithmeticBinary
    | left=valueExpression operator=PIPE right=valueExpression                                 #arithmeticBinary
    ;

// Two tokens rather than one so that nested types such as ARRAY<ARRAY<INT>> still close.
shiftOperator
    : LT LT
    | GT GT
    ;

primaryExpression
    : constant                                                                                 #constantExpression
    | QUESTION                                                                                 #parameter
    | INTERVAL expression unit=identifier                                                      #interval
    | CASE operand=expression whenClause+ (ELSE elseValue=expression)? END                     #simpleCase
    | CASE whenClause+ (ELSE elseValue=expression)? END                                        #searchedCase
    | CAST LEFT_PAREN expression AS castType RIGHT_PAREN                                       #cast
    | CONVERT LEFT_PAREN expression COMMA castType RIGHT_PAREN                                 #convert
    | EXTRACT LEFT_PAREN field=identifier FROM valueExpression RIGHT_PAREN                     #extract
    | LEFT_BRACKET (expression (COMMA expression)*)? RIGHT_BRACKET                             #arrayConstructor
    | EXISTS LEFT_PAREN query RIGHT_PAREN                                                      #exists
    | LEFT_PAREN query RIGHT_PAREN                                                             #subqueryExpression
    | functionCall                                                                             #functionCallExpression
    | name=(CURRENT_DATE | CURRENT_TIME | CURRENT_TIMESTAMP | CURRENT_USER | LOCALTIME | LOCALTIMESTAMP)  #niladicFunction
    | systemVariable                                                                           #systemVariableExpression
    | userVariable                                                                             #userVariableExpression
    | qualifiedName                                                                            #columnReference
    | LEFT_PAREN expression RIGHT_PAREN                                                        #parenthesizedExpression
    | base=primaryExpression LEFT_BRACKET index=valueExpression RIGHT_BRACKET                  #subscript
    ;

constant
    : NULL                                              #nullLiteral
    | (TRUE | FALSE)                                    #booleanLiteral
    | number                                            #numericLiteral
    | string                                            #stringLiteral
    | CHARSET_INTRODUCER string                         #introducedStringLiteral
    | type=(DATE | DATETIME | TIMESTAMP) string         #typedLiteral
    ;

number
    : INTEGER_VALUE
    | DECIMAL_VALUE
    | DOUBLE_VALUE
    ;

// Adjacent literals concatenate, as in MySQL: 'a' 'b' = 'ab'.
string
    : STRING+
    ;

whenClause
    : WHEN condition=expression THEN result=expression
    ;

functionCall
    : functionName LEFT_PAREN ASTERISK RIGHT_PAREN overClause?                              #countStar
    | functionName LEFT_PAREN (setQuantifier? functionArgument (COMMA functionArgument)*)?
      (ORDER BY sortItem (COMMA sortItem)*)?
      (SEPARATOR separator=expression)?
      RIGHT_PAREN overClause?                                                               #genericCall
    ;

// Reserved words that are also the names of common functions.
functionName
    : qualifiedName
    | IF | LEFT | RIGHT | DATABASE | SCHEMA | INSERT | MOD | GROUPING
    | CURRENT_DATE | CURRENT_TIME | CURRENT_TIMESTAMP | CURRENT_USER | LOCALTIME | LOCALTIMESTAMP
    ;

functionArgument
    : lambda
    | expression
    ;

lambda
    : identifier ARROW expression
    | LEFT_PAREN identifier (COMMA identifier)* RIGHT_PAREN ARROW expression
    ;

overClause
    : OVER LEFT_PAREN
      (PARTITION BY expression (COMMA expression)*)?
      (ORDER BY sortItem (COMMA sortItem)*)?
      windowFrame?
      RIGHT_PAREN
    ;

windowFrame
    : unit=(ROWS | RANGE) BETWEEN start=frameBound AND end=frameBound
    | unit=(ROWS | RANGE) start=frameBound
    ;

frameBound
    : UNBOUNDED boundType=PRECEDING
    | UNBOUNDED boundType=FOLLOWING
    | CURRENT ROW
    | valueExpression boundType=(PRECEDING | FOLLOWING)
    ;

systemVariable
    : DOUBLE_AT identifier (DOT identifier)?
    ;

userVariable
    : AT (identifier | string)
    ;

// SIGNED [INTEGER] and UNSIGNED [INTEGER] only exist in CAST / CONVERT.
castType
    : identifier identifier
    | dataType
    ;

dataType
    : ARRAY LT dataType GT                                                              #arrayType
    | MAP LT dataType COMMA dataType GT                                                 #mapType
    | STRUCT LT structField (COMMA structField)* GT                                     #structType
    | AGG_STATE LT function=identifier
      LEFT_PAREN (stateArgument (COMMA stateArgument)*)? RIGHT_PAREN GT                 #aggStateType
    | identifier (LEFT_PAREN INTEGER_VALUE (COMMA INTEGER_VALUE)? RIGHT_PAREN)?         #primitiveType
    ;

structField
    : identifier COLON dataType
    ;

// An argument of an AGG_STATE's aggregate: its type, NULL unless declared NOT NULL.
stateArgument
    : dataType (NOT? NULL)?
    ;

// ---------------------------------------------------------------- identifiers

qualifiedName
    : identifier (DOT identifier)*
    ;

identifierList
    : identifier (COMMA identifier)*
    ;

identifier
    : IDENTIFIER
    | BACKQUOTED_IDENTIFIER
    | nonReserved
    ;

nonReserved
    : STATS | PROC | PLUGINS | CATALOGS | PROCEDURE | FUNCTION | TRIGGERS | ANALYZE | FRONTENDS | BACKENDS | LOAD | DATA | INFILE | OUTFILE | FORMAT | ROUTINE | EXPORT | STOP | LINES | TERMINATED | IGNORE | ENCLOSED | OPTIONALLY | GRANT | REVOKE | ROLE | ROLES | GRANTS | PRIVILEGES | USER | IDENTIFIED | PASSWORD | FAILED_LOGIN_ATTEMPTS | PASSWORD_LOCK_TIME | FOR | PASSWORD_EXPIRE | NEVER
    | ACTIVE | ASYNC | BUILD | CANCEL | COMPLETE | DEFERRED | DRY | EVERY | FALLBACK | IMMEDIATE | INACTIVE | INCREMENTAL | JOB | MANUAL | MATERIALIZED | MODE | PAUSE | REFRESH | RESUME | RUN | SCHEDULE | STARTS | SYNC | TASK | ADMIN | CONFIG | FRONTEND | STREAM | STREAMS | AFTER | AGGREGATE | ANTI | ARRAY | AUTO | AUTO_INCREMENT | BEGIN | BITMAP_UNION | BUCKETS
    | CHARSET | COLLATION | COLUMNS | COMMENT | COMMIT | COMMITTED | CONNECTION | CUBE | CURRENT
    | DATE | DATETIME | DISTRIBUTED | DUMP | DUPLICATE | END | ENGINE | ENGINES | ERRORS | ESCAPE
    | EXTRACT | FIELDS | FIRST | FOLLOWING | FORCE | GLOBAL | GRAPH | HASH | HLL_UNION | INDEXES
    | ISOLATION | KILL | LABEL | LAST | LESS | LEVEL | LIST | LOCAL | MAP | MAX | MAXVALUE | MIN
    | MODIFY | NAMES | NULLS | OFFSET | ONLY | OVERWRITE | PARTITIONS | PLAN | PRECEDING
    | PROCESSLIST | PROPERTIES | QUERY | RANDOM | RANGE | READ | REPEATABLE | REPLACE
    | REPLACE_IF_NOT_NULL | ROLLBACK | ROLLUP | ROW | ROWS | SEMI | SEPARATOR | SERIALIZABLE
    | SESSION | SETS | START | STATUS | STRUCT | SUM | TABLES | THAN | TIMESTAMP | TRANSACTION
    | TRUNCATE | UNBOUNDED | UNCOMMITTED | VARIABLES | VERBOSE | VIEW | WARNINGS | WORK | WRITE
    | DYNAMIC | TEMPORARY | CONSTRAINT | CONSTRAINTS | FOREIGN | REFERENCES
    | SQL_NO_CACHE | SQL_CACHE | LOCK | UNLOCK | LOW_PRIORITY | DISABLE | ENABLE | EVENTS | SAVEPOINT | RELEASE | CONSISTENT | SNAPSHOT
    | TABLET | TABLETS | AGG_STATE | GENERIC
    ;

// ---------------------------------------------------------------- lexer: keywords

ADD: 'ADD';
LOCK: 'LOCK';
SQL_NO_CACHE: 'SQL_NO_CACHE';
SQL_CACHE: 'SQL_CACHE';
UNLOCK: 'UNLOCK';
LOW_PRIORITY: 'LOW_PRIORITY';
DISABLE: 'DISABLE';
ENABLE: 'ENABLE';
EVENTS: 'EVENTS';
SAVEPOINT: 'SAVEPOINT';
RELEASE: 'RELEASE';
CONSISTENT: 'CONSISTENT';
SNAPSHOT: 'SNAPSHOT';
CONSTRAINT: 'CONSTRAINT';
CONSTRAINTS: 'CONSTRAINTS';
FOREIGN: 'FOREIGN';
REFERENCES: 'REFERENCES';
ACTIVE: 'ACTIVE';
ASYNC: 'ASYNC';
BUILD: 'BUILD';
CANCEL: 'CANCEL';
COMPLETE: 'COMPLETE';
DEFERRED: 'DEFERRED';
EVERY: 'EVERY';
FALLBACK: 'FALLBACK';
IMMEDIATE: 'IMMEDIATE';
INACTIVE: 'INACTIVE';
INCREMENTAL: 'INCREMENTAL';
JOB: 'JOB';
MANUAL: 'MANUAL';
MATERIALIZED: 'MATERIALIZED';
MODE: 'MODE';
PAUSE: 'PAUSE';
REFRESH: 'REFRESH';
RESUME: 'RESUME';
SCHEDULE: 'SCHEDULE';
STARTS: 'STARTS';
SYNC: 'SYNC';
TASK: 'TASK';
ADMIN: 'ADMIN';
CONFIG: 'CONFIG';
FRONTEND: 'FRONTEND';
STREAM: 'STREAM';
STREAMS: 'STREAMS';
DRY: 'DRY';
RUN: 'RUN';
AFTER: 'AFTER';
AGGREGATE: 'AGGREGATE';
AGG_STATE: 'AGG_STATE';
ALL: 'ALL';
ALTER: 'ALTER';
USER: 'USER';
GRANT: 'GRANT';
FRONTENDS: 'FRONTENDS';
ANALYZE: 'ANALYZE';
PLUGINS: 'PLUGINS';
PROC: 'PROC';
STATS: 'STATS';
CATALOGS: 'CATALOGS';
PROCEDURE: 'PROCEDURE';
FUNCTION: 'FUNCTION';
TRIGGERS: 'TRIGGERS';
BACKENDS: 'BACKENDS';
LOAD: 'LOAD';
DATA: 'DATA';
INFILE: 'INFILE';
OUTFILE: 'OUTFILE';
ROUTINE: 'ROUTINE';
EXPORT: 'EXPORT';
STOP: 'STOP';
FORMAT: 'FORMAT';
LINES: 'LINES';
TERMINATED: 'TERMINATED';
IGNORE: 'IGNORE';
ENCLOSED: 'ENCLOSED';
OPTIONALLY: 'OPTIONALLY';
REVOKE: 'REVOKE';
ROLE: 'ROLE';
ROLES: 'ROLES';
GRANTS: 'GRANTS';
PRIVILEGES: 'PRIVILEGES';
IDENTIFIED: 'IDENTIFIED';
PASSWORD: 'PASSWORD';
FAILED_LOGIN_ATTEMPTS: 'FAILED_LOGIN_ATTEMPTS';
PASSWORD_LOCK_TIME: 'PASSWORD_LOCK_TIME';
FOR: 'FOR';
PASSWORD_EXPIRE: 'PASSWORD_EXPIRE';
NEVER: 'NEVER';
AND: 'AND';
ANTI: 'ANTI';
ARRAY: 'ARRAY';
AS: 'AS';
ASC: 'ASC';
AUTO: 'AUTO';
AUTO_INCREMENT: 'AUTO_INCREMENT';
BEGIN: 'BEGIN';
BETWEEN: 'BETWEEN';
BITMAP_UNION: 'BITMAP_UNION';
BUCKETS: 'BUCKETS';
BY: 'BY';
CASE: 'CASE';
CAST: 'CAST';
CHARACTER: 'CHARACTER';
CHARSET: 'CHARSET';
COLLATE: 'COLLATE';
COLLATION: 'COLLATION';
COLUMN: 'COLUMN';
COLUMNS: 'COLUMNS';
COMMENT: 'COMMENT';
COMMIT: 'COMMIT';
COMMITTED: 'COMMITTED';
CONNECTION: 'CONNECTION';
CONVERT: 'CONVERT';
CREATE: 'CREATE';
CROSS: 'CROSS';
CUBE: 'CUBE';
CURRENT: 'CURRENT';
CURRENT_DATE: 'CURRENT_DATE';
CURRENT_TIME: 'CURRENT_TIME';
CURRENT_TIMESTAMP: 'CURRENT_TIMESTAMP';
CURRENT_USER: 'CURRENT_USER';
DATABASE: 'DATABASE';
DATABASES: 'DATABASES';
DATE: 'DATE';
DATETIME: 'DATETIME';
DEFAULT: 'DEFAULT';
DELETE: 'DELETE';
DESC: 'DESC';
DESCRIBE: 'DESCRIBE';
DISTINCT: 'DISTINCT';
DISTRIBUTED: 'DISTRIBUTED';
DIV: 'DIV';
DROP: 'DROP';
DUAL: 'DUAL';
DUMP: 'DUMP';
DUPLICATE: 'DUPLICATE';
DYNAMIC: 'DYNAMIC';
ELSE: 'ELSE';
END: 'END';
ENGINE: 'ENGINE';
ENGINES: 'ENGINES';
ERRORS: 'ERRORS';
ESCAPE: 'ESCAPE';
EXCEPT: 'EXCEPT';
EXISTS: 'EXISTS';
EXPLAIN: 'EXPLAIN';
EXTRACT: 'EXTRACT';
FALSE: 'FALSE';
FIELDS: 'FIELDS';
FIRST: 'FIRST';
FOLLOWING: 'FOLLOWING';
FORCE: 'FORCE';
FROM: 'FROM';
FULL: 'FULL';
GENERIC: 'GENERIC';
GLOBAL: 'GLOBAL';
GRAPH: 'GRAPH';
GROUP: 'GROUP';
GROUPING: 'GROUPING';
HASH: 'HASH';
HAVING: 'HAVING';
HLL_UNION: 'HLL_UNION';
IF: 'IF';
IN: 'IN';
INDEX: 'INDEX';
INDEXES: 'INDEXES';
INNER: 'INNER';
INSERT: 'INSERT';
INTERSECT: 'INTERSECT';
INTERVAL: 'INTERVAL';
INTO: 'INTO';
IS: 'IS';
ISOLATION: 'ISOLATION';
JOIN: 'JOIN';
KEY: 'KEY';
KEYS: 'KEYS';
KILL: 'KILL';
LABEL: 'LABEL';
LAST: 'LAST';
LATERAL: 'LATERAL';
LEFT: 'LEFT';
LESS: 'LESS';
LEVEL: 'LEVEL';
LIKE: 'LIKE';
LIMIT: 'LIMIT';
LIST: 'LIST';
LOCAL: 'LOCAL';
LOCALTIME: 'LOCALTIME';
LOCALTIMESTAMP: 'LOCALTIMESTAMP';
MAP: 'MAP';
MAX: 'MAX';
MAXVALUE: 'MAXVALUE';
MIN: 'MIN';
MINUS: 'MINUS';
MOD: 'MOD';
MODIFY: 'MODIFY';
NAMES: 'NAMES';
NOT: 'NOT';
NULL: 'NULL';
NULLS: 'NULLS';
OFFSET: 'OFFSET';
ON: 'ON';
ONLY: 'ONLY';
OR: 'OR';
ORDER: 'ORDER';
OUTER: 'OUTER';
OVER: 'OVER';
OVERWRITE: 'OVERWRITE';
PARTITION: 'PARTITION';
PARTITIONS: 'PARTITIONS';
TEMPORARY: 'TEMPORARY';
PLAN: 'PLAN';
PRECEDING: 'PRECEDING';
PRIMARY: 'PRIMARY';
PROCESSLIST: 'PROCESSLIST';
PROPERTIES: 'PROPERTIES';
QUERY: 'QUERY';
RANDOM: 'RANDOM';
RANGE: 'RANGE';
READ: 'READ';
REGEXP: 'REGEXP';
RENAME: 'RENAME';
REPEATABLE: 'REPEATABLE';
REPLACE: 'REPLACE';
REPLACE_IF_NOT_NULL: 'REPLACE_IF_NOT_NULL';
RIGHT: 'RIGHT';
RLIKE: 'RLIKE';
ROLLBACK: 'ROLLBACK';
ROLLUP: 'ROLLUP';
ROW: 'ROW';
ROWS: 'ROWS';
SCHEMA: 'SCHEMA';
SCHEMAS: 'SCHEMAS';
SELECT: 'SELECT';
SEMI: 'SEMI';
SEPARATOR: 'SEPARATOR';
SERIALIZABLE: 'SERIALIZABLE';
SESSION: 'SESSION';
SET: 'SET';
SETS: 'SETS';
SHOW: 'SHOW';
START: 'START';
STATUS: 'STATUS';
STRUCT: 'STRUCT';
SUM: 'SUM';
TABLE: 'TABLE';
TABLES: 'TABLES';
TABLET: 'TABLET';
TABLETS: 'TABLETS';
THAN: 'THAN';
THEN: 'THEN';
TIMESTAMP: 'TIMESTAMP';
TO: 'TO';
TRANSACTION: 'TRANSACTION';
TRUE: 'TRUE';
TRUNCATE: 'TRUNCATE';
UNBOUNDED: 'UNBOUNDED';
UNCOMMITTED: 'UNCOMMITTED';
UNION: 'UNION';
UNIQUE: 'UNIQUE';
UPDATE: 'UPDATE';
USE: 'USE';
USING: 'USING';
VALUES: 'VALUES';
VARIABLES: 'VARIABLES';
VERBOSE: 'VERBOSE';
VIEW: 'VIEW';
WARNINGS: 'WARNINGS';
WHEN: 'WHEN';
WHERE: 'WHERE';
WITH: 'WITH';
WORK: 'WORK';
WRITE: 'WRITE';

// ---------------------------------------------------------------- lexer: symbols

EQ: '=';
NULL_SAFE_EQ: '<=>';
NEQ: '<>' | '!=';
LT: '<';
LTE: '<=';
GT: '>';
GTE: '>=';
PLUS: '+';
MINUS_SIGN: '-';
ASTERISK: '*';
SLASH: '/';
PERCENT: '%';
TILDE: '~';
HAT: '^';
AMPERSAND: '&';
PIPE: '|';
DOUBLE_AMPERSAND: '&&';
DOUBLE_PIPE: '||';
BANG: '!';
LEFT_PAREN: '(';
RIGHT_PAREN: ')';
LEFT_BRACKET: '[';
RIGHT_BRACKET: ']';
COMMA: ',';
DOT: '.';
SEMICOLON: ';';
QUESTION: '?';
COLON: ':';
ASSIGN: ':=';
ARROW: '->';
DOUBLE_AT: '@@';
AT: '@';

// ---------------------------------------------------------------- lexer: literals and names

// Escapes are resolved by the builder (MySQL rules); a doubled quote stands for one quote.
STRING
    : '\'' (~['\\] | '\\' . | '\'\'')* '\''
    | '"' (~["\\] | '\\' . | '""')* '"'
    ;

INTEGER_VALUE
    : DIGIT+
    ;

DECIMAL_VALUE
    : DIGIT+ '.' DIGIT*
    | '.' DIGIT+
    ;

DOUBLE_VALUE
    : DIGIT+ ('.' DIGIT*)? EXPONENT
    | '.' DIGIT+ EXPONENT
    ;

// MySQL also accepts names that start with digits (2024_sales), as long as they are not numbers.
// MySQL's character set introducers (_utf8mb4 'a', _binary 'b'): strings are bytes of UTF-8 here.
CHARSET_INTRODUCER
    : '_' ('BINARY' | 'UTF8MB4' | 'UTF8MB3' | 'UTF8' | 'LATIN1' | 'ASCII')
    ;

IDENTIFIER
    : [A-Z_$\u0080-\uFFFF] [A-Z_$0-9\u0080-\uFFFF]*
    | DIGIT+ [A-Z_$\u0080-\uFFFF] [A-Z_$0-9\u0080-\uFFFF]*
    ;

BACKQUOTED_IDENTIFIER
    : '`' (~'`' | '``')* '`'
    ;

fragment DIGIT
    : [0-9]
    ;

fragment EXPONENT
    : 'E' [+-]? DIGIT+
    ;

// ---------------------------------------------------------------- lexer: hidden

// Optimizer hints stay in the token stream (hidden) so the builder can read SET_VAR after SELECT.
HINT
    : '/*+' .*? '*/' -> channel(HIDDEN)
    ;

BRACKETED_COMMENT
    : '/*' .*? '*/' -> skip
    ;

// MySQL needs whitespace after "--" for a comment: 1--1 is 1 - (-1).
SIMPLE_COMMENT
    : '--' ([ \t] ~[\r\n]*)? ('\r'? '\n' | EOF) -> skip
    ;

HASH_COMMENT
    : '#' ~[\r\n]* -> skip
    ;

WS
    : [ \t\r\n\u000B\u000C]+ -> skip
    ;
