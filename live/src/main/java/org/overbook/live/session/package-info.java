/**
 * Live sessions and their replays: the scenario a session runs (the file's server host, a gateway tenant per listen
 * address), the pacer that lets virtual time follow the wall clock on the simulation thread, the session log of
 * every arrival's virtual time, and the replay that feeds a log back to the same model.
 */
package org.overbook.live.session;
