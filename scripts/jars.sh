# Sourced by ./overbook: a command runs from a snapshot of the project's own jars, so a rebuild while it runs
# (./build, or another ./overbook after a source change) cannot pull its classes from under it.
#
# Why copies: the JVM opens a jar of the class path when it first needs a class from it, and reads it as it goes.
# A build gives every module's target/*.jar a new file (a new inode), and `install` rewrites the jars under
# ~/.m2/repository/org/overbook in place (same inode), so a command that has not opened a jar yet, or reads one that
# is being rewritten, fails with NoClassDefFoundError. Hard links would not do for the jars rewritten in place (nor
# across file systems); the project's jars are about 1.5 MB, so they are copied. Third-party jars never change and
# are used where they are.
#
# Where: $TMPDIR (else /tmp)/overbook-jars-USER/KEY/, KEY a digest of each jar's path, inode, size and
# modification time: later commands reuse the snapshot while nothing changed (a few stat calls), and a
# rebuilt jar gives a new one. A snapshot is made under a temporary name and renamed into place when complete.
#
# In use: a command holds a shared lock (flock) on its snapshot's in-use file for as long as it runs, through a file
# descriptor the JVM inherits (exec keeps it open; the lock goes when the process ends, however it ends). A new
# snapshot removes the others whose jars were rebuilt since (or whose checkout is gone) and whose lock it can take
# exclusively: disk stays at a snapshot per checkout and module (live; cluster with --master; benchmarks) plus those
# of commands still running. A command checks, once it holds the lock, that the snapshot is still the one at its path
# (a cleaner takes a snapshot away by renaming it first).
# Without flock, snapshots are used but never removed; without GNU stat and md5sum, none is made.

# Sets overbook_cp to CLASSPATH with the jars of CHECKOUT (and Overbook's jars in a Maven repository) replaced by
# their snapshot; holds the snapshot's lock on file descriptor 8.
overbook_snapshot_jars() { # CHECKOUT CLASSPATH
  local checkout="$1" entry key attempt
  # GNU stat and md5sum make the key; where they are missing (macOS), the command runs from the jars in place
  if ! stat -L -c '%i' "$checkout" >/dev/null 2>&1 || ! command -v md5sum >/dev/null; then
    overbook_cp="$2"
    return 0
  fi
  local -a entries own=()
  local - IFS=:
  set -f # the class path is split on ':' alone, not expanded
  entries=($2)
  set +f
  IFS=$' \t\n'
  for entry in "${entries[@]}"; do
    if [[ "$entry" == *.jar && ( "$entry" == "$checkout"/* || "$entry" == */org/overbook/* ) && -f "$entry" ]]; then
      own+=("$entry")
    fi
  done
  local root="${TMPDIR:-/tmp}/overbook-jars-${USER:-$(id -un)}"
  [ -d "$root" ] || mkdir -p -m 700 "$root"
  if [ ! -O "$root" ]; then
    echo "overbook: $root belongs to another user; remove it, or set TMPDIR to a folder of your own" >&2
    exit 2
  fi
  for attempt in 1 2 3 4 5; do
    overbook_snapshot_key "${own[@]}" || { sleep 1; continue; }
    key="$overbook_key"
    if [ ! -d "$root/$key" ]; then
      overbook_make_snapshot "$root" "$key" "$checkout" "${own[@]}" || { sleep 1; continue; }
      overbook_remove_old_snapshots "$root" "$key" "$checkout"
    fi
    if overbook_hold_snapshot "$root/$key"; then
      local -A copy=()
      local i=0
      for entry in "${own[@]}"; do
        copy["$entry"]="$root/$key/org/overbook/$i/${entry##*/}"
        i=$((i + 1))
      done
      overbook_cp=""
      for entry in "${entries[@]}"; do
        overbook_cp="${overbook_cp:+$overbook_cp:}${copy["$entry"]:-$entry}"
      done
      return 0
    fi
  done
  echo "overbook: the project's jars kept changing while copied to $root (is a build running?); try again" >&2
  exit 1
}

# Sets overbook_key to a digest of overbook_sources, the jars' inodes, sizes, modification times and paths (the
# checkout's among them); fails when a jar is missing (a build is writing them).
overbook_snapshot_key() { # JAR...
  overbook_sources="$(stat -L -c '%i %s %.9Y %n' "$@" 2>/dev/null)" || return 1
  overbook_key="$(md5sum <<< "$overbook_sources")"
  overbook_key="${overbook_key:0:16}"
}

# Copies the jars to ROOT/KEY/org/overbook/N/, keeping their file names: Spark's executors are shipped the jars whose
# names the cluster module lists, and a Spark worker's class path leaves out jars under an org/overbook folder.
# Fails when a jar changed while copied (a build is writing them).
overbook_make_snapshot() { # ROOT KEY CHECKOUT JAR...
  local root="$1" key="$2" checkout="$3" i=0 jar new
  shift 3
  new="$(mktemp -d "$root/.new-XXXXXX")"
  for jar in "$@"; do
    mkdir -p "$new/org/overbook/$i"
    cp "$jar" "$new/org/overbook/$i/" 2>/dev/null || { rm -rf "$new"; return 1; }
    i=$((i + 1))
  done
  echo "$checkout" > "$new/checkout"
  : > "$new/in-use"
  if ! overbook_snapshot_key "$@" || [ "$overbook_key" != "$key" ]; then
    rm -rf "$new"
    return 1
  fi
  echo "$overbook_sources" > "$new/sources"
  # another command may have made the same snapshot meanwhile: then its copy is used
  mv -T "$new" "$root/$key" 2>/dev/null || rm -rf "$new"
}

# Takes the snapshot's shared lock on descriptor 8 and checks the snapshot is still in place.
overbook_hold_snapshot() { # DIR
  command -v flock >/dev/null || return 0
  [ -e "$1/in-use" ] && { exec 8<"$1/in-use"; } 2>/dev/null || return 1
  flock -s 8
  if [ "$1/in-use" -ef /dev/fd/8 ]; then
    return 0
  fi
  exec 8<&-
  return 1
}

# Removes the snapshots no command uses, of this checkout or of one gone, whose jars were rebuilt since (a command of
# another module, with --master for one, keeps its own); and leftovers of interrupted copies.
overbook_remove_old_snapshots() { # ROOT KEY CHECKOUT
  local root="$1" key="$2" checkout="$3" dir owner
  local -a jars
  command -v flock >/dev/null || return 0
  for dir in "$root"/*/; do
    dir="${dir%/}"
    [ "${dir##*/}" != "$key" ] && [ -e "$dir/in-use" ] || continue
    owner="$(cat "$dir/checkout" 2>/dev/null || true)"
    if [ "$owner" = "$checkout" ]; then
      mapfile -t jars < <(sed 's/^[^ ]* [^ ]* [^ ]* //' "$dir/sources" 2>/dev/null)
      if [ "${#jars[@]}" -gt 0 ] && [ "$(stat -L -c '%i %s %.9Y %n' "${jars[@]}" 2>/dev/null)" = "$(cat "$dir/sources")" ]; then
        continue
      fi
    elif [ -d "$owner" ]; then
      continue
    fi
    { exec 7<"$dir/in-use"; } 2>/dev/null || continue
    if flock -xn 7 && mv -T "$dir" "$root/.old-$$-${dir##*/}" 2>/dev/null; then
      rm -rf "$root/.old-$$-${dir##*/}"
    fi
    exec 7<&-
  done
  find "$root" -mindepth 1 -maxdepth 1 \( -name '.new-*' -o -name '.old-*' \) -mmin +60 -exec rm -rf {} + 2>/dev/null || true
}
