package org.overbook.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A command line picocli cannot read gets one line naming the verb and the mistake, and where the usage is: exit 2. */
class CommandLineMistakeTest {

    private static String refused(String... args) {
        CommandRun command = new CommandRun();
        assertEquals(2, command.execute(args), command.out + "\n" + command.err);
        assertEquals("", command.out.toString(), "nothing on standard output");
        return command.err.toString().strip();
    }

    @Test
    void aValueOfTheWrongTypeIsOneLineAndAPointerToTheUsage() {
        assertEquals("overbook run: Invalid value for option '--threads': 'abc' is not an int\ntry: overbook run --help",
                refused("run", "--threads", "abc"));
    }

    @Test
    void aLongValueIsEchoedByItsEndsAndItsLength() {
        String digits = "9".repeat(500);
        assertEquals("overbook run: Invalid value for option '--threads': '9999…9999 (500 digits)' is not an int\ntry: overbook"
                + " run --help", refused("run", "--threads", digits));
        String quoted = "'--bogus" + "x".repeat(500) + "'";
        assertEquals("overbook run: Unknown option: " + quoted.substring(0, 40) + "…" + quoted.substring(quoted.length() - 40)
                + " (509 characters)\ntry: overbook run --help", refused("run", "--bogus" + "x".repeat(500)));
    }

    @Test
    void aMissingParameterOfAnotherVerbIsReportedTheSameWay() {
        assertEquals("overbook show: Missing required parameter: 'DIR'\ntry: overbook show --help", refused("show"));
    }

    @Test
    void anUnknownOptionBeforeAnyVerbNamesTheCommandItself() {
        assertEquals("overbook: Unknown option: '--bogus'\ntry: overbook --help", refused("--bogus"));
    }

    @Test
    void aMistypedVerbGetsTheNearestOne() {
        assertEquals("overbook: Unmatched argument at index 0: 'sweeep' (did you mean sweep?)\ntry: overbook --help",
                refused("sweeep"));
        assertEquals("overbook sweep: Unknown option: '--thread' (did you mean --threads?)\ntry: overbook sweep --help",
                refused("sweep", "x.yaml", "--thread"));
    }
}
