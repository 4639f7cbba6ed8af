package io.cairndb.server.mysql;

import io.netty.channel.Channel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.List;

/**
 * A client connection whose replies {@link PacketSender} writes to the socket itself, waiting while
 * the client is slow to read, instead of queueing them in Netty: the connection's thread is busy
 * with the command until the reply is written, so nothing else would write them meanwhile.
 */
final class DirectWriteSocketChannel extends NioSocketChannel {
    DirectWriteSocketChannel(Channel parent, SocketChannel socket) {
        super(parent, socket);
    }

    /** The socket; Netty reads from it, and writes to it only what is handed to Netty. */
    SocketChannel socket() {
        return javaChannel();
    }

    /** The listening channel: accepts its connections as {@link DirectWriteSocketChannel}s. */
    static final class Listener extends NioServerSocketChannel {
        private static final Logger LOG = LoggerFactory.getLogger(Listener.class);

        @Override
        protected int doReadMessages(List<Object> accepted) throws Exception {
            SocketChannel socket = javaChannel().accept();
            if (socket == null) {
                return 0;
            }
            try {
                accepted.add(new DirectWriteSocketChannel(this, socket));
                return 1;
            } catch (RuntimeException e) {
                LOG.warn("Cannot set up an accepted connection", e);
                try {
                    socket.close();
                } catch (IOException closing) {
                    LOG.debug("Closing a connection that could not be set up", closing);
                }
                return 0;
            }
        }
    }
}
