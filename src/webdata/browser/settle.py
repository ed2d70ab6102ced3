"""Smart wait: a page is settled when its network is quiet and its DOM stopped changing.

``load`` alone returns app pages before they rendered (their data arrives by fetch after
load), and Playwright's ``networkidle`` waits a fixed 500 ms and ignores the DOM.

Two sides, no polling round trips:

- Python counts the page's requests in flight from Playwright's events (every frame, every
  resource type), leaving out the ones that never end by design (event streams, websockets,
  beacons) and any request open longer than ``LONG_REQUEST_S`` (long-poll, streaming media).
- A script installed before any page script (``SETTLE_SCRIPT``) keeps, inside the page, the
  time of the last DOM mutation, long task, finished fetch/XHR and fired short timer, and the
  work still pending that will change the page soon: fetch/XHR in flight (a fetch until its
  body is read), ``setTimeout`` callbacks due within ``TIMER_MAX_MS`` and animation-frame
  callbacks (a chain of them only ``TIMER_MAX_DEPTH`` deep, so a polling or animation loop
  cannot hold the page). ``window.__wdSettle(quiet, max, netEnd)`` is a promise that resolves
  once nothing is pending and nothing moved for ``quiet`` ms.

With that, the quiet window is only a margin for work nobody tracks (message channels,
IndexedDB, workers): the staged fixture page (``/browser/staged``) is captured complete even
with a window of 0, and 50 ms is the default (BENCHMARKS.md, "Browser pool").

``wait_settled`` waits for the network to be idle, then awaits that promise (one round trip),
telling the page when the last request ended by the browser's own timing of it (its event
reaches Python later). The window starts at the last activity either side saw (parsing
counts, so for a static page that is about ``DOMContentLoaded``), not at a poll. If a request
came and went meanwhile, it goes round again for the rest of the window.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from playwright.async_api import BrowserContext, Page, Request
from playwright.async_api import Error as PlaywrightError

__all__ = [
    "LONG_REQUEST_S",
    "SETTLE_SCRIPT",
    "TIMER_MAX_DEPTH",
    "TIMER_MAX_MS",
    "NetworkTracker",
    "install",
    "page_html",
    "wait_settled",
]

# A request open this long is background (long-poll, stream, slow beacon), not page content.
LONG_REQUEST_S = 2.0
# setTimeout callbacks due within this many ms are pending work (a render after a delay);
# longer ones (carousels, reminders) are not waited for.
TIMER_MAX_MS = 500
# A timer set by a tracked timer's callback is one level deeper; past this depth, timers are
# not tracked, so a polling loop holds the page for at most TIMER_MAX_DEPTH delays.
TIMER_MAX_DEPTH = 3
# Resource types that stay open by design or never change the page.
_BACKGROUND_TYPES = frozenset(
    {"eventsource", "websocket", "ping", "cspviolationreport", "manifest", "prefetch"}
)
# Between two tries after a failed evaluation (a navigation replaced the document).
_RETRY_S = 0.05

SETTLE_SCRIPT = """
(() => {
  if (Object.prototype.hasOwnProperty.call(window, '__wdSettle')) return;
  const TIMER_MAX_MS = __TIMER_MAX_MS__, TIMER_MAX_DEPTH = __TIMER_MAX_DEPTH__;
  const FRAME_MAX_MS = 200;
  const LONG_MS = __LONG_MS__;
  const now = () => performance.now();
  const nativeSetTimeout = window.setTimeout;
  const nativeClearTimeout = window.clearTimeout;
  const apply = Reflect.apply;
  let last = now();           // the last time anything moved
  let depth = 0;              // the timer depth of the callback running now
  const timers = new Set();   // ids of tracked timers not fired yet
  const frames = new Map();   // tracked animation-frame callbacks -> when requested
  const requests = new Map(); // fetch/XHR in flight -> start time
  const waiters = new Set();
  let alarm = null;

  // The wrappers print as the natives do (a page may look; stealth relies on it too).
  const nativeText = new WeakMap();
  const fnToString = Function.prototype.toString;
  const toString = { toString() {
    const text = nativeText.get(this);
    return text !== undefined ? text : apply(fnToString, this, []);
  } }.toString;
  const cloak = (fn, original) => {
    nativeText.set(fn, apply(fnToString, original, []));
    Object.defineProperty(fn, 'length', { value: original.length, configurable: true });
    return fn;
  };
  nativeText.set(toString, apply(fnToString, fnToString, []));
  Object.defineProperty(Function.prototype, 'toString', {
    value: toString, writable: true, configurable: true, enumerable: false,
  });

  const busy = (t) => {
    if (timers.size) return true;
    // A frame comes within a few ms on a page that renders; one that does not is not waited for.
    for (const asked of frames.values()) if (t - asked < FRAME_MAX_MS) return true;
    for (const start of requests.values()) if (t - start < LONG_MS) return true;
    return false;
  };
  const check = () => {
    alarm = null;
    const t = now();
    let next = Infinity;
    for (const w of waiters) {
      if (t >= w.deadline) { waiters.delete(w); w.resolve(false); continue; }
      // Pending work ends with touch(), which re-checks; 50 ms is only a safety net.
      const left = busy(t) ? 50 : w.quiet - (t - Math.max(last, w.quietFrom));
      if (left <= 0) { waiters.delete(w); w.resolve(true); continue; }
      next = Math.min(next, left, w.deadline - t);
    }
    if (waiters.size) arm(next);
  };
  const arm = (ms) => {
    if (alarm !== null) nativeClearTimeout(alarm);
    alarm = apply(nativeSetTimeout, window, [check, Math.max(1, ms)]);
  };
  const touch = () => {
    last = now();
    if (waiters.size) {
      let quiet = Infinity;
      for (const w of waiters) quiet = Math.min(quiet, w.quiet);
      arm(quiet);
    }
  };

  new MutationObserver(touch).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  try {
    // A main thread busy with script for 50 ms or more is not quiet either.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) last = Math.max(last, e.startTime + e.duration);
    }).observe({ type: 'longtask' });
  } catch (e) { /* not supported in this frame */ }

  window.setTimeout = cloak(function setTimeout(handler, timeout, ...args) {
    const ms = Number(timeout) || 0;
    const level = depth + 1;
    if (typeof handler !== 'function' || ms > TIMER_MAX_MS || level > TIMER_MAX_DEPTH) {
      return apply(nativeSetTimeout, this ?? window, [handler, timeout, ...args]);
    }
    let id;
    const run = function () {
      timers.delete(id);
      const outer = depth;
      depth = level;
      try { return apply(handler, this, args); } finally { depth = outer; touch(); }
    };
    id = apply(nativeSetTimeout, this ?? window, [run, timeout]);
    timers.add(id);
    return id;
  }, nativeSetTimeout);
  window.clearTimeout = cloak(function clearTimeout(id) {
    if (timers.delete(id)) touch();
    return apply(nativeClearTimeout, this ?? window, [id]);
  }, nativeClearTimeout);

  const nativeRaf = window.requestAnimationFrame;
  const nativeCaf = window.cancelAnimationFrame;
  if (typeof nativeRaf === 'function') {
    window.requestAnimationFrame = cloak(function requestAnimationFrame(callback) {
      const level = depth + 1;
      if (typeof callback !== 'function' || level > TIMER_MAX_DEPTH) {
        return apply(nativeRaf, this ?? window, [callback]);
      }
      let id;
      const run = function (time) {
        frames.delete(id);
        const outer = depth;
        depth = level;
        try { return apply(callback, this, [time]); } finally { depth = outer; touch(); }
      };
      id = apply(nativeRaf, this ?? window, [run]);
      frames.set(id, now());
      return id;
    }, nativeRaf);
    window.cancelAnimationFrame = cloak(function cancelAnimationFrame(id) {
      if (frames.delete(id)) touch();
      return apply(nativeCaf, this ?? window, [id]);
    }, nativeCaf);
  }

  const nativeFetch = window.fetch;
  if (typeof nativeFetch === 'function') {
    window.fetch = cloak(function fetch(input, init) {
      if (init && init.keepalive) return apply(nativeFetch, this, arguments); // a beacon
      const token = {};
      requests.set(token, now());
      const done = () => { requests.delete(token); touch(); };
      let promise;
      try { promise = apply(nativeFetch, this, arguments); } catch (e) { done(); throw e; }
      return promise.then((r) => { done(); return r; }, (e) => { done(); throw e; });
    }, nativeFetch);
  }
  // Reading a response's body is part of the request: the page renders when it is read.
  const body = window.Response && Response.prototype;
  if (body) {
    for (const name of ['json', 'text', 'arrayBuffer', 'blob', 'formData']) {
      const read = body[name];
      if (typeof read !== 'function') continue;
      body[name] = cloak({ [name](...args) {
        const token = {};
        requests.set(token, now());
        const done = () => { requests.delete(token); touch(); };
        let promise;
        try { promise = apply(read, this, args); } catch (e) { done(); throw e; }
        return promise.then((v) => { done(); return v; }, (e) => { done(); throw e; });
      } }[name], read);
    }
  }
  const xhr = window.XMLHttpRequest && XMLHttpRequest.prototype;
  if (xhr) {
    const nativeSend = xhr.send;
    xhr.send = cloak(function send(body) {
      const token = {};
      requests.set(token, now());
      // loadend comes after the page's own load/error handlers have run.
      this.addEventListener('loadend', () => { if (requests.delete(token)) touch(); });
      try { return apply(nativeSend, this, arguments); } catch (e) {
        requests.delete(token); touch(); throw e;
      }
    }, nativeSend);
  }

  // The DOM as page.content() gives it, with the natives taken before any page script ran,
  // in this world: page.content() builds Playwright's utility world first (tens of ms).
  const serializer = new XMLSerializer();
  const serialize = XMLSerializer.prototype.serializeToString;
  const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
  const doctypeOf = getter(Document.prototype, 'doctype');
  const rootOf = getter(Document.prototype, 'documentElement');
  const outerHTML = getter(Element.prototype, 'outerHTML');
  Object.defineProperty(window, '__wdHtml', {
    value: () => {
      const doctype = apply(doctypeOf, document, []);
      const root = apply(rootOf, document, []);
      return (doctype ? apply(serialize, serializer, [doctype]) : '')
        + (root ? apply(outerHTML, root, []) : '');
    },
    enumerable: false, configurable: false, writable: false,
  });

  Object.defineProperty(window, '__wdSettle', {
    // netEnd: when (epoch ms) the last request Python saw ended; none is in flight now.
    value: (quiet, max, netEnd) => new Promise((resolve) => {
      const start = now();
      const quietFrom = netEnd - performance.timeOrigin;
      waiters.add({ quiet, quietFrom, deadline: start + max, resolve });
      check();
    }),
    enumerable: false, configurable: false, writable: false,
  });
})();
"""
SETTLE_SCRIPT = (
    SETTLE_SCRIPT.replace("__TIMER_MAX_MS__", str(TIMER_MAX_MS))
    .replace("__TIMER_MAX_DEPTH__", str(TIMER_MAX_DEPTH))
    .replace("__LONG_MS__", str(round(LONG_REQUEST_S * 1000)))
)
# None: this document has no settle script (a viewer, or a document that replaced ours).
_SETTLE_CALL = "([q, m, n]) => window.__wdSettle ? window.__wdSettle(q, m, n) : null"


_HTML_CALL = "() => window.__wdHtml ? window.__wdHtml() : null"


async def page_html(page: Page) -> str:
    """The page's DOM serialized as ``page.content()`` does, without its utility-world cost."""
    try:
        html = await page.evaluate(_HTML_CALL)
    except PlaywrightError:
        html = None  # mid-navigation: page.content() waits for the new document
    return html if isinstance(html, str) else await page.content()


