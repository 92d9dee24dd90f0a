package org.overbook.perf.resume;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.run.codec.CheckedBytes;
import org.overbook.perf.run.codec.ResultCodec;
import org.overbook.perf.run.codec.UnreadableResultException;
import org.overbook.perf.scenario.SweepPoint;

/**
 * The bytes of one stored result: a header naming what it is the result of, then the result in {@link ResultCodec}'s
 * form, then a CRC-32 of everything before it. The header is a fixed text, the file's format, the {@link BuildStamp}
 * of the build that computed it, and the point it belongs to (the replica's seed and its resolved YAML, whole);
 * reading checks each against what the reader expects, so that a file is used only for the very point and build it was
 * written for, whatever its name says.
 */
final class StoredFile {

    private static final byte[] MAGIC = "overbook stored result\n".getBytes(StandardCharsets.US_ASCII);
    private static final int FORMAT = 2;

    private StoredFile() {
    }

    /** Returns the file's bytes for {@code result}, the result of {@code replica}. */
    static byte[] encode(BuildStamp stamp, SweepPoint replica, TimedResult result) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.write(MAGIC);
            out.writeInt(FORMAT);
            out.writeUTF(stamp.id());
            out.writeLong(replica.scenario().seed());
            writeBytes(out, replica.yaml().getBytes(StandardCharsets.UTF_8));
            writeBytes(out, ResultCodec.encode(result));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return CheckedBytes.sealed(bytes.toByteArray());
    }

    /** Returns what {@code file} holds for {@code replica}, as {@code stamp} reads it. */
    static Lookup decode(byte[] file, BuildStamp stamp, SweepPoint replica) {
        int length = CheckedBytes.intactLength(file);
        if (length < 0) {
            return new Lookup.Unusable("its checksum does not match");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(file, 0, length))) {
            if (!Arrays.equals(in.readNBytes(MAGIC.length), MAGIC)) {
                return new Lookup.Unusable("it is not a stored result");
            }
            if (in.readInt() != FORMAT || !in.readUTF().equals(stamp.id())) {
                return new Lookup.OtherBuild();
            }
            if (in.readLong() != replica.scenario().seed()
                    || !Arrays.equals(readBytes(in), replica.yaml().getBytes(StandardCharsets.UTF_8))) {
                return new Lookup.Unusable("it is the result of another point");
            }
            return new Lookup.Found(ResultCodec.decode(readBytes(in), replica));
        } catch (UnreadableResultException e) {
            return new Lookup.Unusable(e.reason());
        } catch (IOException e) {
            return new Lookup.Unusable("it is cut short (" + e + ")");
        }
    }

    /** Returns whether {@code file} is intact and the result of a build other than {@code stamp}'s. */
    static boolean isOfAnotherBuild(byte[] file, BuildStamp stamp) {
        int length = CheckedBytes.intactLength(file);
        if (length < 0) {
            return false;
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(file, 0, length))) {
            return Arrays.equals(in.readNBytes(MAGIC.length), MAGIC) && (in.readInt() != FORMAT || !in.readUTF().equals(stamp.id()));
        } catch (IOException e) {
            return false; // cut short: unusable, not another build's
        }
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException("a length of " + length + " bytes where " + in.available() + " are left");
        }
        return in.readNBytes(length);
    }
}
