package org.overbook.live.session;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * The bytes a misbehaving client sends: a random mix of valid commands and corrupted ones (a wrong byte count, a
 * missing or bare line end, a key over 250 bytes or with control bytes, negative or huge numbers, unknown commands,
 * binary garbage, a line with no end, a flood of gets), pipelined in one stream. Its keys start with its own prefix, and it never
 * sends {@code flush_all}, so what it does cannot legitimately touch another client's items. Drawn from a seeded
 * {@link Random}: the same seed makes the same script.
 */
final class ChaosScript {

    private static final String[] STORAGE = {"set", "add", "replace", "append", "prepend"};
    private static final String[] UNKNOWN = {"foo", "mg", "ms", "md", "gett", "SET", "lru_crawler", "shutdown", "slabs",
            "GET / HTTP/1.1", "", " ", "\t", "quitx"};

    private final Random random;
    private final String prefix;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private ChaosScript(Random random, String prefix) {
        this.random = random;
        this.prefix = prefix;
    }

    /** Returns a script of {@code pieces} pieces for a client whose keys start with {@code prefix}. */
    static byte[] of(Random random, String prefix, int pieces) {
        ChaosScript script = new ChaosScript(random, prefix);
        for (int i = 0; i < pieces; i++) {
            script.piece();
        }
        return script.out.toByteArray();
    }

    private void piece() {
        int kind = random.nextInt(100);
        if (kind < 45) {
            valid();
        } else if (kind < 55) {
            wrongByteCount();
        } else if (kind < 62) {
            lineEnds();
        } else if (kind < 68) {
            badKey();
        } else if (kind < 76) {
            badNumbers();
        } else if (kind < 83) {
            text(UNKNOWN[random.nextInt(UNKNOWN.length)] + " " + key() + "\r\n");
        } else if (kind < 90) {
            garbage();
        } else if (kind < 94) {
            tooLarge();
        } else if (kind < 96) {
            longGet();
        } else if (kind < 98) {
            endlessLine();
        } else {
            flood();
        }
    }

    private void valid() {
        switch (random.nextInt(12)) {
            case 0, 1, 2 -> store(STORAGE[random.nextInt(STORAGE.length)], key(), value(), noreply());
            case 3 -> text("cas " + key() + " " + random.nextInt(100) + " 0 3 " + random.nextInt(50) + noreply() + "\r\nabc\r\n");
            case 4, 5 -> text((random.nextBoolean() ? "get" : "gets") + keys(1 + random.nextInt(6)) + "\r\n");
            case 6 -> text((random.nextBoolean() ? "gat" : "gats") + " " + random.nextInt(1000) + keys(1 + random.nextInt(3)) + "\r\n");
            case 7 -> text("delete " + key() + noreply() + "\r\n");
            case 8 -> text((random.nextBoolean() ? "incr " : "decr ") + key() + " " + random.nextInt(1000) + noreply() + "\r\n");
            case 9 -> text("touch " + key() + " " + random.nextInt(1000) + noreply() + "\r\n");
            case 10 -> text(random.nextBoolean() ? "version\r\n" : "verbosity " + random.nextInt(3) + noreply() + "\r\n");
            default -> text(random.nextBoolean() ? "stats\r\n" : "stats " + (random.nextBoolean() ? "settings" : "items") + "\r\n");
        }
    }

    /** A storage command whose data block is longer or shorter than its {@code <bytes>}. */
    private void wrongByteCount() {
        byte[] value = value();
        int declared = Math.max(0, value.length + random.nextInt(21) - 10);
        text("set " + key() + " 0 0 " + declared + noreply() + "\r\n");
        bytes(value);
        text("\r\n");
    }

    /** A command with a bare {@code \n}, none at all (glued to the next), or a value not followed by {@code \r\n}. */
    private void lineEnds() {
        switch (random.nextInt(4)) {
            case 0 -> text("get " + key() + "\n");
            case 1 -> text("get " + key());
            case 2 -> {
                byte[] value = value();
                text("set " + key() + " 0 0 " + value.length + "\r\n");
                bytes(value);
                text(random.nextBoolean() ? "\n" : "XY");
            }
            default -> text("version\r\r\n");
        }
    }

