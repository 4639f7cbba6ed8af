package io.cairndb.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.cairndb.error.CairnException;
import io.cairndb.server.Accounts;
import io.cairndb.server.Database;
import io.cairndb.server.MetricsReport;
import io.cairndb.server.LoadErrorLogs;
import io.cairndb.server.Session;
import io.cairndb.server.StreamLoad;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One HTTP connection's requests: {@code PUT /api/{db}/{table}/_stream_load} with basic
 * authentication, its body written to a staging file as it arrives, then loaded by
 * {@link StreamLoad} on a worker, answered with Doris's JSON; {@code GET /metrics}, the server's
 * metrics in Prometheus's text format (no authentication, as Doris's); {@code GET /api/_load_error_log?file=..},
 * the rows a load rejected (its ErrorURL, basic authentication). Anything else is answered 404.
 */
final class RequestHandler extends SimpleChannelInboundHandler<HttpObject> {
    private static final Logger LOG = LoggerFactory.getLogger(RequestHandler.class);
    private static final Pattern PATH = Pattern.compile("/api/([^/]+)/([^/]+)/_stream_load");
    /** Where a load's rejected rows are served (Doris's path). */
    private static final String ERROR_LOG = "/api/_load_error_log";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Database db;
    private final Path staging;
    private final ExecutorService loaders;
    private final LongSupplier sessionIds;
    /** The request being received: its load, or the answer it gets once its body has been read. */
    private Load load;
    private FullHttpResponse answer;
    /** The request is GET /metrics, rendered on a worker: it reads the catalog and DuckDB. */
    private boolean metrics;
    /** The console's SQL request being received, or null. */
    private ConsoleRequest console;

    private record ConsoleRequest(String user, String remoteAddress, java.io.ByteArrayOutputStream body) {
    }

    private record Load(String database, String table, String user, String host, String remoteAddress,
                        Map<String, String> headers, Path file, FileChannel body, long[] bytes) {
    }

    RequestHandler(Database db, Path staging, ExecutorService loaders, LongSupplier sessionIds) {
        this.db = db;
        this.staging = staging;
        this.loaders = loaders;
        this.sessionIds = sessionIds;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) throws IOException {
        if (msg instanceof HttpRequest request) {
            begin(ctx, request);
        }
        if (msg instanceof HttpContent content) {
            if (console != null) {
                ByteBuf data = content.content();
                if (console.body().size() + data.readableBytes() > ConsoleApi.MAX_SQL_BYTES) {
                    console = null;
                    answer = json(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, Map.of("error", "The statement is over 1 MB"));
                } else {
                    data.readBytes(console.body(), data.readableBytes());
                }
            }
            if (load != null) {
                ByteBuf data = content.content();
                load.bytes()[0] += data.readableBytes();
                while (data.isReadable()) {
                    data.readBytes(load.body(), data.readableBytes());
                }
            }
            if (msg instanceof LastHttpContent) {
                end(ctx);
            }
        }
    }

