/**
 * The built-in demo that {@code overbook run} runs until scenario files exist: three tenants touching
 * memory at 3x overcommit, with faults, swap traffic and frame use reported.
 */
package org.overbook.perf.demo;
