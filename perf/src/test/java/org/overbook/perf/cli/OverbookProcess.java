package org.overbook.perf.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.overbook.perf.run.SwapArea;

/**
 * The {@code overbook} command in a child JVM, as the launcher script starts it: this test JVM's class path
 * and {@code java.home}, and the JVM options of the parent pom ({@code overbook.jvm.options}, passed down by
 * Surefire). Its swap area is moved to {@code swapRoot}; its output goes to a file.
 */
final class OverbookProcess implements AutoCloseable {

    /**
     * How many seconds a child JVM is given to start, to get somewhere or to end, before a test gives up on it: a hang
     * guard, not a measure, generous for two cores that other work shares (a sweep of two small points that ends in 20 s
     * took over 3 minutes on two cores running 30 processes).
     */
    static final int ENDS_WITHIN = 600;

    final Process process;
    final Path output;

    private OverbookProcess(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    static OverbookProcess start(Path swapRoot, Path output, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String options = System.getProperty("overbook.jvm.options", "");
        if (options.isBlank()) {
            throw new IllegalStateException("overbook.jvm.options is not set: run this test through Maven (Surefire passes the parent pom's)");
        }
        command.addAll(Arrays.asList(options.trim().split("\\s+")));
        command.add("-Xmx512m");
        command.add("-cp");
        command.add(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
        command.add(Overbook.class.getName());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put(SwapArea.ENVIRONMENT, swapRoot.toString());
        return new OverbookProcess(builder.start(), output);
    }

    /** Waits for the process to end and returns its exit code. */
    int waitFor(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            throw new IllegalStateException("overbook did not end within " + seconds + " s; it printed:\n" + printed());
        }
        return process.exitValue();
    }

    /** Sends SIGTERM, as Ctrl-C would stop it (the shutdown hooks run), and returns its exit code once it ends. */
    int terminate() throws InterruptedException {
        process.destroy();
        return waitFor(ENDS_WITHIN);
    }

    /**
     * Waits until {@code file} holds text in which {@code written} is found (a write of the results so far); throws,
     * naming {@code what} and what the process printed, if the process ends first or {@value #ENDS_WITHIN} seconds pass.
     */
    void awaitWritten(Path file, Pattern written, String what) throws IOException, InterruptedException {
        for (int waited = 0; !(Files.exists(file) && written.matcher(Files.readString(file)).find()); waited++) {
            if (!process.isAlive()) {
                throw new IllegalStateException("overbook ended before it wrote " + what + "; it printed:\n" + printed());
            }
            if (waited == ENDS_WITHIN * 20) {
                throw new IllegalStateException("overbook wrote no " + what + " within " + ENDS_WITHIN + " s; it printed:\n" + printed());
            }
            Thread.sleep(50);
        }
    }

    String printed() {
        try {
            return Files.exists(output) ? Files.readString(output, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
