package org.overbook.live.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A session's default results folder is named after its scenario file as {@code run}, {@code sweep} and {@code density}
 * name theirs: no space, nor any character but a letter, a digit, '.', '_' and '-'.
 */
class ServeFolderNameTest {

    @Test
    void aFileNameWithSpacesGivesAFolderNameWithout() {
        assertEquals("serve-my-live-session", ServeCommand.folderName(Path.of("scenarios", "my live session.yaml")));
        assertEquals("serve-two--spaces--and-a-tab", ServeCommand.folderName(Path.of("two  spaces  and\ta\ttab.yml")));
    }

    @Test
    void theOtherCharactersAreThoseRunKeeps() {
        assertEquals("serve-live_v2.1-x", ServeCommand.folderName(Path.of("live_v2.1-x.yaml")));
        assertEquals("serve-caf---copy-", ServeCommand.folderName(Path.of("caf\u00e9 (copy).yaml")));
        assertEquals("serve-default", ServeCommand.folderName(null), "the embedded scenario");
    }
}
