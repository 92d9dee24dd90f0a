/**
 * Test fixtures of the balloon module: a cache-like workload, written against the guest API alone, that
 * gives memory back under pressure as memcached would.
 */
package org.overbook.balloon.testing;
