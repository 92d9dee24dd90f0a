package org.overbook.workloads.mpi;

import java.util.ArrayList;
import java.util.List;
import org.overbook.guest.ConfigurationException;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.WorkloadParameters;

/**
 * A halo exchange's parameters.
 *
 * @param torus        the job's ranks ({@code job: 8x8})
 * @param colour       this rank's colour, 0 or 1; colour 0 connects to its peers, colour 1 listens
 * @param index        this rank's place among the ranks of its colour
 * @param peers        the tenants running the other colour's ranks, in their colour order
 * @param service      the service colour 1 listens on
 * @param eagerSlots   eager buffers per peer and direction (a ring)
 * @param eagerSlot    bytes of one eager buffer; a message up to it less the header goes eager
 * @param halo         bytes of one halo (one message per neighbour and iteration)
 * @param computeNanos the vCPU time one iteration computes before it sends its halos
 * @param warmup       unmeasured iterations before the measured ones
 * @param iterations   measured iterations
 * @param registerOnce register the application's halo buffers once at start ({@code registration: once}, as an
 *                     ODP-aware library registers the address space with implicit ODP) rather than around each
 *                     rendezvous ({@code registration: cache}, through the library's registration cache)
 */
record HaloSettings(Torus torus, int colour, int index, List<String> peers, String service, int eagerSlots, int eagerSlot,
                    int halo, long computeNanos, int warmup, int iterations, boolean registerOnce) {

    /** Bytes at the start of every eager buffer that say what the message is. */
    static final int HEADER = 64;

    /**
     * Reads {@code job} (columns x rows), {@code colour}, {@code rank} (the index among the colour's ranks),
     * {@code peers} (comma-separated tenant names), {@code service}, {@code eager-buffers}, {@code eager-buffer},
     * {@code halo}, {@code compute}, {@code warmup}, {@code iterations}, {@code registration} (cache, once).
     */
    static HaloSettings from(WorkloadParameters p) {
        Torus torus = torus(p);
        int colour = (int) p.integer("colour", 0, 0, 1);
        int index = whole(p, "rank", torus.perColour() - 1);
        List<String> peers = peers(p, torus.perColour());
        String service = p.string("service", "mpi");
        int slots = (int) p.integer("eager-buffers", 16, 1, 1024);
        int slot = (int) p.bytes("eager-buffer", 8 << 10, 2 * HEADER, 1 << 20);
        int halo = (int) p.bytes("halo", 16 << 10, 16, 64 << 20);
        long compute = p.nanos("compute", 20_000, 0, 1_000_000_000L);
        int warmup = (int) p.integer("warmup", 20, 0, 1_000_000);
        int iterations = (int) p.integer("iterations", 100, 1, 100_000_000);
        boolean once = p.choice("registration", "cache", "cache", "once").equals("once");
        long rings = 2L * peers.size() * slots * pages(slot);
        long buffers = 2L * Torus.DIRECTIONS * pages(halo);
        p.requireFitsGuest("eager-buffers", rings + buffers);
        return new HaloSettings(torus, colour, index, peers, service, slots, slot, halo, compute, warmup, iterations, once);
    }

    /** Returns whether a halo goes eager (copied through an eager buffer) rather than by rendezvous. */
    boolean eager() {
        return halo <= eagerSlot - HEADER;
    }

    /** Returns {@code bytes} rounded up to whole pages. */
    static long pages(long bytes) {
        return (bytes + GuestMemory.PAGE_SIZE - 1) / GuestMemory.PAGE_SIZE * GuestMemory.PAGE_SIZE;
    }

    private static Torus torus(WorkloadParameters p) {
        String text = p.string("job", "4x4").strip();
        String[] parts = text.split("x");
        try {
            if (parts.length == 2) {
                return new Torus(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new ConfigurationException(p.field("job"), "'" + text + "' is not a torus of ranks; accepted: COLUMNSxROWS, "
                + "both even and at least 2, such as 8x8");
    }

    /** Reads a whole number that may come as text (a filled-in {@code ${index}}). */
    private static int whole(WorkloadParameters p, String key, int max) {
        String text = p.string(key, null);
        if (text == null) {
            throw new ConfigurationException(p.field(key), "missing; the rank's place among its colour's ranks, 0 to " + max);
        }
        try {
            int value = Integer.parseInt(text.strip());
            if (value >= 0 && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ConfigurationException(p.field(key), "'" + text + "' is out of range; accepted: 0 to " + max);
    }

    private static List<String> peers(WorkloadParameters p, int expected) {
        String text = p.string("peers", null);
        if (text == null || text.isBlank()) {
            throw new ConfigurationException(p.field("peers"), "missing; the tenants running the other colour's ranks, "
                    + "in order (such as ${clients})");
        }
        List<String> peers = new ArrayList<>();
        for (String part : unbracket(text).split(",")) {
            if (!part.isBlank()) {
                peers.add(part.strip());
            }
        }
        if (peers.size() != expected) {
            throw new ConfigurationException(p.field("peers"), peers.size() + " tenants named; the job's other colour has "
                    + expected + " ranks");
        }
        return List.copyOf(peers);
    }

    private static String unbracket(String text) {
        String t = text.strip();
        return t.startsWith("[") && t.endsWith("]") ? t.substring(1, t.length() - 1) : t;
    }
}
