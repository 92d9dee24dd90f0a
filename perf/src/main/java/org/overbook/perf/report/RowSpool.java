package org.overbook.perf.report;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import org.overbook.perf.run.RunResult;

/**
 * The rows of a results folder's series files ({@code timeseries.csv}, {@code resources.csv}) of the points whose
 * samples a writer has let go, on disk: each point's rows are written once, as it finishes, to the end of one scratch
 * file, and copied from there into every later write of the series file. A sweep of thousands of points rewrites its
 * series files, hundreds of megabytes, every few seconds; their rows stay out of the heap between two writes, and a
 * point keeps no more than its summary ({@link RunResult#summary()}).
 *
 * <p>The scratch file is made in the folder given, opened with {@link StandardOpenOption#DELETE_ON_CLOSE} (on Linux
 * and macOS the JDK unlinks it as it opens it, so nothing is left behind however the process ends); {@link #close()}
 * gives its space back. A point is known by identity, as the writer knows the results it has written.
 */
final class RowSpool implements Closeable {

    private final Path directory;
    /** Where each point's rows start in the file, and how many bytes they take. */
    private final Map<RunResult, Place> places = new IdentityHashMap<>();
    private FileChannel file;
    private long end;

    /** Returns a spool whose scratch file, made at the first rows, goes in {@code directory} (made if missing). */
    RowSpool(Path directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    /** Adds {@code rows}, the rows of {@code result}, at the end of the file. */
    void add(RunResult result, String rows) {
        byte[] bytes = rows.getBytes(StandardCharsets.UTF_8);
        try {
            FileChannel channel = open();
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            long at = end;
            while (buffer.hasRemaining()) {
                at += channel.write(buffer, at);
            }
            places.put(result, new Place(end, bytes.length));
            end = at;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep a point's rows in " + directory, e);
        }
    }

    /** Returns whether the rows of {@code result} are here. */
    boolean holds(RunResult result) {
        return places.containsKey(result);
    }

    /** Forgets the rows of {@code result} (a point no longer in the run); their bytes stay until {@link #close()}. */
    void forget(RunResult result) {
        places.remove(result);
    }

    /** Copies the rows of {@code result}, which must be here, to {@code out}. */
    void copy(RunResult result, OutputStream out) throws IOException {
        Place place = places.get(result);
        if (place == null) {
            throw new IllegalStateException("point " + result.index() + "'s rows are not in the spool");
        }
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(place.length(), 1 << 16));
        long at = place.offset();
        long left = place.length();
        while (left > 0) {
            buffer.clear().limit((int) Math.min(left, buffer.capacity()));
            int read = file.read(buffer, at);
            if (read < 0) {
                throw new IOException("the spool of point rows in " + directory + " ended early");
            }
            out.write(buffer.array(), 0, read);
            at += read;
            left -= read;
        }
    }

    private FileChannel open() throws IOException {
        if (file == null) {
            Files.createDirectories(directory);
            Path name = Files.createTempFile(directory, ".rows-", ".spool");
            file = FileChannel.open(name, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    StandardOpenOption.DELETE_ON_CLOSE);
        }
        return file;
    }

    /** Removes the scratch file; the spool is empty again. */
    @Override
    public void close() {
        places.clear();
        end = 0;
        if (file != null) {
            try {
                file.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot remove the spool of point rows in " + directory, e);
            } finally {
                file = null;
            }
        }
    }

    private record Place(long offset, long length) {
    }
}