    private void begin(ChannelHandlerContext ctx, HttpRequest request) throws IOException {
        String path = new QueryStringDecoder(request.uri()).path();
        if (path.equals("/metrics") && request.method().equals(HttpMethod.GET)) {
            metrics = true;
            return;
        }
        if (ConsoleApi.serves(path)) {
            String remoteAddress = remote(ctx);
            String user = consoleUser(request, Session.hostOf(remoteAddress));
            if (user == null) {
                return;
            }
            if (path.equals(ConsoleApi.SQL) && request.method().equals(HttpMethod.POST)) {
                // Only a page that sets this header may run SQL: a form another site posts cannot, as the
                // browser would send the console's login (or none, for a passwordless root) with it.
                if (!ConsoleApi.REQUESTED_BY_VALUE.equals(request.headers().get(ConsoleApi.REQUESTED_BY))) {
                    answer = json(HttpResponseStatus.FORBIDDEN, Map.of("error", "The console's SQL call needs the header "
                            + ConsoleApi.REQUESTED_BY + ": " + ConsoleApi.REQUESTED_BY_VALUE));
                    return;
                }
                console = new ConsoleRequest(user, remoteAddress, new java.io.ByteArrayOutputStream());
            } else {
                answer = page(ConsoleApi.page());
            }
            return;
        }
        if (path.equals(ERROR_LOG) && request.method().equals(HttpMethod.GET)) {
            answer = errorLog(ctx, request);
            return;
        }
        Matcher m = PATH.matcher(path);
        if (!m.matches() || !request.method().equals(HttpMethod.PUT)) {
            answer = json(HttpResponseStatus.NOT_FOUND, Map.of("status", "FAILED", "msg",
                    "Not found: " + request.method() + " " + request.uri() + " (Stream Load is PUT /api/{db}/{table}/_stream_load)"));
            return;
        }
        String remoteAddress = remote(ctx);
        String host = Session.hostOf(remoteAddress);
        String[] credentials = credentials(request.headers().get(HttpHeaderNames.AUTHORIZATION));
        if (credentials == null) {
            answer = unauthorized("Stream Load needs HTTP basic authentication: curl -u user:password");
            return;
        }
        CairnException refused = db.refuseLogin(credentials[0], host, Accounts.passwordFits(credentials[1]),
                !credentials[1].isEmpty());
        if (refused != null) {
            answer = unauthorized(refused.getMessage());
            return;
        }
        Map<String, String> headers = new HashMap<>();
        request.headers().forEach(h -> headers.put(h.getKey().toLowerCase(Locale.ROOT), h.getValue()));
        Path file = Files.createTempFile(staging, "stream-load-", ".body");
        FileChannel body = FileChannel.open(file, StandardOpenOption.WRITE);
        load = new Load(m.group(1), m.group(2), credentials[0], host, remoteAddress, headers, file, body, new long[1]);
    }

    private void end(ChannelHandlerContext ctx) throws IOException {
        if (console != null) {
            ConsoleRequest c = console;
            console = null;
            String sql = c.body().toString(StandardCharsets.UTF_8);
            loaders.execute(() -> ctx.writeAndFlush(json(HttpResponseStatus.OK,
                    ConsoleApi.run(db, sessionIds.getAsLong(), c.user(), c.remoteAddress(), sql))).addListener(ChannelFutureListener.CLOSE));
            return;
        }
        if (metrics) {
            metrics = false;
            loaders.execute(() -> ctx.writeAndFlush(text(MetricsReport.render(db))).addListener(ChannelFutureListener.CLOSE));
            return;
        }
        if (load == null) {
            FullHttpResponse ready = answer != null ? answer : json(HttpResponseStatus.BAD_REQUEST, Map.of("status", "FAILED"));
            answer = null;
            ctx.writeAndFlush(ready).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        Load done = load;
        load = null;
        done.body().close();
        loaders.execute(() -> {
            FullHttpResponse reply;
            try {
                reply = json(HttpResponseStatus.OK, loadAnswer(run(done), done.headers().get("host")));
            } catch (RuntimeException e) {
                LOG.warn("Stream Load into {}.{} failed", done.database(), done.table(), e);
                reply = json(HttpResponseStatus.INTERNAL_SERVER_ERROR, Map.of("status", "FAILED", "msg", String.valueOf(e.getMessage())));
            } finally {
                deleteQuietly(done.file());
            }
            ctx.writeAndFlush(reply).addListener(ChannelFutureListener.CLOSE);
        });
    }

    private StreamLoad.Result run(Load l) {
        try (Session session = db.open(sessionIds.getAsLong(), l.user(), null, l.remoteAddress())) {
            return StreamLoad.run(db, session, l.database(), l.table(), l.headers(), l.file(), l.bytes()[0]);
        }
    }

    /** A load's rejected rows (its ErrorURL), to an account that may log in, as Doris serves them. */
    private FullHttpResponse errorLog(ChannelHandlerContext ctx, HttpRequest request) {
        String[] credentials = credentials(request.headers().get(HttpHeaderNames.AUTHORIZATION));
        if (credentials == null) {
            return unauthorized("A load's error log needs HTTP basic authentication: curl -u user:password");
        }
        CairnException refused = db.refuseLogin(credentials[0], Session.hostOf(remote(ctx)), Accounts.passwordFits(credentials[1]),
                !credentials[1].isEmpty());
        if (refused != null) {
            return unauthorized(refused.getMessage());
        }
        List<String> file = new QueryStringDecoder(request.uri()).parameters().get("file");
        String log = LoadErrorLogs.read(db, file == null || file.isEmpty() ? null : file.get(0));
        return log == null ? json(HttpResponseStatus.NOT_FOUND, Map.of("status", "FAILED", "msg", "No such error log"))
                : text(log);
    }

    /** Doris's answer, in its field order; the ErrorURL on the host the client named. */
    private static Map<String, Object> loadAnswer(StreamLoad.Result r, String host) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("TxnId", r.txnId());
        out.put("Label", r.label());
        out.put("Comment", "");
        out.put("TwoPhaseCommit", "false");
        out.put("Status", r.status());
        if (r.existingJobStatus() != null) {
            out.put("ExistingJobStatus", r.existingJobStatus());
        }
        out.put("Message", r.message());
        out.put("NumberTotalRows", r.totalRows());
        out.put("NumberLoadedRows", r.loadedRows());
        out.put("NumberFilteredRows", r.filteredRows());
        out.put("NumberUnselectedRows", r.unselectedRows());
        out.put("LoadBytes", r.loadBytes());
        out.put("LoadTimeMs", r.loadTimeMs());
        if (r.errorLog() != null) {
            out.put("ErrorURL", "http://" + host + ERROR_LOG + "?file=" + r.errorLog());
        }
        return out;
    }