    private void badKey() {
        String key = random.nextBoolean() ? prefix + "k".repeat(240 + random.nextInt(30))
                : prefix + (char) random.nextInt(32) + "x" + (char) (random.nextInt(32));
        if (key.indexOf('\n') >= 0) {
            key = key.replace('\n', '\0');
        }
        if (random.nextBoolean()) {
            store("set", key, value(), noreply());
        } else {
            text((random.nextBoolean() ? "get " : "delete ") + key + "\r\n");
        }
    }

    private void badNumbers() {
        String[] numbers = {"-1", "-2147483649", "4294967296", "99999999999999999999999", "18446744073709551616", "+5",
                " ", "0x10", "1e3", "-0", "abc"};
        String n = numbers[random.nextInt(numbers.length)];
        switch (random.nextInt(5)) {
            case 0 -> text("set " + key() + " " + n + " 0 1\r\nx\r\n");
            case 1 -> text("set " + key() + " 0 " + n + " 1\r\nx\r\n");
            case 2 -> text("set " + key() + " 0 0 " + n + "\r\nx\r\n");
            case 3 -> text((random.nextBoolean() ? "incr " : "decr ") + key() + " " + n + "\r\n");
            default -> text((random.nextBoolean() ? "touch " + key() + " " : "flush_all_not ") + n + "\r\n");
        }
    }

    private void garbage() {
        byte[] junk = new byte[1 + random.nextInt(random.nextBoolean() ? 64 : 1500)];
        random.nextBytes(junk);
        bytes(junk);
        if (random.nextBoolean()) {
            text("\r\n");
        }
    }

    /** A value over the item size limit or over one request message, sometimes with its data. */
    private void tooLarge() {
        int size = random.nextBoolean() ? 9000 + random.nextInt(20_000) : (1 << 20) + 1 + random.nextInt(1 << 20);
        text("set " + key() + " 0 0 " + size + noreply() + "\r\n");
        if (random.nextInt(4) > 0) {
            bytes(filler(size, (byte) 'z'));
            text("\r\n");
        }
    }

    private void longGet() {
        StringBuilder line = new StringBuilder("get");
        int keys = 200 + random.nextInt(800);
        for (int i = 0; i < keys; i++) {
            line.append(' ').append(prefix).append(i);
        }
        text(line + "\r\n");
    }

    /** Up to about 1.3 MB of pipelined gets at once: more request bytes than the gateway lets wait in the model. */
    private void flood() {
        text(("get " + key() + "\r\n").repeat(5_000 + random.nextInt(150_000)));
    }

    private void endlessLine() {
        bytes(filler(2049 + random.nextInt(20_000), (byte) (random.nextBoolean() ? 'x' : ' ')));
    }

    private void store(String command, String key, byte[] value, String noreply) {
        text(command + " " + key + " " + random.nextInt(1000) + " " + (random.nextInt(10) == 0 ? -1 : 0) + " " + value.length
                + noreply + "\r\n");
        bytes(value);
        text("\r\n");
    }

    private String key() {
        return prefix + random.nextInt(10);
    }

    private String keys(int n) {
        StringBuilder keys = new StringBuilder();
        for (int i = 0; i < n; i++) {
            keys.append(' ').append(key());
        }
        return keys.toString();
    }

    private byte[] value() {
        if (random.nextInt(4) == 0) {
            return Integer.toString(random.nextInt(100_000)).getBytes(StandardCharsets.US_ASCII); // for incr/decr
        }
        byte[] value = new byte[random.nextInt(random.nextBoolean() ? 40 : 3000)];
        random.nextBytes(value);
        return value;
    }

    private String noreply() {
        return random.nextInt(4) == 0 ? " noreply" : "";
    }

    private static byte[] filler(int size, byte b) {
        byte[] bytes = new byte[size];
        java.util.Arrays.fill(bytes, b);
        return bytes;
    }

    private void text(String s) {
        bytes(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    private void bytes(byte[] b) {
        out.writeBytes(b);
    }
}
