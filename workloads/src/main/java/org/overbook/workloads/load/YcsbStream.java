package org.overbook.workloads.load;

import java.util.random.RandomGenerator;
import org.overbook.workloads.dist.ItemGenerator;
import org.overbook.workloads.dist.LatestGenerator;
import org.overbook.workloads.dist.ScrambledZipfianGenerator;
import org.overbook.workloads.dist.UniformGenerator;

/**
 * The operations of a YCSB core workload [1] against a key-value store: a mix of reads, updates,
 * inserts, scans and read-modify-writes over records {@code 0 .. recordCount-1} (loaded beforehand)
 * plus the records inserted since.
 *
 * <h2>Design</h2>
 * Follows YCSB's {@code CoreWorkload}. The operation kind comes from one uniform draw over the
 * workload's shares ({@link YcsbWorkload}); the record from the request distribution: scrambled
 * zipfian (θ = 0.99), latest, or uniform. Inserts take the next record number. For the zipfian,
 * YCSB sizes the item space for the expected inserts up front ({@code insertcount} plus twice the
 * expected new keys) and redraws any record not inserted yet, so that inserts do not move the hot
 * keys; here the headroom is {@link Config#insertHeadroom()} records, and when inserts outgrow it the
 * space doubles (which reshuffles popularity once). Latest and uniform simply grow with every insert.
 *
 * <p>What a key-value store makes of YCSB's model:
 * <ul>
 *   <li>A record is one value of {@code fieldCount × fieldLength} bytes (YCSB default 10 × 100); every
 *       write (update, insert, read-modify-write) writes the whole record.</li>
 *   <li>Keys are {@code "user"} plus the zero-padded record number, 23 bytes by default: YCSB's
 *       {@code "user" + hash(record)} with the hash dropped, since a hash table does not care about
 *       key order and the scrambled zipfian already scatters popularity.</li>
 *   <li>A scan reads {@code scanLength} consecutive record numbers from the chosen one (on memcached a
 *       multi-key get); numbers beyond the newest record are simply absent.</li>
 *   <li>An insert counts as done when it is issued (YCSB waits for the acknowledgement); a client
 *       with requests in flight may read a just-inserted key before the store has it.</li>
 * </ul>
 *
 * <p>[1] B. F. Cooper et al. Benchmarking Cloud Serving Systems with YCSB. SoCC 2010; YCSB's
 * {@code core/src/main/java/site/ycsb/workloads/CoreWorkload.java}.
 */
public final class YcsbStream implements OperationStream {

    /**
     * YCSB settings.
     *
     * @param workload            the operation mix
     * @param recordCount         records loaded before the run, at least 1
     * @param fieldCount          fields per record
     * @param fieldLength         bytes per field
     * @param keyLength           bytes per key
     * @param maxScanLength       scans read 1..maxScanLength records, uniformly
     * @param requestDistribution how records are chosen
     * @param insertHeadroom      records the zipfian space reserves for inserts, when the mix has any
     * @param keyFormat           how record numbers become keys
     */
    public record Config(YcsbWorkload workload, long recordCount, int fieldCount, int fieldLength, int keyLength,
                         int maxScanLength, YcsbWorkload.RequestDistribution requestDistribution,
                         long insertHeadroom, KeyFormat keyFormat) {

        /** YCSB's default fields per record. */
        public static final int DEFAULT_FIELD_COUNT = 10;
        /** YCSB's default bytes per field. */
        public static final int DEFAULT_FIELD_LENGTH = 100;
        /** {@code "user"} plus 19 digits, the longest YCSB key. */
        public static final int DEFAULT_KEY_LENGTH = 23;
        /** Workload E's {@code maxscanlength}. */
        public static final int DEFAULT_MAX_SCAN_LENGTH = 100;

        public Config {
            if (workload == null || requestDistribution == null || keyFormat == null) {
                throw new IllegalArgumentException("workload, request distribution and key format are required");
            }
            if (recordCount < 1 || insertHeadroom < 0) {
                throw new IllegalArgumentException("need at least one record and a non-negative headroom: " + recordCount + ", " + insertHeadroom);
            }
            if (fieldCount < 1 || fieldLength < 1 || (long) fieldCount * fieldLength > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("bad record shape: " + fieldCount + " x " + fieldLength);
            }
            if (keyLength < KeyFormat.minimumLength(recordCount - 1) || keyLength > 250) {
                throw new IllegalArgumentException(recordCount + " records do not fit keys of " + keyLength + " bytes");
            }
            if (maxScanLength < 1) {
                throw new IllegalArgumentException("max scan length must be at least 1: " + maxScanLength);
            }
        }

        /** Returns YCSB's defaults for {@code workload} over {@code recordCount} records; headroom = recordCount. */
        public static Config defaults(YcsbWorkload workload, long recordCount) {
            return new Config(workload, recordCount, DEFAULT_FIELD_COUNT, DEFAULT_FIELD_LENGTH, DEFAULT_KEY_LENGTH,
                    DEFAULT_MAX_SCAN_LENGTH, workload.requestDistribution(), recordCount, new KeyFormat("user"));
        }

        /** Returns the bytes of one record's value. */
        public int recordLength() {
            return fieldCount * fieldLength;
        }
    }

    private final Config config;
    private final ItemGenerator chooser;
    private final boolean redrawUnborn;
    private long records;

    /** Creates a stream with the given settings. */
    public YcsbStream(Config config) {
        this.config = config;
        this.records = config.recordCount();
        boolean inserts = config.workload().insertProportion() > 0;
        this.chooser = switch (config.requestDistribution()) {
            case UNIFORM -> new UniformGenerator(records);
            case LATEST -> new LatestGenerator(records);
            case ZIPFIAN -> new ScrambledZipfianGenerator(records + (inserts ? config.insertHeadroom() : 0));
        };
        this.redrawUnborn = config.requestDistribution() == YcsbWorkload.RequestDistribution.ZIPFIAN;
    }

    @Override
    public Operation next(RandomGenerator rng) {
        Operation.Kind kind = config.workload().kindAt(rng.nextDouble());
        int keyLength = config.keyLength();
        return switch (kind) {
            case GET -> new Operation(kind, chooseExisting(rng), keyLength, 0, 0);
            case UPDATE, READ_MODIFY_WRITE -> new Operation(kind, chooseExisting(rng), keyLength, config.recordLength(), 0);
            case SCAN -> new Operation(kind, chooseExisting(rng), keyLength, 0, rng.nextInt(1, config.maxScanLength() + 1));
            case INSERT -> insert();
            case SET -> throw new IllegalStateException("YCSB has no plain SET");
        };
    }

    /** Returns the number of records: those loaded plus those inserted so far. */
    public long recordCount() {
        return records;
    }

    @Override
    public KeyFormat keyFormat() {
        return config.keyFormat();
    }

    /** Returns the settings. */
    public Config config() {
        return config;
    }

    private Operation insert() {
        long keyId = records;
        if (KeyFormat.minimumLength(keyId) > config.keyLength()) {
            throw new IllegalStateException("record " + keyId + " no longer fits a key of " + config.keyLength() + " bytes");
        }
        records++;
        if (redrawUnborn) {
            if (records > chooser.itemCount()) {
                chooser.growTo(Math.max(records, 2 * chooser.itemCount()));
            }
        } else {
            chooser.growTo(records);
        }
        return new Operation(Operation.Kind.INSERT, keyId, config.keyLength(), config.recordLength(), 0);
    }

    private long chooseExisting(RandomGenerator rng) {
        long keyId;
        do {
            keyId = chooser.next(rng);
        } while (keyId >= records);
        return keyId;
    }
}
