package org.overbook.cluster;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.launcher.JavaModuleOptions;

/**
 * A real Spark standalone cluster on this machine's loopback: a master and workers, each a JVM of its own started
 * from Spark's own classes ({@code org.apache.spark.deploy.master.Master}, {@code ...deploy.worker.Worker}) with
 * Spark's JVM options, on a class path without Overbook's modules, so Overbook's classes reach the executors only
 * as the application ships them. What {@code ./overbook spark-cluster} starts, and what the cluster tests run on.
 * {@link #close} kills every process it started and their children (the executors), whatever happened.
 *
 * <p>Spark's launcher finds the jars of a worker's executors under {@code SPARK_HOME}; here {@code SPARK_HOME} is an
 * empty directory and the jars come from {@code SPARK_DIST_CLASSPATH}, which the launcher appends.
 */
final class StandaloneCluster implements AutoCloseable {

    /** How long a process of the cluster may take to start: generous, for a machine busy with other work. */
    private static final long START_SECONDS = 300;
    /** The master's line that says where it listens: it binds a port of its own choosing ({@code --port 0}). */
    private static final Pattern LISTENING = Pattern.compile("Starting Spark master at spark://127\\.0\\.0\\.1:(\\d+)");
    /** Each worker's memory: room for one executor of the default 1g. */
    static final String WORKER_MEMORY = "1g";

    private final Path directory;
    /** The master's port, once it has said which ({@link #startMaster()}). */
    private int port;
    private final List<Process> processes = new ArrayList<>();
    private final List<Process> workers = new ArrayList<>();

    private StandaloneCluster(Path directory) {
        this.directory = directory;
    }

    /** Starts a master and {@code workers} workers of one core and 1 GiB each, and waits until all have registered. */
    static StandaloneCluster start(Path directory, int workers) throws IOException, InterruptedException {
        StandaloneCluster cluster = new StandaloneCluster(directory);
        try {
            cluster.startMaster();
            for (int i = 0; i < workers; i++) {
                cluster.startWorker(i);
            }
            cluster.awaitLog(directory.resolve("master.log"), "Registering worker", workers);
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            cluster.close();
            throw e;
        }
    }

    String masterUrl() {
        return "spark://127.0.0.1:" + port;
    }

    /**
     * Starts the master on a port it chooses and waits until it says which. A port found free beforehand could be taken
     * by another process before the master binds it: the master would then move to the next one, or this would connect
     * to the other process.
     */
    private void startMaster() throws IOException, InterruptedException {
        processes.add(launch("master", List.of("org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port", "0",
                "--webui-port", "0")));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        Matcher listening = LISTENING.matcher(log("master"));
        while (!listening.find()) {
            if (System.nanoTime() > deadline || !processes.getFirst().isAlive()) {
                throw new IllegalStateException("the Spark master did not start: " + log("master"));
            }
            Thread.sleep(200);
            listening = LISTENING.matcher(log("master"));
        }
        port = Integer.parseInt(listening.group(1));
    }

    private void startWorker(int index) throws IOException {
        Path work = Files.createDirectories(directory.resolve("worker-" + index));
        Process worker = launch("worker-" + index, List.of("org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                "--cores", "1", "--memory", WORKER_MEMORY, "--webui-port", "0", "--work-dir", work.toString(), masterUrl()));
        processes.add(worker);
        workers.add(worker);
    }

    private Process launch(String name, List<String> mainAndArguments) throws IOException {
        Path sparkHome = Files.createDirectories(directory.resolve("spark-home").resolve("jars"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(JavaModuleOptions.defaultModuleOptionArray()));
        command.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC", "-Dspark.master.rest.enabled=false", "-cp", sparkClassPath()));
        command.addAll(mainAndArguments);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(directory.resolve(name + ".log").toFile());
        Map<String, String> env = builder.environment();
        env.put("SPARK_HOME", sparkHome.getParent().toString());
        env.put("SPARK_SCALA_VERSION", "2.13");
        env.put("SPARK_DIST_CLASSPATH", sparkClassPath()); // what a worker gives its executors, besides the jars shipped
        env.put("SPARK_LOCAL_IP", "127.0.0.1");
        env.put("SPARK_LOCAL_DIRS", Files.createDirectories(directory.resolve("local-" + name)).toString());
        return builder.start();
    }

    /**
     * Spark's jars from this JVM's class path: every library jar but test tools' (Overbook's modules, directories or
     * jars built here, under an {@code org/overbook} folder of a Maven repository or of the launcher's copy of the
     * jars, are left out, so they reach the executors only as the application ships them). The libraries
     * Overbook shares with Spark (SLF4J, Jackson) are not told apart from those it alone uses, so these are there too.
     */
    private static String sparkClassPath() {
        return String.join(File.pathSeparator, Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> e.endsWith(".jar") && !e.contains(File.separator + "org" + File.separator + "overbook" + File.separator)
                        && !e.contains(File.separator + "target" + File.separator))
                .filter(e -> !e.contains("junit") && !e.contains("surefire") && !e.contains("jqwik") && !e.contains("opentest4j") && !e.contains("apiguardian"))
                .toList());
    }

    /** Returns the applications the workers have run so far (their directories under the workers' work directories). */
    Set<Path> applications() {
        Set<Path> out = new HashSet<>();
        for (int i = 0; i < workers.size(); i++) {
            try (Stream<Path> apps = Files.list(directory.resolve("worker-" + i))) {
                apps.forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /**
     * Waits until an executor of an application not in {@code earlier} has started a task (its log says so), and
     * returns the number of the worker it runs on.
     */
    int awaitRunningTask(Set<Path> earlier) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (System.nanoTime() < deadline) {
            for (int i = 0; i < workers.size(); i++) {
                try (Stream<Path> files = Files.walk(directory.resolve("worker-" + i))) {
                    if (files.filter(p -> p.getFileName().toString().equals("stderr"))
                            .filter(p -> !earlier.contains(p.getParent().getParent()))
                            .anyMatch(p -> read(p).contains("Running task"))) {
                        return i;
                    }
                } catch (IOException | UncheckedIOException e) {
                    // a directory appeared or went while walking: look again
                }
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("no executor started a task within " + START_SECONDS + " s");
    }

    /** Kills worker {@code index} and its executors at once, as a machine that dies would. */
    void killWorker(int index) throws InterruptedException {
        kill(workers.get(index));
    }

    private static void kill(Process process) throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    private void awaitLog(Path log, String line, int times) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (read(log).split(line, -1).length - 1 < times) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("'" + line + "' did not appear " + times + " times in " + log + ":\n" + read(log));
            }
            Thread.sleep(200);
        }
    }

    private String log(String name) {
        return read(directory.resolve(name + ".log"));
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Returns the processes still alive, the executors included. */
    List<ProcessHandle> alive() {
        List<ProcessHandle> alive = new ArrayList<>();
        for (Process p : processes) {
            p.descendants().filter(ProcessHandle::isAlive).forEach(alive::add);
            Optional.of(p.toHandle()).filter(ProcessHandle::isAlive).ifPresent(alive::add);
        }
        return alive;
    }

    @Override
    public void close() throws InterruptedException {
        for (Process p : processes.reversed()) {
            kill(p);
        }
    }
}
