"""Stealth for the enhanced mode in the browser: a headless Chromium that reads as Chrome.

Headless Chromium gives itself away in its user agent (``HeadlessChrome``), its client hints
(the ``HeadlessChrome`` brand in ``sec-ch-ua`` and ``navigator.userAgentData``) and in
JavaScript (``navigator.webdriver``, no plugins, no ``window.chrome``, a notification
permission that contradicts itself, a SwiftShader WebGL renderer). An ``Identity`` is one
coherent Chrome built from the real browser version: the user agent, the client-hint headers
and the same brands for ``userAgentData`` (set through CDP so that high-entropy values agree),
plus an init script that fixes the JavaScript surface in every frame.

The brand list follows Chromium's own GREASE rule (``GenerateBrandVersionList``: the
"Not A Brand" spelling, its version and the order all derive from the major version), so the
hints look like those of a real Chrome of that version.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from playwright.async_api import BrowserContext, Page

__all__ = ["Identity", "apply_to_page", "browser_version", "identity", "install", "prepare"]

_GREASE_CHARS = (" ", "(", ":", "-", ".", "/", ")", ";", "=", "?", "_")
_GREASE_VERSIONS = ("8", "99", "24")
_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
_FALLBACK_VERSION = "131.0.6778.85"
_VERSION = re.compile(r"(\d+)\.(\d+)\.(\d+)\.(\d+)")
_versions: dict[Path, str] = {}


@dataclass(frozen=True, slots=True)
class Identity:
    """One Chrome: what its headers, its user agent and its JavaScript say about it."""

    user_agent: str
    brands: tuple[tuple[str, str], ...]
    full_versions: tuple[tuple[str, str], ...]
    platform: str
    platform_version: str
    mobile: bool
    languages: tuple[str, ...]

    @property
    def sec_ch_ua(self) -> str:
        return ", ".join(f'"{brand}";v="{version}"' for brand, version in self.brands)

    def headers(self) -> dict[str, str]:
        """The low-entropy client hints Chrome sends with every request."""
        return {
            "sec-ch-ua": self.sec_ch_ua,
            "sec-ch-ua-mobile": "?1" if self.mobile else "?0",
            "sec-ch-ua-platform": f'"{self.platform}"',
        }

    def metadata(self) -> dict[str, Any]:
        """CDP ``Emulation.UserAgentMetadata``: what ``navigator.userAgentData`` reports."""
        return {
            "brands": [{"brand": b, "version": v} for b, v in self.brands],
            "fullVersionList": [{"brand": b, "version": v} for b, v in self.full_versions],
            "platform": self.platform,
            "platformVersion": self.platform_version,
            "architecture": "" if self.mobile else "x86",
            "bitness": "" if self.mobile else "64",
            "model": "K" if self.mobile else "",
            "mobile": self.mobile,
            "wow64": False,
        }

    def context_options(self, options: dict[str, Any]) -> None:
        """Set the user agent (unless the caller chose one) and the client-hint headers in
        Playwright ``new_context`` options."""
        options["user_agent"] = self.user_agent
        options["extra_http_headers"] = {**self.headers(), **options.get("extra_http_headers", {})}
        options.setdefault("locale", self.languages[0])


def brand_list(major: int, full_version: str | None = None) -> tuple[tuple[str, str], ...]:
    """Chrome's ``sec-ch-ua`` brands for a major version, in Chrome's order."""
    seed = major
    grease = f"Not{_GREASE_CHARS[seed % 11]}A{_GREASE_CHARS[(seed + 1) % 11]}Brand"
    grease_version = _GREASE_VERSIONS[seed % 3]
    version = full_version or str(major)
    if full_version is not None:
        grease_version += ".0.0.0"
    items = ((grease, grease_version), ("Chromium", version), ("Google Chrome", version))
    out: list[tuple[str, str]] = [("", "")] * 3
    for item, position in zip(items, _ORDERS[seed % 6], strict=True):
        out[position] = item
    return tuple(out)


def identity(version: str, *, mobile: bool, languages: tuple[str, ...] = ()) -> Identity:
    """The Chrome a browser of ``version`` (``156.0.8078.79``) passes for."""
    match = _VERSION.search(version) or _VERSION.search(_FALLBACK_VERSION)
    assert match is not None
    major = int(match.group(1))
    full = match.group(0)
    if mobile:
        user_agent = (
            "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) "
            f"Chrome/{major}.0.0.0 Mobile Safari/537.36"
        )
    else:
        user_agent = (
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
            f"Chrome/{major}.0.0.0 Safari/537.36"
        )
    langs = tuple(languages) or ("en-US", "en")
    if len(langs) == 1 and "-" in langs[0]:
        langs = (langs[0], langs[0].split("-", 1)[0])
    return Identity(
        user_agent=user_agent,
        brands=brand_list(major),
        full_versions=brand_list(major, full),
        platform="Android" if mobile else "Linux",
        platform_version="10.0.0" if mobile else "6.8.0",
        mobile=mobile,
        languages=langs,
    )


async def browser_version(executable: Path) -> str:
    """The version of the Chromium at ``executable`` (asked once per process)."""
    if executable not in _versions:
        version = _FALLBACK_VERSION
        try:
            proc = await asyncio.create_subprocess_exec(
                str(executable),
                "--version",
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
            )
            out, _ = await asyncio.wait_for(proc.communicate(), 10)
            if match := _VERSION.search(out.decode("ascii", "replace")):
                version = match.group(0)
        except (OSError, TimeoutError):
            pass
        _versions[executable] = version
    return _versions[executable]


async def prepare(
    executable: Path, headers: Mapping[str, str], mobile: bool, options: dict[str, Any]
) -> Identity:
    """The identity of one stealthy context, set into its ``new_context`` ``options``.

    ``headers`` are the request's: a user agent there is the caller's choice and stays;
    ``Accept-Language`` gives ``navigator.languages``.
    """
    version = await browser_version(executable)
    ident = identity(version, mobile=mobile, languages=_languages(headers))
    chosen = next((v for k, v in headers.items() if k.lower() == "user-agent"), None)
    if chosen:
        ident = replace(ident, user_agent=chosen)
    ident.context_options(options)
    return ident


def _languages(headers: Mapping[str, str]) -> tuple[str, ...]:
    """The languages of an ``Accept-Language`` header, best first, without weights."""
    raw = next((v for k, v in headers.items() if k.lower() == "accept-language"), "")
    return tuple(
        tag for part in raw.split(",") if (tag := part.split(";", 1)[0].strip()) and tag != "*"
    )


async def install(context: BrowserContext, ident: Identity) -> None:
    """The JavaScript side, in every frame before the page's own scripts."""
    spec = {"languages": list(ident.languages)}
    await context.add_init_script(STEALTH_SCRIPT.replace("__SPEC__", json.dumps(spec)))


