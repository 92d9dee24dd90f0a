package org.overbook.perf.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.overbook.perf.scenario.ScenarioErrors.assertError;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbook.guest.ConfigurationException;

/**
 * Mistakes a new author makes that were once read one way or another without a word, or refused with a
 * message that did not say what was wrong: each is refused naming the field (or the file and line) and
 * what is accepted.
 */
class AuthoringMistakesTest {

    private final ScenarioLoader loader = ScenarioLoader.standard();

    @TempDir
    Path directory;

    private ConfigurationException error(String yaml) {
        return assertThrows(ConfigurationException.class, () -> loader.parse(yaml, "my.yaml"));
    }

    private static final String CLIENT = """
            clients:
              count: 1
              template: {memory: 16MiB, workload: {name: memaslap, params: {targets: "${servers}", %s}}}
            """;

    @Test
    void aDurationOrARateWithoutItsUnitIsRefusedNotReadAsNanosecondsOrBits() {
        assertError(error("duration: 10"), "duration", "'10' has no unit", "200ms", "nanoseconds");
        assertError(error("warm-up: \"10\""), "warm-up", "'10' has no unit");
        assertError(error("link: {bandwidth: 56}"), "link.bandwidth", "'56' has no unit", "56Gbps", "bits per second");
        assertError(error(CLIENT.formatted("miss-penalty: 100")), "clients[0].workload.params.miss-penalty", "'100' has no unit");
        assertEquals(0, loader.parse("warm-up: 0", "my.yaml").scenario().warmUpNanos(), "0 needs no unit");
    }

    /** A sweep axis whose name has a comma with nothing beside it names the axis, not a value it set to a list. */
    @Test
    void aSweepAxisWithAnEmptyPathBesideACommaIsRefusedNamingTheAxis() {
        assertError(error("sweep: {\"host.memory,\": [[64MiB], [128MiB]]}"), "sweep.host.memory,",
                "the axis names no field after its last comma; accepted: a field path such as host.memory, or linked paths"
                        + " separated by commas, such as \"tenants.count, clients.count\", none of them empty");
        assertError(error("sweep: {\"host.memory,\": [64MiB]}"), "sweep.host.memory,", "no field after its last comma");
        assertError(error("sweep: {\", host.memory\": [64MiB]}"), "sweep., host.memory", "no field before its first comma");
        assertError(error("sweep: {\"tenants.count,, clients.count\": [[1, 1]]}"), "sweep.tenants.count,, clients.count",
                "no field between two commas");
        assertEquals(2, loader.parse("sweep: {\"host.memory, host.swap\": [[512MiB, 512MiB], [1GiB, 1GiB]]}", "my.yaml").points()
                .size(), "linked paths, none empty");
    }

    /** A YAML tag the parser would drop is named, with its field and line; YAML's own tags are read as they were. */
    @Test
    void aValuesTagIsRefusedNamingTheTagAndTheField() {
        assertError(error("seed: !foo 7"), "seed", "!foo is a YAML tag (line 1), which would be dropped",
                "accepted: the value alone, untagged");
        assertError(error("host: {memory: 64MiB, swap: !big 128MiB}"), "host.swap", "!big is a YAML tag");
        assertError(error("host: !machine {memory: 64MiB}"), "host", "!machine is a YAML tag");
        assertError(error("tenants:\n  - !t {name: a, memory: 16MiB}\n"), "tenants[0]", "!t is a YAML tag (line 2)");
        assertError(error("sweep: {seed: !seeds [1, 2]}"), "sweep.seed", "!seeds is a YAML tag");
        assertEquals(7, loader.parse("seed: !!int 7", "my.yaml").scenario().seed(), "YAML's own tag is read");
    }

