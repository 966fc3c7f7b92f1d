"""Hidden working folders for outputs, removed however the run ends.

An output is built in a hidden ``.dp_geoprivacy-*`` folder beside its
destination (same file system, so the finished file is moved into place
atomically). A failed or cancelled run removes the folder in a ``finally``;
so that a run ended from outside leaves nothing either, the folders still
open are also removed at interpreter exit (atexit) and on SIGTERM: the
handler removes them, then lets the signal do what it did before (by
default: end the process), so ``kill`` still ends ``qgis_process``.

Python runs signal handlers in the main thread, between bytecodes: in
``qgis_process`` that is the thread running the algorithm, so the folder
is removed within moments of the signal. The ledger needs nothing here: a
release is reserved (appended atomically) before any noise is drawn, so a
run ended after that point counts as spent, the safe direction.

SIGINT (Ctrl-C in a terminal) in ``qgis_process`` ends the run the same way
(``install(end_on_interrupt=True)``). Left alone it is lost: QGIS 3.22's
``qgis_process`` watches SIGINT itself once the algorithm starts and only
notices it when it next processes events (every 2 s of progress), and then
does not cancel the run, so the run went on and published with exit status 0;
before that, during start-up, Python turns it into a KeyboardInterrupt that
QGIS's plugin loader swallows. So the handler is installed when the provider
loads (start-up) and again when each algorithm starts (``claim_interrupt``,
over ``qgis_process``'s own watcher), and it removes the open working folders
and ends the process with SIGINT (exit status 130 in a shell). Elsewhere (QGIS
desktop, the Python console, tests) SIGINT is left as it is: there Python's
KeyboardInterrupt already unwinds the run through its ``finally`` blocks.
"""

import atexit
import os
import shutil
import signal
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

PREFIX = ".dp_geoprivacy-"

_open_folders = set()
_lock = threading.RLock()  # re-entrant: the signal handler may run while the main thread holds it
_exit_registered = False
_signal_installed = False
_previous_handler = signal.SIG_DFL
_end_on_interrupt = False


@contextmanager
def working_folder(parent):
    """A new hidden folder in ``parent``, removed when the block ends (or the process is ended)."""
    install()
    path = Path(tempfile.mkdtemp(prefix=PREFIX, dir=str(parent)))
    with _lock:
        _open_folders.add(path)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)
        with _lock:
            _open_folders.discard(path)


def remove_open_folders():
    """Remove every working folder still open (at exit or on a signal)."""
    with _lock:
        folders = list(_open_folders)
        _open_folders.clear()
    for path in folders:
        shutil.rmtree(path, ignore_errors=True)


def _on_sigterm(signum, frame):
    remove_open_folders()
    previous = _previous_handler
    if callable(previous):
        previous(signum, frame)
        return
    if previous == signal.SIG_IGN:
        return
    # Default (or a handler set outside Python, which cannot be called from here): end the
    # process as the signal would have, exit status 128 + SIGTERM.
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def _on_sigint(signum, frame):
    """Ctrl-C in qgis_process: remove the working folders, then end the process as SIGINT's default does."""
    remove_open_folders()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def claim_interrupt():
    """In qgis_process (``install(end_on_interrupt=True)``) and from the main thread: make SIGINT end the run
    (module doc), taking it back from a watcher installed since. Elsewhere a no-op."""
    if _end_on_interrupt and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _on_sigint)


def install(end_on_interrupt=False):
    """Register the exit clean-up once, and the SIGTERM handler once from the main thread.

    A SIGTERM handler set outside Python (getsignal() gives None) is left in
    place: it cannot be chained from here; the exit clean-up still runs if it
    ends the process through a normal exit. ``end_on_interrupt`` (qgis_process
    only): SIGINT ends the run too (module doc).
    """
    global _exit_registered, _signal_installed, _previous_handler, _end_on_interrupt
    with _lock:
        if end_on_interrupt:
            _end_on_interrupt = True
            claim_interrupt()
        if not _exit_registered:
            atexit.register(remove_open_folders)
            _exit_registered = True
        if _signal_installed or threading.current_thread() is not threading.main_thread():
            return
        previous = signal.getsignal(signal.SIGTERM)
        _signal_installed = True
        if previous is None:
            return
        _previous_handler = previous
        signal.signal(signal.SIGTERM, _on_sigterm)
