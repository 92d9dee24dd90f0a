package org.overbook.workloads.mpi;

/**
 * Where the ranks of a halo exchange sit: an {@code x} by {@code y} torus coloured like a checkerboard, colour
 * {@code (i + j) % 2} for column i and row j. Both sides even, so every neighbour of a rank has the other
 * colour: a job laid out over two hosts, a colour on each, exchanges all its halos across the link, and
 * each host holds a rank's peers in colour order (an index in its colour's row-major order: {@link #column},
 * {@link #row}).
 *
 * @param x columns, even
 * @param y rows, even
 */
record Torus(int x, int y) {

    /** Directions, in the order a rank posts its halos: west, east, south, north. */
    static final int DIRECTIONS = 4;

    Torus {
        if (x < 2 || y < 2 || x % 2 != 0 || y % 2 != 0) {
            throw new IllegalArgumentException(x + "x" + y + ": both sides must be even and at least 2");
        }
    }

    /** Returns how many ranks have each colour: half the job. */
    int perColour() {
        return x * y / 2;
    }

    /** Returns the column of the rank of {@code colour} at {@code index} in its colour's row-major order. */
    int column(int colour, int index) {
        int row = row(index);
        return 2 * (index % (x / 2)) + (colour + row) % 2;
    }

    /** Returns the row of the rank at {@code index} of its colour (each row holds x / 2 ranks of each colour). */
    int row(int index) {
        return index / (x / 2);
    }

    /** Returns the rank's number in the whole job, row-major. */
    int globalRank(int colour, int index) {
        return row(index) * x + column(colour, index);
    }

    /** Returns the colour index of the neighbour of (colour, index) in {@code direction} (which has the other colour). */
    int neighbour(int colour, int index, int direction) {
        int i = column(colour, index);
        int j = row(index);
        switch (direction) {
            case 0 -> i = (i + x - 1) % x;
            case 1 -> i = (i + 1) % x;
            case 2 -> j = (j + y - 1) % y;
            case 3 -> j = (j + 1) % y;
            default -> throw new IllegalArgumentException("direction " + direction);
        }
        return j * (x / 2) + i / 2;
    }

    /** Returns the direction a halo sent in {@code direction} arrives from, as its receiver sees it. */
    static int opposite(int direction) {
        return direction ^ 1;
    }
}
