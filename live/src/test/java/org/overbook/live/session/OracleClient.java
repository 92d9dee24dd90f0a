package org.overbook.live.session;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A well-behaved client that knows what every reply must be: it keeps its own copy of its items (keys of its own
 * prefix, binary values that may hold {@code \r\n}) and checks each reply byte for byte. It pipelines a batch of
 * commands, with and without {@code noreply}, in writes of random sizes (down to one byte), then reads the batch's
 * replies; a {@code gets} and two {@code cas} check the cas path. Any difference is a failure naming the batch.
 */
final class OracleClient implements AutoCloseable {

    private static final Pattern GETS_REPLY = Pattern.compile("VALUE \\S+ \\d+ \\d+ (\\d+)\r\n");
    private static final int KEYS = 12;
    private static final int VALUE_MAX = 2000;

    private record Item(int flags, byte[] value) {
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final Random random;
    private final String prefix;
    private final Map<String, Item> items = new HashMap<>();
    private final ByteArrayOutputStream request = new ByteArrayOutputStream();
    private final ByteArrayOutputStream expected = new ByteArrayOutputStream();
    private int batches;

    OracleClient(int port, Random random, String prefix) throws IOException {
        this.socket = new Socket("127.0.0.1", port);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(20_000);
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
        this.random = random;
        this.prefix = prefix;
    }

    /** Sends one batch of commands and checks its replies; returns null, or what was wrong. */
    String batch() throws IOException {
        batches++;
        if (random.nextInt(8) == 0) {
            return casRound();
        }
        request.reset();
        expected.reset();
        int commands = 1 + random.nextInt(8);
        for (int i = 0; i < commands; i++) {
            command();
        }
        return exchange(request.toByteArray(), expected.toByteArray());
    }

    private void command() {
        String key = key();
        Item item = items.get(key);
        boolean noreply = random.nextInt(5) == 0;
        switch (random.nextInt(11)) {
            case 0, 1 -> {
                int flags = random.nextInt(1 << 16);
                byte[] value = value();
                store("set", key, flags, value, noreply, "STORED");
                items.put(key, new Item(flags, value));
            }
            case 2 -> {
                int flags = random.nextInt(100);
                byte[] value = value();
                store("add", key, flags, value, noreply, item == null ? "STORED" : "NOT_STORED");
                items.putIfAbsent(key, new Item(flags, value));
            }
            case 3 -> {
                int flags = random.nextInt(100);
                byte[] value = value();
                store("replace", key, flags, value, noreply, item != null ? "STORED" : "NOT_STORED");
                items.computeIfPresent(key, (k, old) -> new Item(flags, value));
            }
            case 4 -> {
                byte[] more = Arrays.copyOf(value(), random.nextInt(100));
                boolean append = random.nextBoolean();
                if (item != null && item.value.length + more.length > VALUE_MAX) {
                    more = new byte[0];
                }
                store(append ? "append" : "prepend", key, 7, more, noreply, item != null ? "STORED" : "NOT_STORED");
                if (item != null) {
                    items.put(key, new Item(item.flags, append ? concat(item.value, more) : concat(more, item.value)));
                }
            }
            case 5, 6 -> get();
            case 7 -> {
                text("delete " + key + (noreply ? " noreply" : "") + "\r\n");
                reply(noreply, item != null ? "DELETED" : "NOT_FOUND");
                items.remove(key);
            }
            case 8 -> arithmetic(key, item, noreply);
            case 9 -> {
                text("touch " + key + " 0" + (noreply ? " noreply" : "") + "\r\n");
                reply(noreply, item != null ? "TOUCHED" : "NOT_FOUND");
            }
            default -> {
                text("version\r\n");
                reply(false, "VERSION 1.6.0-overbook");
            }
        }
    }

    private void get() {
        int n = 1 + random.nextInt(3);
        StringBuilder line = new StringBuilder("get");
        for (int i = 0; i < n; i++) {
            String key = key();
            line.append(' ').append(key);
            Item item = items.get(key);
            if (item != null) {
                expect("VALUE " + key + " " + item.flags + " " + item.value.length + "\r\n");
                expected.writeBytes(item.value);
                expect("\r\n");
            }
        }
        text(line + "\r\n");
        expect("END\r\n");
    }

    private void arithmetic(String key, Item item, boolean noreply) {
        boolean incr = random.nextBoolean();
        long delta = random.nextInt(10) == 0 ? Long.MAX_VALUE : random.nextInt(1000);
        text((incr ? "incr " : "decr ") + key + " " + delta + (noreply ? " noreply" : "") + "\r\n");
        if (item == null) {
            reply(noreply, "NOT_FOUND");
            return;
        }
        String text = new String(item.value, StandardCharsets.ISO_8859_1);
        if (!text.matches("[0-9]{1,19}")) {
            reply(noreply, "CLIENT_ERROR cannot increment or decrement non-numeric value");
            return;
        }
        long value = Long.parseUnsignedLong(text);
        long result = incr ? value + delta : Long.compareUnsigned(delta, value) > 0 ? 0 : value - delta;
        String digits = Long.toUnsignedString(result);
        reply(noreply, digits);
        items.put(key, new Item(item.flags, digits.getBytes(StandardCharsets.US_ASCII)));
    }

