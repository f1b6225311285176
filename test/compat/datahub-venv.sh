#!/usr/bin/env bash
# Makes sure a virtualenv with the original's client (acryl-datahub, pinned) exists outside the repository and prints
# its path. The compat suite's global setup calls it; CI calls it early, beside the other installs.
# TESSERA_DATAHUB_VENV chooses the directory (default ~/.cache/tessera/datahub-venv).
set -euo pipefail
DATAHUB_VERSION=1.7.0.17
# The connectors the suite runs beyond the built-in file source: a SQL source (sqlalchemy, on SQLite) and dbt.
DATAHUB_EXTRAS=sqlalchemy,dbt
# The original's MCP server (its GraphQL documents are validated against Tessera's schema, its tools called).
MCP_SERVER_VERSION=0.8.0
VENV="${TESSERA_DATAHUB_VENV:-$HOME/.cache/tessera/datahub-venv}"
MARKER="$VENV/.acryl-datahub-$DATAHUB_VERSION-${DATAHUB_EXTRAS//,/-}-mcp-$MCP_SERVER_VERSION"
if [ ! -e "$MARKER" ]; then
  echo "[compat] installing acryl-datahub[$DATAHUB_EXTRAS]==$DATAHUB_VERSION and mcp-server-datahub==$MCP_SERVER_VERSION into $VENV (once)" >&2
  rm -rf "$VENV"
  mkdir -p "$(dirname "$VENV")"
  python3 -m venv "$VENV"
  # uv installs the same pinned packages as pip, in parallel: a fraction of pip's time on a fresh machine.
  "$VENV/bin/pip" install --quiet --disable-pip-version-check uv >&2
  "$VENV/bin/uv" pip install --quiet --python "$VENV/bin/python" "acryl-datahub[$DATAHUB_EXTRAS]==$DATAHUB_VERSION" "mcp-server-datahub==$MCP_SERVER_VERSION" >&2
  date -u +%FT%TZ >"$MARKER"
fi
echo "$VENV"
