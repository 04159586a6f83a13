"""A person's own content, kept with the game built from it.

Some options name a file or a folder of the person's own (a Cowboys
scenario, boards, deck or shot chart; a d6 Shooters map or event list; a D6
content folder: each game's ``Options.FILES``). A game built on them must
still replay, load and continue after the file is edited or deleted, and a
server must never read a path a visitor names. So the text is read once,
when the game is set up, into a :class:`Bundle`; the option's value becomes
the bundle's *reference*, the name as given with the text's SHA-256
(``duel.toml#sha256=9f86…``), and the bundle goes with the game wherever it
goes: into its record (``"content"``), the web table's database, another
process (a pickled :class:`~saloon.core.options.Options` carries the
bundles its values name).

The loaders read through :func:`read_file` and :func:`read_folder`, which
give a referenced bundle's text (never the disk) and read a plain path as
:func:`saloon.core.files.read_text` does. Bundles are kept in this
process by their reference (:func:`register`), so a reference means one
text whatever file now has that name.

>>> b = Bundle.of_text("upload", "title = 'a duel'\\n")
>>> ref = register(b)
>>> ref.startswith("upload#sha256=") and is_reference(ref)
True
>>> read_file(ref, what="scenario file")
('upload', "title = 'a duel'\\n")
>>> display_name(ref)
'upload'
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from saloon.core.errors import ContentError, SaloonError, printable, shown
from saloon.core.files import MAX_CONTENT_BYTES, read_text

#: What an option names: one file, or a folder of files.
FileKind = Literal["file", "folder"]

#: The most files a content folder holds.
MAX_FOLDER_FILES = 64
#: The most text a bundle holds, all its files together: 4 MiB.
MAX_BUNDLE_BYTES = 4 * 1024 * 1024
#: A file's name inside a folder bundle: a TOML file, at most one folder deep.
FOLDER_NAME = re.compile(
    r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}(/[A-Za-z0-9_][A-Za-z0-9_.-]{0,63})?\.toml"
)

_MARK = "#sha256="
_DIGEST = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Bundle:
    """The text of one content file, or of every TOML file of a folder.

    ``name`` is what the person named (a path, or ``upload`` for text sent
    to the web table); ``files`` pairs each file's name inside the folder
    with its text (a single file has the one name ``""``).
    """

    name: str
    kind: FileKind
    files: tuple[tuple[str, str], ...]

    @classmethod
    def of_text(cls, name: str, text: str) -> Bundle:
        """One file's text."""
        return cls(name, "file", (("", text),))

    @classmethod
    def of_folder(cls, name: str, files: Mapping[str, str]) -> Bundle:
        """A folder's files, by their names inside it (``maps/standard.toml``)."""
        return cls(name, "folder", tuple(sorted(files.items())))

    @property
    def digest(self) -> str:
        """The SHA-256 of the kind and every file's name and text."""
        canonical = json.dumps([self.kind, [list(f) for f in self.files]], ensure_ascii=False)
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    @property
    def ref(self) -> str:
        """The option value that stands for this bundle."""
        return f"{self.name}{_MARK}{self.digest}"

    @property
    def size(self) -> int:
        """The bytes of text it holds."""
        return sum(len(text.encode("utf-8")) for _, text in self.files)

    def text(self) -> str:
        """A file bundle's text."""
        return self.files[0][1]

    def check(self, *, what: str = "content") -> Bundle:
        """This bundle, if it is within the limits (file names, counts and
        sizes); :class:`ContentError` naming what is wrong otherwise."""
        label = f"{what} {printable(self.name)}"
        if self.kind == "file":
            if len(self.files) != 1 or self.files[0][0] != "":
                raise ContentError(f"{label} must be one file's text")
            if len(self.text().encode("utf-8")) > MAX_CONTENT_BYTES:
                raise ContentError(f"{label} is larger than {MAX_CONTENT_BYTES // 1024} KiB")
            return self
        if not self.files:
            raise ContentError(f"{label} holds no file")
        if len(self.files) > MAX_FOLDER_FILES:
            raise ContentError(f"{label} holds more than {MAX_FOLDER_FILES} files")
        for name, text in self.files:
            if not FOLDER_NAME.fullmatch(name) or ".." in name:
                raise ContentError(
                    f"{label}: {shown(name)} is not a content file's name "
                    "(a name ending in .toml, at most one folder deep)"
                )
            if len(text.encode("utf-8")) > MAX_CONTENT_BYTES:
                raise ContentError(
                    f"{label}: {name} is larger than {MAX_CONTENT_BYTES // 1024} KiB"
                )
        if self.size > MAX_BUNDLE_BYTES:
            raise ContentError(f"{label} holds more than {MAX_BUNDLE_BYTES // 1024 // 1024} MiB")
        return self

    # -- JSON ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "sha256": self.digest,
            "files": dict(self.files),
        }

    @classmethod
    def from_json(cls, data: object) -> Bundle:
        """A bundle as :meth:`to_json` wrote it, checked: its limits, and its
        ``sha256`` against its text (an edited record is refused)."""
        if not isinstance(data, dict):
            raise ContentError(f"a content bundle must be an object, not {shown(data)}")
        name, kind, digest, files = (data.get(k) for k in ("name", "kind", "sha256", "files"))
        if not isinstance(name, str) or not name or len(name) > 4096 or "\0" in name:
            raise ContentError(f"a content bundle's name must be text, not {shown(name)}")
        if kind not in ("file", "folder"):
            raise ContentError(f"content {printable(name)}: kind must be file or folder")
        if not isinstance(files, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in files.items()
        ):
            raise ContentError(f"content {printable(name)}: files must map names to text")
        bundle = cls(name, kind, tuple(sorted(files.items()))).check()
        if digest != bundle.digest:
            raise ContentError(
                f"content {printable(name)} does not match its sha256 (it was edited)"
            )
        return bundle


