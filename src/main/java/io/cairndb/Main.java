package io.cairndb;
public class Main { public static void main(String[] a) throws Exception { Class.forName("org.duckdb.DuckDBDriver"); try (var c = java.sql.DriverManager.getConnection("jdbc:duckdb:"); var r = c.createStatement().executeQuery("select version()")) { r.next(); System.out.println(r.getString(1)); } } }
