/**
 * The model side of live mode: the {@code gateway} workload, a client-host tenant whose requests come from TCP
 * clients instead of a generator. Everything here runs on the simulation thread only, reads no clock and draws no
 * randomness: given the same arrivals at the same virtual times it does the same thing.
 */
package org.overbook.live.gateway;
