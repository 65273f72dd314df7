"""Where a worker does its uncached work: bounded lanes of threads, each request with a deadline.

Answers already made (the response cache), static files and 304s are
served by the event loop and never wait here. Everything else runs in a
*lane*: a few threads, a queue of bounded length, and a deadline for each
request (its wait in the queue included). The lanes are declared in
:data:`LANES` by how much work their requests cost:

- ``lookup``: answers read from the lookup tables and rows (a rule, a
  history, where a citation went): milliseconds;
- ``pages``: the pages of one edition (a rule with its timeline, an
  edition's contents, its glossary): milliseconds once the edition is
  read, a fraction of a second the first time;
- ``search``: searches (pages and API), in one thread: the search index's
  readers (Whoosh's) may not be read by two threads at once, and a second
  reader of the index costs 100 MB a worker. A search that has used
  ``preempt`` seconds of CPU while others wait for the lane is stopped
  (503): players' questions take 25 ms of CPU (the median of the
  development questions over the whole corpus), a crafted query of
  wildcards over every edition minutes. CPU, not time: on a busy machine a
  question waits its turn for a core and for the interpreter, and its
  time grows with the load while its CPU does not (a 2 s bound on time let
  two attackers hold 37% of the lane's time in ``bench/serve.py``);
- ``heavy``: diffs and citation checks: anything from milliseconds to
  whatever a crafted request can make them cost.

So a cheap lookup never waits behind an expensive search: each lane has
threads of its own. A request that finds its lane full (every thread busy,
the queue at its length) is answered at once with 503 and ``Retry-After``;
one whose deadline passes is answered 503 then, and its work is stopped.
When the client goes away before its answer is ready, its work is stopped
too. Threads share one interpreter, so stopped work cannot be waited out:
it is interrupted, by raising :class:`Cancelled` in its thread
(``PyThreadState_SetAsyncExc``, the interpreter's own way of raising an
exception in another thread), which unwinds the work like any exception,
releasing what ``with`` blocks hold, at the next Python instruction (raised
again each second until the thread is free: an exception raised inside a
finalizer is dropped by the interpreter). A separate process per lane would
be cleaner to stop, but every process would hold its own reader (the graph,
the search index, the editions read: hundreds of megabytes) and start again
in seconds after each stop.
"""

from __future__ import annotations

import asyncio
import ctypes
import functools
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .errors import Cancelled, ClientGone, Preempted, Unavailable

__all__ = [
    "LANES",
    "Lane",
    "LaneSpec",
    "Lanes",
    "in_lane",
]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class LaneSpec:
    """A lane's threads, how many requests may wait, each request's deadline (seconds), and
    the CPU seconds a request may use while others wait before it is stopped (None: up to its
    deadline)."""

    threads: int
    waiting: int
    deadline: float
    preempt: float | None = None
    retry_after: int = 5


#: the lanes of a worker, by name (see the module docstring)
LANES: dict[str, LaneSpec] = {
    "lookup": LaneSpec(threads=2, waiting=64, deadline=5.0),
    "pages": LaneSpec(threads=2, waiting=64, deadline=10.0),
    "search": LaneSpec(threads=1, waiting=64, deadline=10.0, preempt=0.5),
    "heavy": LaneSpec(threads=2, waiting=64, deadline=10.0),
}
# seconds between checks of a lane's running work (preemption), and between the
# interruptions of work given up that is still running
_TICK = 0.2
_INSIST = 1.0

_set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc


def _cpu_clock(ident: int) -> int | None:
    """The CPU-time clock of a thread (its ``threading.get_ident()``), or None where there is none."""
    try:
        return time.pthread_getcpuclockid(ident)
    except (AttributeError, OSError):
        return None


def _cpu_of(clock: int) -> float:
    """A thread's CPU seconds by its clock (0 once the thread is gone)."""
    try:
        return time.clock_gettime(clock)
    except OSError:
        return 0.0


@dataclass(eq=False, slots=True)
class _Job(Generic[T]):
    call: Callable[[], T]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[T]
    thread: int | None = None
    clock: int | None = None  # the CPU clock of the thread that runs it
    cpu: float = 0.0  # that clock when it started
    given_up: bool = False
    preempted: bool = False


