package org.overbook.perf.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.overbook.guest.Named;
import org.overbook.nic.tlb.NicTlb;
import org.overbook.nic.tlb.TlbConfig;
import org.overbook.nic.tlb.TlbEvictionListener;
import org.overbook.nic.tlb.TlbPartitions;
import org.overbook.nic.tlb.TlbReplacements;

/**
 * The NIC TLB on the DMA engine's path: a lookup that hits (target: at most 20 ns), and a lookup that
 * misses followed by the insert that fills it, replacing an entry of a full set. {@link #baseline} reads
 * the same key arrays without the TLB, so the TLB's own cost is the difference.
 *
 * <p>The TLB has 512 sets of 8 ways shared by 4 VFs; {@code @Setup} fills it to about half its capacity
 * with keys spread over the VFs and keeps, as the hit working set, the keys that are still cached.
 *
 * <p>Run: {@code ./overbook bench NicTlb} (one policy: {@code ./overbook bench NicTlb -p replacement=lru}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-XX:+UseParallelGC") // the GC ./overbook runs simulations with
public class NicTlbBenchmark {

    private static final int SETS = 512;
    private static final int WAYS = 8;
    private static final int VFS = 4;
    /** Hit keys replayed in a loop; a power of two so the index is a mask. */
    private static final int HIT_KEYS = 1 << 10;
    /** Pages above any page used in setup, so the miss stream never hits. */
    private static final long MISS_BASE = 1L << 32;

    @Param({"lru", "fifo", "random"})
    public String replacement;

    @Param({"shared", "static", "quota"})
    public String partition;

    private NicTlb tlb;
    private final int[] hitVfs = new int[HIT_KEYS];
    private final long[] hitPages = new long[HIT_KEYS];
    private int next;
    private long missPage;

    @Setup(Level.Trial)
    public void setUp() {
        TlbConfig config = new TlbConfig(SETS, WAYS, VFS,
                TlbReplacements.builtIn().create("replacement", Named.of(replacement), new SplittableRandom(/* seed= */ 1)),
                TlbPartitions.builtIn().create("partition", Named.of(partition), new SplittableRandom(/* seed= */ 2)), /* quota= */ WAYS / 2);
        tlb = new NicTlb(config, new SplittableRandom(/* seed= */ 42), TlbEvictionListener.NONE);
        SplittableRandom keys = new SplittableRandom(/* seed= */ 7);
        int inserted = config.entries() / 2;
        int[] vfs = new int[inserted];
        long[] pages = new long[inserted];
        for (int i = 0; i < inserted; i++) {
            vfs[i] = i % VFS;
            pages[i] = keys.nextLong(MISS_BASE);
            tlb.insert(vfs[i], pages[i], /* frame= */ i);
        }
        int cached = 0;
        for (int i = 0; i < inserted && cached < HIT_KEYS; i++) {
            if (tlb.lookup(vfs[i], pages[i]) != NicTlb.MISS) {
                hitVfs[cached] = vfs[i];
                hitPages[cached] = pages[i];
                cached++;
            }
        }
        if (cached == 0) {
            throw new IllegalStateException("setup cached nothing");
        }
        for (int i = cached; i < HIT_KEYS; i++) {
            hitVfs[i] = hitVfs[i % cached];
            hitPages[i] = hitPages[i % cached];
        }
        tlb.resetCounters();
    }

    /** Reads one key as {@link #hit} does, without the TLB. */
    @Benchmark
    public long baseline() {
        int i = next++ & (HIT_KEYS - 1);
        return hitPages[i] + hitVfs[i];
    }

    /** A lookup that hits. */
    @Benchmark
    public int hit() {
        int i = next++ & (HIT_KEYS - 1);
        return tlb.lookup(hitVfs[i], hitPages[i]);
    }

    /** A lookup that misses, then the insert that caches the page (usually replacing an entry). */
    @Benchmark
    public int missAndInsert() {
        long page = MISS_BASE + missPage++;
        int vf = (int) (page & (VFS - 1));
        int frame = tlb.lookup(vf, page);
        if (frame == NicTlb.MISS) {
            tlb.insert(vf, page, /* frame= */ (int) (page & 0xFFFFFF));
        }
        return frame;
    }
}
