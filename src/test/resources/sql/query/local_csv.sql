# local() over a CSV file without a header names its columns c1, c2, ... and reads them as strings, as Doris does.

query
SELECT c1, c2, c3 FROM local("file_path" = "people.csv", "format" = "csv") ORDER BY c1
----
1|ann|30
2|bob|25
3|cy|41

query
SELECT c2 FROM local("file_path" = "people.csv", "format" = "csv", "column_separator" = ",") WHERE c1 = '2'
----
bob