    /** A size in bits, as a network writes it (64Mb), is refused naming the bytes it would be; 64mb, any case, is bytes. */
    @Test
    void aSizeInBitsIsRefusedNamingTheSpellingsInBytes() {
        assertError(error("host: {memory: 64Mb}"), "host.memory", "'64Mb' is in bits (a lower-case b after the upper-case M,"
                + " as network rates write them), 8000000 bytes; accepted: a size in bytes (B), such as 64MB (powers of ten) or"
                + " 64MiB (powers of two)");
        assertError(error("host: {swap: 1Gib}"), "host.swap", "'1Gib' is in bits", "134217728 bytes", "1GB", "1GiB");
        assertEquals(64_000_000L, loader.parse("host: {memory: 64mb, swap: 512MiB}", "my.yaml").scenario().host().memoryBytes(),
                "all in lower case, as the unit rules read it: megabytes");
    }

    @Test
    void aMisspeltNameOfAWorkloadAPolicyOrADeviceIsRefusedWithTheNearestName() {
        assertError(error("tenants: {template: {workload: {name: memcache}}}"), "tenants[0].workload.name",
                "unknown workload 'memcache'; accepted: ", "(did you mean memcached?)");
        assertError(error("nic: {memory-policy-by-tenant: {s0: pinall}}"), "nic.memory-policy-by-tenant.s0",
                "unknown memory policy 'pinall'", "(did you mean pin-all?)");
        assertError(error("sweep: {nic.receive-fault-policy: [rnr-nack, backupring]}"), "sweep.nic.receive-fault-policy[1]",
                "unknown receive-fault policy 'backupring'", "(did you mean backup-ring?)");
        assertError(error("host: {swap-device: {kind: nvme2}}"), "host.swap-device.kind", "unknown swap device 'nvme2'",
                "(did you mean nvme?)");
    }

    /** A value pasted by mistake (a name of a megabyte) or a huge number is quoted short: the error stays one readable line. */
    @Test
    void aLongValueIsQuotedByItsStartAndItsLengthAndANumberAsYamlReadsIt() {
        String pasted = "pin-".repeat(1 << 18);
        ConfigurationException policy = error("nic: {memory-policy: " + pasted + "}");
        assertEquals("nic.memory-policy: unknown memory policy '" + pasted.substring(0, 60) + "…' (1048576 characters); accepted: "
                + "pin-all, pin-on-register, pin-down-cache, on-demand, prefault; no plug-in memory policy is loaded: a plug-in's"
                + " name is accepted once its jar is (--plugins JAR, or OVERBOOK_PLUGINS)", policy.getMessage());
        ConfigurationException field = error("link: {" + "x".repeat(100) + ": 1}");
        assertEquals("link." + "x".repeat(60) + "…: unknown field '" + "x".repeat(60) + "…' (100 characters); accepted: bandwidth,"
                + " latency, loss, mtu", field.getMessage());
        assertEquals("host.memory: '1.0E308' is too large; accepted: a size such as 4096, 64KiB, 4GiB or 1.5MB, less than 2^63"
                + " bytes", error("host: {memory: 1e308}").getMessage(), "as YAML reads the number, not its 309 digits");
        assertEquals("duration: '1.0E-50' has 50 decimals; accepted: a duration such as 500ns, 60us, 200ms or 2s, with at most"
                + " 40 decimals", error("duration: 1.0e-50").getMessage());
        assertEquals("duration: '" + "1".repeat(60) + "…' (100 characters) is not a duration such as 500ns, 60us, 200ms or 2s",
                error("duration: \"" + "1".repeat(97) + "s s\"").getMessage());
    }

    /** A whole number too long for a field is given by its ends and its digits; so is a long name in a field's path. */
    @Test
    void aHugeWholeNumberIsGivenByItsEndsAndItsLength() {
        String digits = "9".repeat(500);
        assertEquals("tenants.count: 9999…9999 (500 digits) is out of range; accepted: a whole number from 1 to 32768",
                error("tenants: {count: " + digits + "}").getMessage());
        assertEquals("seed: 9999…9999 (500 digits) is out of range; accepted: a whole number from -9223372036854775808 to"
                + " 9223372036854775807", error("seed: " + digits).getMessage());
        assertEquals("clients[0].workload.params.concurrency: 9999…9999 (500 digits) is out of range; accepted: a whole number"
                + " from -9223372036854775808 to 9223372036854775807", error(CLIENT.formatted("concurrency: " + digits)).getMessage());
        assertEquals("tenants.count: 99999999999999999999999 is out of range; accepted: a whole number from 1 to 32768",
                error("tenants: {count: 99999999999999999999999}").getMessage(), "23 digits read whole");
        String name = "x".repeat(500);
        String field = "nic.memory-policy-by-tenant." + name;
        assertEquals(field.substring(0, 40) + "…" + "x".repeat(40) + " (528 characters): no server tenant called '"
                + "x".repeat(39) + "…" + "x".repeat(39) + "' (502 characters); server tenants: s0",
                error("nic: {memory-policy-by-tenant: {" + name + ": pin-all}}").getMessage());
    }

