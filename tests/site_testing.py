"""Helpers of the site tests (tests/test_site_*.py and tests/browser/): a throwaway project holding this
checkout's site inputs, a few hand-made cards (one with every character that Markdown, HTML or Jinja could
misread), and the sample site built once per test session however many modules ask for it."""

from __future__ import annotations

import gzip
import json
import os
import signal
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from generator.database import build_database
from generator.paths import PROJECT_ROOT, Paths
from generator.site.files import copy_site_inputs
from tests import site_server
from tests.shared_builds import built_once

# Everything MkDocs needs besides the generated pages, which each test project renders for itself.
WEIRD_LEADER = "Tricky <Snik> | *Star* _Under_ [Brackets] {{ jinja }} {% raw %} & Co."
WEIRD_TEXT = "When this enters, draw a card. A | B *not bold* _not italic_ <b>not html</b> [not](link) {{ x }} {% y %}"
WEIRD_POOL_CARD = 'Goblin "Quoted" & <Angled> | Piper'



class BuiltSite(NamedTuple):
    paths: Paths
    database: Path
    figures: dict
    url: str           # where it is served (tests/site_server.py); also its site_url, see built_site


_built: dict[str, BuiltSite] = {}
servers: dict[str, int] = {}   # name -> the pid of the process serving that site
# The sample's build time (2026-01-01): fixed, so that building it again gives the same bytes.
SAMPLE_BUILD_EPOCH = "1767225600"


def site_project(tmp: Path) -> Paths:
    """A copy of this checkout's site inputs (mkdocs.yml, hand-written docs, overrides, data) under tmp."""
    copy_site_inputs(PROJECT_ROOT, tmp)
    return Paths(root=tmp, build_dir=tmp / "build")


def card(name: str, type_line: str, text: str = "", mana_cost: str = "", cmc: float = 0, colors: tuple = (),
         **extra) -> dict:
    """A minimal Scryfall card object: a paper card legal in Vintage unless `extra` says otherwise."""
    oracle_id = str(uuid.uuid5(uuid.NAMESPACE_URL, "coalition-site-test/" + name))
    slug = oracle_id[:8]
    data = {
        "object": "card", "id": str(uuid.uuid5(uuid.NAMESPACE_URL, "print/" + name)), "oracle_id": oracle_id,
        "name": name, "lang": "en", "released_at": "2019-01-25", "layout": "normal", "mana_cost": mana_cost,
        "cmc": cmc, "type_line": type_line, "oracle_text": text, "colors": list(colors),
        "color_identity": list(colors), "keywords": [], "legalities": {"vintage": "legal", "commander": "legal"},
        "games": ["paper"], "reserved": False, "digital": False, "set": "tst", "set_name": "Test Set",
        "set_type": "expansion", "collector_number": slug, "rarity": "rare", "border_color": "black",
        "scryfall_uri": f"https://scryfall.com/card/tst/{slug}/test?utm_source=api",
        "image_uris": {"small": f"https://cards.scryfall.io/small/front/{slug}.jpg",
                       "normal": f"https://cards.scryfall.io/normal/front/{slug}.jpg"},
    }
    data.update(extra)
    return data


def synthetic_cards() -> list[dict]:
    """Leaders, a pool, a changeling, bans and the troublesome names, small enough to read in a golden file."""
    return [
        card("Grumblebeard, Goblin Tactician", "Legendary Creature — Goblin Warrior",
             "Other Goblins you control get +1/+1.\n{T}: Add {R}.", "{2}{R}", 3, ("R",)),
        card(WEIRD_LEADER, "Legendary Creature — Goblin Rogue", WEIRD_TEXT, "{1}{R}", 2, ("R",)),
        card("Lonely Burgher of Testvale", "Legendary Creature — Human", "Vigilance", "{W}", 1, ("W",)),
        card("Mogg Tester", "Creature — Goblin", "Haste", "{R}", 1, ("R",)),
        card(WEIRD_POOL_CARD, "Creature — Goblin Shaman", "Trample", "{1}{R}", 2, ("R",)),
        card("Call the Testmob", "Sorcery", "Create two 1/1 red Goblin creature tokens.", "{2}{R}", 3, ("R",)),
        card("Shapeshifting Tester", "Creature — Shapeshifter", "Changeling (This card is every creature type.)",
             "{3}", 3),
        card("Plain Test Bolt", "Instant", "Plain Test Bolt deals 3 damage to any target.", "{R}", 1, ("R",)),
        card("Sol Ring", "Artifact", "{T}: Add {C}{C}.", "{1}", 1),
        card("Reserved Test Relic", "Artifact", "{T}: Add one mana of any color.", "{0}", 0, reserved=True),
        card("Forest", "Basic Land — Forest", "({T}: Add {G}.)", "", 0),
    ]


