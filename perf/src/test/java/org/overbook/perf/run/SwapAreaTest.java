package org.overbook.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.ConfigurationException;

class SwapAreaTest {

    @TempDir
    Path root;

    /** Returns the id of a process that has ended. */
    private static long deadPid() throws Exception {
        Process process = new ProcessBuilder("true").start();
        process.waitFor();
        return process.pid();
    }

    @Test
    void aRunFolderLivesInAProcessFolderWithItsOwnerAndStaleFoldersOfGoneProcessesAreRemoved() throws Exception {
        SwapArea area = new SwapArea(root);
        Path run = area.newRunFolder();
        Files.write(run.resolve("swap.cmap"), new byte[4096]);
        Path mine = run.getParent();
        assertEquals("run-" + ProcessHandle.current().pid(), mine.getFileName().toString());
        assertTrue(Files.exists(mine.resolve(SwapArea.OWNER)));

        long dead = deadPid();
        Path stale = Files.createDirectories(root.resolve("run-" + dead).resolve("1").resolve("server-host"));
        Files.write(stale.resolve("swap.cmap"), new byte[3 << 20]);
        Files.writeString(root.resolve("run-" + dead).resolve(SwapArea.OWNER), "pid=" + dead + "\nstarted=\n");
        Path noOwner = Files.createDirectories(root.resolve("run-" + deadPid()));
        // a live process (the parent of this JVM) that started at another time than the owner file says: its id was reused
        long live = ProcessHandle.current().parent().orElseThrow().pid();
        Path reused = Files.createDirectories(root.resolve("run-" + live));
        Files.writeString(reused.resolve(SwapArea.OWNER), "pid=" + live + "\nstarted=2001-01-01T00\\:00\\:00Z\n");

        List<SwapArea.Removed> removed = new SwapArea(root).removeStale();
        assertEquals(List.of(root.resolve("run-" + dead), noOwner, reused).stream().sorted().toList(),
                removed.stream().map(SwapArea.Removed::folder).sorted().toList());
        long bytes = removed.stream().filter(r -> r.folder().equals(root.resolve("run-" + dead))).findFirst().orElseThrow().bytes();
        assertTrue(bytes >= 3 << 20 && bytes < (3 << 20) + 4096, "the swap file and the owner file: " + bytes);
        assertFalse(Files.exists(root.resolve("run-" + dead)));
        assertTrue(Files.exists(run.resolve("swap.cmap")), "this live process's folder is kept");
        assertEquals(List.of(), new SwapArea(root).removeStale(), "nothing left to remove");
    }