class NetworkTracker:
    """Requests of a page still in flight, when each started, and when the last one ended.

    Times are wall-clock seconds, the clock the page's ``performance.timeOrigin`` uses.
    """

    def __init__(self, page: Page, *, long_request_s: float = LONG_REQUEST_S) -> None:
        self._inflight: dict[Request, float] = {}
        self._long_s = long_request_s
        self._changed = asyncio.Event()
        self._last_end = time.time()
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._ended)

    def _started(self, request: Request) -> None:
        if request.resource_type in _BACKGROUND_TYPES:
            return
        self._inflight[request] = time.time()
        self._changed.set()

    def _ended(self, request: Request) -> None:
        if self._inflight.pop(request, None) is not None:
            self._last_end = max(self._last_end, _ended_at(request))
            self._changed.set()

    def idle_since(self) -> float | None:
        """When the network went quiet, or None while a counted request is in flight."""
        now = time.time()
        since = self._last_end
        for started in self._inflight.values():
            if now - started < self._long_s:
                return None
            since = max(since, started + self._long_s)  # it stopped counting then
        return since

    @property
    def inflight(self) -> int:
        """Requests in flight that still count (open for less than the long-request bound)."""
        now = time.time()
        return sum(1 for started in self._inflight.values() if now - started < self._long_s)

    async def wait_idle(self, deadline: float) -> bool:
        """Until no counted request is in flight (True) or the monotonic ``deadline`` (False)."""
        while True:
            now = time.time()
            young = [s for s in self._inflight.values() if now - s < self._long_s]
            if not young:
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            # Woken by any request event, or when the oldest request turns "long".
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    self._changed.wait(), min(left, min(young) + self._long_s - now)
                )


