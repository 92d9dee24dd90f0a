package org.overbook.nic.contract;

import java.util.SplittableRandom;

/** The bytes and shape of message {@code index} from client {@code client} to server {@code server}: a pure function. */
final class Traffic {

    static final int MAX_MESSAGE = 16 * 1024;

    private Traffic() {
    }

    static long seed(int client, int server, int index) {
        return 0x9E3779B97F4A7C15L * (client + 1) ^ 0xC2B2AE3D27D4EB4FL * (server + 1) ^ 0x165667B19E3779F9L * (index + 1);
    }

    /** Length in 1 .. MAX_MESSAGE, often crossing pages. */
    static int length(int client, int server, int index) {
        return 1 + new SplittableRandom(seed(client, server, index)).nextInt(MAX_MESSAGE);
    }

    /** Whether message {@code index} is an RDMA write (with immediate) rather than a send. */
    static boolean isWrite(int client, int server, int index, boolean writesAllowed) {
        return writesAllowed && new SplittableRandom(seed(client, server, index) + 1).nextInt(3) == 0;
    }

    static byte[] bytes(int client, int server, int index) {
        byte[] out = new byte[length(client, server, index)];
        new SplittableRandom(seed(client, server, index) + 2).nextBytes(out);
        return out;
    }
}
