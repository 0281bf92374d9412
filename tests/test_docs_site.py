"""The built docs site: every public name documented, no broken links, pages that render.

Builds the site with ``mkdocs build --strict`` into a temporary folder (or uses the one named by
``LITE_DOCS_SITE``, which ``.ci/run`` sets to the site it has just built), then:

- every name in ``lite.__all__``, ``lite_compat.__all__`` and ``parity.__all__`` is documented
  on some page of ``docs/api/``, under its public name (``::: lite.NAME``) or by a
  ``::: module`` directive;
- every relative ``href``/``src`` in the built HTML names a file that exists (and its
  ``#fragment`` an ``id`` on that page);
- headless Chromium renders the home page and one API page: the screenshots are not blank and
  the DOM holds the expected headings.

Chromium is optional locally (the browser tests skip when it is missing) and required in CI:
with ``LITE_REQUIRE_CHROMIUM=1`` (set by ``.ci/run``) or ``CI=true`` a missing Chromium fails
them. ``LITE_DOCS_SHOTS=<folder>``
keeps the screenshots there.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import numpy as np
import pytest
from PIL import Image

import lite
import lite_compat
import parity

ROOT = Path(__file__).resolve().parents[1]
API_DIR = ROOT / "docs" / "api"
# .ci/run sets LITE_REQUIRE_CHROMIUM=1 (as it sets LITE_REQUIRE_GPU=1); any CI=true also counts.
REQUIRE_CHROMIUM = os.environ.get("LITE_REQUIRE_CHROMIUM") == "1" or os.environ.get(
    "CI", ""
).lower() in {"1", "true", "yes"}


# --- what the API pages document ------------------------------------------------------------


def _directives() -> dict[str, set[str] | None]:
    """``::: ident`` on the API pages -> its ``members:`` list (None when unrestricted)."""
    found: dict[str, set[str] | None] = {}
    for page in sorted(API_DIR.rglob("*.md")):
        lines = page.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            m = re.match(r"^::: ([\w.]+)\s*$", line)
            if not m:
                continue
            members: set[str] | None = None
            j = i + 1
            while j < len(lines) and lines[j].startswith("    "):
                if lines[j].strip() == "members:":
                    members = set()
                elif members is not None and lines[j].strip().startswith("- "):
                    members.add(lines[j].strip()[2:].strip())
                j += 1
            found[m.group(1)] = members
    return found


def _canonical(package: str, name: str) -> str:
    """Where ``package.name`` is defined (``lite.animation.easing.sine_ease``)."""
    obj = getattr(sys.modules[package], name)
    module = getattr(obj, "__module__", None)
    if (isinstance(obj, type) or callable(obj)) and module and module.split(".")[0] == package:
        return f"{module}.{name}"
    # constants: the first plain (non-package) module that lists the name and holds the object
    for mod_name, mod in sorted(sys.modules.items()):
        if mod_name.split(".")[0] != package or hasattr(mod, "__path__"):
            continue
        if name in getattr(mod, "__all__", ()) and vars(mod).get(name) is obj:
            return f"{mod_name}.{name}"
    return f"{package}.{name}"


@pytest.mark.parametrize("package", [lite, lite_compat, parity], ids=lambda p: p.__name__)
def test_every_public_name_is_on_an_api_page(package: object) -> None:
    directives = _directives()
    pkg = package.__name__  # type: ignore[attr-defined]
    missing = []
    for name in package.__all__:  # type: ignore[attr-defined]
        where = _canonical(pkg, name)
        covered = f"{pkg}.{name}" in directives  # documented under its public name
        for ident, members in directives.items():
            if covered:
                break
            if where == ident or where.startswith(ident + "."):
                rest = where[len(ident) + 1 :].split(".")[0]
                covered = members is None or rest in members
            if covered:
                break
        if not covered:
            missing.append(f"{name} ({where})")
    assert not missing, f"public names not on any docs/api page: {missing}"


# --- the built site ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("LITE_DOCS_SITE")
    if given:
        path = Path(given)
        if not path.is_absolute():
            path = ROOT / path
        assert (path / "index.html").is_file(), f"LITE_DOCS_SITE={given} holds no index.html"
        return path
    out = tmp_path_factory.mktemp("site")
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stderr[-4000:]}"
    return out


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.headings: list[tuple[str, str]] = []
        self._heading: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key == "id" and value:
                self.ids.add(value)
            if key in ("href", "src") and value and tag in ("a", "img", "link", "script"):
                self.links.append(value)
        if tag in ("h1", "h2"):
            self._heading, self._text = tag, []

    def handle_endtag(self, tag: str) -> None:
        if tag == self._heading:
            self.headings.append((tag, " ".join("".join(self._text).split())))
            self._heading = None

    def handle_data(self, data: str) -> None:
        if self._heading:
            self._text.append(data)


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def _pages(site: Path) -> Iterator[Path]:
    for page in sorted(site.rglob("*.html")):
        if page.name != "404.html":
            yield page


def test_every_relative_link_resolves(site: Path) -> None:
    parsed = {page: _parse(page) for page in _pages(site)}
    assert len(parsed) > 20
    broken = []
    for page, links in parsed.items():
        for link in links.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue
            target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            rel = page.relative_to(site)
            if not target.exists():
                broken.append(f"{rel}: {link}")
            elif parts.fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{rel}: {link} (no id {parts.fragment!r})")
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:40])


def test_no_sphinx_role_is_left_as_text(site: Path) -> None:
    role = re.compile(r":(?:func|class|mod|meth|attr|data|exc|obj|const):<code>")
    left = [str(p.relative_to(site)) for p in _pages(site) if role.search(p.read_text("utf-8"))]
    assert not left, f"raw Sphinx roles (docs/hooks/sphinx_roles.py missed them) in {left}"


def test_home_page_stands_on_its_own(site: Path) -> None:
    home = _parse(site / "index.html")
    h2 = [text for tag, text in home.headings if tag == "h2"]
    assert ("h1", "lite-anim") in home.headings
    for wanted in ("Install", "The two commands", "Where to go next"):
        assert wanted in h2
    html = (site / "index.html").read_text(encoding="utf-8")
    assert "lite-anim demo --out out" in html and "python3 -m pytest" in html
    assert 'src="images/demo_sheet.png"' in html
    assert "README" not in html


# --- headless Chromium --------------------------------------------------------------------


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    if REQUIRE_CHROMIUM:
        pytest.fail("Chromium is required here (LITE_REQUIRE_CHROMIUM=1 or CI) but not installed")
    pytest.skip("no Chromium (apt-get install chromium); CI requires it")


def _browse(
    chromium: str, args: list[str], url: str, cwd: Path
) -> subprocess.CompletedProcess[str]:
    cmd = [
        chromium,
        "--headless",
        "--no-sandbox",  # CI runs as root
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-first-run",
        "--disable-dev-shm-usage",
        f"--user-data-dir={cwd / 'profile'}",
        "--window-size=1280,1000",
        *args,
        url,
    ]
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, f"chromium failed ({proc.returncode}):\n{proc.stderr[-3000:]}"
    return proc


PAGES = [
    ("home", "index.html", "lite-anim", ["Install", "The two commands", "Where to go next"]),
    ("api", "api/lite/loading/index.html", "Loading glTF", ["lite.load_gltf"]),
]


@pytest.mark.parametrize(("label", "page", "h1", "h2s"), PAGES, ids=[p[0] for p in PAGES])
def test_page_renders_in_headless_chromium(
    site: Path, tmp_path: Path, label: str, page: str, h1: str, h2s: list[str]
) -> None:
    chromium = _chromium()
    url = (site / page).as_uri()

    dom = _browse(chromium, ["--dump-dom"], url, tmp_path).stdout
    parser = _Links()
    parser.feed(dom)
    assert ("h1", h1) in parser.headings, parser.headings[:5]
    texts = [text for tag, text in parser.headings if tag == "h2"]
    for wanted in h2s:
        assert any(wanted in text for text in texts), (wanted, texts[:10])

    shot = tmp_path / f"{label}.png"
    _browse(chromium, [f"--screenshot={shot}"], url, tmp_path)
    with Image.open(shot) as img:
        pixels = np.asarray(img.convert("L"), dtype=np.float64)
    assert pixels.shape == (1000, 1280)
    # Not blank: text and the navigation bar give contrast and many distinct grey levels.
    assert pixels.std() > 15.0, pixels.std()
    assert len(np.unique(pixels)) > 32
    dark = (pixels < 100).mean()
    assert 0.005 < dark < 0.6, dark  # some ink, not a black page
    keep = os.environ.get("LITE_DOCS_SHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(keep) / shot.name)