def _ended_at(request: Request) -> float:
    """When a request ended by the browser's own timing (its event reaches Python later)."""
    timing = request.timing
    start, end = timing.get("startTime", -1), timing.get("responseEnd", -1)
    if start > 0 and end >= 0:
        return min((start + end) / 1000, time.time())
    return time.time()


async def install(context: BrowserContext) -> None:
    """Call before the page opens, so the script sees the page's first mutation and timer."""
    await context.add_init_script(SETTLE_SCRIPT)


async def wait_settled(page: Page, tracker: NetworkTracker, quiet_ms: int, max_s: float) -> bool:
    """Wait until network and DOM were both quiet for ``quiet_ms``, at most ``max_s``.

    Returns whether the page settled; a page that never does (polling, animations) is taken
    as it is when the bound is reached.
    """
    deadline = time.monotonic() + max(max_s, 0.0)
    while True:
        if not await tracker.wait_idle(deadline):
            return False
        idle_since = tracker.idle_since()
        left_ms = (deadline - time.monotonic()) * 1000
        if left_ms <= 0:
            return False
        if idle_since is None:
            continue  # a request started since wait_idle returned
        try:
            settled = await page.evaluate(_SETTLE_CALL, [quiet_ms, left_ms, idle_since * 1000])
        except PlaywrightError:
            # A navigation replaced the document mid-wait (or the page is gone): try again on
            # the new document until the bound.
            if page.is_closed():
                return False
            await asyncio.sleep(min(_RETRY_S, max(deadline - time.monotonic(), 0.0)))
            continue
        if settled is None:
            # No script in this document: fall back to a plain network-quiet window.
            await asyncio.sleep(min(quiet_ms / 1000, max(deadline - time.monotonic(), 0.0)))
            settled = True
        if not settled:
            return False
        # A request the page cannot see (an image, a script) may have come and gone meanwhile:
        # then the next round waits out the rest of the window from its end.
        idle_since = tracker.idle_since()
        if idle_since is not None and (time.time() - idle_since) * 1000 >= quiet_ms:
            return True
