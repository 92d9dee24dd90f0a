/**
 * Test fixtures other modules' tests share (published as the nic test-jar): the source of a user's memory-policy
 * plug-in, for the tests that compile one outside the reactor and load its jar.
 */
package org.overbook.nic.testing;
