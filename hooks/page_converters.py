"""MkDocs hook (mkdocs.yml `hooks:`): the pages are read and converted a chunk at a time, by two processes.

Between on_nav and on_env MkDocs reads each page, parses its front matter and converts its Markdown, one
page after another: for the thousands of generated pages that is seconds of one core. So the pages, in
MkDocs' own order, are cut into chunks of CHUNK, and once the navigation is made the hook forks. The two
processes take chunks whoever reaches one first (ChunkClaims): MkDocs from the front, as its loop comes to
them; the child from the back. Each process reads a chunk's files once and converts the heading lines of its
generated pages in batches (hooks/generated_pages.py) before its pages come. The child does for each of its
pages what MkDocs and generated_pages.py would: the front matter, then the conversion (a hand-written page
it leaves to MkDocs), and sends each chunk's results to the parent in a memory file (memfd) passed over a
socket. When MkDocs reaches one of the child's pages, the page's read_source and render are shadowed by
what the child sent, so every event, the anchor check, the search plugin and the page writers see the page
as if MkDocs had converted it.

Whatever the child logs as a warning or error, or its death, fails the build; Linux kills the child when its
parent dies. Only a plain `mkdocs build` on more than one core forks, and only when no plugin but ours reads
or rewrites a page's Markdown (the child's pages reach MkDocs without it); COALITION_PAGE_WRITERS=1 turns it
off, as it does hooks/page_writers.py's second writer. The output is the same bytes either way
(tests/test_reproducible.py). The hook imports nothing from the generator.
"""

from __future__ import annotations

import logging
import mmap
import os
import pickle
import socket
import threading
from functools import partial

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.utils.meta import get_data
from second_process import FrontBackClaims as ChunkClaims, fork_second_process   # claims by chunk number

log = logging.getLogger("mkdocs.hooks.page_converters")

FLAG = "prerendered"   # the front matter key generator/site/pages.py writes (the other hooks read it too)
SWITCH = "COALITION_PAGE_WRITERS"
# Pages per chunk: small enough that MkDocs, meeting the child's chunks, waits at most one chunk's worth;
# large enough that the heading batches stay long.
CHUNK = 64
MARKDOWN_EVENTS = ("page_read_source", "page_markdown")


def forking_allowed(config) -> bool:
    """Two cores, one thread (not `mkdocs serve`), not switched off, and no other plugin that would miss the
    child's pages' Markdown."""
    ours = {__name__, type(config._coalition_markdown).__module__}
    return (os.environ.get(SWITCH, "2") != "1" and hasattr(os, "fork") and hasattr(os, "memfd_create")
            and len(os.sched_getaffinity(0)) > 1 and threading.active_count() == 1
            and all(handler.__module__ in ours for event in MARKDOWN_EVENTS
                    for handler in config.plugins.events[event]))


