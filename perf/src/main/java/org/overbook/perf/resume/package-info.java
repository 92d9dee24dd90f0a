/**
 * Taking up an interrupted run again ({@code run} and {@code sweep} with {@code --resume}): each simulation's result is
 * stored whole as it finishes, in the results folder's work area ({@link org.overbook.perf.resume.PointStore}), keyed
 * by the point (its resolved YAML, seed and replication) and the build of the model that computed it
 * ({@link org.overbook.perf.resume.BuildStamp}); a later run of the same points by the same build reuses what is
 * stored and runs the rest. Used by the command line; the store is removed once a run completes.
 */
package org.overbook.perf.resume;
