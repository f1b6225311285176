#!/usr/bin/env bash
# Installs, starts, stops and reports on a local single-node OpenSearch that Tessera manages.
# Usage: scripts/opensearch.sh install|start|stop|status|where
# The distribution is a cache (TESSERA_CACHE: ~/.cache/tessera, /var/cache/tessera as root): deleting it costs a
# download. The catalog is data: the node keeps it under the data directory (TESSERA_DATA_DIR, default ~/.tessera,
# where the service keeps its secret too), in opensearch-<port>.
# Environment: TESSERA_CACHE, TESSERA_DATA_DIR, TESSERA_OS_PORT (9200), TESSERA_OS_TRANSPORT_PORT (port+100),
#   TESSERA_OS_DATA (the node's directory; overrides the data directory), TESSERA_OS_HEAP (1g),
#   TESSERA_OS_JAVA_OPTS (more JVM options; CI's short-lived nodes use -XX:TieredStopAtLevel=1),
#   TESSERA_OS_USER (tessera-os, used only when run as root).
set -euo pipefail

OPENSEARCH_VERSION=2.19.3

if [ "$(id -u)" = 0 ]; then default_cache=/var/cache/tessera; else default_cache="${XDG_CACHE_HOME:-$HOME/.cache}/tessera"; fi
CACHE="${TESSERA_CACHE:-$default_cache}"
PORT="${TESSERA_OS_PORT:-9200}"
TPORT="${TESSERA_OS_TRANSPORT_PORT:-$((PORT + 100))}"
HEAP="${TESSERA_OS_HEAP:-1g}"
RUN_USER="${TESSERA_OS_USER:-tessera-os}"
OS_HOME="$CACHE/opensearch-$OPENSEARCH_VERSION"
DATA_DIR="${TESSERA_DATA_DIR:-$HOME/.tessera}"
INSTANCE="${TESSERA_OS_DATA:-$DATA_DIR/opensearch-$PORT}"
# Where earlier versions kept the node's data (in the cache); used only to say so, never written.
OLD_INSTANCE="$CACHE/node-$PORT"
PIDFILE="$INSTANCE/opensearch.pid"
LOGFILE="$INSTANCE/logs/console.log"
URL="http://127.0.0.1:$PORT"

log() { printf '[opensearch] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

find_java_home() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then echo "$JAVA_HOME"; return; fi
  local j; j=$(command -v java) || die "java not found: install a Java 17 runtime"
  dirname "$(dirname "$(readlink -f "$j")")"
}

# The module table: folder, artifacts, classname, extended plugins, transitive deps wanted, policy.
module_spec() {
  case "$1" in
    reindex) echo "org.opensearch.plugin:reindex-client|org.opensearch.index.reindex.ReindexPlugin||yes" ;;
    lang-painless) echo "org.opensearch.plugin:lang-painless|org.opensearch.painless.PainlessPlugin||yes" ;;
    analysis-common) echo "org.opensearch.plugin:analysis-common|org.opensearch.analysis.common.CommonAnalysisPlugin|lang-painless|no" ;;
    mapper-extras) echo "org.opensearch.plugin:mapper-extras-client|org.opensearch.index.mapper.MapperExtrasPlugin||no" ;;
  esac
}
module_policy() {
  case "$1" in
    reindex) printf 'grant {\n  permission java.net.SocketPermission "*", "connect";\n  permission java.net.NetPermission "getProxySelector";\n};\n' ;;
    lang-painless) printf 'grant {\n  permission java.lang.RuntimePermission "createClassLoader";\n  permission java.lang.RuntimePermission "getClassLoader";\n};\n' ;;
  esac
}

jar_name() { basename "$1" | sed -E 's/-[0-9][^/]*\.jar$//'; }

