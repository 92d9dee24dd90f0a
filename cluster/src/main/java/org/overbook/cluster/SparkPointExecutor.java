package org.overbook.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.plugin.Catalog;
import org.overbook.perf.run.PointExecutor;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.codec.ResultCodec;
import org.overbook.perf.run.codec.UnreadableResultException;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * Runs points as tasks of an Apache Spark application: the {@link PointExecutor} behind {@code --master}.
 *
 * <h2>Design</h2>
 * Each point is a job of one task ({@link PointTask}: the point's resolved scenario as text), submitted
 * asynchronously as the {@link org.overbook.perf.run.PointCache} asks for it, so a sweep's points and a density
 * search's probes, speculative ones included, spread over the executors as the local path spreads them over
 * threads; Spark's scheduler queues what does not fit. A task returns the result encoded ({@link ResultCodec}); the
 * driver decodes it under its own point, and the command writes the results folder as it does locally. Before a
 * point leaves, the driver checks that its text reads back to the very scenario it resolved, so what an executor
 * runs is what the driver asked for.
 *
 * <p>Faults: a failed task is retried by Spark ({@code spark.task.maxFailures}, 4 by default on a cluster); a lost
 * executor's tasks run again elsewhere. Runs are deterministic, so a re-run gives the same bytes. One thread polls
 * the pending jobs every {@link #POLL_MILLIS} ms: it completes the futures of finished jobs (the caller's progress
 * lines follow), tells each pending point's progress (so a density search can abandon a speculative probe, whose
 * job is then cancelled), and fails every pending point once the application has had no executor for
 * {@link #waitSeconds()} seconds, so a cluster that goes away never leaves the command hanging.
 *
 * <p>Settings: every {@code spark.*} system property (so {@code -Dspark.executor.memory=4g} through
 * {@code OVERBOOK_JVM_OPTS}); defaults here are 1g executors, no web UI, no serialization debugger, and the driver's
 * own JVM options that open the JDK to Chronicle Map passed on to the executors. {@code -Doverbook.cluster.wait=SECONDS} (default 120)
 * bounds the wait for a first executor.
 */
final class SparkPointExecutor implements PointExecutor {

    static final long POLL_MILLIS = 100;

    private final MasterUrl master;
    private final JavaSparkContext spark;
    private final Path temporary;
    private final ScenarioLoader loader;
    private final ConcurrentLinkedQueue<Pending> pending = new ConcurrentLinkedQueue<>();
    private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "overbook-spark-poller");
        t.setDaemon(true);
        return t;
    });
    private long withoutExecutorsSince = -1;

    /** A point whose job is running. */
    private record Pending(SweepPoint point, Runner.Progress progress, JavaFutureAction<List<byte[]>> job,
                           CompletableFuture<TimedResult> future) {
    }

    private SparkPointExecutor(MasterUrl master, JavaSparkContext spark, Path temporary, ScenarioLoader loader) {
        this.master = master;
        this.spark = spark;
        this.temporary = temporary;
        this.loader = loader;
    }

    /**
     * Starts a Spark application on {@code masterUrl}, ships Overbook's jars and {@code pluginJars} to its executors,
     * and waits (bounded) until it has one. {@code catalog} holds the names the points use, plug-ins' included.
     */
    static SparkPointExecutor connect(String masterUrl, String application, Catalog catalog, List<Path> pluginJars) {
        MasterUrl master = MasterUrl.check(masterUrl);
        Path temporary = temporaryDirectory();
        SparkConf conf = configuration(master, application, temporary);
        JavaSparkContext spark;
        try {
            spark = new JavaSparkContext(conf);
        } catch (Exception e) { // SparkException is checked, though Scala does not declare it
            deleteTree(temporary);
            throw new ConfigurationException(MasterUrl.OPTION, master + ": Spark does not accept it (" + firstLine(e) + "); "
                    + MasterUrl.ACCEPTED);
        }
        SparkPointExecutor executor = new SparkPointExecutor(master, spark, temporary, new ScenarioLoader(catalog));
        try {
            addPlugins(spark, pluginJars);
            executor.awaitExecutor();
        } catch (RuntimeException e) {
            executor.close();
            throw e;
        }
        executor.poller.scheduleWithFixedDelay(executor::poll, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
        return executor;
    }

    /**
     * The hook for {@code --plugins}: each plug-in jar is added to the application, so every task's class loader
     * sees it and {@code Catalog.discover} on the executor finds its workloads and policies.
     */
    static void addPlugins(JavaSparkContext spark, List<Path> pluginJars) {
        for (Path jar : pluginJars) {
            spark.addJar(jar.toAbsolutePath().toString());
        }
    }

    private static SparkConf configuration(MasterUrl master, String application, Path temporary) {
        SparkConf conf = new SparkConf().setMaster(master.toString()).setAppName(application);
        conf.setIfMissing("spark.ui.enabled", "false");
        conf.setIfMissing("spark.executor.memory", "1g");
        conf.setIfMissing("spark.executor.extraJavaOptions", String.join(" ", jdkOptions()));
        // A task's exception that cannot be serialized (a plug-in's, holding what is not Serializable) goes to Spark's
        // serialization debugger first, which fails on JDK 25 (it reads a class the JDK no longer has) and kills the
        // task's thread, so the job never ends; without it Spark sends the exception's words, as it means to.
        conf.setIfMissing("spark.serializer.extraDebugInfo", "false");
        if (master.onLoopback() || !master.remote()) {
            // A master on loopback has its workers there too: they can reach the driver only on loopback. In local
            // mode nothing outside this JVM needs to reach it at all.
            conf.setIfMissing("spark.driver.host", "127.0.0.1");
            conf.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
        }
        if (master.remote()) {
            List<String> jars = new ArrayList<>(ExecutorJars.onClassPath(temporary));
            if (conf.contains("spark.jars")) {
                jars.add(0, conf.get("spark.jars"));
            }
            conf.set("spark.jars", String.join(",", jars));
        }
        return conf;
    }

    /** The options this JVM was started with that open the JDK to Chronicle Map: executors need the same. */
    private static List<String> jdkOptions() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-opens") || a.startsWith("--add-exports") || a.startsWith("--enable-native-access")
                        || a.startsWith("--sun-misc-unsafe-memory-access") || a.startsWith("-Dchronicle."))
                .toList();
    }

    /** Returns the wait for a first executor (and the longest time without one), in seconds. */
    static long waitSeconds() {
        return Long.getLong("overbook.cluster.wait", 120);
    }

    private void awaitExecutor() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(waitSeconds());
        while (executors() == 0) {
            if (spark.sc().isStopped()) {
                throw new ConfigurationException(MasterUrl.OPTION, master + ": the master did not accept the application");
            }
            if (System.nanoTime() > deadline) {
                throw new ConfigurationException(MasterUrl.OPTION, master + ": no executor joined within " + waitSeconds()
                        + " s; accepted: a cluster with a worker that has " + spark.getConf().get("spark.executor.memory")
                        + " of memory and a core free (-Doverbook.cluster.wait=SECONDS waits longer)");
            }
            sleep(POLL_MILLIS);
        }
    }

    /** Returns how many executors the application has (local mode: the driver is the executor). */
    private int executors() {
        int infos = spark.sc().statusTracker().getExecutorInfos().length;
        return master.remote() ? infos - 1 : infos;
    }

    @Override
    public CompletableFuture<TimedResult> run(SweepPoint point, Runner.Progress progress) {
        CompletableFuture<TimedResult> future = new CompletableFuture<>();
        try {
            PointTask task = PointTask.of(point, loader);
            spark.setJobDescription(task.source());
            JavaFutureAction<List<byte[]>> job = spark.parallelize(List.of(task), 1).map(new RunPoints()).collectAsync();
            pending.add(new Pending(point, progress, job, future));
        } catch (RuntimeException e) {
            future.completeExceptionally(e);
        }
        return future;
    }

    /** Completes finished points, passes on abandonments, and fails everything once no executor is left. */
    private void poll() {
        boolean noExecutor = !pending.isEmpty() && executors() == 0;
        withoutExecutorsSince = !noExecutor ? -1 : withoutExecutorsSince < 0 ? System.nanoTime() : withoutExecutorsSince;
        boolean lost = noExecutor && System.nanoTime() - withoutExecutorsSince > TimeUnit.SECONDS.toNanos(waitSeconds());
        for (Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
            Pending p = it.next();
            if (p.job().isDone()) {
                it.remove();
                complete(p);
            } else if (lost) {
                it.remove();
                p.job().cancel(true);
                p.future().completeExceptionally(new IllegalStateException(master + ": no executor left for " + waitSeconds()
                        + " s; the cluster has gone away"));
            } else {
                try {
                    p.progress().at(0, p.point().scenario().endNanos());
                } catch (RuntimeException e) {
                    it.remove();
                    p.job().cancel(true);
                    p.future().completeExceptionally(e);
                }
            }
        }
    }

    private void complete(Pending p) {
        try {
            p.future().complete(ResultCodec.decode(p.job().get().getFirst(), p.point()));
        } catch (UnreadableResultException e) {
            p.future().completeExceptionally(new IllegalStateException("a task returned a result that cannot be read: "
                    + e.reason() + " (damaged on the way, or the executors run another version of Overbook)", e));
        } catch (ExecutionException e) {
            p.future().completeExceptionally(TaskFailure.of(p.point(), e.getCause()));
        } catch (InterruptedException | RuntimeException e) {
            p.future().completeExceptionally(e);
        }
    }

    @Override
    public int parallelism() {
        return Math.max(1, spark.defaultParallelism());
    }

    @Override
    public String describe() {
        return master + ", Spark default parallelism " + parallelism();
    }

    @Override
    public void close() {
        poller.shutdownNow();
        for (Pending p : pending) {
            p.job().cancel(true);
            p.future().completeExceptionally(new CancellationException("the Spark application stopped"));
        }
        pending.clear();
        spark.stop();
        deleteTree(temporary);
    }

    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("overbook-driver-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the driver's temporary directory", e);
        }
    }

    private static void deleteTree(Path directory) {
        try {
            Directories.deleteTree(directory);
        } catch (IOException e) {
            // best effort: a temporary directory of jars
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while waiting for the cluster");
        }
    }

    static String firstLine(Throwable e) {
        String message = String.valueOf(e.getMessage());
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
