package org.overbook.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.overbook.guest.Quoted;

/**
 * {@code ./overbook spark-cluster [WORKERS]}: starts a Spark standalone cluster on this machine's loopback (a master
 * and {@code WORKERS} workers, 2 by default, of one core and 1g each), prints its URL and how to run a sweep on it,
 * and runs until interrupted (Ctrl-C), when it stops every process it started and removes its directory.
 */
public final class OneMachineCluster {

    private OneMachineCluster() {
    }

    private static final String USAGE = """
            Usage: overbook spark-cluster [WORKERS]
            Starts a Spark standalone cluster on this machine's loopback: a master and WORKERS workers (1 to 64,
            default 2) of one core and %s each. Prints its URL, to pass as --master to sweep, density, reproduce
            or sensitivity, and runs until Ctrl-C, which stops every process it started.""";

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
            System.out.println(USAGE.formatted(StandaloneCluster.WORKER_MEMORY));
            return;
        }
        if (args.length > 1) {
            System.err.println("overbook: configuration error: spark-cluster takes at most one argument, WORKERS; got " + args.length);
            System.exit(2);
        }
        int workers = args.length > 0 ? parseWorkers(args[0]) : 2;
        Path directory = Files.createTempDirectory("overbook-spark-cluster-");
        StandaloneCluster cluster = StandaloneCluster.start(directory, workers);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                cluster.close();
                Directories.deleteTree(directory);
            } catch (InterruptedException | IOException e) {
                System.err.println("overbook: could not stop the cluster cleanly: " + e.getMessage());
            } finally {
                stopped.countDown();
            }
        }));
        // the URL stands alone (no ':' after it), so that a double click in a terminal copies the URL and nothing more
        System.out.printf("Spark master at %s (%d worker%s of 1 core and %s each); logs under %s%n", cluster.masterUrl(),
                workers, workers == 1 ? "" : "s", StandaloneCluster.WORKER_MEMORY, directory);
        System.out.printf("run a sweep on it:  ./overbook sweep scenarios/overcommit-sweep.yaml --master %s%n", cluster.masterUrl());
        System.out.println("Ctrl-C stops it.");
        System.out.flush();
        stopped.await();
    }

    private static int parseWorkers(String text) {
        try {
            int workers = Integer.parseInt(text);
            if (workers >= 1 && workers <= 64) {
                return workers;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        System.err.println("overbook: configuration error: WORKERS: " + Quoted.line(text) + "; accepted: 1 to 64");
        System.exit(2);
        return 0;
    }
}
