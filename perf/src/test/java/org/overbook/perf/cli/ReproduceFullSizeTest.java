package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.perf.reproduce.ReadmeBlock;

/**
 * {@code reproduce --all} at full size with replications, a CI step of its own (about 2 minutes of two cores'
 * time; {@code .ci/run}): the README's reproduce table (the block between {@link ReadmeBlock}'s markers) must be
 * exactly the table this run generates, numbers, intervals and verdicts, so it is never pasted. Run it with
 * {@code ./build test -pl perf -am -Dtest=ReproduceFullSizeTest -Dperf.excludedGroups=none
 * -Dsurefire.failIfNoSpecifiedTests=false}; add {@code OVERBOOK_UPDATE_GOLDEN=1} to rewrite the README's block
 * (then review it with {@code git diff} and commit it with the reason).
 */
@Tag(ReproduceFullSizeTest.TAG)
class ReproduceFullSizeTest {

    static final String TAG = "full-reproduce";
    private static final Path README = Path.of("../README.md");

    @TempDir
    Path directory;

    @Test
    void theReadmesReproduceTableIsWhatTheFullRunGenerates() throws Exception {
        CommandRun command = new CommandRun();
        String[] args = ReadmeBlock.COMMAND.replace("./overbook ", "").split(" ");
        String[] withOut = new String[args.length + 2];
        System.arraycopy(args, 0, withOut, 0, args.length);
        withOut[args.length] = "--out";
        withOut[args.length + 1] = directory.resolve("full").toString();
        assertEquals(0, command.execute(withOut), command.err.toString());
        String printed = command.out.toString();
        int from = printed.indexOf("| preset |");
        int to = printed.lastIndexOf("\nresults: ");
        assertTrue(from >= 0 && to > from, printed);
        String generated = printed.substring(from, to).stripTrailing() + "\n";
        String readme = Files.readString(README);
        String block = ReadmeBlock.of(readme);
        if (block.equals(generated)) {
            return;
        }
        String update = "";
        if (System.getenv(Golden.UPDATE) != null) {
            Files.writeString(README, ReadmeBlock.replace(readme, generated));
            update = "rewrote the README's block; review it with git diff and commit it with the reason. ";
        }
        fail("README.md's reproduce table differs from what `" + ReadmeBlock.COMMAND + "` generates: "
                + Golden.firstDifference(block, generated) + ". " + update);
    }
}
