package org.overbook.workloads.mpi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;
import org.overbook.guest.Guest;
import org.overbook.guest.GuestMemory;
import org.overbook.guest.Workload;
import org.overbook.guest.WorkloadMetrics;
import org.overbook.guest.WorkloadParameters;
import org.overbook.guest.verbs.Access;
import org.overbook.guest.verbs.Completion;
import org.overbook.guest.verbs.CompletionQueue;
import org.overbook.guest.verbs.MemoryRegion;
import org.overbook.guest.verbs.QueuePair;
import org.overbook.guest.verbs.QueuePairConfig;
import org.overbook.guest.verbs.Verbs;
import org.overbook.guest.verbs.VerbsException;
import org.overbook.guest.verbs.WorkRequest;
import org.overbook.workloads.MessageSizes;
import org.overbook.workloads.RdmaWrites;

/**
 * {@code mpi-halo}: one rank of an MPI-like job exchanging halos on a two-dimensional torus, with the two
 * protocols of an MPI library over InfiniBand and the buffers they keep registered.
 *
 * <h2>Design</h2>
 * The job is an {@code x} by {@code y} torus coloured like a checkerboard ({@link Torus}); each colour runs
 * on one host, so every halo crosses the link, and each rank has four neighbours (west, east, south, north)
 * among the other colour's ranks. At start the runtime connects the rank to every rank of the other colour,
 * its peers, and keeps for each a pair of eager rings ({@link Peer}: {@code eager-buffers} buffers of
 * {@code eager-buffer} bytes each way, 16 x 8 KiB by default), registered for the whole run whether the
 * application ever talks to that peer or not. This is the per-peer eager state of an MPI library that sets
 * up all its connections at start (MVAPICH2 does below {@code MV2_ON_DEMAND_THRESHOLD}, 64 processes, with
 * its RDMA fast path of {@code MV2_NUM_RDMA_BUFFER} buffers per connection; the sizes are Overbook's
 * reading): it grows with the peers, so across the job with the square of the ranks, while what a
 * halo exchange touches grows with the neighbours.
 *
 * <p>Each iteration computes ({@code compute} of vCPU time, packing a stamped halo per neighbour into the
 * application's send buffers), posts its four receives and sends its four halos, and ends when all eight
 * are complete (a bulk-synchronous step, {@code MPI_Waitall}); then it checks every received stamp. A
 * halo up to the eager limit (the buffer less a 64-byte header) is copied into an eager buffer and written
 * into the peer's ring. A larger one goes by rendezvous (RPUT): a request-to-send through the eager ring;
 * the receiver registers its receive buffer and answers clear-to-send with its address and key; the sender
 * registers its send buffer, RDMA-writes the halo into the receiver's buffer and follows it with a finish
 * message; each side deregisters once done. The registrations go through the NIC's memory policy, so under
 * a pin-down cache the application's buffers stay pinned after their first use, as a registration cache
 * keeps them, and under on-demand paging nothing is pinned and the NIC maps what it touches. With
 * {@code registration: once} the application's buffers are registered once at start and never around a
 * message, as an ODP-aware library registers the whole address space with implicit ODP (SC'16). A message that
 * arrives for an iteration the rank has not reached yet waits in an unexpected queue, copied out of its
 * eager buffer, as MPI keeps unexpected messages.
 *
 * <p>Reported: iterations done, the mean time of a measured iteration (after {@code warmup} unmeasured ones,
 * as the OSU benchmarks skip theirs), eager and rendezvous messages, peers, and stamp mismatches (must be
 * zero). What the job keeps pinned, or the NIC maps, is the NIC's figure for the tenant, not the workload's.
 *
 * <p>Left out: intra-node shared-memory transport (no two neighbours share a host here), collectives, the
 * runtime's shared receive queue and its other control buffers, credit messages (the posted receives and
 * the NIC's receiver-not-ready retry bound what is in flight).
 */
public final class HaloExchange implements Workload, RdmaWrites, MessageSizes {

    /** The name scenarios use. */
    public static final String NAME = "mpi-halo";

