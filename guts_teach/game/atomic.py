"""One way to save a file: atomically, with the user's permissions, and clear errors.

Ledger files, club workbooks and Shelby workbooks are all saved by :func:`save_with`:

- the content goes to a temporary file beside the target, named
  ``.NAME.guts-tmp-PID-XXXX`` (recognisable, and tied to the process writing it), which
  then replaces the target; a failure removes it and leaves the old file as it was;
- a temporary file left by a killed process (its PID no longer running) is removed by
  this process's first save of the same file (a file saved many times a second is not
  searched for them again);
- the file gets the permissions a new file gets (``0666`` less the umask), or keeps
  those of the file it replaces;
- a missing or read-only folder, a folder given as the file, or an empty path is a
  :class:`~guts_teach.game.errors.GutsError` naming the path, before anything is written.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> save_text(folder / "a.json", "{}"); (folder / "a.json").read_text()
'{}'
>>> try:
...     save_text(folder / "missing" / "a.json", "{}")
... except GutsError as error:
...     print(str(error).replace(str(folder), "F"))
cannot write F/missing/a.json: the folder F/missing does not exist
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from .errors import GutsError

MARK = ".guts-tmp-"

_swept: set[Path] = set()
"""The files whose folder this process has searched for others' temporary files: a process
that died left them before this one started, so one search a file is enough."""
SWEPT_AT_MOST = 10_000


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def check_target(path: str | os.PathLike[str]) -> Path:
    """The target as a :class:`Path`, or an error saying why it cannot be written."""
    text = os.fspath(path)
    if not text.strip():
        raise GutsError("the output path is empty; give a file name, such as club.xlsx")
    target = Path(text)
    folder = target.parent
    shown = _shown(target)
    if target.is_dir():
        raise GutsError(f"cannot write {shown}: it is a folder; give a file name inside it")
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise GutsError(f"cannot write {shown}: the folder {_shown(folder)} {what}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise GutsError(f"cannot write {shown}: the folder {_shown(folder)} is read-only")
    return target


def _shown(path: Path) -> str:
    text = os.fspath(path)
    return text if "\x00" not in text else repr(text)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale(target: Path) -> list[Path]:
    """Remove temporary files of ``target`` left by processes that are gone; returns them."""
    removed = []
    for candidate in target.parent.glob(f".{target.name}{MARK}*"):
        pid_text = candidate.name[len(f".{target.name}{MARK}") :].split("-", 1)[0]
        if pid_text.isdigit() and not _alive(int(pid_text)):
            candidate.unlink(missing_ok=True)
            removed.append(candidate)
    return removed


def save_with(path: str | os.PathLike[str], write: Callable[[str], None]) -> None:
    """Save atomically: ``write(temporary_path)`` writes the content, which then replaces
    ``path``; see the module docs."""
    target = check_target(path)
    if target not in _swept:
        remove_stale(target)
        if len(_swept) >= SWEPT_AT_MOST:
            _swept.clear()
        _swept.add(target)
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    except OSError as error:
        raise GutsError(f"cannot write {_shown(target)}: {error.strerror}") from None
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{target.name}{MARK}{os.getpid()}-", suffix=".tmp", dir=target.parent
        )
    except OSError as error:
        raise GutsError(f"cannot write {_shown(target)}: {error.strerror}") from None
    os.close(handle)
    try:
        write(temporary)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        reason = error.strerror or str(error)
        raise GutsError(f"cannot write {_shown(target)}: {reason}; it was left as it was") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def save_text(path: str | os.PathLike[str], text: str, *, sync: bool = True) -> None:
    """Save UTF-8 ``text`` atomically (see :func:`save_with`); ``sync=False`` leaves the text
    to the system to put on the disk (still whole or not at all, and kept if the program is
    killed, but not if the machine loses power), for a file rewritten many times a second."""

    def write(temporary: str) -> None:
        with open(temporary, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            if sync:
                os.fsync(stream.fileno())

    save_with(path, write)
