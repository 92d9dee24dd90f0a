package org.overbook.workloads.memcached;

import java.util.List;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.workloads.memcached.protocol.MessageBuffer;
import org.overbook.workloads.memcached.protocol.ResponseEncoder;
import org.overbook.workloads.memcached.protocol.ResponseEncoder.Reply;

/**
 * The {@code stats} command: {@code stats} lists the general statistics (memcached's names, the few
 * that mean something here, plus the engine's own), {@code stats slabs} the slab classes in use; any
 * other argument is {@code ERROR}, as memcached answers an unknown stats group.
 */
final class StatsReply {

    private StatsReply() {
    }

    static void write(MemcachedEngine engine, List<String> arguments, MessageBuffer out) {
        if (arguments.isEmpty()) {
            general(engine, out);
        } else if (arguments.size() == 1 && arguments.getFirst().equals("slabs")) {
            slabs(engine.store().slabs(), out);
        } else {
            ResponseEncoder.reply(out, Reply.ERROR);
        }
    }

    private static void general(MemcachedEngine engine, MessageBuffer out) {
        long seconds = engine.store().nowSeconds();
        ResponseEncoder.stat(out, "uptime", seconds);
        ResponseEncoder.stat(out, "time", seconds);
        ResponseEncoder.stat(out, "version", MemcachedEngine.VERSION);
        ResponseEncoder.stat(out, "pointer_size", 64);
        ResponseEncoder.stat(out, "curr_connections", 1);
        ResponseEncoder.stat(out, "total_connections", 1);
        engine.report(new WorkloadMetrics() {
            @Override
            public void counter(String name, long value) {
                ResponseEncoder.stat(out, name, value);
            }

            @Override
            public void gauge(String name, double value) {
                // memcached's general statistics are whole numbers: the hash table's power, a state the engine reports
                // as a gauge (a total of it means nothing), is written as one; ratios are left to the client
                if (name.equals(MemcachedEngine.HASH_POWER_LEVEL)) {
                    ResponseEncoder.stat(out, name, (long) value);
                }
            }
        });
        ResponseEncoder.reply(out, Reply.END);
    }

    private static void slabs(SlabAllocator slabs, MessageBuffer out) {
        int active = 0;
        for (int c = 1; c <= slabs.classes(); c++) {
            int pages = slabs.pagesOf(c);
            if (pages == 0) {
                continue;
            }
            active++;
            long chunks = (long) pages * slabs.perPage(c);
            ResponseEncoder.stat(out, c + ":chunk_size", slabs.chunkSize(c));
            ResponseEncoder.stat(out, c + ":chunks_per_page", slabs.perPage(c));
            ResponseEncoder.stat(out, c + ":total_pages", pages);
            ResponseEncoder.stat(out, c + ":total_chunks", chunks);
            ResponseEncoder.stat(out, c + ":used_chunks", chunks - slabs.freeChunks(c));
            ResponseEncoder.stat(out, c + ":free_chunks", slabs.freeChunks(c));
        }
        ResponseEncoder.stat(out, "active_slabs", active);
        ResponseEncoder.stat(out, "total_malloced", slabs.malloced());
        ResponseEncoder.reply(out, Reply.END);
    }
}