    private static final long DATA = 1L << 40;
    private static final long RETRY_NANOS = 100_000;
    private static final int RETRIES = 1_000;
    private static final int COMPLETIONS = 1 << 14;

    private final HaloSettings settings;
    private final Torus torus;
    private final int[] neighbours = new int[Torus.DIRECTIONS];
    private final long[] sendBuffers = new long[Torus.DIRECTIONS];
    private final long[] receiveBuffers = new long[Torus.DIRECTIONS];
    private final MemoryRegion[] sendRegions = new MemoryRegion[Torus.DIRECTIONS];
    private final MemoryRegion[] receiveRegions = new MemoryRegion[Torus.DIRECTIONS];
    private final boolean[] received = new boolean[Torus.DIRECTIONS];
    private final IntObjectHashMap<Peer> byQueuePair = new IntObjectHashMap<>();
    private final List<Unexpected> unexpected = new ArrayList<>();
    private Peer[] peers;
    private HaloStamps stamps;
    private Control control;
    private MemoryRegion buffersRegion;
    private int accepted;
    private Guest guest;
    private GuestMemory memory;
    private Verbs verbs;
    private QueuePairConfig config;
    private int readyPeers;
    private int iteration = -1;
    private int receivesDone;
    private int sendsDone;
    private long measuredStart;
    private long measuredEnd;
    private long iterationsDone;
    private long eagerMessages;
    private long rendezvousMessages;
    private long mismatches;
    private long errors;
    private boolean finished;

    /** A message that came before its iteration: what it carried, copied out of its eager buffer. */
    private record Unexpected(Peer peer, int type, int tag, int iteration, byte[] payload) {
    }

    public HaloExchange(WorkloadParameters parameters) {
        this.settings = HaloSettings.from(parameters);
        this.torus = settings.torus();
    }

    /** Returns an eager buffer's bytes, or a halo's when it goes by rendezvous (one RDMA write). */
    @Override
    public int largestMessageBytes() {
        return settings.eager() ? settings.eagerSlot() : Math.max(settings.eagerSlot(), settings.halo());
    }

    @Override
    public String rdmaWrites() {
        return "its eager messages are RDMA writes with immediate into its peers' rings, as are its rendezvous halos";
    }

