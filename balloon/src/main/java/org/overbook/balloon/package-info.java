/**
 * Ballooning after VMware ESX (Waldspurger, OSDI 2002): a driver in each guest that takes pages from
 * the guest allocator so the host can free their frames without swap I/O, and a manager on the host
 * that sets per-tenant targets. See DESIGN.md, "Ballooning".
 */
package org.overbook.balloon;
