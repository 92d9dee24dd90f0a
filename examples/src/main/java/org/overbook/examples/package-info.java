/**
 * A worked example of a custom workload: {@link org.overbook.examples.CacheAsideClient}, a look-aside
 * cache client whose hot keys drift, registered by {@link org.overbook.examples.ExampleWorkloads}.
 * Written against the guest API only; the README's "Write your own workload" walks through it.
 */
package org.overbook.examples;
