#!/usr/bin/env bash
# Starts and stops a 3-node OpenSearch cluster on loopback from the managed node's Maven distribution (scripts/opensearch.sh).
# Usage: scripts/cluster.sh start|stop|status
# Environment: TESSERA_CLUSTER_HTTP_PORTS (9211 9212 9213; transport = port + 100), TESSERA_CLUSTER_HEAP (512m),
#   TESSERA_CLUSTER_DIR (instance dirs; default <cache>/cluster), plus what scripts/opensearch.sh reads (TESSERA_CACHE, TESSERA_OS_USER, TESSERA_OS_JAVA_OPTS).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
OPENSEARCH_VERSION=$(sed -n 's/^OPENSEARCH_VERSION=//p' "$HERE/opensearch.sh")
if [ "$(id -u)" = 0 ]; then default_cache=/var/cache/tessera; else default_cache="${XDG_CACHE_HOME:-$HOME/.cache}/tessera"; fi
CACHE="${TESSERA_CACHE:-$default_cache}"
OS_HOME="$CACHE/opensearch-$OPENSEARCH_VERSION"
DIR="${TESSERA_CLUSTER_DIR:-$CACHE/cluster}"
read -r -a PORTS <<<"${TESSERA_CLUSTER_HTTP_PORTS:-9211 9212 9213}"
HEAP="${TESSERA_CLUSTER_HEAP:-512m}"
RUN_USER="${TESSERA_OS_USER:-tessera-os}"

log() { printf '[cluster] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
name_of() { echo "tessera-c$1"; }
pid_of() { local f="$DIR/node-$1/opensearch.pid"; [ -f "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null && cat "$f"; }

find_java_home() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then echo "$JAVA_HOME"; return; fi
  local j; j=$(command -v java) || die "java not found: install a Java 17 runtime"
  dirname "$(dirname "$(readlink -f "$j")")"
}

cmd_stop() {
  local port pid
  for port in "${PORTS[@]}"; do
    if pid=$(pid_of "$port"); then
      kill -9 "$pid" 2>/dev/null || true
      log "stopped node $(name_of "$port") (pid $pid)"
    fi
    rm -f "$DIR/node-$port/opensearch.pid"
  done
}

write_config() {
  local port="$1" inst="$DIR/node-$1" seeds="" managers="" p
  for p in "${PORTS[@]}"; do seeds="$seeds${seeds:+,}127.0.0.1:$((p + 100))"; managers="$managers${managers:+,}$(name_of "$p")"; done
  mkdir -p "$inst/data" "$inst/logs" "$inst/config"
  cp -r "$OS_HOME/config/." "$inst/config/"
  cat >"$inst/config/opensearch.yml" <<YML
cluster.name: tessera-cluster-test
node.name: $(name_of "$port")
network.host: 127.0.0.1
http.port: $port
transport.port: $((port + 100))
discovery.seed_hosts: [$seeds]
cluster.initial_cluster_manager_nodes: [$managers]
path.data: $inst/data
path.logs: $inst/logs
action.auto_create_index: false
YML
  sed -i -E "s#(file=|HeapDumpPath=|ErrorFile=)(logs|data)(/|$)#\\1$inst/\\2\\3#g" "$inst/config/jvm.options"
}

cmd_start() {
  cmd_stop
  bash "$HERE/opensearch.sh" install
  local java_home port; java_home=$(find_java_home)
  # Every start is a new cluster: stale data would carry another cluster's state.
  rm -rf "$DIR"; mkdir -p "$DIR"
  for port in "${PORTS[@]}"; do
    curl -fsS --max-time 1 "http://127.0.0.1:$port" >/dev/null 2>&1 && die "port $port already answers; set TESSERA_CLUSTER_HTTP_PORTS"
    write_config "$port"
  done
  if [ "$(id -u)" = 0 ]; then
    id "$RUN_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$RUN_USER"
    chown -R "$RUN_USER" "$DIR"; chmod -R a+rX "$OS_HOME"
    local d="$DIR"; while [ "$d" != / ]; do chmod o+x "$d" 2>/dev/null || true; d=$(dirname "$d"); done
  fi
  for port in "${PORTS[@]}"; do
    local inst="$DIR/node-$port"
    local launch="JAVA_HOME='$java_home' OPENSEARCH_PATH_CONF='$inst/config' OPENSEARCH_JAVA_OPTS='-Xms$HEAP -Xmx$HEAP ${TESSERA_OS_JAVA_OPTS:-}' '$OS_HOME/bin/opensearch' -d -p '$inst/opensearch.pid' </dev/null >>'$inst/logs/console.log' 2>&1"
    if [ "$(id -u)" = 0 ]; then runuser -u "$RUN_USER" -- bash -c "$launch"; else bash -c "$launch"; fi
  done
  local deadline=$((SECONDS + ${TESSERA_CLUSTER_START_TIMEOUT:-180})) url="http://127.0.0.1:${PORTS[0]}"
  until curl -fsS --max-time 3 "$url/_cluster/health?wait_for_nodes=${#PORTS[@]}&wait_for_status=green&timeout=2s" >/dev/null 2>&1; do
    if [ $SECONDS -ge $deadline ]; then
      log "cluster did not form; logs under $DIR/node-*/logs"
      tail -n 20 "$DIR/node-${PORTS[0]}/logs/tessera-cluster-test.log" >&2 2>/dev/null || true
      cmd_stop; exit 1
    fi
    sleep 1
  done
  log "cluster of ${#PORTS[@]} nodes green at ports ${PORTS[*]}"
  local urls="" p; for p in "${PORTS[@]}"; do urls="$urls${urls:+,}http://127.0.0.1:$p"; done
  echo "$urls"
}

cmd_status() {
  local port up=0
  for port in "${PORTS[@]}"; do if pid=$(pid_of "$port"); then echo "$(name_of "$port") running (pid $pid)"; up=$((up + 1)); fi; done
  [ "$up" -gt 0 ]
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