# -- the bundles of this process ----------------------------------------------------------

_BUNDLES: dict[str, Bundle] = {}


def register(bundle: Bundle) -> str:
    """Keep ``bundle`` in this process (by its reference: its name and
    digest, so the same text under two names keeps both names); its
    reference."""
    ref = bundle.ref
    _BUNDLES.setdefault(ref, bundle)
    return ref


def is_reference(value: object) -> bool:
    """Whether an option value is a bundle's reference (``name#sha256=…``).

    >>> is_reference("duel.toml"), is_reference("a#sha256=" + "0" * 64)
    (False, True)
    """
    if not isinstance(value, str):
        return False
    _, mark, digest = value.rpartition(_MARK)
    return bool(mark) and _DIGEST.fullmatch(digest) is not None


def display_name(value: str) -> str:
    """What a person named, without the digest of a reference.

    >>> display_name("duel.toml#sha256=" + "a" * 64), display_name("duel.toml")
    ('duel.toml', 'duel.toml')
    """
    return value.rpartition(_MARK)[0] if is_reference(value) else value


def bundle_of(value: str) -> Bundle:
    """The bundle a reference stands for; :class:`ContentError` if this
    process does not hold it (it travels with the record or game that used
    it)."""
    digest = value.rpartition(_MARK)[2]
    bundle = _BUNDLES.get(value)
    if bundle is None:
        raise ContentError(
            f"the content {printable(display_name(value))} (sha256 {digest[:12]}…) is not here: "
            "it comes with the record or the game that was built from it"
        )
    return bundle


def bundles_of(values: Iterable[object]) -> list[Bundle]:
    """The bundles that the references among ``values`` stand for."""
    return [bundle_of(v) for v in values if isinstance(v, str) and is_reference(v)]


# -- reading: the loaders' way in -----------------------------------------------------------


def read_file(
    path: str | Path,
    *,
    what: str = "content file",
    limit: int = MAX_CONTENT_BYTES,
    error: type[SaloonError] = ContentError,
) -> tuple[str, str]:
    """The name messages give a content file and its text: a reference's
    bundle (never the disk), or the file ``path`` read with
    :func:`~saloon.core.files.read_text`'s checks."""
    if isinstance(path, str) and is_reference(path):
        bundle = bundle_of(path)
        if bundle.kind != "file":
            raise error(f"{what} {printable(bundle.name)} is a folder, not a file")
        text = bundle.text()
        if len(text.encode("utf-8")) > limit:
            raise error(f"{what} {printable(bundle.name)} is larger than {limit // 1024} KiB")
        return bundle.name, text
    return printable(str(path)), read_text(path, what=what, limit=limit, error=error)


def read_folder(
    folder: str | Path,
    patterns: Iterable[str] = ("*.toml",),
    *,
    what: str = "content folder",
    limit: int = MAX_CONTENT_BYTES,
) -> dict[str, tuple[str, str]]:
    """Every file of ``folder`` matching ``patterns`` (relative globs), by
    its name inside the folder, with the name messages give it and its
    text: a reference's bundle (never the disk), or the folder read file by
    file. :class:`ContentError` names a folder that cannot be read."""
    patterns = tuple(patterns)
    if isinstance(folder, str) and is_reference(folder):
        bundle = bundle_of(folder)
        if bundle.kind != "folder":
            raise ContentError(f"{what} {printable(bundle.name)} is a file, not a folder")
        return {
            name: (f"{bundle.name}/{name}", text)
            for name, text in bundle.files
            if any(Path(name).match(p) and name.count("/") == p.count("/") for p in patterns)
        }
    root = Path(folder)
    shown_folder = printable(str(folder))
    try:
        exists, is_dir = root.exists(), root.is_dir()
        found = sorted({p.relative_to(root).as_posix() for pat in patterns for p in root.glob(pat)})
    except (OSError, ValueError):  # a name too long, a NUL in it, no permission
        raise ContentError(f"{what} {shown_folder} cannot be read") from None
    if not exists:
        raise ContentError(f"{what} {shown_folder} does not exist")
    if not is_dir:
        raise ContentError(f"{what} {shown_folder} is not a folder")
    if len(found) > MAX_FOLDER_FILES:
        raise ContentError(f"{what} {shown_folder} holds more than {MAX_FOLDER_FILES} files")
    out: dict[str, tuple[str, str]] = {}
    for name in found:
        path = root / name
        text = read_text(path, what="content file", limit=limit, error=ContentError)
        out[name] = (printable(str(path)), text)
    return out


def read_bundle(path: str, kind: FileKind, *, what: str) -> Bundle:
    """The file or folder ``path`` (a person's, on this machine) as a
    bundle, checked; ``kind`` says which it must be."""
    if kind == "file":
        _, text = read_file(path, what=what)
        return Bundle.of_text(path, text).check(what=what)
    files = read_folder(path, ("*.toml", "*/*.toml"), what=what)
    return Bundle.of_folder(path, {k: text for k, (_, text) in files.items()}).check(what=what)
