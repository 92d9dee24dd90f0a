package org.overbook.perf.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.run.Replications;
import org.overbook.perf.run.Runner;
import org.overbook.perf.run.SmallScenarios;
import org.overbook.perf.run.TimedResult;
import org.overbook.perf.scenario.ScenarioLoader;
import org.overbook.perf.scenario.SweepPoint;

/**
 * A stored result reads back equal for the very point and build that stored it, and for nothing else: another build,
 * another point, another seed (another replication), a damaged file or a file cut short are told apart and never
 * used; the results of another build are counted without reading them as results.
 */
class PointStoreTest {

    private static final BuildStamp BUILD = BuildStamp.of(List.of(Path.of("one-build.jar")));
    private static final BuildStamp OTHER_BUILD = BuildStamp.of(List.of(Path.of("another-build.jar")));

    @TempDir
    static Path runs;

    @TempDir
    Path work;

    private static List<SweepPoint> points;
    private static TimedResult first;

    @BeforeAll
    static void runTheFirstPoint() {
        ScenarioLoader loader = ScenarioLoader.standard();
        points = loader.parse(SmallScenarios.SWEEP, "two.yaml").points();
        first = Runner.standard(loader.registry()).run(points.get(0), runs.resolve("run"));
    }

    private List<Path> files() throws Exception {
        try (Stream<Path> files = Files.list(work.resolve(PointStore.FOLDER))) {
            return files.toList();
        }
    }

    @Test
    void aStoredResultReadsBackEqualForItsPointAndBuildAlone() throws Exception {
        PointStore store = new PointStore(work, BUILD);
        assertInstanceOf(Lookup.Absent.class, store.find(points.get(0)));
        store.save(points.get(0), first);
        assertEquals(1, store.size());
        assertEquals(1, PointStore.count(work));

        Lookup.Found found = assertInstanceOf(Lookup.Found.class, store.find(points.get(0)));
        assertEquals(first.result(), found.result().result(), "every measurement, by exact value");
        assertEquals(first.wallNanos(), found.result().wallNanos(), "with the time it took when it ran");

        assertInstanceOf(Lookup.Absent.class, store.find(points.get(1)), "another point");
        SweepPoint replica = Replications.of(points.get(0), 2).get(1);
        assertInstanceOf(Lookup.Absent.class, store.find(replica), "another seed: another replica");
        store.save(replica, first);
        assertEquals(2, store.size(), "each replica a file of its own");
        assertInstanceOf(Lookup.OtherBuild.class, new PointStore(work, OTHER_BUILD).find(points.get(0)));
    }

    @Test
    void aFileUnderAnotherPointsNameIsNotUsedForIt() throws Exception {
        PointStore store = new PointStore(work, BUILD);
        store.save(points.get(0), first);
        Path stored = files().getFirst();
        SweepPoint replica = Replications.of(points.get(0), 2).get(1);
        store.save(replica, first);
        store.save(points.get(1), first);
        for (Path other : files().stream().filter(file -> !file.equals(stored)).toList()) {
            Files.copy(stored, other, StandardCopyOption.REPLACE_EXISTING);
        }
        assertEquals(new Lookup.Unusable("it is the result of another point"), store.find(points.get(1)));
        assertEquals(new Lookup.Unusable("it is the result of another point"), store.find(replica), "nor of another replication");
        assertInstanceOf(Lookup.Found.class, store.find(points.get(0)));
    }

    @Test
    void theResultsOfAnotherBuildAreCountedButNotAFileThatFailsItsChecks() throws Exception {
        new PointStore(work, OTHER_BUILD).save(points.get(0), first);
        Path firstFile = files().getFirst();
        new PointStore(work, OTHER_BUILD).save(points.get(1), first);
        PointStore store = new PointStore(work, BUILD);
        store.save(Replications.of(points.get(0), 2).get(1), first);
        assertEquals(2, store.ofOtherBuilds());
        assertEquals(1, new PointStore(work, OTHER_BUILD).ofOtherBuilds(), "as the other build sees it: this build's result");

        byte[] bytes = Files.readAllBytes(firstFile);
        bytes[bytes.length / 2] ^= 0x01;
        Files.write(firstFile, bytes);
        assertEquals(1, store.ofOtherBuilds(), "a damaged file is no build's; its point says so when it looks it up");
        assertEquals(new Lookup.Unusable("its checksum does not match"), store.find(points.get(0)));
    }

    @Test
    void aDamagedOrShortFileIsUnusableAndAReRunTakesItsPlace() throws Exception {
        PointStore store = new PointStore(work, BUILD);
        store.save(points.get(0), first);
        Path stored = files().getFirst();
        byte[] bytes = Files.readAllBytes(stored);
        byte[] damaged = bytes.clone();
        damaged[damaged.length / 3] ^= 0x10;
        Files.write(stored, damaged);
        assertEquals(new Lookup.Unusable("its checksum does not match"), store.find(points.get(0)));
        Files.write(stored, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        assertEquals(new Lookup.Unusable("its checksum does not match"), store.find(points.get(0)), "cut short");
        Files.write(stored, new byte[0]);
        assertInstanceOf(Lookup.Unusable.class, store.find(points.get(0)), "empty");

        new PointStore(work, BUILD).save(points.get(0), first);
        assertInstanceOf(Lookup.Found.class, store.find(points.get(0)), "the point run again is stored in its place");
    }

    @Test
    void clearingRemovesEveryStoredResultLeftoversIncludedAndTheFolder() throws Exception {
        PointStore store = new PointStore(work, BUILD);
        store.save(points.get(0), first);
        store.save(points.get(1), first);
        Files.write(work.resolve(PointStore.FOLDER).resolve(".abc.result.tmp"), new byte[] {1, 2});
        assertEquals(2, store.size(), "a temporary file a killed process left is not a stored result");
        store.clear();
        assertFalse(Files.exists(work.resolve(PointStore.FOLDER)));
        assertEquals(0, PointStore.count(work));
        store.save(points.get(0), first);
        assertTrue(Files.exists(work.resolve(PointStore.FOLDER)), "stored again after clearing");
    }

    @Test
    void onceTheProcessHasBegunToExitNothingMoreIsStored() {
        boolean[] exiting = {false};
        PointStore store = new PointStore(work, BUILD, null, () -> exiting[0]);
        store.save(points.get(0), first);
        exiting[0] = true;
        store.save(points.get(1), first);
        assertEquals(1, PointStore.count(work), "the point that finished as the process exited is not stored");
        assertInstanceOf(Lookup.Found.class, store.find(points.get(0)));
        assertInstanceOf(Lookup.Absent.class, store.find(points.get(1)));
    }
}
