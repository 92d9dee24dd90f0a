package org.overbook.perf.bench;

import java.util.SplittableRandom;

/**
 * The machine's price of a cold cache line: a chain of dependent loads through a random cyclic permutation of
 * one-per-cache-line slots spread over {@code SIZE} MiB of heap (each load's address is the value the previous
 * load returned, so neither the CPU's out-of-order window nor its prefetchers can hide a miss), printing the
 * nanoseconds per load for each size given.
 *
 * <p>It puts a floor under the simulator's own figures: a modelled request at many tenants touches each tenant's
 * state and guest bytes cold, and what one such touch costs on this machine (its caches, its TLB reach, and, in a
 * virtual machine, the nested page walk) bounds how flat the cost per request can stay as tenants grow. Run:
 * {@code java -Xmx4g -cp "$(ls benchmarks/target/benchmarks-*.jar)" org.overbook.perf.bench.MemoryLatencyProbe
 * 1 8 32 256 2048} (sizes in MiB; the heap must hold the largest). The permutation is seeded: the same sizes make
 * the same chains on any machine.
 */
public final class MemoryLatencyProbe {

    private static final int INTS_PER_LINE = 16;
    private static final long LOADS = 20_000_000L;

    private MemoryLatencyProbe() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            System.err.println("usage: MemoryLatencyProbe SIZE_MIB... (e.g. 1 8 32 256 2048)");
            System.exit(2);
        }
        for (String arg : args) {
            long mebibytes = Long.parseLong(arg);
            int[] chain = chain(mebibytes);
            int position = 0;
            for (int pass = 0; pass < 2; pass++) {
                long start = System.nanoTime();
                for (long load = 0; load < LOADS; load++) {
                    position = chain[position];
                }
                long elapsed = System.nanoTime() - start;
                if (pass == 1) {
                    System.out.printf("%d MiB: %.1f ns a dependent load (end %d)%n", mebibytes, elapsed / (double) LOADS,
                            position);
                }
            }
        }
    }

    /** One slot per 64-byte line, linked in a random cycle through every line of {@code mebibytes} MiB. */
    private static int[] chain(long mebibytes) {
        int lines = Math.toIntExact((mebibytes << 20) / 64);
        int[] order = new int[lines];
        for (int i = 0; i < lines; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(42);
        for (int i = lines - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        int[] chain = new int[Math.multiplyExact(lines, INTS_PER_LINE)];
        for (int i = 0; i < lines; i++) {
            chain[order[i] * INTS_PER_LINE] = order[(i + 1) % lines] * INTS_PER_LINE;
        }
        return chain;
    }
}