    @Test
    void memoryInAUnitOfPowersOfTenIsReadAsWrittenWithAWarningNamingTheBinarySize() {
        ScenarioFile file = loader.parse("""
                host: {memory: 64MB, swap: 1GiB}
                tenants: [{name: a, memory: 16MiB, workload: {name: memory-toucher}}, {name: b, memory: 8.192 MB, workload: {name: memory-toucher, params: {working-set: 4MiB}}}]
                sweep: {client-host.memory: [512MiB, 8GB]}
                """, "my.yaml");
        assertEquals(64_000_000L, file.points().getFirst().scenario().host().memoryBytes(), "accepted as written");
        assertEquals(List.of(
                "host.memory: 64MB is 64000000 bytes (61.0 MiB), as MB is a power of ten; 64MiB would be 67108864 bytes",
                "tenants[1].memory: 8.192 MB is 8192000 bytes (7.8 MiB), as MB is a power of ten; write MiB for powers of two",
                "client-host.memory: 8GB is 8000000000 bytes (7629.4 MiB), as GB is a power of ten; 8GiB would be 8589934592 bytes"),
                file.warnings(), "once each, whichever points share it");
        assertEquals(List.of(), loader.parse("host: {memory: 64MiB, swap: 256MiB}", "my.yaml").warnings());
    }

    @Test
    void aDurationInAnUnknownUnitListsTheUnitsAccepted() {
        assertError(error("duration: 1h"), "duration", "unknown unit 'h' in '1h'; accepted: ", "ms, s, min");
    }

    @Test
    void aRateInBytesPerSecondIsRefusedNotReadAsBits() {
        assertError(error("link: {bandwidth: 7GBps}"), "link.bandwidth", "'7GBps' is in bytes per second", "7GBps is 56Gbps");
        assertError(error("nic: {pcie: {bandwidth: 16GBps}}"), "nic.pcie.bandwidth", "bytes per second", "128Gbps");
    }

    @Test
    void aSizeThatIsNotWholeBytesIsRefusedNotTruncated() {
        assertError(error(CLIENT.formatted("value-size: 1.5")), "clients[0].workload.params.value-size",
                "'1.5' is 1.5 bytes, not a whole number of bytes");
        assertError(error("host: {memory: 0.1MiB}"), "host.memory", "not a whole number of bytes");
    }

    @Test
    void aDecimalSizeThatIsNotWholePagesSaysWhichUnitsArePowersOfTwo() {
        assertError(error("host: {memory: 1GB}"), "host.memory", "not a whole number of 4 KiB pages", "GiB are powers of two");
    }

    @Test
    void aNumberBeyondALongIsOutOfRangeNotOfTheWrongType() {
        assertError(error("seed: 99999999999999999999999"), "seed", "is out of range", "9223372036854775807");
        assertError(error(CLIENT.formatted("window: 99999999999999999999999")), "clients[0].workload.params.window",
                "is out of range");
        assertError(error("host: {memory: 9000000TiB}"), "host.memory", "is too large; accepted:");
    }

