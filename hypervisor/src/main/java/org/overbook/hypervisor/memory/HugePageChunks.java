package org.overbook.hypervisor.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * Allocates the 2 MiB chunks that hold host frames on transparent huge pages where the platform allows.
 *
 * <p>Why: guest accesses and DMAs land on random frames of a host's memory, so with 4 KiB pages nearly
 * every one misses the CPU's TLB and walks the page table; a 2 MiB page maps a whole chunk with one
 * TLB entry. Linux backs anonymous memory with huge pages only where a mapping is 2 MiB-aligned and, with
 * the common {@code transparent_hugepage=madvise} setting, advised {@code MADV_HUGEPAGE} before it is
 * touched, which {@link Arena#allocate} (malloc, then zeroing) never is. So on Linux, when this module may
 * call native code, a chunk is its own anonymous mapping ({@code mmap}), trimmed to a 2 MiB boundary and
 * advised before first use; fresh anonymous pages read as zeros, as an arena's zeroed chunk does. The
 * mapping is released with the arena. Elsewhere, or when a call fails, a chunk comes from the arena as
 * before. Only where the bytes live changes, never what they are: results do not depend on it.
 */
final class HugePageChunks {

    private static final long HUGE_PAGE = 2L << 20;
    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_PRIVATE_ANONYMOUS_NORESERVE = 0x02 | 0x20 | 0x4000;
    private static final int MADV_HUGEPAGE = 14;
    private static final long MAP_FAILED = -1;

    private static final MethodHandle MMAP;
    private static final MethodHandle MUNMAP;
    private static final MethodHandle MADVISE;

    static {
        MethodHandle mmap = null;
        MethodHandle munmap = null;
        MethodHandle madvise = null;
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")
                && HugePageChunks.class.getModule().isNativeAccessEnabled()) {
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup libc = linker.defaultLookup();
                mmap = linker.downcallHandle(libc.find("mmap").orElseThrow(), FunctionDescriptor.of(ValueLayout.ADDRESS,
                        ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
                munmap = linker.downcallHandle(libc.find("munmap").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
                madvise = linker.downcallHandle(libc.find("madvise").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
            } catch (RuntimeException e) {
                mmap = null; // no libc symbols: arena chunks
            }
        }
        MMAP = mmap;
        MUNMAP = munmap;
        MADVISE = madvise;
    }

    private HugePageChunks() {
    }

    /** Returns a zeroed chunk of {@code size} bytes (a multiple of 2 MiB) that lives as long as {@code arena}. */
    static MemorySegment allocate(Arena arena, long size) {
        MemorySegment chunk = MMAP == null ? null : mapAligned(arena, size);
        return chunk != null ? chunk : arena.allocate(size, FramePool.PAGE_SIZE);
    }

    /** Maps {@code size} bytes at a 2 MiB boundary, advised for huge pages; null if the kernel refuses. */
    private static MemorySegment mapAligned(Arena arena, long size) {
        try {
            long length = size + HUGE_PAGE;
            long base = ((MemorySegment) MMAP.invokeExact(MemorySegment.NULL, length, PROT_READ_WRITE,
                    MAP_PRIVATE_ANONYMOUS_NORESERVE, -1, 0L)).address();
            if (base == MAP_FAILED) {
                return null;
            }
            long aligned = (base + HUGE_PAGE - 1) & -HUGE_PAGE;
            unmap(base, aligned - base);
            unmap(aligned + size, base + length - (aligned + size));
            // A refused advice (huge pages off) leaves an ordinary mapping: still zeroed, still correct.
            int ignored = (int) MADVISE.invokeExact(MemorySegment.ofAddress(aligned), size, MADV_HUGEPAGE);
            return MemorySegment.ofAddress(aligned).reinterpret(size, arena, segment -> unmap(aligned, size));
        } catch (Throwable e) {
            return null; // the arena's chunk instead
        }
    }

    private static void unmap(long address, long length) {
        if (length == 0) {
            return;
        }
        try {
            int ignored = (int) MUNMAP.invokeExact(MemorySegment.ofAddress(address), length);
        } catch (Throwable e) {
            throw new IllegalStateException("unmapping host frames failed", e);
        }
    }
}
