"""``python -m parity.surface``: lite_compat's coverage of the Babylon.js 9.31 surface.

* ``python -m parity.surface``: print the coverage table (Markdown);
* ``--missing X``: list the members class X is missing (``BABYLON``: the top-level names);
* ``--refused X``: list the members class X refuses, with their codes;
* ``--record``: regenerate manifest.json under Node (needs parity/recorder/node_modules);
* ``--ratchet``: lower baseline.json to today's missing counts (it never raises one);
* ``--docs``: rewrite the coverage table and the refusals in docs/compat.md, and the totals
  sentence in README.md.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from parity.surface.coverage import (
    BASELINE,
    HERE,
    MANIFEST,
    coverage,
    load_baseline,
    markdown_table,
    refusals_markdown,
    total_sentence,
)

DOCS = HERE.parents[1] / "docs" / "compat.md"
README = HERE.parents[1] / "README.md"
BLOCKS = {
    "surface-coverage": markdown_table,
    "surface-refusals": refusals_markdown,
}
#: README's generated sentence (inline: no blank lines around it).
README_BLOCK = "surface-total"


def _record() -> int:
    recorder = HERE.parent / "recorder"
    done = subprocess.run(
        ["node", "--import", str(recorder / "register.mjs"), str(HERE / "manifest.mjs")],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        return 1
    json.loads(done.stdout)  # one JSON document, or fail before writing
    MANIFEST.write_text(done.stdout, encoding="utf-8")
    sys.stdout.write(f"wrote {MANIFEST}\n")
    return 0


def _ratchet() -> int:
    now = {r.name: len(r.missing) for r in coverage()}
    old = load_baseline() if BASELINE.exists() else {}
    new = {name: min(count, old.get(name, count)) for name, count in now.items()}
    grew = {n: (old[n], c) for n, c in now.items() if n in old and c > old[n]}
    doc = {
        "note": "missing members per class; may only go down (python -m parity.surface "
        "--ratchet); issue 12 is done at zero everywhere",
        "missing": new,
    }
    BASELINE.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {BASELINE} ({sum(new.values())} missing)\n")
    for name, (was, is_) in sorted(grew.items()):
        sys.stdout.write(f"  kept {name} at {was}: it grew to {is_}\n")
    return 1 if grew else 0


def _docs() -> int:
    text = DOCS.read_text(encoding="utf-8")
    rows = coverage()
    for block, render in BLOCKS.items():
        start = f"<!-- {block}:start (python -m parity.surface --docs) -->"
        end = f"<!-- {block}:end -->"
        head, found, rest = text.partition(start)
        _, found_end, tail = rest.partition(end)
        if not found or not found_end:
            sys.stderr.write(f"{DOCS} has no {start} ... {end} block\n")
            return 1
        text = head + start + "\n\n" + render(rows) + "\n" + end + tail
    DOCS.write_text(text, encoding="utf-8")
    readme = README.read_text(encoding="utf-8")
    start = f"<!-- {README_BLOCK}:start (python -m parity.surface --docs) -->"
    end = f"<!-- {README_BLOCK}:end -->"
    head, found, rest = readme.partition(start)
    _, found_end, tail = rest.partition(end)
    if not found or not found_end:
        sys.stderr.write(f"{README} has no {start} ... {end} block\n")
        return 1
    README.write_text(head + start + total_sentence(rows) + end + tail, encoding="utf-8")
    sys.stdout.write(
        f"rewrote the coverage table and the refusals in {DOCS}, the totals in {README}\n"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m parity.surface", description=__doc__)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--record", action="store_true", help="regenerate manifest.json (Node)")
    group.add_argument("--ratchet", action="store_true", help="lower baseline.json")
    group.add_argument("--docs", action="store_true", help="rewrite docs/compat.md's table")
    group.add_argument("--missing", metavar="CLASS", help="list a class's missing members")
    group.add_argument("--refused", metavar="CLASS", help="list a class's refused members")
    args = parser.parse_args(argv)
    if args.record:
        return _record()
    if args.ratchet:
        return _ratchet()
    if args.docs:
        return _docs()
    rows = coverage()
    wanted = args.missing or args.refused
    if wanted:
        for row in rows:
            if row.name == wanted:
                if args.missing:
                    lines = row.missing
                else:
                    lines = [f"{m} {row.reasons.get(m, '')}".rstrip() for m in row.refused]
                sys.stdout.write("\n".join(lines) + "\n")
                return 0
        sys.stderr.write(f"no class {wanted!r} in {MANIFEST.name}\n")
        return 2
    sys.stdout.write(markdown_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
