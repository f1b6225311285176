"""One Python process per compat test file: runs the original's `datahub` CLI commands and SDK operations in turn.

Importing acryl-datahub costs a couple of CPU seconds, paid here once instead of once per command.

Requests arrive one JSON line at a time on stdin; each answer is one JSON line on the process's original stdout:
  {"id", "cli": [args...]}          -> {"id", "code", "stdout", "stderr"}  (the CLI's entry point, as `datahub args...`)
  {"id", "sdk": {server, token, ops}} -> {"id", "results"}                  (see sdk_ops.py)
A CLI command runs as it would in a process of its own: its file descriptors 1 and 2 go to scratch files, and the
graph the CLI caches for the life of a process is dropped first, so it reads the config `datahub init` wrote.
"""
import json
import os
import sys
import tempfile
import traceback
import warnings

warnings.simplefilter("ignore")

from datahub import entrypoints  # noqa: E402
from datahub.ingestion.graph.client import get_default_graph  # noqa: E402

from sdk_ops import run_all  # noqa: E402

answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
# Anything printed between requests must not corrupt the answers.
os.dup2(2, 1)


def exit_code(value):
    if value is None:
        return 0
    return value if isinstance(value, int) else 1


def run_cli(args):
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        sys.stdout.flush()
        sys.stderr.flush()
        saved = os.dup(1), os.dup(2)
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        code = 0
        try:
            get_default_graph.cache_clear()
            entrypoints.main(args=args, prog_name="datahub")
        except SystemExit as e:
            code = exit_code(e.code)
        except BaseException:  # noqa: BLE001 - reported as the command's failure, as a process of its own would
            traceback.print_exc()
            code = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
        out.seek(0)
        err.seek(0)
        return {"code": code, "stdout": out.read().decode("utf-8", "replace"), "stderr": err.read().decode("utf-8", "replace")}


for line in sys.stdin:
    request = json.loads(line)
    try:
        answer = run_cli(request["cli"]) if "cli" in request else {"results": run_all(request["sdk"])}
    except Exception as e:  # noqa: BLE001 - the test sees the failure; the worker keeps serving
        answer = {"error": f"{e}\n{traceback.format_exc()}"}
    answer["id"] = request["id"]
    answers.write(json.dumps(answer) + "\n")
    answers.flush()