    @Override
    public void start(Guest guest) {
        this.guest = guest;
        this.memory = guest.memory();
        this.verbs = guest.verbs();
        stamps = new HaloStamps(memory, settings.halo());
        peers = new Peer[torus.perColour()];
        control = new Control(verbs, memory, peers.length, settings.eagerSlot());
        long stride = HaloSettings.pages(settings.halo());
        long buffers = memory.allocate(2 * Torus.DIRECTIONS * stride);
        for (int d = 0; d < Torus.DIRECTIONS; d++) {
            neighbours[d] = torus.neighbour(settings.colour(), settings.index(), d);
            sendBuffers[d] = buffers + d * stride;
            receiveBuffers[d] = buffers + (Torus.DIRECTIONS + d) * stride;
        }
        if (settings.registerOnce()) {
            buffersRegion = verbs.register(buffers, 2 * Torus.DIRECTIONS * stride, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
        }
        CompletionQueue sends = verbs.createCompletionQueue(COMPLETIONS);
        CompletionQueue receives = verbs.createCompletionQueue(COMPLETIONS);
        sends.onCompletion(this::onSent);
        receives.onCompletion(this::onReceived);
        int ring = Integer.highestOneBit(Math.max(1, settings.eagerSlots() - 1)) << 1;
        config = QueuePairConfig.of(sends, receives).withRings(4 * ring, ring);
        if (settings.colour() == 1) {
            verbs.listen(settings.service(), config, this::accepted);
        } else {
            for (int i = 0; i < peers.length; i++) {
                connect(i, 0);
            }
        }
    }

    // ---- connections ----

    private void connect(int peer, int attempt) {
        QueuePair qp;
        try {
            qp = verbs.connect(settings.peers().get(peer), settings.service(), config);
        } catch (VerbsException e) {
            if (attempt >= RETRIES) {
                throw e;
            }
            guest.schedule(RETRY_NANOS, () -> connect(peer, attempt + 1));
            return;
        }
        Peer p = newPeer(qp, peer);
        p.hello(settings.index());
    }

    private void accepted(QueuePair qp) {
        if (accepted == peers.length) {
            errors++;
            return;
        }
        newPeer(qp, accepted++);
    }

    private Peer newPeer(QueuePair qp, int controlSlot) {
        Peer peer = new Peer(qp, verbs, memory, settings.eagerSlots(), settings.eagerSlot(), control, controlSlot);
        byQueuePair.put(qp.number(), peer);
        return peer;
    }

    private void helloFrom(Peer peer) {
        if (!peer.readHello() || peer.index < 0 || peer.index >= peers.length || peers[peer.index] != null) {
            errors++;
            return;
        }
        peers[peer.index] = peer;
        if (settings.colour() == 1) {
            peer.hello(settings.index());
        }
        if (++readyPeers == peers.length) {
            startIteration(0);
        }
    }

    // ---- completions ----

    private void onReceived(Completion completion) {
        Peer peer = byQueuePair.get(completion.queuePair());
        if (!completion.ok() || peer == null) {
            errors++;
            return;
        }
        if (completion.opcode() == Completion.Opcode.RECEIVE) {
            helloFrom(peer);
        } else {
            long slot = peer.nextReceivedSlot();
            arrived(peer, slot);
        }
        peer.repost();
    }

    private void onSent(Completion completion) {
        if (!completion.ok()) {
            errors++;
            return;
        }
        if ((completion.id() & DATA) != 0) {
            int direction = (int) (completion.id() & 3);
            release(sendRegions, direction);
            sendDone();
        }
    }

    /** A message is in {@code slot} of {@code peer}'s receiving ring. */
    private void arrived(Peer peer, long slot) {
        int type = memory.readInt(slot + Peer.TYPE);
        int tag = memory.readInt(slot + Peer.TAG);
        int forIteration = (int) memory.readLong(slot + Peer.ITERATION);
        switch (type) {
            case Peer.EAGER, Peer.RTS -> {
                if (forIteration == iteration && !received[tag]) {
                    if (type == Peer.EAGER) {
                        memory.write(receiveBuffers[tag], payload(slot), 0, settings.halo());
                        receive(tag);
                    } else {
                        clearToSend(peer, tag);
                    }
                } else {
                    unexpected.add(new Unexpected(peer, type, tag, forIteration, type == Peer.EAGER ? payload(slot) : null));
                }
            }
            case Peer.CTS -> put(peer, Torus.opposite(tag), memory.readLong(slot + Peer.ADDRESS), memory.readInt(slot + Peer.KEY));
            case Peer.FIN -> {
                release(receiveRegions, tag);
                receive(tag);
            }
            default -> errors++;
        }
    }

    private byte[] payload(long slot) {
        byte[] bytes = new byte[settings.halo()];
        memory.read(slot + HaloSettings.HEADER, bytes, 0, bytes.length);
        return bytes;
    }

    // ---- the application's iterations ----

    private void startIteration(int k) {
        iteration = k;
        receivesDone = 0;
        sendsDone = 0;
        Arrays.fill(received, false);
        if (k == settings.warmup()) {
            measuredStart = guest.now();
        }
        guest.charge(settings.computeNanos());
        int me = torus.globalRank(settings.colour(), settings.index());
        for (int d = 0; d < Torus.DIRECTIONS; d++) {
            stamps.write(sendBuffers[d], HaloStamps.of(k, me, d));
        }
        for (Iterator<Unexpected> it = unexpected.iterator(); it.hasNext(); ) {
            Unexpected u = it.next();
            if (u.iteration() == k) {
                it.remove();
                if (u.type() == Peer.EAGER) {
                    memory.write(receiveBuffers[u.tag()], u.payload(), 0, u.payload().length);
                    receive(u.tag());
                } else {
                    clearToSend(u.peer(), u.tag());
                }
            }
        }
        for (int d = 0; d < Torus.DIRECTIONS; d++) {
            Peer peer = peers[neighbours[d]];
            long slot = peer.nextSendSlot();
            header(slot, settings.eager() ? Peer.EAGER : Peer.RTS, Torus.opposite(d));
            if (settings.eager()) {
                byte[] halo = new byte[settings.halo()];
                memory.read(sendBuffers[d], halo, 0, halo.length);
                memory.write(slot + HaloSettings.HEADER, halo, 0, halo.length);
                peer.send(HaloSettings.HEADER + halo.length);
                eagerMessages++;
                sendDone();
            } else {
                peer.send(HaloSettings.HEADER);
                rendezvousMessages++;
            }
        }
    }

    /** Receiver of a rendezvous: registers the receive buffer of {@code tag} and tells the sender where to write. */
    private void clearToSend(Peer peer, int tag) {
        receiveRegions[tag] = acquire(receiveBuffers[tag], Access.LOCAL_WRITE | Access.REMOTE_WRITE);
        long slot = peer.nextSendSlot();
        header(slot, Peer.CTS, tag);
        memory.writeLong(slot + Peer.ADDRESS, receiveBuffers[tag]);
        memory.writeInt(slot + Peer.KEY, receiveRegions[tag].rkey());
        peer.send(HaloSettings.HEADER);
    }

    /** Sender of a rendezvous: registers the send buffer of {@code direction}, writes it and finishes. */
    private void put(Peer peer, int direction, long address, int key) {
        sendRegions[direction] = acquire(sendBuffers[direction], 0);
        peer.qp.postSend(new WorkRequest.RdmaWrite(DATA | direction, sendBuffers[direction], settings.halo(),
                sendRegions[direction].lkey(), address, key, /* immediate= */ false));
        long slot = peer.nextSendSlot();
        header(slot, Peer.FIN, Torus.opposite(direction));
        peer.send(HaloSettings.HEADER);
    }

    /** Returns the region a rendezvous uses for the halo buffer at {@code address}: registered now, or at start. */
    private MemoryRegion acquire(long address, int access) {
        return buffersRegion != null ? buffersRegion : verbs.register(address, settings.halo(), access);
    }

    /** Deregisters what {@link #acquire} registered for one rendezvous (nothing if the buffers were registered at start). */
    private void release(MemoryRegion[] regions, int direction) {
        if (buffersRegion == null) {
            verbs.deregister(regions[direction]);
        }
        regions[direction] = null;
    }

    private void header(long slot, int type, int tag) {
        memory.writeInt(slot + Peer.TYPE, type);
        memory.writeInt(slot + Peer.LENGTH, settings.halo());
        memory.writeLong(slot + Peer.ITERATION, iteration);
        memory.writeInt(slot + Peer.TAG, tag);
    }

    private void receive(int tag) {
        received[tag] = true;
        receivesDone++;
        maybeDone();
    }

    private void sendDone() {
        sendsDone++;
        maybeDone();
    }

    private void maybeDone() {
        if (receivesDone < Torus.DIRECTIONS || sendsDone < Torus.DIRECTIONS) {
            return;
        }
        for (int d = 0; d < Torus.DIRECTIONS; d++) {
            int from = torus.globalRank(1 - settings.colour(), neighbours[d]);
            if (!stamps.check(receiveBuffers[d], HaloStamps.of(iteration, from, Torus.opposite(d)))) {
                mismatches++;
            }
        }
        iterationsDone++;
        int next = iteration + 1;
        if (next == settings.warmup() + settings.iterations()) {
            measuredEnd = guest.now();
            finished = true;
            return;
        }
        guest.schedule(0, () -> startIteration(next));
    }

    @Override
    public void report(WorkloadMetrics metrics) {
        metrics.counter("iterations", iterationsDone);
        metrics.counter("finished", finished ? 1 : 0);
        if (finished) {
            double iterationNanos = (double) (measuredEnd - measuredStart) / settings.iterations();
            metrics.gauge("iteration_us", iterationNanos / 1_000.0);
            metrics.gauge("iterations_per_s", 1e9 / iterationNanos);
        }
        metrics.counter("peers", readyPeers);
        metrics.counter("eager_messages", eagerMessages);
        metrics.counter("rendezvous_messages", rendezvousMessages);
        metrics.counter("mismatches", mismatches);
        metrics.counter("errors", errors);
    }
}
