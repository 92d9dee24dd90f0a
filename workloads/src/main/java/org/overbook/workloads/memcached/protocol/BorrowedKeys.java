package org.overbook.workloads.memcached.protocol;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The keys of a {@link ParseResult.BorrowedGet}: a parser's own list of {@linkplain ByteString#window()
 * windows} on the command line, re-pointed at each parse, so that a get makes no list and no key objects.
 * Read-only to everyone but its parser.
 */
final class BorrowedKeys extends AbstractList<ByteString> implements RandomAccess {

    private ByteString[] windows = {ByteString.window()};
    private int size;

    /** Points the list at tokens {@code [from, to)} of {@code line}. */
    void point(CommandLine line, int from, int to) {
        int count = to - from;
        if (count > windows.length) {
            int had = windows.length;
            windows = Arrays.copyOf(windows, Math.max(count, 2 * had));
            for (int i = had; i < windows.length; i++) {
                windows[i] = ByteString.window();
            }
        }
        for (int i = 0; i < count; i++) {
            line.point(windows[i], from + i);
        }
        size = count;
    }

    @Override
    public ByteString get(int index) {
        return windows[Objects.checkIndex(index, size)];
    }

    @Override
    public int size() {
        return size;
    }
}
