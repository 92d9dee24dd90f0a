package org.overbook.live.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.cli.Overbook;
import picocli.CommandLine;

/** {@code overbook serve} and {@code overbook replay} as a shell runs them: found by the command, exit codes, output. */
class CommandsTest {

    @TempDir
    Path directory;

    private static final class Run {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();

        int execute(String... args) {
            CommandLine commandLine = Overbook.commandLine();
            commandLine.setOut(new PrintWriter(out, true));
            commandLine.setErr(new PrintWriter(err, true));
            return commandLine.execute(args);
        }
    }

    @Test
    void theVerbsAreFoundOnTheClassPath() {
        Run run = new Run();
        assertEquals(0, run.execute("--help"));
        assertTrue(run.out.toString().contains("serve") && run.out.toString().contains("replay"), run.out.toString());
    }

    /** A refused serve or replay makes no folder: not its own, nor an empty results/ above it. */
    @Test
    void aRefusedCommandLeavesNoFolder() throws IOException {
        Path results = directory.resolve("results");
        Run tooMany = new Run();
        assertEquals(2, tooMany.execute("serve", "--listen", "127.0.0.1:0", "--listen", "127.0.0.1:0", "--listen", "127.0.0.1:0",
                "--point", "1", "--out", results.resolve("serve").toString()));
        assertTrue(tooMany.err.toString().contains("3 addresses"), tooMany.err.toString());
        assertFalse(Files.exists(results), "serve was refused, and yet made " + results);
        Path notALog = Files.writeString(directory.resolve("notes.txt"), "not a session log\n");
        Run replay = new Run();
        assertEquals(2, replay.execute("replay", notALog.toString(), "--out", results.resolve("replay").toString()));
        assertTrue(replay.err.toString().contains("not an Overbook session log"), replay.err.toString());
        assertFalse(Files.exists(results), "replay was refused, and yet made " + results);
    }

