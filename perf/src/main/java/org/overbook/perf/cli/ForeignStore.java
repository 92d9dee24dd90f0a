package org.overbook.perf.cli;

import java.nio.file.Path;
import org.overbook.guest.ConfigurationException;
import org.overbook.perf.resume.PointStore;
import org.overbook.perf.resume.StoreOwner;

/**
 * Refuses {@code --resume} on a folder whose stored results another command wrote, or the same command of other
 * scenarios ({@link StoreOwner}): the command would reuse none of them and, once it completed, replace them. Checked
 * before anything runs; a store that records no owner (an earlier build's) is taken up as before.
 */
final class ForeignStore {

    private ForeignStore() {
    }

    /**
     * Refuses to take up {@code store}, in {@code folder}, with a command of {@code ours} if another command or other
     * scenarios wrote it.
     *
     * @throws ConfigurationException naming {@code --resume}, the folder and what wrote it
     */
    static void refuseUnlessOurs(Path folder, PointStore store, StoreOwner ours) {
        StoreOwner stored = store.owner();
        if (stored == null || ours.takesUp(stored)) {
            return;
        }
        int count = store.size();
        String points = count + " finished point" + (count == 1 ? "" : "s");
        String what = ours.sameCommand(stored)
                ? " of an interrupted " + stored.command() + " of other scenarios than this one's (another scenario file or"
                + " preset, one edited since, or --quick given to one and not to the other)"
                : " of an interrupted overbook " + stored.command() + ", which overbook " + ours.command() + " does not take up";
        throw new ConfigurationException("--resume", "'" + folder + "' stores " + points + what + ", and resuming would"
                + " replace them; accepted: the interrupted command as it was (overbook " + stored.command() + " with its"
                + " scenarios), or this command without --resume to replace that run");
    }
}
