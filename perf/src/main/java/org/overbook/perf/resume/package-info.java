/**
 * Taking up an interrupted command again ({@code --resume} of {@code run}, {@code sweep}, {@code density},
 * {@code reproduce} and {@code sensitivity}): each simulation's result is stored whole as it finishes, in the results
 * folder's work area ({@link org.overbook.perf.resume.PointStore}), keyed by the point (its resolved YAML and seed)
 * and the build of the model that computed it ({@link org.overbook.perf.resume.BuildStamp}); a later run of the same
 * points by the same build reuses what is stored and runs the rest ({@link org.overbook.perf.resume.StoringExecutor}
 * does both for a command that asks for its points as it goes). Used by the command line; the store is removed once
 * a command completes.
 */
package org.overbook.perf.resume;
