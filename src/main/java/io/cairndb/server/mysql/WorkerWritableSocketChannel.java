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
 * A client connection whose socket the connection's worker may write to itself (see
 * {@link PacketSender}): a reply then leaves on the thread that computed it, instead of being
 * handed to the event loop, which would have to wake up to write it.
 */
final class WorkerWritableSocketChannel extends NioSocketChannel {
    WorkerWritableSocketChannel(Channel parent, SocketChannel socket) {
        super(parent, socket);
    }

    /** The socket; the event loop reads from it, and writes to it only what is handed to Netty. */
    SocketChannel socket() {
        return javaChannel();
    }

    /** The listening channel: accepts its connections as {@link WorkerWritableSocketChannel}s. */
    static final class Listener extends NioServerSocketChannel {
        private static final Logger LOG = LoggerFactory.getLogger(Listener.class);

        @Override
        protected int doReadMessages(List<Object> accepted) throws Exception {
            SocketChannel socket = javaChannel().accept();
            if (socket == null) {
                return 0;
            }
            try {
                accepted.add(new WorkerWritableSocketChannel(this, socket));
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
