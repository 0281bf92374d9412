"""MkDocs hook: render the Sphinx roles in our docstrings as code (``:func:`~a.b.c``` -> ``c``).

The docstrings cross-reference with Sphinx roles (``:func:``, ``:class:``, ``:mod:`` ...), which
mkdocstrings leaves as literal text (``:func:`` before a code span). This hook strips the role
and, for the ``~`` form, keeps only the last dotted component, as Sphinx shows it.
"""

from __future__ import annotations

import re
from typing import Any

_ROLE = re.compile(
    r":(?:py:)?(?:func|class|mod|meth|attr|data|exc|obj|const):<code>(~?)([^<]*)</code>"
)


def _plain(match: re.Match[str]) -> str:
    tilde, target = match.group(1), match.group(2)
    return f"<code>{target.rsplit('.', 1)[-1] if tilde else target}</code>"


def on_page_content(html: str, **kwargs: Any) -> str:
    """Rewrite the roles in one page's HTML."""
    return _ROLE.sub(_plain, html)
