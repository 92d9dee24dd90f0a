package org.overbook.hypervisor.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.overbook.hypervisor.CostModel;
import org.overbook.hypervisor.Host;
import org.overbook.hypervisor.HostConfig;
import org.overbook.hypervisor.TenantConfig;

/**
 * Builds hosts for a test and, after it, checks every one against the memory invariants (frame
 * accounting, no page both resident and swapped, pins never negative, no mapping to a freed frame),
 * then closes it. The Overbook counterpart of Caffeine's {@code CacheValidationInterceptor}.
 *
 * <pre>{@code @RegisterExtension final HostsUnderTest hosts = new HostsUnderTest();}</pre>
 *
 * <p>jqwik properties do not run JUnit extensions; they call {@link #checkAndClose(Host)} themselves.
 */
public final class HostsUnderTest implements AfterEachCallback {

    private final List<Host> hosts = new ArrayList<>();
    private final List<Path> directories = new ArrayList<>();

    /** Builds a host from {@code config}, to be checked and closed after the test. */
    public Host create(HostConfig config) {
        Host host = Host.create(config);
        hosts.add(host);
        return host;
    }

    /** Builds a host with {@code tenants} tenants of {@code guestPages} pages each over {@code frames} frames. */
    public Host create(int frames, int swapPages, int tenants, int guestPages, long seed) {
        return create(config(frames, swapPages, tenants, guestPages, seed, newDirectory()));
    }

    /** Returns a host configuration with small-host watermarks (reclaim at 1 free frame, up to 2). */
    public static HostConfig config(int frames, int swapPages, int tenants, int guestPages, long seed, Path directory) {
        List<TenantConfig> list = new ArrayList<>();
        for (int i = 0; i < tenants; i++) {
            list.add(new TenantConfig("t" + i, (long) guestPages * 4096));
        }
        double low = 1.0 / frames;
        double high = Math.min(0.5, 2.5 / frames);
        return new HostConfig((long) frames * 4096, (long) swapPages * 4096, low, Math.max(high, low * 2),
                directory, /* keepSwap= */ false, seed, CostModel.defaults(), list);
    }

    /** Returns a fresh directory for a host's files, removed after the test. */
    public Path newDirectory() {
        try {
            Path directory = Files.createTempDirectory("overbook-test-");
            directories.add(directory);
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        try {
            for (Host host : hosts) {
                checkAndClose(host);
            }
        } finally {
            hosts.clear();
            directories.forEach(HostsUnderTest::deleteTree);
            directories.clear();
        }
    }

    /** Fails with every invariant violation of {@code host}'s memory, then closes it. */
    public static void checkAndClose(Host host) {
        try {
            List<String> violations = host.memory().checkInvariants();
            if (!violations.isEmpty()) {
                fail("host memory invariants violated:\n  " + String.join("\n  ", violations));
            }
        } finally {
            host.close();
        }
    }

    /** Deletes a directory tree, if it exists. */
    public static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
