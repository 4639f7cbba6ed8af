package io.cairndb.server;

import io.cairndb.engine.UpdateCount;

import java.util.concurrent.ThreadLocalRandom;

/** Doris's spelling of a load transaction in the OK packet, and the labels it generates. */
final class LoadInfo {
    private LoadInfo() {
    }

    /** {@code result} with the info {@code {'label':'l', 'status':'VISIBLE', 'txnId':'12'}}. */
    static UpdateCount of(UpdateCount result, String label, String status, String txnId) {
        String info = "{'label':'" + label + "', 'status':'" + status + "', 'txnId':'" + txnId + "'}";
        return new UpdateCount(result.affectedRows(), info, result.warnings(), result.warningMessages(), result.rejectedRows());
    }

    /** The label of a write that commits on its own, as Doris derives it from the query id. */
    static String statementLabel() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        return "label_" + Long.toHexString(r.nextLong()) + "_" + Long.toHexString(r.nextLong());
    }

    /** The label of an explicit transaction begun without WITH LABEL. */
    static String transactionLabel() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        return "txn_insert_" + Long.toHexString(r.nextLong()) + "-" + Long.toHexString(r.nextLong());
    }
}
