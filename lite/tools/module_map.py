"""Write the module map of ``docs/architecture/index.md`` from the code.

Run ``python3 -m lite.tools.module_map``. Not a port. The page holds one tree per package
between marker comments (``<!-- module-map:start lite ... -->`` and
``<!-- module-map:end lite -->``); each tree lists every package and module of that package
found on disk, with the first line of its docstring, in a fixed order: a package's
``__init__.py`` and ``__main__.py`` first, then its modules by name, then its subpackages by
name. Docstrings are read with :mod:`ast`, so nothing is imported (an old module path that
warns when imported is listed, not run), and whatever tree exists is mapped. The prose around
the trees is the page's own. ``tests/lite/tools/test_module_map.py`` fails when the page and
the code disagree; ``python3 -m lite.tools.module_map --check`` says the same from a shell.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import textwrap
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Final

__all__ = [
    "DOC_PATH",
    "MARKER",
    "main",
    "render_module_map",
    "render_tree",
    "summary_line",
]

#: The page holding the trees, relative to the repository root.
DOC_PATH: Final = Path("docs") / "architecture" / "index.md"
#: Opening and closing markers of one package's tree (the package name follows the keyword).
MARKER: Final = re.compile(
    r"(?P<open><!-- module-map:start (?P<package>[A-Za-z_][A-Za-z0-9_]*)[^>]*-->\n)"
    r"(?P<body>.*?)"
    r"(?P<close><!-- module-map:end (?P=package) -->)",
    re.DOTALL,
)
#: Column where summaries start, counted from the entry's indentation.
NAME_WIDTH: Final = 23
#: Longest line of a tree (the repository's line length).
LINE_WIDTH: Final = 100
_ROLE: Final = re.compile(r":[a-z]+:`(~?)([^`]+)`")
_SENTENCE_END: Final = (".", ":", ")", "!", "?")


def summary_line(path: Path) -> str:
    """The first line of ``path``'s module docstring, as plain text (empty without one).

    Sphinx roles become their target as Sphinx shows it (``:mod:`a.b``` -> ```a.b```,
    ``:func:`~a.b.c``` -> ```c```), double backticks single ones. A first line that stops
    mid-sentence is continued with the following lines of its paragraph up to the first one
    that ends a sentence.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    doc = ast.get_docstring(tree, clean=True) or ""
    paragraph = doc.split("\n\n", 1)[0].splitlines()
    taken: list[str] = []
    for line in paragraph:
        taken.append(line.strip())
        if line.rstrip().endswith(_SENTENCE_END):
            break
    text = " ".join(taken)
    text = _ROLE.sub(
        lambda m: f"`{m.group(2).rsplit('.', 1)[-1] if m.group(1) else m.group(2)}`", text
    )
    return text.replace("``", "`")


def _is_package(folder: Path) -> bool:
    return (folder / "__init__.py").is_file()


def _entries(folder: Path) -> tuple[list[Path], list[Path]]:
    """A package's modules (``__init__``, ``__main__``, then by name) and its subpackages."""
    front = [folder / n for n in ("__init__.py", "__main__.py") if (folder / n).is_file()]
    rest = sorted(
        (p for p in folder.glob("*.py") if p.name not in ("__init__.py", "__main__.py")),
        key=lambda p: p.name,
    )
    subpackages = sorted(
        (p for p in folder.iterdir() if p.is_dir() and _is_package(p)), key=lambda p: p.name
    )
    return front + rest, subpackages


def _line(indent: int, name: str, summary: str) -> Iterator[str]:
    column = indent + NAME_WIDTH
    head = " " * indent + name
    if not summary:
        yield head
        return
    if len(head) + 2 > column:
        yield head
        head = ""
    lead = head.ljust(column)
    yield from textwrap.wrap(
        summary,
        width=LINE_WIDTH,
        initial_indent=lead,
        subsequent_indent=" " * column,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [lead.rstrip()]


def _tree(folder: Path, indent: int) -> Iterator[str]:
    modules, subpackages = _entries(folder)
    for module in modules:
        if module.name == "__init__.py":
            continue  # its summary is the package's own line
        yield from _line(indent, module.name, summary_line(module))
    for sub in subpackages:
        yield from _line(indent, f"{sub.name}/", summary_line(sub / "__init__.py"))
        yield from _tree(sub, indent + 2)


def render_tree(root: Path, package: str) -> str:
    """The module tree of ``package`` (a folder under ``root``), as the page shows it."""
    folder = root / package
    if not _is_package(folder):
        raise FileNotFoundError(f"{folder} is not a package (no __init__.py)")
    lines = [*_line(0, f"{package}/", summary_line(folder / "__init__.py")), *_tree(folder, 2)]
    return "```\n" + "\n".join(lines) + "\n```\n"


def render_module_map(root: Path, page: str) -> str:
    """``page`` with every marked tree rewritten from the packages under ``root``."""
    return MARKER.sub(
        lambda m: m.group("open") + render_tree(root, m.group("package")) + m.group("close"),
        page,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite (or with ``--check``, compare) the trees; 1 when ``--check`` finds them stale."""
    parser = argparse.ArgumentParser(
        prog="python3 -m lite.tools.module_map",
        description="Regenerate the module trees of docs/architecture/index.md from the code.",
    )
    parser.add_argument("--root", default=".", help="repository root (default: .)")
    parser.add_argument("--check", action="store_true", help="fail if the page is out of date")
    args = parser.parse_args(argv)
    root = Path(args.root)
    path = root / DOC_PATH
    current = path.read_text(encoding="utf-8")
    packages = [m.group("package") for m in MARKER.finditer(current)]
    if not packages:
        print(f"{path}: no <!-- module-map:start PACKAGE --> markers", file=sys.stderr)
        return 1
    text = render_module_map(root, current)
    if args.check:
        if text != current:
            print(f"{path} is out of date: run python3 -m lite.tools.module_map", file=sys.stderr)
            return 1
        return 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}: module trees of {', '.join(packages)}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