install_module() {
  local name="$1" home="$2" work="$3" spec ga cls ext transitive
  spec=$(module_spec "$name"); IFS='|' read -r ga cls ext transitive <<<"$spec"
  local g="${ga%%:*}" a="${ga##*:}" dir="$work/mod-$name"
  mkdir -p "$dir"
  cat >"$dir/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>tessera.local</groupId><artifactId>fetch-$name</artifactId><version>1</version><packaging>pom</packaging>
<dependencies><dependency><groupId>$g</groupId><artifactId>$a</artifactId><version>$OPENSEARCH_VERSION</version></dependency></dependencies>
</project>
POM
  local excl=""; [ "$transitive" = no ] && excl="-DexcludeTransitive=true"
  (cd "$dir" && mvn -B -q -Dstyle.color=never dependency:copy-dependencies -DincludeScope=runtime $excl \
      -DexcludeGroupIds=org.apache.lucene,org.apache.logging.log4j,org.yaml,net.java.dev.jna \
      -DoutputDirectory="$dir/jars") >&2 || die "maven could not fetch module $name"
  local target="$home/modules/$name"; mkdir -p "$target"
  local jar base
  for jar in "$dir"/jars/*.jar; do
    base=$(jar_name "$jar")
    # Anything the node already ships in lib/ must not be loaded twice (jar hell stops the node).
    if ls "$home/lib/" | grep -qE "^${base}-[0-9].*\.jar$"; then continue; fi
    case "$base" in jackson-*) continue ;; esac
    cp "$jar" "$target/"
  done
  cat >"$target/plugin-descriptor.properties" <<PROPS
description=$name module installed by Tessera
version=$OPENSEARCH_VERSION
name=$name
classname=$cls
java.version=11
opensearch.version=$OPENSEARCH_VERSION
extended.plugins=$ext
has.native.controller=false
PROPS
  local policy; policy=$(module_policy "$name" || true)
  [ -n "$policy" ] && printf '%s' "$policy" >"$target/plugin-security.policy"
  log "module $name: $(ls "$target" | grep -c '\.jar$') jars"
}

cmd_install() {
  if [ -f "$OS_HOME/.tessera-complete" ]; then log "OpenSearch $OPENSEARCH_VERSION already installed at $OS_HOME"; return; fi
  command -v mvn >/dev/null || die "mvn not found: Maven is needed to fetch OpenSearch from Maven Central"
  command -v unzip >/dev/null || die "unzip not found"
  mkdir -p "$CACHE"
  local work; work=$(mktemp -d "$CACHE/install.XXXXXX")
  log "fetching org.opensearch.distribution.integ-test-zip:opensearch:$OPENSEARCH_VERSION:zip with mvn"
  mvn -B -q -Dstyle.color=never dependency:copy -Dartifact="org.opensearch.distribution.integ-test-zip:opensearch:$OPENSEARCH_VERSION:zip" \
      -DoutputDirectory="$work" >&2 || die "maven could not fetch the OpenSearch distribution"
  unzip -q "$work"/opensearch-*.zip -d "$work/unpacked"
  local home; home=$(find "$work/unpacked" -mindepth 1 -maxdepth 1 -type d | head -1)
  for m in lang-painless reindex analysis-common mapper-extras; do install_module "$m" "$home" "$work"; done
  rm -rf "$OS_HOME"; mv "$home" "$OS_HOME"; rm -rf "$work"
  touch "$OS_HOME/.tessera-complete"
  log "installed OpenSearch $OPENSEARCH_VERSION at $OS_HOME"
}

healthy() { curl -fsS --max-time 2 "$URL/_cluster/health?wait_for_status=yellow&timeout=1s" >/dev/null 2>&1; }
pid_in() {
  [ -f "$1" ] || return 1
  local pid; pid=$(cat "$1" 2>/dev/null || true)
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}
running_pid() { pid_in "$PIDFILE"; }
old_running_pid() { pid_in "$OLD_INSTANCE/opensearch.pid"; }

ensure_user() {
  id "$RUN_USER" >/dev/null 2>&1 && return
  useradd --system --no-create-home --shell /usr/sbin/nologin "$RUN_USER" 2>/dev/null \
    || useradd -r -M -s /bin/false "$RUN_USER" || die "could not create user $RUN_USER"
  log "created unprivileged user $RUN_USER (OpenSearch refuses to run as root)"
}

cmd_start() {
  if running_pid >/dev/null; then
    if healthy; then log "reusing running node at $URL (pid $(cat "$PIDFILE"))"; echo "$URL"; return; fi
  elif [ -f "$PIDFILE" ]; then
    log "removing stale pid file $PIDFILE"; rm -f "$PIDFILE"
  fi
  if ! running_pid >/dev/null && curl -fsS --max-time 2 "$URL" >/dev/null 2>&1; then
    if [ -z "${TESSERA_OS_DATA:-}" ] && old_running_pid >/dev/null; then
      die "a node started by an earlier Tessera runs on port $PORT with its data in the cache ($OLD_INSTANCE); Tessera now keeps the catalog in $INSTANCE. Stop it (bash scripts/opensearch.sh stop), and to keep that catalog: mv '$OLD_INSTANCE' '$INSTANCE'"
    fi
    die "port $PORT already answers but is not a node started by Tessera for $INSTANCE (another data directory, or another program); stop it, or set TESSERA_OS_PORT or OPENSEARCH_URL"
  fi
  if [ -z "${TESSERA_OS_DATA:-}" ] && [ ! -d "$INSTANCE" ] && [ -d "$OLD_INSTANCE" ]; then
    log "note: an earlier catalog is in the cache at $OLD_INSTANCE; it is not used. To keep it, stop this node and: mv '$OLD_INSTANCE' '$INSTANCE'"
  fi
  cmd_install
  local java_home; java_home=$(find_java_home)
  mkdir -p "$INSTANCE/data" "$INSTANCE/logs" "$INSTANCE/config"
  # The configuration names the node's directory: written again when the directory was moved (or is new).
  if ! grep -qxF "path.data: $INSTANCE/data" "$INSTANCE/config/opensearch.yml" 2>/dev/null; then
    rm -rf "$INSTANCE/config"; mkdir -p "$INSTANCE/config"
    cp -r "$OS_HOME/config/." "$INSTANCE/config/"
    cat >"$INSTANCE/config/opensearch.yml" <<YML
cluster.name: tessera-local
node.name: tessera-$PORT
discovery.type: single-node
network.host: 127.0.0.1
http.port: $PORT
transport.port: $TPORT
path.data: $INSTANCE/data
path.logs: $INSTANCE/logs
action.auto_create_index: false
YML
    # jvm.options names logs/ and data/ relative to the node's home, which the run user cannot write.
    sed -i -E "s#(file=|HeapDumpPath=|ErrorFile=)(logs|data)(/|$)#\\1$INSTANCE/\\2\\3#g" "$INSTANCE/config/jvm.options"
  fi
  local env_line="JAVA_HOME='$java_home' OPENSEARCH_PATH_CONF='$INSTANCE/config' OPENSEARCH_JAVA_OPTS='-Xms$HEAP -Xmx$HEAP ${TESSERA_OS_JAVA_OPTS:-}'"
  local launch="$env_line '$OS_HOME/bin/opensearch' -d -p '$PIDFILE' </dev/null >>'$LOGFILE' 2>&1"
  if [ "$(id -u)" = 0 ]; then
    ensure_user
    chown -R "$RUN_USER" "$INSTANCE"
    chmod -R a+rX "$OS_HOME"
    # Every directory above the node's files must be traversable (not readable) by the unprivileged user.
    local d
    for d in "$CACHE" "$INSTANCE"; do
      while [ "$d" != / ]; do chmod o+x "$d" 2>/dev/null || true; d=$(dirname "$d"); done
    done
    runuser -u "$RUN_USER" -- bash -c "$launch" || { log "start failed; log: $LOGFILE"; tail -n 30 "$LOGFILE" >&2 || true; exit 1; }
  else
    bash -c "$launch" || { log "start failed; log: $LOGFILE"; tail -n 30 "$LOGFILE" >&2 || true; exit 1; }
  fi
  local deadline=$((SECONDS + ${TESSERA_OS_START_TIMEOUT:-120}))
  until healthy; do
    # The daemon writes its pid file a moment after launch; only a written-then-dead pid means failure.
    if [ $SECONDS -ge $deadline ] || { [ -f "$PIDFILE" ] && ! running_pid >/dev/null; }; then
      log "node did not become healthy; log: $LOGFILE (and $INSTANCE/logs/tessera-local.log)"
      tail -n 30 "$INSTANCE/logs/tessera-local.log" >&2 2>/dev/null || tail -n 30 "$LOGFILE" >&2 || true
      exit 1
    fi
    sleep 1
  done
  log "node started at $URL (pid $(cat "$PIDFILE")), data in $INSTANCE"
  echo "$URL"
}

cmd_stop() {
  local pid
  if [ -z "${TESSERA_OS_DATA:-}" ] && ! running_pid >/dev/null && pid=$(old_running_pid); then
    PIDFILE="$OLD_INSTANCE/opensearch.pid"; log "stopping the node an earlier Tessera started with its data in $OLD_INSTANCE"
  fi
  pid=$(running_pid) || { rm -f "$PIDFILE"; log "no node running on port $PORT"; return; }
  kill "$pid"
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
  rm -f "$PIDFILE"; log "stopped node pid $pid"
}

cmd_status() {
  if pid=$(running_pid) && healthy; then echo "running at $URL (pid $pid)"; return 0; fi
  if [ -f "$OS_HOME/.tessera-complete" ]; then echo "installed at $OS_HOME, not running"; else echo "not installed"; fi
  return 3
}

case "${1:-}" in
  install) cmd_install ;;
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  where) echo "$INSTANCE" ;;
  *) echo "usage: $0 install|start|stop|status|where" >&2; exit 2 ;;
esac