    /** A named pipe is refused before it is opened: opening it would wait for a writer, forever if none comes. */
    @Test
    void aNamedPipeIsNoSessionLog() throws Exception {
        Path pipe = directory.resolve("session.log");
        int made;
        try {
            made = new ProcessBuilder("mkfifo", pipe.toString()).inheritIO().start().waitFor();
        } catch (IOException e) {
            made = -1;
        }
        assumeTrue(made == 0, "a system without mkfifo");
        Run replay = new Run();
        // a guard, not a measure: before, replay waited for a writer that never comes
        int exit = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> replay.execute("replay", pipe.toString(), "--out",
                directory.resolve("never").toString()));
        assertEquals(2, exit, replay.err.toString());
        assertEquals("overbook: configuration error: " + pipe + ": not a regular file but a named pipe, a device or a socket,"
                + " which is not read; accepted: a session log (session.log in a serve results folder)\n",
                replay.err.toString().replace("\r\n", "\n"));
    }

    @Test
    void configurationMistakesExitWithCodeTwoAndOneLine() throws IOException {
        Run badListen = new Run();
        assertEquals(2, badListen.execute("serve", "--listen", "localhost"));
        assertTrue(badListen.err.toString().contains("--listen"), badListen.err.toString());
        Run tooMany = new Run();
        assertEquals(2, tooMany.execute("serve", "--listen", "127.0.0.1:0", "--listen", "127.0.0.1:0", "--listen", "127.0.0.1:0",
                "--point", "1", "--out", directory.resolve("x").toString()));
        assertTrue(tooMany.err.toString().contains("3 addresses"), tooMany.err.toString());
        Run noSuchPoint = new Run();
        assertEquals(2, noSuchPoint.execute("serve", "--point", "7", "--listen", "127.0.0.1:0", "--out", directory.resolve("y").toString()));
        assertTrue(noSuchPoint.err.toString().contains("--point: 7; accepted: 0 to 6 (the file's points, numbered as run"),
                noSuchPoint.err.toString());
        Path onePoint = directory.resolve("one.yaml");
        Files.writeString(onePoint, "tenants: {count: 1}\n");
        Run noSecondPoint = new Run();
        assertEquals(2, noSecondPoint.execute("serve", onePoint.toString(), "--point", "1", "--listen", "127.0.0.1:0",
                "--out", directory.resolve("w").toString()));
        assertTrue(noSecondPoint.err.toString().contains("--point: 1; accepted: 0, the file's only point"), noSecondPoint.err.toString());
        Run noLog = new Run();
        assertEquals(2, noLog.execute("replay", directory.resolve("missing.log").toString()));
        assertTrue(noLog.err.toString().contains("no such session log"), noLog.err.toString());
        assertFalse(noLog.err.toString().contains("\tat "), "no stack trace");
        Run emptyLog = new Run();
        assertEquals(2, emptyLog.execute("replay", "", "--out", directory.resolve("never").toString()));
        assertEquals("overbook: configuration error: LOG: '' is an empty path; accepted: a session log (session.log in a serve"
                + " results folder)\n", emptyLog.err.toString().replace("\r\n", "\n"));
        assertFalse(badListen.err.toString().contains("Exception"), "no exception class: " + badListen.err);
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Run inUse = new Run();
            assertEquals(2, inUse.execute("serve", "--listen", "127.0.0.1:" + taken.getLocalPort(), "--duration", "1ms",
                    "--out", directory.resolve("in-use").toString()), inUse.err.toString());
            assertTrue(inUse.err.toString().startsWith("overbook: configuration error: --listen: cannot listen on "), inUse.err.toString());
            assertFalse(inUse.err.toString().contains("Exception"), "no exception class: " + inUse.err);
            assertFalse(java.nio.file.Files.exists(directory.resolve("in-use")), "nothing written: no results folder, no session.log");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Run zeroDuration = new Run();
        assertEquals(2, zeroDuration.execute("serve", "--duration", "0s", "--out", directory.resolve("z").toString()),
                "a zero duration is refused, not taken as 'until Ctrl-C'");
        assertTrue(zeroDuration.err.toString().contains("--duration"), zeroDuration.err.toString());
    }

    @Test
    void serveRunsUntilInterruptedThenWritesResultsThatReplayReproduces() throws Exception {
        Path yaml = directory.resolve("small.yaml");
        Files.writeString(yaml, """
                seed: 3
                host: {memory: 16MiB, swap: 32MiB}
                client-host: {memory: 96MiB}
                nic: {memory-policy: on-demand}
                tenants: {count: 1, template: {memory: 16MiB, workload: {params: {memory-limit: 8MiB}}}}
                clients: {count: 1, template: {memory: 16MiB, workload: {params: {targets: s0}}}}
                """);
        Path folder = directory.resolve("served");
        Run serve = new Run();
        int[] exit = {-1};
        Thread thread = new Thread(() -> exit[0] = serve.execute("serve", yaml.toString(), "--listen", "127.0.0.1:0",
                "--speed", "2", "--out", folder.toString()));
        thread.start();
        int port = awaitPort(serve);
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write("set greeting 0 0 5\r\nhello\r\nget greeting\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertEquals("STORED\r\nVALUE greeting 0 5\r\nhello\r\nEND\r\n", read(socket.getInputStream(), "END\r\n"));
        }
        thread.interrupt(); // as Ctrl-C stops it
        thread.join();
        assertEquals(0, exit[0], serve.err.toString());
        String printed = serve.out.toString();
        assertTrue(printed.contains("live0") && printed.contains("results: ") && printed.contains("overbook replay"), printed);
        assertEquals("serving overbook serve small.yaml", printed.lines().findFirst().orElseThrow(),
                "a file of one point is served under its name alone");
        String title = "# Overbook results: overbook serve small.yaml\n";
        assertTrue(Files.readString(folder.resolve("report.md")).startsWith(title), "and its results are named so");
        Run replay = new Run();
        assertEquals(0, replay.execute("replay", folder.resolve("session.log").toString(), "--out", directory.resolve("again").toString()),
                replay.err.toString());
        assertEquals(Files.readString(folder.resolve("summary.csv")), Files.readString(directory.resolve("again").resolve("summary.csv")));
        assertTrue(Files.readString(directory.resolve("again").resolve("report.md")).startsWith(title), "the name the log recorded");
    }

    @Test
    void serveAndReplaySayWhatAMemoryInMegabytesCameToAsRunDoes() throws IOException {
        Path yaml = directory.resolve("mb.yaml");
        Files.writeString(yaml, """
                host: {memory: 64MB, swap: 32MiB}
                tenants: {count: 1, template: {memory: 16MiB, workload: {params: {memory-limit: 8MiB}}}}
                clients: {count: 1, template: {memory: 16MiB, workload: {params: {targets: s0}}}}
                """);
        Run serve = new Run();
        assertEquals(0, serve.execute("serve", yaml.toString(), "--listen", "127.0.0.1:0", "--duration", "1ms",
                "--out", directory.resolve("mb").toString()), serve.err.toString());
        String warning = "overbook: warning: host.memory: 64MB is 64000000 bytes (61.0 MiB), as MB is a power of ten;"
                + " 64MiB would be 67108864 bytes\n";
        assertEquals(warning, serve.err.toString());
        Run replay = new Run();
        assertEquals(0, replay.execute("replay", directory.resolve("mb").resolve("session.log").toString(),
                "--out", directory.resolve("mb-again").toString()), replay.err.toString());
        assertEquals(warning, replay.err.toString(), "the session's scenario, as the log keeps it, says it again");
    }

    private static int awaitPort(Run run) throws InterruptedException {
        Pattern listening = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+)");
        for (int i = 0; i < 1200; i++) {
            Matcher m = listening.matcher(run.out.toString());
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            Thread.sleep(50);
        }
        throw new AssertionError("serve printed no listen address: " + run.out + run.err);
    }

    private static String read(InputStream in, String end) throws IOException {
        StringBuilder text = new StringBuilder();
        while (!text.toString().endsWith(end)) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            text.append((char) b);
        }
        return text.toString();
    }
}