    @Test
    void diskThePointsRunningAtOnceCannotHaveIsAConfigurationErrorNamingHostSwap() {
        SwapArea area = new SwapArea(root);
        long free = root.toFile().getUsableSpace();
        Path run = area.newRunFolder();
        try (SwapArea.Reservation first = area.reserve(run, free / 2)) {
            ConfigurationException e = assertThrows(ConfigurationException.class, () -> area.reserve(area.newRunFolder(), free / 2 + (1L << 30)));
            assertEquals("host.swap", e.field());
            assertTrue(e.getMessage().contains("1 point(s) running beside it"), e.getMessage());
        }
        area.reserve(run, free / 2 + (1L << 20)).close(); // handed back: fits alone

        area.requireRoom(List.of(free / 3, free / 3, free / 3), 2);
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> area.requireRoom(List.of(free / 2 + (1L << 30), 1L, free / 2), 2));
        assertEquals("host.swap", e.field());
        assertTrue(e.getMessage().contains("2 points that may run at once") && e.getMessage().contains(SwapArea.ENVIRONMENT), e.getMessage());
    }

    /**
     * Another live process swapping under the same root (here the parent of this JVM, as the area of that process sees
     * itself) has reserved disk: this process counts what it may still write, before a point and before a command.
     */
    @Test
    void diskAnotherProcessUnderTheSameRootHasReservedIsNotCountedFree() throws Exception {
        SwapArea mine = new SwapArea(root);
        SwapArea other = new SwapArea(root, ProcessHandle.current().parent().orElseThrow());
        long free = root.toFile().getUsableSpace();
        Path theirs = other.newRunFolder();
        Files.write(theirs.resolve("swap.cmap"), new byte[1 << 20]); // of its reservation, 1 MiB is written already
        try (SwapArea.Reservation reserved = other.reserve(theirs, free / 2)) {
            assertTrue(Files.exists(theirs.getParent().resolve(DiskReservations.RESERVED)), "what the other process reserved, for others");
            ConfigurationException point = assertThrows(ConfigurationException.class,
                    () -> mine.reserve(mine.newRunFolder(), free / 2 + (1L << 30)));
            assertEquals("host.swap", point.field());
            assertTrue(point.getMessage().contains(" and other overbook processes swapping under " + root + " up to "
                    + ((free / 2 - (1 << 20)) >> 20) + " MiB more, but "), point.getMessage());
            ConfigurationException command = assertThrows(ConfigurationException.class,
                    () -> mine.requireRoom(List.of(free / 2 + (1L << 30)), 1));
            assertTrue(command.getMessage().contains(" and other overbook processes swapping under " + root), command.getMessage());
            mine.reserve(mine.newRunFolder(), free / 4).close(); // what both may write fits
        }
        assertFalse(Files.exists(theirs.getParent().resolve(DiskReservations.RESERVED)), "no reservation open, no file");
        mine.reserve(mine.newRunFolder(), free / 2 + (1L << 30)).close(); // handed back: fits
        mine.requireRoom(List.of(free / 2 + (1L << 30)), 1);
    }

    @Test
    void onExitTheHookWaitsForTheRunsStillGoingRefusesNewOnesThenRemovesTheProcessFolder() throws Exception {
        SwapArea area = new SwapArea(root);
        Path run = area.newRunFolder();
        Files.write(run.resolve("swap.cmap"), new byte[4096]); // a store still open by its simulation
        Path mine = run.getParent();
        // the hook waits longer than this test may be held up on busy cores, so that only the run's release ends its wait
        Thread hook = Thread.ofPlatform().start(() -> area.closeOnExit(TimeUnit.MINUTES.toMillis(5)));
        while (hook.getState() != Thread.State.TIMED_WAITING && hook.isAlive()) {
            Thread.onSpinWait();
        }
        assertTrue(hook.isAlive(), "waits for the run");
        assertTrue(Files.exists(run.resolve("swap.cmap")), "nothing is removed under a run still going");
        assertThrows(java.util.concurrent.CancellationException.class, area::newRunFolder, "no new run starts");
        area.release(run); // the run stops and closes its store
        hook.join();
        assertFalse(Files.exists(mine), "then the process folder goes");
    }

    @Test
    void theDiskOfARunBesideIsCountedWhileThatRunRemovesItsFilesWithoutFailing() throws Exception {
        // reserve() counts what the runs beside it already took while those end and remove their swap stores: a 5,000-point
        // sweep on two threads stopped with NoSuchFileException when a file went between its listing and its size
        Path other = Files.createDirectories(root.resolve("other"));
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        Thread churn = Thread.ofPlatform().start(() -> {
            for (int round = 0; !done.get(); round++) {
                Path run = other.resolve(Integer.toString(round % 4)).resolve("server-host");
                try {
                    Files.createDirectories(run);
                    for (int i = 0; i < 50; i++) {
                        Files.write(run.resolve("swap-" + i + ".cmap"), new byte[16]);
                    }
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                SwapArea.deleteTree(run.getParent());
            }
        });
        try {
            for (int i = 0; i < 3_000; i++) {
                long bytes = SwapArea.bytes(other);
                assertTrue(bytes >= 0 && bytes <= 4 * 50 * 16, "at most every file of the four runs: " + bytes);
            }
        } finally {
            done.set(true);
            churn.join();
        }
    }

    @Test
    void aProcessFolderWhoseOwnerFileIsStillBeingWrittenIsKept() throws Exception {
        // a process that has just made its folder has an empty owner file until it has written it
        long live = ProcessHandle.current().parent().orElseThrow().pid();
        Path starting = Files.createDirectories(root.resolve("run-" + live));
        Files.writeString(starting.resolve(SwapArea.OWNER), "");
        assertEquals(List.of(), new SwapArea(root).removeStale());
        assertTrue(Files.exists(starting));
    }
}
