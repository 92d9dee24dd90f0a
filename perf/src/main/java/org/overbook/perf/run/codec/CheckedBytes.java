package org.overbook.perf.run.codec;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * Bytes followed by the CRC-32 of them, so that a reader refuses damaged bytes before it reads any count or length
 * in them: {@link ResultCodec}'s form, and the stored results that carry it.
 */
public final class CheckedBytes {

    private CheckedBytes() {
    }

    /** Returns {@code body} followed by its CRC-32 (four bytes, big-endian). */
    public static byte[] sealed(byte[] body) {
        return ByteBuffer.allocate(body.length + Integer.BYTES).put(body).putInt(checksum(body, body.length)).array();
    }

    /** Returns how many bytes of {@code sealed} its CRC-32 covers, or -1 if it is too short or its CRC-32 does not match. */
    public static int intactLength(byte[] sealed) {
        int length = sealed.length - Integer.BYTES;
        return length >= 0 && checksum(sealed, length) == ByteBuffer.wrap(sealed, length, Integer.BYTES).getInt() ? length : -1;
    }

    private static int checksum(byte[] bytes, int length) {
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, length);
        return (int) crc.getValue();
    }
}