    /** {@code gets} a key, then {@code cas} with its cas unique (stored) and with the same again (exists). */
    private String casRound() throws IOException {
        String key = key();
        Item item = items.get(key);
        String gets = "gets " + key + "\r\n";
        if (item == null) {
            return exchange(gets.getBytes(StandardCharsets.US_ASCII), "END\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        send(gets.getBytes(StandardCharsets.US_ASCII));
        String header = readLine();
        Matcher m = GETS_REPLY.matcher(header);
        if (!m.matches() || !header.startsWith("VALUE " + key + " " + item.flags + " " + item.value.length + " ")) {
            return "batch " + batches + ": gets " + key + " answered " + header.strip();
        }
        byte[] rest = readExactly(item.value.length + 2 + "END\r\n".length());
        byte[] wanted = concat(item.value, "\r\nEND\r\n".getBytes(StandardCharsets.US_ASCII));
        if (!Arrays.equals(rest, wanted)) {
            return "batch " + batches + ": gets " + key + " returned another value: " + ReplyGrammar.excerpt(rest, 0);
        }
        byte[] value = value();
        request.reset();
        expected.reset();
        for (String answer : new String[] {"STORED", "EXISTS"}) {
            text("cas " + key + " 3 0 " + value.length + " " + m.group(1) + "\r\n");
            request.writeBytes(value);
            text("\r\n");
            expect(answer + "\r\n");
        }
        items.put(key, new Item(3, value));
        return exchange(request.toByteArray(), expected.toByteArray());
    }

    /** Writes {@code bytes} in writes of random sizes and checks that exactly {@code wanted} comes back. */
    private String exchange(byte[] bytes, byte[] wanted) throws IOException {
        send(bytes);
        byte[] got = readExactly(wanted.length);
        if (!Arrays.equals(got, wanted)) {
            int at = Arrays.mismatch(got, wanted);
            socket.setSoTimeout(1_000);
            try {
                got = concat(got, readLine().getBytes(StandardCharsets.ISO_8859_1)); // the rest of the wrong line
            } catch (IOException e) {
                // what came is what there is
            }
            return "batch " + batches + " (" + ReplyGrammar.excerpt(bytes, 0) + "...): at byte " + at + " expected '"
                    + ReplyGrammar.excerpt(wanted, at) + "' got '" + ReplyGrammar.excerpt(got, at) + "'";
        }
        return null;
    }

    /** After the last batch: nothing more may have come (a reply not asked for). */
    String nothingMore() throws IOException {
        return exchange("version\r\n".getBytes(StandardCharsets.US_ASCII),
                "VERSION 1.6.0-overbook\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    private void send(byte[] bytes) throws IOException {
        int at = 0;
        while (at < bytes.length) {
            int n = random.nextInt(3) == 0 ? 1 + random.nextInt(4) : 1 + random.nextInt(bytes.length);
            n = Math.min(n, bytes.length - at);
            out.write(bytes, at, n);
            out.flush();
            at += n;
        }
    }

    private byte[] readExactly(int n) throws IOException {
        byte[] got = in.readNBytes(n);
        if (got.length < n) {
            throw new IOException("the gateway closed a well-behaved client's connection after " + got.length + " of "
                    + n + " bytes, batch " + batches + ": " + ReplyGrammar.excerpt(got, 0));
        }
        return got;
    }

    private String readLine() throws IOException {
        StringBuilder line = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0) {
            line.append((char) b);
            if (b == '\n') {
                break;
            }
        }
        return line.toString();
    }

    private void store(String command, String key, int flags, byte[] value, boolean noreply, String answer) {
        text(command + " " + key + " " + flags + " 0 " + value.length + (noreply ? " noreply" : "") + "\r\n");
        request.writeBytes(value);
        text("\r\n");
        reply(noreply, answer);
    }

    private void reply(boolean noreply, String line) {
        if (!noreply) {
            expect(line + "\r\n");
        }
    }

    private String key() {
        return prefix + random.nextInt(KEYS);
    }

    private byte[] value() {
        if (random.nextInt(3) == 0) {
            return Long.toString(random.nextLong(1L << 40)).getBytes(StandardCharsets.US_ASCII);
        }
        byte[] value = new byte[random.nextInt(VALUE_MAX)];
        random.nextBytes(value);
        return value;
    }

    private void text(String s) {
        request.writeBytes(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    private void expect(String s) {
        expected.writeBytes(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