async def apply_to_page(context: BrowserContext, page: Page, ident: Identity) -> None:
    """Brands without ``HeadlessChrome`` in headers and ``navigator.userAgentData`` alike
    (Playwright sets the user agent but leaves Chromium's own brands)."""
    # The override lives as long as its session: it stays attached until the context closes.
    session = await context.new_cdp_session(page)
    await session.send(
        "Emulation.setUserAgentOverride",
        {
            "userAgent": ident.user_agent,
            "acceptLanguage": ",".join(ident.languages),
            "platform": "Linux armv81" if ident.mobile else "Linux x86_64",
            "userAgentMetadata": ident.metadata(),
        },
    )


STEALTH_SCRIPT = """
(() => {
  const spec = __SPEC__;
  // Patched functions print as native code, as the originals do.
  const nativeText = new WeakMap();
  const fnToString = Function.prototype.toString;
  const toString = { toString() {
    const text = nativeText.get(this);
    return text !== undefined ? text : fnToString.call(this);
  } }.toString;
  nativeText.set(toString, 'function toString() { [native code] }');
  Object.defineProperty(Function.prototype, 'toString', {
    value: toString, writable: true, configurable: true, enumerable: false,
  });
  const native = (fn, name) => {
    nativeText.set(fn, `function ${name}() { [native code] }`);
    return fn;
  };
  const getter = (target, prop, fn) => {
    Object.defineProperty(target, prop, {
      get: native(fn, `get ${prop}`), enumerable: true, configurable: true,
    });
  };

  // A browser nobody automates reports false.
  getter(Navigator.prototype, 'webdriver', () => false);
  const languages = Object.freeze([...spec.languages]);
  getter(Navigator.prototype, 'languages', () => languages);
  getter(Navigator.prototype, 'pdfViewerEnabled', () => true);

  // Chrome's fixed PDF viewer plugins and their two MIME types.
  const arrayOf = (proto, items, key) => {
    const list = Object.create(proto);
    items.forEach((item, i) => Object.defineProperty(list, i, { value: item, enumerable: true }));
    items.forEach((item) => Object.defineProperty(list, item[key], { value: item }));
    Object.defineProperties(list, {
      length: { value: items.length },
      item: { value: native(function item(i) { return items[i] ?? null; }, 'item') },
      namedItem: { value: native(function namedItem(n) {
        return items.find((x) => x[key] === n) ?? null;
      }, 'namedItem') },
      [Symbol.iterator]: { value: native(function values() { return items.values(); }, 'values') },
    });
    return list;
  };
  const mimes = [['application/pdf', 'pdf'], ['text/pdf', 'pdf']].map(([type, suffixes]) =>
    Object.create(MimeType.prototype, {
      type: { value: type, enumerable: true },
      suffixes: { value: suffixes, enumerable: true },
      description: { value: 'Portable Document Format', enumerable: true },
    }));
  const plugins = ['PDF Viewer', 'Chrome PDF Viewer', 'Chromium PDF Viewer',
    'Microsoft Edge PDF Viewer', 'WebKit built-in PDF'].map((name) => {
    const plugin = Object.create(Plugin.prototype, {
      name: { value: name, enumerable: true },
      filename: { value: 'internal-pdf-viewer', enumerable: true },
      description: { value: 'Portable Document Format', enumerable: true },
    });
    mimes.forEach((m, i) => Object.defineProperty(plugin, i, { value: m, enumerable: true }));
    Object.defineProperty(plugin, 'length', { value: mimes.length });
    return plugin;
  });
  mimes.forEach((m) => Object.defineProperty(m, 'enabledPlugin', {
    value: plugins[0], enumerable: true,
  }));
  const pluginArray = arrayOf(PluginArray.prototype, plugins, 'name');
  const mimeArray = arrayOf(MimeTypeArray.prototype, mimes, 'type');
  getter(Navigator.prototype, 'plugins', () => pluginArray);
  getter(Navigator.prototype, 'mimeTypes', () => mimeArray);

  // window.chrome as Chrome has it on a web page, with the runtime enums.
  if (!window.chrome) {
    const fn = (name, result) => {
      const f = function () { return result; };
      Object.defineProperty(f, 'name', { value: name });
      return native(f, name);
    };
    const runtime = {
      OnInstalledReason: { CHROME_UPDATE: 'chrome_update', INSTALL: 'install',
        SHARED_MODULE_UPDATE: 'shared_module_update', UPDATE: 'update' },
      OnRestartRequiredReason: { APP_UPDATE: 'app_update', OS_UPDATE: 'os_update',
        PERIODIC: 'periodic' },
      PlatformArch: { ARM: 'arm', ARM64: 'arm64', MIPS: 'mips', MIPS64: 'mips64',
        X86_32: 'x86-32', X86_64: 'x86-64' },
      PlatformNaclArch: { ARM: 'arm', MIPS: 'mips', MIPS64: 'mips64', X86_32: 'x86-32',
        X86_64: 'x86-64' },
      PlatformOs: { ANDROID: 'android', CROS: 'cros', FUCHSIA: 'fuchsia', LINUX: 'linux',
        MAC: 'mac', OPENBSD: 'openbsd', WIN: 'win' },
      RequestUpdateCheckStatus: { NO_UPDATE: 'no_update', THROTTLED: 'throttled',
        UPDATE_AVAILABLE: 'update_available' },
      connect: fn('connect', undefined),
      sendMessage: fn('sendMessage', undefined),
    };
    const started = Date.now() / 1000;
    const chrome = {
      app: {
        isInstalled: false,
        InstallState: { DISABLED: 'disabled', INSTALLED: 'installed',
          NOT_INSTALLED: 'not_installed' },
        RunningState: { CANNOT_RUN: 'cannot_run', READY_TO_RUN: 'ready_to_run',
          RUNNING: 'running' },
        getDetails: fn('getDetails', null),
        getIsInstalled: fn('getIsInstalled', false),
        runningState: fn('runningState', 'cannot_run'),
      },
      runtime,
      csi: native(function csi() {
        return { onloadT: Date.now(), startE: started * 1000, pageT: performance.now(), tran: 15 };
      }, 'csi'),
      loadTimes: native(function loadTimes() {
        return { commitLoadTime: started, connectionInfo: 'h2', finishDocumentLoadTime: 0,
          finishLoadTime: 0, firstPaintAfterLoadTime: 0, firstPaintTime: 0,
          navigationType: 'Other', npnNegotiatedProtocol: 'h2', requestTime: started,
          startLoadTime: started, wasAlternateProtocolAvailable: false,
          wasFetchedViaSpdy: true, wasNpnNegotiated: true };
      }, 'loadTimes'),
    };
    Object.defineProperty(window, 'chrome', {
      value: chrome, writable: true, enumerable: true, configurable: false,
    });
  }

  // Headless says "denied" here and "prompt" to permissions.query: a fresh Chrome says
  // "default" and "prompt".
  if (typeof Notification !== 'undefined') {
    getter(Notification, 'permission', () => 'default');
  }

  // A SwiftShader renderer means a machine without a GPU: a server.
  const patchWebGL = (proto) => {
    if (!proto) return;
    const original = proto.getParameter;
    proto.getParameter = native(function getParameter(p) {
      if (p === 37445) return 'Google Inc. (Intel)';
      if (p === 37446) {
        return 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)';
      }
      return original.call(this, p);
    }, 'getParameter');
  };
  patchWebGL(window.WebGLRenderingContext && WebGLRenderingContext.prototype);
  patchWebGL(window.WebGL2RenderingContext && WebGL2RenderingContext.prototype);

  // A window with no browser around it (outer == inner) is headless.
  if (window.outerHeight === window.innerHeight) {
    getter(window, 'outerHeight', () => window.innerHeight + 85);
  }
})();
"""