def write_cards(cards: list[dict], path: Path) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        for item in cards:
            handle.write(json.dumps(item, ensure_ascii=False) + "\n")
    return path


def sample_cards() -> list[dict]:
    """The offline sample of data/sample/ (when present) plus the synthetic cards."""
    cards = []
    sample = PROJECT_ROOT / "data" / "sample" / "cards.jsonl.gz"
    if sample.exists():
        with gzip.open(sample, "rt", encoding="utf-8") as handle:
            cards = [json.loads(line) for line in handle if line.strip()]
    names = {c["name"] for c in synthetic_cards()}
    return [c for c in cards if c["name"] not in names] + synthetic_cards()


def build_database_for(cards: list[dict], paths: Paths) -> Path:
    paths.build_dir.mkdir(parents=True, exist_ok=True)
    source = write_cards(cards, paths.build_dir / "cards.jsonl.gz")
    catalog = json.loads((paths.catalog_file).read_text(encoding="utf-8"))["data"]
    return build_database(source, paths, catalog_types=catalog, source_label="test cards").database


def built_site(tmp_path_factory, name: str = "sample") -> BuiltSite:
    """The sample site (or the synthetic one), built once per test run however many modules and xdist
    workers ask for it (tests/shared_builds.py). Tests treat it as read-only.

    Its site_url is the address the browser tests load it from: the theme's instant navigation only follows
    links that its sitemap lists, and it matches them with the port included. One server process serves it
    there for the whole run (tests/site_server.py)."""
    if name not in _built:
        folder, built = built_once(f"site-{name}", lambda folder: build_sample_site(folder, name))
        paths = Paths(root=folder, build_dir=folder / "build")
        _built[name] = BuiltSite(paths, Path(built["database"]), built["figures"], built["url"])
        servers[name] = built["server"]
    return _built[name]


def build_sample_site(folder: Path, name: str) -> dict:
    """Its server is started first (tests/site_server.py: one for the whole run, whichever worker builds), so
    that the address baked into the site is one already listening: no other process can take its port."""
    from generator.site.build import build_site

    paths = site_project(folder)
    cards = sample_cards() if name == "sample" else synthetic_cards()
    server = site_server.start(paths.site_dir)
    try:
        with environment(SOURCE_DATE_EPOCH=SAMPLE_BUILD_EPOCH, SITE_URL=server["url"]):
            database = build_database_for(cards, paths)
            figures = build_site(database, paths)
    except BaseException:
        os.kill(server["pid"], signal.SIGTERM)
        raise
    return {"database": str(database), "figures": figures, "url": server["url"], "server": server["pid"]}


def build_sample_again(folder: Path, site_url: str) -> Paths:
    """The sample built once more, in its own project, exactly as the shared one was (tests/test_reproducible.py)."""
    from generator.site.build import build_site

    paths = site_project(folder)
    with environment(SOURCE_DATE_EPOCH=SAMPLE_BUILD_EPOCH, SITE_URL=site_url):
        build_site(build_database_for(sample_cards(), paths), paths)
    return paths


@contextmanager
def environment(**values: str):
    """Environment variables set for the length of a block, then put back as they were."""
    previous = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in previous.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def load_hook(root: Path, name: str):
    """`root`/hooks/<name>.py as MkDocs loads a hook: a module of its own, its folder on the import path while
    it runs (hooks/second_process.py is imported that way)."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(f"{name}_under_test", root / "hooks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(root / "hooks"))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(root / "hooks"))
    return module


def claimed_across_a_fork(claims, count: int) -> tuple[list[int], list[int]]:
    """(the parent's, the child's): a forked child takes from the back of `claims` (take_back() until None)
    while this process walks 0..count-1 from the front (take_front(n)), as the second MkDocs process and
    MkDocs do (hooks/second_process.py)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:   # the child: report what it took, one number per line
        os.close(read_end)
        taken = []
        while (number := claims.take_back()) is not None:
            taken.append(number)
        os.write(write_end, "\n".join(map(str, taken)).encode())
        os._exit(0)
    os.close(write_end)
    parents = [number for number in range(count) if claims.take_front(number)]
    with os.fdopen(read_end, "rb") as pipe:
        childs = [int(n) for n in pipe.read().decode().split()]
    os.waitpid(pid, 0)
    return parents, childs
