/**
 * Verbs: a tenant's interface to its virtual function, modelled on InfiniBand verbs (libibverbs).
 *
 * <p>A workload registers memory regions ({@link org.overbook.guest.verbs.Verbs#register}), connects
 * queue pairs ({@link org.overbook.guest.verbs.Verbs#connect}, {@link org.overbook.guest.verbs.Verbs#listen}),
 * posts work requests to their bounded rings and learns of their completion from a
 * {@link org.overbook.guest.verbs.CompletionQueue}, by polling or through a handler. Messages, not byte
 * streams: a send lands whole in one posted receive buffer. A mistake in a verbs call (an unknown key,
 * a full ring, a buffer outside its region) is a {@link org.overbook.guest.verbs.VerbsException} naming
 * the call; a transfer the NIC refuses (a bad remote key, say) completes with an error status instead.
 */
package org.overbook.guest.verbs;