    @Test
    void yamlsInfinityOrNotANumberIsRefusedNamingTheFieldNotOnlyTheLine() {
        assertError(error("tenants: {template: {memory: .inf}}"), "tenants.template.memory", ".inf is YAML's infinity",
                "accepted: a finite value");
        assertError(error("duration: -.inf"), "duration", "-.inf is YAML's negative infinity");
        assertError(error(CLIENT.formatted("rate: .NaN")), "clients.template.workload.params.rate", ".NaN is YAML's not-a-number");
        assertError(error("tenants: [{memory: 8MiB}, {memory: +.Inf}]"), "tenants[1].memory", "+.Inf is YAML's infinity");
        assertError(error("sweep: {host.memory: [1GiB, .nan]}"), "sweep.host.memory[1]", ".nan is YAML's not-a-number");
    }

    @Test
    void aNegativeSizeOrDurationSaysThatNegativesAreTheProblem() {
        assertError(error("tenants: {template: {memory: -1GiB}}"), "tenants.template.memory", "'-1GiB' is negative",
                "accepted: a size such as", "0 or more");
        assertError(error("duration: -5ms"), "duration", "'-5ms' is negative", "accepted: a duration such as");
        assertError(error("link: {bandwidth: -56Gbps}"), "link.bandwidth", "'-56Gbps' is negative");
        assertError(error(CLIENT.formatted("value-size: -1")), "clients[0].workload.params.value-size", "'-1' is negative");
    }

    @Test
    void aWordYamlReadsAsABooleanSaysSo() {
        assertError(error("nic: {memory-policy: on}"), "nic.memory-policy", "true is of the wrong type", "in quotes");
    }

    @Test
    void aRepeatedSweepValueIsRefusedNotRunTwice() {
        assertError(error("sweep: {nic.memory-policy: [on-demand, prefault, on-demand]}"), "sweep.nic.memory-policy[2]",
                "'on-demand' repeats value [0]");
        assertError(error("sweep: {\"nic.memory-policy, host.memory\": [[on-demand, 1GiB], [on-demand, 1GiB]]}"),
                "sweep.nic.memory-policy, host.memory[1]", "repeats value [0]");
        assertEquals(2, loader.parse("sweep: {\"nic.memory-policy, host.memory\": [[on-demand, 1GiB], [on-demand, 2GiB]]}",
                "my.yaml").points().size(), "a linked value repeated in one path alone is a different point");
    }

    @Test
    void aSecondYamlDocumentIsRefusedNotIgnored() {
        assertError(error("duration: 5ms\n---\nduration: 10ms\n"), "my.yaml", "line 3", "a second YAML document");
        assertEquals(5_000_000, loader.parse("---\nduration: 5ms\n", "my.yaml").scenario().durationNanos(),
                "a document marker before the one document is fine");
    }

    @Test
    void aYamlAliasIsRefusedNotReadAsTheTextOfItsName() {
        // the parser hands an alias over as the anchor's name: key-prefix would have been the text 'pol'
        assertError(error("nic: {memory-policy: &pol on-demand}\n" + CLIENT.formatted("key-prefix: *pol")),
                "clients.template.workload.params.key-prefix", "*pol is a YAML alias (line 4)", "not supported");
        assertError(error("host: {memory: &m 64MiB}\ntenants: {template: {memory: *m}}\n"), "tenants.template.memory",
                "*m is a YAML alias (line 2)");
        assertError(error("sweep: {host.memory: [&a 64MiB, *a]}\n"), "sweep.host.memory[1]", "*a is a YAML alias");
        assertError(error("base: &b {memory: 64MiB}\nhost: {<<: *b}\n"), "host.<<", "*b is a YAML alias");
        assertEquals(7, loader.parse("seed: &s 7", "my.yaml").scenario().seed(), "an anchor alone changes nothing");
    }

    @Test
    void aYamlSyntaxErrorIsOneLineWithTheLineTheParserBlames() {
        ConfigurationException tab = error("duration: 5ms\nhost:\n\tmemory: 64MiB\n");
        assertError(tab, "my.yaml", "not valid YAML: line 3, column 1", "TAB");
        assertFalse(tab.getMessage().contains("\n"), tab.getMessage());
        ConfigurationException indent = error("host:\n  memory: 64MiB\n   swap: 64MiB\n");
        assertError(indent, "my.yaml", "line 3, column 8: mapping values are not allowed here");
        assertFalse(indent.getMessage().contains("\n"), indent.getMessage());
    }

