package io.cairndb.server.mysql;

/** Numeric constants of the MySQL client/server protocol that this server uses. */
final class Protocol {
    private Protocol() {
    }

    // Capability flags.
    static final int CLIENT_LONG_PASSWORD = 1;
    static final int CLIENT_FOUND_ROWS = 1 << 1;
    static final int CLIENT_LONG_FLAG = 1 << 2;
    static final int CLIENT_CONNECT_WITH_DB = 1 << 3;
    /** The client may send a file for LOAD DATA LOCAL INFILE. */
    static final int CLIENT_LOCAL_FILES = 1 << 7;
    static final int CLIENT_IGNORE_SPACE = 1 << 8;
    static final int CLIENT_PROTOCOL_41 = 1 << 9;
    static final int CLIENT_INTERACTIVE = 1 << 10;
    static final int CLIENT_SSL = 1 << 11;
    static final int CLIENT_IGNORE_SIGPIPE = 1 << 12;
    static final int CLIENT_TRANSACTIONS = 1 << 13;
    static final int CLIENT_SECURE_CONNECTION = 1 << 15;
    static final int CLIENT_MULTI_STATEMENTS = 1 << 16;
    static final int CLIENT_MULTI_RESULTS = 1 << 17;
    static final int CLIENT_PS_MULTI_RESULTS = 1 << 18;
    static final int CLIENT_PLUGIN_AUTH = 1 << 19;
    static final int CLIENT_CONNECT_ATTRS = 1 << 20;
    static final int CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA = 1 << 21;
    static final int CLIENT_DEPRECATE_EOF = 1 << 24;

    /** Everything the server offers; SSL, compression and query attributes are deliberately absent. */
    static final int SERVER_CAPABILITIES = CLIENT_LONG_PASSWORD | CLIENT_FOUND_ROWS | CLIENT_LONG_FLAG
            | CLIENT_CONNECT_WITH_DB | CLIENT_LOCAL_FILES | CLIENT_IGNORE_SPACE | CLIENT_PROTOCOL_41 | CLIENT_INTERACTIVE
            | CLIENT_IGNORE_SIGPIPE | CLIENT_TRANSACTIONS | CLIENT_SECURE_CONNECTION
            | CLIENT_MULTI_STATEMENTS | CLIENT_MULTI_RESULTS | CLIENT_PS_MULTI_RESULTS
            | CLIENT_PLUGIN_AUTH | CLIENT_CONNECT_ATTRS | CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA
            | CLIENT_DEPRECATE_EOF;

    // Server status flags.
    static final int SERVER_STATUS_IN_TRANS = 0x0001;
    static final int SERVER_STATUS_AUTOCOMMIT = 0x0002;
    static final int SERVER_MORE_RESULTS_EXISTS = 0x0008;

    // Command bytes.
    static final int COM_QUIT = 0x01;
    static final int COM_INIT_DB = 0x02;
    static final int COM_QUERY = 0x03;
    static final int COM_FIELD_LIST = 0x04;
    static final int COM_STATISTICS = 0x09;
    static final int COM_PING = 0x0e;
    static final int COM_STMT_PREPARE = 0x16;
    static final int COM_STMT_EXECUTE = 0x17;
    static final int COM_STMT_SEND_LONG_DATA = 0x18;
    static final int COM_STMT_CLOSE = 0x19;
    static final int COM_STMT_RESET = 0x1a;
    static final int COM_SET_OPTION = 0x1b;
    static final int COM_RESET_CONNECTION = 0x1f;

    // Column and parameter type codes.
    static final int TYPE_DECIMAL = 0;
    static final int TYPE_TINY = 1;
    static final int TYPE_SHORT = 2;
    static final int TYPE_LONG = 3;
    static final int TYPE_FLOAT = 4;
    static final int TYPE_DOUBLE = 5;
    static final int TYPE_NULL = 6;
    static final int TYPE_TIMESTAMP = 7;
    static final int TYPE_LONGLONG = 8;
    static final int TYPE_INT24 = 9;
    static final int TYPE_DATE = 10;
    static final int TYPE_TIME = 11;
    static final int TYPE_DATETIME = 12;
    static final int TYPE_YEAR = 13;
    static final int TYPE_VARCHAR = 15;
    static final int TYPE_BIT = 16;
    static final int TYPE_JSON = 245;
    static final int TYPE_NEWDECIMAL = 246;
    static final int TYPE_ENUM = 247;
    static final int TYPE_SET = 248;
    static final int TYPE_TINY_BLOB = 249;
    static final int TYPE_MEDIUM_BLOB = 250;
    static final int TYPE_LONG_BLOB = 251;
    static final int TYPE_BLOB = 252;
    static final int TYPE_VAR_STRING = 253;
    static final int TYPE_STRING = 254;
    static final int TYPE_GEOMETRY = 255;

    // Column definition flags and character sets.
    static final int FLAG_NOT_NULL = 1;
    static final int FLAG_BLOB = 16;
    static final int FLAG_BINARY = 128;
    /** utf8_general_ci, what Doris reports; clients decode it as UTF-8, 4-byte characters included. */
    static final int CHARSET_UTF8 = 33;
    static final int CHARSET_BINARY = 63;

    // Error codes that only the protocol layer raises.
    static final int ER_CON_COUNT_ERROR = 1040;
    static final int ER_UNKNOWN_COM_ERROR = 1047;
    static final int ER_SERVER_SHUTDOWN = 1053;
    static final int ER_UNKNOWN_ERROR = 1105;
    static final int ER_NET_PACKET_TOO_LARGE = 1153;
    static final int ER_UNKNOWN_STMT_HANDLER = 1243;
    static final int ER_MALFORMED_PACKET = 1835;

    static final String NATIVE_PASSWORD_PLUGIN = "mysql_native_password";
}
