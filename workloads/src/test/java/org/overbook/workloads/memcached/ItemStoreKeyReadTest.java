package org.overbook.workloads.memcached;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbook.hypervisor.testing.HostsUnderTest;
import org.overbook.workloads.memcached.protocol.ByteString;

/**
 * Unlinking an item reads its key from guest memory, as memcached's {@code assoc_delete} compares it on its way
 * along the chain, even when the store already knows the key and its hash: whether the key was looked up in this
 * request (a set replacing an item) or not (an item unlinked in a later request).
 */
class ItemStoreKeyReadTest {

    private static final String[] KEYS = {"alpha", "beta", "gamma", "delta"};

    @RegisterExtension
    final HostsUnderTest hosts = new HostsUnderTest();

    private RecordingGuest guest;
    private ItemStore store;
    private final long[] items = new long[KEYS.length];

    @BeforeEach
    void storeFourItems() {
        guest = new RecordingGuest(hosts.create(64, 256, 1, 256, 7).tenant(0).guest());
        store = new ItemStore(guest, EngineUnderTest.SMALL);
        store.beginRequest(0);
        for (int i = 0; i < KEYS.length; i++) {
            items[i] = create(key(i));
            store.link(items[i], key(i));
        }
    }

    private static ByteString key(int i) {
        return ByteString.ofLatin1(KEYS[i]);
    }

    private long create(ByteString key) {
        return store.create(store.classFor(key.length(), 1), key, 0, 0, 1, Items.NIL);
    }

    @Test
    void anItemUnlinkedInALaterRequestHasItsKeyRead() {
        store.beginRequest(1_000);
        guest.forgetReads();
        store.unlink(items[0], key(0));
        assertTrue(guest.read(Items.keyAddress(items[0]), KEYS[0].length()), "the key of the item unlinked");
        assertEquals(Items.NIL, store.lookup(key(0)));
        for (int i = 1; i < KEYS.length; i++) {
            assertEquals(items[i], store.lookup(key(i)), KEYS[i]);
        }
    }

    @Test
    void theItemASetReplacesHasItsKeyReadAfterTheNewOneIsWritten() {
        store.beginRequest(1_000);
        ByteString key = key(1);
        long old = store.lookup(key);
        long fresh = create(key);
        guest.forgetReads();
        store.replace(old, fresh, key);
        assertTrue(guest.read(Items.keyAddress(old), key.length()), "the key of the item replaced");
        assertEquals(fresh, store.lookup(key));
    }
}
