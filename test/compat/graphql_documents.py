"""
Prints, as JSON, every GraphQL document the original's MCP server (mcp-server-datahub) or, with `client`, the
original's client library (acryl-datahub: its graph client, CLI, API helpers, SDK and secrets client) can send: .gql
files and the operations written inline in modules. The MCP server's are as it sends them to a DataHub Core
(non-Cloud) instance — its #[CLOUD] and #[NEWER_GMS] lines commented out by its own functions; the CLI's search
documents with the fragments file it sends them with. Read from the installed packages, so the documents are always
those of the versions the virtualenv pins. Python templates (f-strings) are printed as found; the test skips them.
"""
import ast
import json
import pathlib
import re

import sys

import datahub
import mcp_server_datahub
from mcp_server_datahub import graphql_helpers

OPERATION = re.compile(r"\s*(query|mutation|fragment)\b")
TRIPLE_QUOTED = re.compile(r'("""|\'\'\')(.*?)\1', re.S)
# A whole operation on one line in a plain string literal (`"query getMe { me { … } }"`).
ONE_LINE = re.compile(r'(?<![\'"])(["\'])((?:query|mutation)\b[^"\'\n]*\})\1')


def as_sent(document: str) -> str:
    return graphql_helpers._disable_newer_gms_fields(graphql_helpers._disable_cloud_fields(document))


def documents(root: pathlib.Path, transform=as_sent) -> list:
    out = []
    for path in sorted(root.rglob("*.gql")):
        out.append({"source": str(path.relative_to(root)), "document": transform(path.read_text())})
    for path in sorted(root.rglob("*.py")):
        text = path.read_text()
        for match in TRIPLE_QUOTED.finditer(text):
            body = match.group(2)
            if OPERATION.match(body):
                line = text[: match.start()].count("\n") + 1
                out.append({"source": f"{path.relative_to(root)}:{line}", "document": transform(body)})
        for match in ONE_LINE.finditer(text):
            line = text[: match.start()].count("\n") + 1
            out.append({"source": f"{path.relative_to(root)}:{line}", "document": transform(match.group(2))})
    return out


def _string_value(node: ast.AST, names: dict, returns: dict):
    """The text an expression builds from string literals: a literal, a local variable's first literal value, a method
    of the same module called on self that returns a literal, and `+` and `%` of those; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.Call) and not node.args and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and node.func.value.id == "self":
        return returns.get(node.func.attr)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        left = _string_value(node.left, names, returns)
        parts = node.right.elts if isinstance(node.op, ast.Mod) and isinstance(node.right, ast.Tuple) else [node.right]
        right = [_string_value(p, names, returns) for p in parts]
        if left is None or None in right:
            return None
        return left + right[0] if isinstance(node.op, ast.Add) else left % tuple(right)
    return None


def _first_literals(fn: ast.AST) -> dict:
    """Each local variable's first assignment of a string literal in a function (its value before any `+=`)."""
    out: dict = {}
    for node in ast.walk(fn):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name):
                    out.setdefault(target.id, node.value.value)
    return out


def built_documents(path: pathlib.Path) -> tuple:
    """Operations a module builds from pieces, as it sends them: a template filled with `%` from the fragments its
    methods return (`\"\"\"%s mutation …\"\"\" % (self._fragment())`), or pieces joined with `+` around variables that
    start empty (the document of the default options). Answers them, and the lines of the pieces and the texts of the
    fragments they were built from, which are never sent alone."""
    tree = ast.parse(path.read_text())
    functions = [f for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))]
    returns: dict = {}
    for fn in functions:
        last = fn.body[-1] if fn.body else None
        if isinstance(last, ast.Return) and last.value is not None:
            value = _string_value(last.value, _first_literals(fn), {})
            if value is not None:
                returns[fn.name] = value
    built, pieces, fragments = [], set(), set()
    for fn in functions:
        names = _first_literals(fn)
        inner = {id(child) for node in ast.walk(fn) if isinstance(node, ast.BinOp) for child in (node.left, node.right)}
        for node in ast.walk(fn):
            if not isinstance(node, ast.BinOp) or id(node) in inner:
                continue
            document = _string_value(node, names, returns)
            if document is None or not OPERATION.match(document):
                continue
            built.append((node.lineno, document))
            for leaf in ast.walk(node):
                if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str):
                    pieces.add(leaf.lineno)
                if isinstance(leaf, ast.Call) and isinstance(leaf.func, ast.Attribute) and leaf.func.attr in returns:
                    fragments.add(returns[leaf.func.attr].strip())
    return built, pieces, fragments


# The parts of the client library that talk to DataHub's GraphQL (sources' queries to other systems are left out).
CLIENT_PARTS = ["ingestion/graph", "cli", "api", "sdk", "secret"]


QUOTED_SLOT = re.compile(r'"\{(\w+)\}"')
FILTER_SLOT = re.compile(r'\[\{(\w*filters\w*)\}\]')
SLOT = re.compile(r'\{(\w+)\}')


def filled(text: str) -> str:
    """
    A Python format template (`{{` for a brace, `{name}` to fill in) as the client sends it once filled: a slot between
    quotes gets a word, a list of filters one criterion, any other slot a quoted word. Other text is returned as it is.
    """
    if "{{" not in text:
        return text
    text = QUOTED_SLOT.sub('"urn:li:sample:filled"', text)
    text = FILTER_SLOT.sub('[{ field: "urn", values: ["urn:li:sample:filled"] }]', text)
    text = SLOT.sub('"urn:li:sample:filled"', text)
    return text.replace("{{", "{").replace("}}", "}")


def client_documents() -> list:
    root = pathlib.Path(datahub.__file__).parent
    out = []
    for part in CLIENT_PARTS:
        found = documents(root / part, transform=filled)
        # Documents built from pieces replace the pieces, and the fragments they were filled with, found alone.
        for path in sorted((root / part).rglob("*.py")):
            built, pieces, fragments = built_documents(path)
            if not built:
                continue
            name = str(path.relative_to(root / part))
            found = [d for d in found if not (d["source"].rsplit(":", 1)[0] == name and (int(d["source"].rsplit(":", 1)[1]) in pieces or d["document"].strip() in fragments))]
            found += [{"source": f"{name}:{line}", "document": document} for line, document in built]
        for d in found:
            out.append({**d, "source": f"datahub/{part}/{d['source']}"})
    fragments = (root / "cli" / "gql" / "fragments.gql").read_text()
    for d in out:
        if d["source"] in ("datahub/cli/gql/search.gql", "datahub/cli/gql/semantic_search.gql"):
            d["document"] = d["document"] + "\n" + fragments
    return out


if __name__ == "__main__":
    if sys.argv[1:] == ["client"]:
        print(json.dumps(client_documents()))
    else:
        print(json.dumps(documents(pathlib.Path(mcp_server_datahub.__file__).parent)))