    @Test
    void aFileTooLongForTheParserSaysHowLongItMayBe() {
        String huge = "# a comment line of some length to fill the file\n".repeat(70_000) + "duration: 5ms\n";
        assertError(error(huge), "my.yaml", "the file has " + huge.length() + " characters; accepted: at most 3145728");
    }

    @Test
    void aDeviceOrANamedPipeIsRefusedBeforeItIsOpened() throws Exception {
        Path zeros = Path.of("/dev/zero"); // once read until the heap ran out: OutOfMemoryError
        assumeTrue(Files.isReadable(zeros), "a system without /dev/zero");
        String refused = "cannot read the scenario file: it is not a regular file but a named pipe, a device or a socket, which"
                + " is not read (a pipe would wait for a writer); save the scenario to a file; accepted: a readable YAML file,"
                + " UTF-8 text";
        assertEquals(zeros + ": " + refused, assertThrows(ConfigurationException.class, () -> loader.load(zeros)).getMessage());
        Path pipe = NamedPipe.at(directory.resolve("scenario.yaml"));
        // a guard, not a measure: before, opening the pipe waited for a writer that never comes
        ConfigurationException e = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> assertThrows(ConfigurationException.class, () -> loader.load(pipe)));
        assertEquals(pipe + ": " + refused, e.getMessage());
        Path link = Files.createSymbolicLink(directory.resolve("link.yaml"), pipe);
        assertEquals(link + ": " + refused, assertThrows(ConfigurationException.class, () -> loader.load(link)).getMessage());
    }

    @Test
    void aSymbolicLinkToARegularFileIsReadAsTheFile() throws Exception {
        Path file = Files.writeString(directory.resolve("real.yaml"), "seed: 7\n");
        Path link = Files.createSymbolicLink(directory.resolve("link.yaml"), file);
        assertEquals(7, loader.load(link).scenario().seed());
    }

    @Test
    void aRegularFileLargerThanAScenarioCanHoldIsRefusedOnceThatMuchHasBeenRead() throws Exception {
        Path huge = directory.resolve("huge.yaml");
        try (var out = Files.newOutputStream(huge)) {
            byte[] comment = ("#".repeat(1023) + "\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            for (int i = 0; i < 12 * 1024 + 1; i++) {
                out.write(comment);
            }
        }
        assertError(assertThrows(ConfigurationException.class, () -> loader.load(huge)), huge.toString(),
                "it has more than 12582912 bytes, and a scenario has at most 3145728 characters");
    }

    @Test
    void theParsersLimitIsTheOneTheLoaderNames() {
        String line = "#".repeat(63) + "\n";
        int lines = YamlTrees.MAX_CHARACTERS / line.length();
        assertError(error(line.repeat(lines) + "duration: 5ms\n"), "my.yaml", "accepted: at most " + YamlTrees.MAX_CHARACTERS + " (");
        assertEquals(5_000_000, loader.parse(line.repeat(lines - 1) + "duration: 5ms\n", "my.yaml").scenario().durationNanos(),
                "a file of just under the limit");
    }

    @Test
    void aFileThatCannotBeReadSaysWhyInWords() throws Exception {
        Path missing = directory.resolve("missing.yaml");
        assertError(assertThrows(ConfigurationException.class, () -> loader.load(missing)), missing.toString(), "no such file");
        assertError(assertThrows(ConfigurationException.class, () -> loader.load(directory)), directory.toString(), "it is a folder");
        assertError(assertThrows(ConfigurationException.class, () -> loader.load(Path.of(""))), "FILE", "'' is an empty path");
        Path binary = directory.resolve("binary.yaml");
        Files.write(binary, new byte[] {'a', ':', ' ', (byte) 0xC3, (byte) 0x28});
        assertError(assertThrows(ConfigurationException.class, () -> loader.load(binary)), binary.toString(), "not UTF-8 text");
    }
}
