#!/usr/bin/env bash
# Checks that the plug-in API's modules install a sources jar beside their jar (the plugin-sources profile, which
# ./overbook's build and docs/PLUGINS.md use), and that a build without the profile, as `./build test`'s, packs none.
# About half a minute of two cores: it compiles and installs the five modules, no test runs.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
overbook_find_jdk
modules=(guest-api hypervisor nic balloon workloads)
version=0.1.0-SNAPSHOT
repository="$HOME/.m2/repository" # Maven's local repository, where no settings move it

for module in "${modules[@]}"; do
  rm -f "$module/target/$module-$version-sources.jar"
done
./build -q package -DskipTests -pl "$(IFS=,; echo "${modules[*]}")" -am
for module in "${modules[@]}"; do
  if [ -e "$module/target/$module-$version-sources.jar" ]; then
    echo "check-plugin-sources: a build without -Pplugin-sources packed $module's sources jar" >&2
    exit 1
  fi
done

for module in "${modules[@]}"; do
  rm -f "$repository/org/overbook/$module/$version/$module-$version-sources.jar"
done
./build -q install -DskipTests -Pplugin-sources -pl "$(IFS=,; echo "${modules[*]}")" -am
for module in "${modules[@]}"; do
  jar="$repository/org/overbook/$module/$version/$module-$version-sources.jar"
  if [ ! -f "$jar" ]; then
    echo "check-plugin-sources: no $jar after install -Pplugin-sources" >&2
    exit 1
  fi
  listing="$("$JAVA_HOME/bin/jar" tf "$jar")"
  if ! grep -q 'org/overbook/.*/package-info\.java' <<< "$listing"; then
    echo "check-plugin-sources: $jar holds no source of org.overbook" >&2
    exit 1
  fi
done
listing="$("$JAVA_HOME/bin/jar" tf "$repository/org/overbook/guest-api/$version/guest-api-$version-sources.jar")"
grep -q 'org/overbook/guest/WorkloadParameters\.java' <<< "$listing" \
  || { echo "check-plugin-sources: guest-api's sources jar lacks WorkloadParameters.java" >&2; exit 1; }
echo "check-plugin-sources: ${modules[*]} install their sources jars; a build without the profile packs none"
