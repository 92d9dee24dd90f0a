# Sourced by ./build, ./overbook and .ci/run: points JAVA_HOME at a JDK 25 or newer.
# Order: $JAVA_HOME if it is new enough, then `java` on the PATH, then JDKs under /usr/lib/jvm.

overbook_java_major() { # prints the feature version of the java binary given, or 0
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

overbook_find_jdk() {
  local candidate major
  for candidate in ${JAVA_HOME:+"$JAVA_HOME"} \
                   "$(dirname "$(dirname "$(readlink -f "$(command -v javac 2>/dev/null || echo /nonexistent)")")")" \
                   /usr/lib/jvm/*; do
    [ -x "$candidate/bin/javac" ] || continue
    major=$(overbook_java_major "$candidate/bin/java")
    if [ "${major:-0}" -ge 25 ] 2>/dev/null; then
      export JAVA_HOME="$candidate"
      return 0
    fi
  done
  echo "Overbook needs a JDK 25 or newer, and none was found (looked at JAVA_HOME, the java on the PATH, /usr/lib/jvm)." >&2
  echo "Install one (for example Temurin 25) and set JAVA_HOME to it." >&2
  return 1
}

# Maven 3.8's bundled Guava calls sun.misc.Unsafe; JDK 25 warns about it on every build.
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"

# Maven: the installed `mvn` if there is one, else the Maven Wrapper shipped in the repository (./mvnw), which
# fetches the Maven named in .mvn/wrapper/maven-wrapper.properties from the registry on first use.
overbook_maven() {
  if command -v mvn >/dev/null 2>&1; then
    mvn "$@"
  else
    "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/mvnw" "$@"
  fi
}
