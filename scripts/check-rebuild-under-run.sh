#!/usr/bin/env bash
# CI: a command started with ./overbook keeps running while the project is rebuilt under it, and gives the same
# results as an undisturbed run. A short version of the overcommit sweep runs twice; during the second, a source
# changes and another ./overbook command rebuilds every module the sweep's class path holds (new jars under
# */target/, rewritten ones under ~/.m2). Without the launcher's copy of the jars (scripts/jars.sh), the sweep
# dies with NoClassDefFoundError.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "CI: $*" >&2
  exit 1
}
sed -e 's/^duration: .*/duration: 200ms/' -e 's/^warm-up: .*/warm-up: 100ms/' scenarios/overcommit-sweep.yaml > "$work/sweep.yaml"
./overbook sweep "$work/sweep.yaml" --out "$work/undisturbed" > "$work/undisturbed.log" 2>&1 \
  || { cat "$work/undisturbed.log" >&2; fail "the undisturbed sweep failed"; }
echo "CI: undisturbed sweep: $(tail -n 1 "$work/undisturbed/timing.txt")"

./overbook sweep "$work/sweep.yaml" --threads 1 --out "$work/disturbed" > "$work/disturbed.log" 2>&1 &
sweep=$! # the JVM itself, once the launcher has exec'd it
trap '{ kill -CONT "$sweep"; kill "$sweep"; } 2>/dev/null || true; rm -rf "$work"' EXIT
# Once the sweep runs (its results folder is there), it is stopped (SIGSTOP) for the length of the rebuild, so that
# the rebuild happens under it however fast this machine builds or simulates; the classes it has yet to load (the
# remaining points, the reports, the charts) come after the jars were rewritten.
until [ -d "$work/disturbed" ] || ! kill -0 "$sweep" 2>/dev/null; do sleep 0.2; done
kill -STOP "$sweep" 2>/dev/null || fail "the sweep ended before the rebuild began; the check proves nothing"
touch guest-api/src/main/java/org/overbook/guest/package-info.java
./overbook --version 2>&1 | grep -q 'Building Overbook' || fail "./overbook did not rebuild after a source changed"
kill -CONT "$sweep"
if ! wait "$sweep"; then
  cat "$work/disturbed.log" >&2
  fail "a rebuild broke the command running under it"
fi
diff -r -x timing.txt "$work/undisturbed" "$work/disturbed" >&2 \
  || fail "a rebuild changed the results of the command running under it"
echo "CI: a rebuild while ./overbook runs leaves the command, and its results, as they were"