    /**
     * Who uses the console: the user of the basic Authorization header, or root when none is sent and
     * root has no password (as the MySQL port lets it in); null, with a 401 that makes a browser ask
     * for a login, otherwise.
     */
    private String consoleUser(HttpRequest request, String host) {
        String[] credentials = credentials(request.headers().get(HttpHeaderNames.AUTHORIZATION));
        if (credentials == null) {
            credentials = new String[]{"root", ""};
        }
        CairnException refused = db.refuseLogin(credentials[0], host, Accounts.passwordFits(credentials[1]), !credentials[1].isEmpty());
        if (refused != null) {
            answer = unauthorized(refused.getMessage());
            return null;
        }
        return credentials[0];
    }

    /** {user, password} of a basic Authorization header, or null without one. */
    private static String[] credentials(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(authorization.substring(6).strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
        int colon = decoded.indexOf(':');
        return colon < 0 ? new String[]{decoded, ""} : new String[]{decoded.substring(0, colon), decoded.substring(colon + 1)};
    }

    private static FullHttpResponse unauthorized(String message) {
        FullHttpResponse r = json(HttpResponseStatus.UNAUTHORIZED, Map.of("status", "FAILED", "msg", message));
        r.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Basic realm=\"CairnDB\"");
        return r;
    }

    private static FullHttpResponse page(byte[] html) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(html));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/html; charset=utf-8")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, html.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        return r;
    }

    private static FullHttpResponse text(String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(bytes));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        return r;
    }

    private static FullHttpResponse json(HttpResponseStatus status, Map<String, ?> body) {
        byte[] bytes;
        try {
            bytes = JSON.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings and numbers is JSON", e);
        }
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON + "; charset=UTF-8")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        return r;
    }

    private static String remote(ChannelHandlerContext ctx) {
        InetSocketAddress a = (InetSocketAddress) ctx.channel().remoteAddress();
        return a.getAddress().getHostAddress() + ":" + a.getPort();
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.warn("Cannot delete the staged Stream Load body {}: {}", file, e.getMessage());
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws IOException {
        // A client that went away mid-body leaves a partial file: nothing is loaded from it.
        if (load != null) {
            load.body().close();
            deleteQuietly(load.file());
            load = null;
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("Stream Load connection from {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