class Lane:
    """Threads that run one kind of request's work, a bounded queue, and deadlines."""

    def __init__(self, name: str, spec: LaneSpec) -> None:
        self.name = name
        self.spec = spec
        self._lock = threading.Lock()
        self._ready = threading.Condition(self._lock)
        self._queue: deque[_Job[Any]] = deque()
        self._running: dict[int, _Job[Any]] = {}
        self._closed = False
        self.given_up = 0
        self.refused = 0
        for n in range(spec.threads):
            threading.Thread(target=self._work, name=f"crdex-{name}-{n}", daemon=True).start()

    @property
    def load(self) -> int:
        """Requests running or waiting in this lane."""
        return len(self._running) + len(self._queue)

    async def run(
        self, call: Callable[[], T], gone: Callable[[], Awaitable[Any]] | None = None
    ) -> T:
        """``call()`` in one of the lane's threads, within the lane's deadline.

        ``gone`` is awaited beside the work and returns when the client has
        left: the work is then stopped and :class:`ClientGone` raised.
        :class:`Unavailable` when the lane is full or the deadline passes.
        """
        loop = asyncio.get_running_loop()
        job: _Job[T] = _Job(call, loop, loop.create_future())
        with self._lock:
            if self._closed or self.load >= self.spec.threads + self.spec.waiting:
                self.refused += 1
                raise Unavailable(
                    "the server is busy with other requests like this one; try again shortly",
                    self.spec.retry_after,
                )
            self._queue.append(job)
            self._ready.notify()
        watcher = asyncio.ensure_future(gone()) if gone is not None else None
        waiting: set[asyncio.Future[Any]] = {job.future, *([watcher] if watcher else [])}
        deadline = loop.time() + self.spec.deadline
        done: set[asyncio.Future[Any]] = set()
        try:
            while not done and (left := deadline - loop.time()) > 0:
                done, _pending = await asyncio.wait(
                    waiting,
                    timeout=min(_TICK, left) if self.spec.preempt else left,
                    return_when=asyncio.FIRST_COMPLETED,
                )
                if not done:
                    self._preempt_overdue()
        except asyncio.CancelledError:
            self._give_up(job)
            raise
        finally:
            if watcher is not None:
                watcher.cancel()
        if job.future in done:
            return job.future.result()
        self._give_up(job)
        if watcher is not None and watcher in done:
            raise ClientGone()
        raise Unavailable(
            f"the answer took longer than {self.spec.deadline:g} s and was given up; "
            "try again shortly",
            self.spec.retry_after,
        )

    def _preempt_overdue(self) -> None:
        """Stop the work that has used ``preempt`` CPU seconds while requests wait for this lane."""
        with self._lock:
            if not self._queue or self.spec.preempt is None:
                return
            for tid, job in self._running.items():
                if job.preempted or job.given_up or job.clock is None:
                    continue
                if _cpu_of(job.clock) - job.cpu > self.spec.preempt:
                    job.preempted = True
                    _set_async_exc(ctypes.c_ulong(tid), ctypes.py_object(Preempted))

    def _give_up(self, job: _Job[Any]) -> None:
        """Stop a job: drop it if it waits, interrupt its thread if it runs."""
        with self._lock:
            if job.given_up:
                return
            job.given_up = True
            self.given_up += 1
            if job.thread is not None:
                _set_async_exc(ctypes.c_ulong(job.thread), ctypes.py_object(Cancelled))
                job.loop.call_later(_INSIST, self._insist, job)
            elif job in self._queue:
                self._queue.remove(job)

    def _insist(self, job: _Job[Any]) -> None:
        """Interrupt again work given up that still runs (the last interruption was dropped)."""
        with self._lock:
            if job.thread is None:
                return
            _set_async_exc(ctypes.c_ulong(job.thread), ctypes.py_object(Cancelled))
        job.loop.call_later(_INSIST, self._insist, job)

    def _work(self) -> None:
        me = threading.get_ident()
        while not self._closed:
            try:
                try:
                    self._one(me)
                finally:
                    self._release(me)
            except Cancelled:  # it landed outside the work it was meant for: nothing to stop
                continue

    def _one(self, me: int) -> None:
        with self._lock:
            while not self._queue and not self._closed:
                self._ready.wait()
            if self._closed:
                return
            job = self._queue.popleft()
            job.thread = me
            job.clock = _cpu_clock(me)
            job.cpu = _cpu_of(job.clock) if job.clock is not None else 0.0
            self._running[me] = job
        result: Any = None
        error: BaseException | None = None
        try:
            result = job.call()
        except Cancelled:
            if not job.preempted:
                return
            error = Unavailable(
                f"this request used more than {self.spec.preempt:g} s of CPU while others waited "
                "and was stopped; try again shortly, or ask for less",
                self.spec.retry_after,
            )
        except BaseException as exc:  # the request's own error, answered by the event loop
            error = exc
        if not job.given_up:
            job.loop.call_soon_threadsafe(_settle, job.future, result, error)

    def _release(self, me: int) -> None:
        """The thread's job is over; an interruption asked for but not raised yet is dropped.

        Safe to call again when an interruption cuts it short: at most one
        is ever asked for a job, and it is asked under the lock this takes.
        """
        while True:
            try:
                with self._lock:
                    job = self._running.pop(me, None)
                    if job is not None:
                        job.thread = None
                    _set_async_exc(ctypes.c_ulong(me), None)
                return
            except Cancelled:
                continue

    def close(self) -> None:
        """Stop taking work; idle threads end, and waiting requests are dropped."""
        with self._lock:
            self._closed = True
            self._ready.notify_all()
            for job in self._queue:
                job.given_up = True
            self._queue.clear()


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class Lanes:
    """The lanes of one worker, by name."""

    def __init__(self, specs: dict[str, LaneSpec] | None = None) -> None:
        self.lanes = {name: Lane(name, spec) for name, spec in (specs or LANES).items()}

    def __getitem__(self, name: str) -> Lane:
        return self.lanes[name]

    def close(self) -> None:
        for lane in self.lanes.values():
            lane.close()

    def stats(self) -> dict[str, dict[str, int]]:
        return {
            name: {"load": lane.load, "given_up": lane.given_up, "refused": lane.refused}
            for name, lane in self.lanes.items()
        }


def in_lane(name: str) -> Callable[[Callable[..., T]], Callable[..., Awaitable[T]]]:
    """Run a route's body in the named lane of its application (the route takes ``request``)."""

    def decorate(handler: Callable[..., T]) -> Callable[..., Awaitable[T]]:
        @functools.wraps(handler)
        async def run(*args: Any, **kwargs: Any) -> T:
            request = kwargs["request"]
            lanes: Lanes = request.app.state.lanes
            call = functools.partial(handler, *args, **kwargs)
            return await lanes[name].run(call, functools.partial(_gone, request.receive))

        return run

    return decorate


async def _gone(receive: Callable[[], Awaitable[dict[str, Any]]]) -> None:
    """Return once the client has gone (the server's ``http.disconnect``)."""
    while True:
        message = await receive()
        if message.get("type") == "http.disconnect":
            return
