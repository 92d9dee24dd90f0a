/**
 * The built-in workloads and the provider that registers them by name. Each workload uses the guest
 * API only, exactly as a user's own workload would.
 */
package org.overbook.workloads;