class Converters:
    """One build's chunks: the parent's sources read ahead, and what the child sent until MkDocs needs it."""

    def __init__(self, files, shared) -> None:
        self.files, self.shared = files, shared
        self.pages = list(files.documentation_pages())   # the order of MkDocs' loop
        self.numbers = {file.src_uri: number for number, file in enumerate(self.pages)}
        self.claims = ChunkClaims(-(-len(self.pages) // CHUNK))
        self.read: set[int] = set()          # the parent's chunks read so far
        self.sources: dict[str, str] = {}    # their pages' text until MkDocs reads it (on_page_read_source)
        self.from_child: dict[int, tuple | None] = {}   # by page number, until MkDocs reaches the page
        self.rendered: dict[str, tuple] = {}  # between on_pre_page and on_page_markdown
        self.child: int | None = None
        self.channel: socket.socket | None = None
        self.sending = False   # whether the child may still send
        self.childs_pages = 0

    def chunk(self, chunk: int, config) -> list[tuple[int, object, str]]:
        """(number, file, text) of a chunk's pages, their headings converted ahead."""
        numbers = range(chunk * CHUNK, min(len(self.pages), (chunk + 1) * CHUNK))
        texts = [(number, self.pages[number], self.pages[number].content_string) for number in numbers]
        self.shared.headings.prefetch([text for _, _, text in texts], self.files, config)
        return texts

    def claim(self, number: int, config) -> bool:
        """The parent reaching page `number`: whether it is the parent's to convert (its text read ahead)."""
        chunk = number // CHUNK
        if not self.claims.take_front(chunk):
            return False
        if chunk not in self.read:
            self.read.add(chunk)
            self.sources.update((file.src_uri, text) for _, file, text in self.chunk(chunk, config))
        return True

    def fork(self, config) -> None:
        parents_end, childs_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = fork_second_process(partial(convert_childs_chunks, self, parents_end, childs_end, config), "converter")
        childs_end.close()
        self.child, self.channel, self.sending = pid, parents_end, True

    def receive(self, *, wait: bool) -> bool:
        """One chunk the child sent, into from_child; False when none is waiting (or the child is gone)."""
        if not self.sending:
            return False
        self.channel.setblocking(wait)   # socket.recv_fds drops its flags argument (MSG_DONTWAIT)
        try:
            _, fds, _, _ = socket.recv_fds(self.channel, 1, 1)
        except BlockingIOError:
            return False
        if not fds:
            self.sending = False   # the child closed its end: it exited
            return False
        try:
            with mmap.mmap(fds[0], 0, access=mmap.ACCESS_READ) as memory:
                chunk = pickle.loads(memory)
            self.from_child.update(chunk)
            self.childs_pages += sum(sent is not None for sent in chunk.values())
        finally:
            os.close(fds[0])
        return True

    def converted_by_child(self, number: int) -> tuple | None:
        """What the child sent for page `number` (None: a page it left to MkDocs), waiting for it if need be."""
        while number not in self.from_child:
            if not self.receive(wait=True):
                raise PluginError(f"the second page converter stopped before {self.pages[number].src_uri}; "
                                  "its log above says why")
        return self.from_child.pop(number)

    def finish(self) -> None:
        """Waits for the child; its failure fails the build."""
        pid, self.child = self.child, None
        if pid is None:
            return
        self.channel.close()
        log.debug("the second page converter converted %d pages", self.childs_pages)
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise PluginError(f"the second page converter failed (exit {os.waitstatus_to_exitcode(status)}); "
                              "its log above says why")


def convert_childs_chunks(converters: Converters, parents_end: socket.socket, channel: socket.socket,
                          config) -> None:
    """The child's work: convert the chunks it can take and send each to the parent."""
    parents_end.close()
    while (chunk := converters.claims.take_back()) is not None:
        send(channel, {number: converted_here(file, text, converters, config)
                       for number, file, text in converters.chunk(chunk, config)})


def converted_here(file, text: str, converters: Converters, config) -> tuple | None:
    """What Page.read_source and generated_pages.py's render would make of a generated page: its front matter
    and its conversion's fields, links keyed by address (the parent has its own File objects). None for any
    other page: MkDocs converts it in the parent."""
    markdown, meta = get_data(text)
    if not meta.get(FLAG):
        return None
    content, toc_tokens, title, anchor_ids, links = converters.shared.converted(
        markdown, file, converters.files, config)
    return meta, (content, toc_tokens, title, anchor_ids, {linked.src_uri: to for linked, to in links.items()})


def send(channel: socket.socket, chunk: dict) -> None:
    """A chunk's results in a memory file of their own, handed over with the message: the child never waits
    for the parent to read, and the memory goes once the parent has."""
    memory_file = os.memfd_create("coalition-converted")
    try:
        with open(memory_file, "wb", closefd=False) as out:
            pickle.dump(chunk, out, protocol=pickle.HIGHEST_PROTOCOL)
        socket.send_fds(channel, [b"c"], [memory_file])
    finally:
        os.close(memory_file)


@event_priority(-100)   # after every other on_nav (generated_pages.py's made the shared Markdown)
def on_nav(nav, config, files):
    converters = config._coalition_converters = Converters(files, config._coalition_markdown)
    if len(converters.pages) > CHUNK and forking_allowed(config):
        converters.fork(config)
    return nav


def on_pre_page(page, config, files):
    converters = getattr(config, "_coalition_converters", None)
    number = converters.numbers.get(page.file.src_uri) if converters is not None else None
    if number is None:
        return page
    while converters.receive(wait=False):   # take what has come: the memory files go as soon as they can
        pass
    if converters.claim(number, config):
        return page
    sent = converters.converted_by_child(number)
    if sent is not None:
        meta, converters.rendered[page.file.src_uri] = sent
        # Instance attributes shadow Page.read_source (and, in on_page_markdown, Page.render) for this page.
        page.read_source = partial(read_in_child, page, meta)
    return page


def read_in_child(page, meta: dict, config) -> None:
    """The page's front matter as the child read it. Its Markdown stays behind: nothing but its render reads a
    generated page's Markdown (forking_allowed), and generated_pages.py lets it go once converted."""
    page.markdown, page.meta = "", meta


def on_page_read_source(page, config):
    """The text of the parent's own page, read with its chunk."""
    converters = getattr(config, "_coalition_converters", None)
    return converters.sources.pop(page.file.src_uri, None) if converters is not None else None


@event_priority(-100)   # after generated_pages.py's on_page_markdown, which shadows render too
def on_page_markdown(markdown_text, page, config, files):
    converters = getattr(config, "_coalition_converters", None)
    fields = converters.rendered.pop(page.file.src_uri, None) if converters is not None else None
    if fields is not None:
        page.render = partial(rendered_in_child, page, fields)
    return markdown_text


def rendered_in_child(page, fields: tuple, config, files) -> None:
    content, toc_tokens, title, anchor_ids, links = fields
    # A generated page's links are to its own headings: its own File, found without a search of every file.
    links = {page.file if uri == page.file.src_uri else files.get_file_from_path(uri): to for uri, to in links.items()}
    config._coalition_markdown.fill(page, content, toc_tokens, title, anchor_ids, links)


@event_priority(100)   # before hooks/page_writers.py forks its writer: the converter is done by then
def on_env(env, config, files):
    converters = getattr(config, "_coalition_converters", None)
    if converters is not None:
        converters.finish()
    return env

