"""Raw style samples of a rendered page for the ``branding`` format.

One function (:data:`BRANDING_SCRIPT`) runs in the page and reads computed styles; turning
the samples into a brand profile is pure Python (``webdata.extract.branding``), so what the
browser does stays small and the judgement is testable without one.

The script is bounded whatever the page's size: an even stride through the document's
elements (at most ``MAX_STYLED`` computed styles) plus short, capped lists of headings,
buttons, links, inputs, code, status messages and logo candidates. It never throws: any
failure ends the sampling and the samples taken so far are returned (with ``error`` set).

Colors are sent as the browser computed them when they are ``rgb()``/``rgba()``; any other
syntax (``oklch()``, ``color(srgb …)``, which Chromium keeps as written) is painted on a
1-pixel canvas and read back as ``rgba()``, so Python only parses sRGB.

Raw shape (every key optional to the reader): ``url`` (document base URL), ``viewport``,
``colorScheme`` (computed ``color-scheme`` of the root), ``metaColorScheme``,
``prefersDark``, ``backgrounds`` (``html``, ``body``, ``points``: the first opaque
background above a few points of the viewport, null where the page's own shows),
``body`` (its font and colors), ``texts``, ``headings``, ``links``, ``buttons``,
``inputs``, ``code``, ``status``, ``surfaces``, ``radii``, ``spacing`` (``padding``,
``margin``, ``gap``: px numbers), ``logos``, ``icons``, ``ogImage``.
"""

from __future__ import annotations

from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

__all__ = ["BRANDING_SCRIPT", "MAX_STYLED", "capture_branding"]

# Computed styles read in the document-wide stride (the capped lists come on top).
MAX_STYLED = 600

BRANDING_SCRIPT = """
(limits) => {
  const MAX_STYLED = limits.styled, MAX_TEXTS = 300, MAX_BUTTONS = 60, MAX_LINKS = 150;
  const MAX_INPUTS = 20, MAX_LOGOS = 20, MAX_SVG = 16000, MAX_SPACING = 2400;
  const out = {
    texts: [], headings: [], links: [], buttons: [], inputs: [], code: [], status: [],
    surfaces: [], radii: [], logos: [], icons: [],
    spacing: {padding: [], margin: [], gap: []}, backgrounds: {points: []},
  };
  const BTN = 'button, [role="button"], input[type="submit"], input[type="button"], '
    + 'a[class*="btn" i], a[class*="button" i], a[class*="cta" i]';
  const STATUS = '[class*="success" i], [class*="warn" i], [class*="error" i], '
    + '[class*="danger" i], [class*="alert" i], [role="alert"]';
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'LINK', 'META', 'BR',
    'HEAD', 'TITLE', 'IFRAME', 'OBJECT', 'EMBED', 'CANVAS', 'VIDEO', 'AUDIO', 'SOURCE']);
  const HTML_NS = 'http://www.w3.org/1999/xhtml';
  try {
    const doc = document, root = doc.documentElement, body = doc.body;
    out.url = String(doc.baseURI || location.href);
    out.viewport = {width: innerWidth, height: innerHeight};
    if (!root) return out;

    let paint = null;
    const seen = new Map();
    // Any CSS color as rgba(): computed rgb()/rgba() as is, other syntaxes via a canvas.
    const norm = (value) => {
      if (typeof value !== 'string' || !value) return null;
      if (value.startsWith('rgb')) return value;
      if (seen.has(value)) return seen.get(value);
      let result = null;
      try {
        if (!paint) {
          const canvas = doc.createElement('canvas');
          canvas.width = 1; canvas.height = 1;
          paint = canvas.getContext('2d', {willReadFrequently: true});
        }
        if (paint) {
          paint.clearRect(0, 0, 1, 1);
          paint.fillStyle = value;
          paint.fillRect(0, 0, 1, 1);
          const d = paint.getImageData(0, 0, 1, 1).data;
          result = 'rgba(' + d[0] + ', ' + d[1] + ', ' + d[2] + ', '
            + Math.round(d[3] / 255 * 1000) / 1000 + ')';
        }
      } catch (e) { result = null; }
      seen.set(value, result);
      return result;
    };
    const shown = (el, cs) => {
      if (!cs || cs.display === 'none' || cs.visibility === 'hidden') return null;
      if (parseFloat(cs.opacity) === 0) return null;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 ? r : null;
    };
    const ownText = (el) => {
      let n = 0, i = 0;
      for (const node of el.childNodes) {
        if (++i > 50) break;
        if (node.nodeType === 3) n += node.nodeValue.trim().length;
      }
      return Math.min(n, 2000);
    };
    const classes = (el) => String(el.getAttribute('class') || '').toLowerCase().slice(0, 200);
    const font = (cs) => ({
      fontFamily: cs.fontFamily, fontSize: cs.fontSize, fontWeight: cs.fontWeight,
      lineHeight: cs.lineHeight,
    });
    const box = (cs) => ({
      background: norm(cs.backgroundColor),
      backgroundImage: cs.backgroundImage && cs.backgroundImage !== 'none'
        ? cs.backgroundImage.slice(0, 300) : null,
      color: norm(cs.color), borderColor: norm(cs.borderTopColor),
      borderWidth: cs.borderTopWidth, borderStyle: cs.borderTopStyle,
      borderRadius: cs.borderRadius || cs.borderTopLeftRadius, padding: cs.padding,
    });
    const pushNumber = (list, value) => {
      const v = parseFloat(value);
      if (v > 0 && list.length < MAX_SPACING) list.push(Math.round(v * 100) / 100);
    };
    const opaque = (color) => {
      const m = /rgba?\\(([^)]*)\\)/.exec(color || '');
      if (!m) return false;
      const parts = m[1].split(/[\\s,/]+/).filter(Boolean);
      return parts.length < 4 || parseFloat(parts[3]) > 0;
    };

    // A message box, not a page-wide wrapper whose class happens to say "error".
    const statusOf = (el) => {
      const st = el.closest(STATUS);
      if (!st || st === body || st === root) return null;
      const r = st.getBoundingClientRect();
      return r.height < 300 && r.width * r.height < 0.3 * innerWidth * innerHeight ? st : null;
    };

    const rootStyle = getComputedStyle(root);
    out.colorScheme = rootStyle.colorScheme || null;
    const meta = doc.querySelector('meta[name="color-scheme" i]');
    out.metaColorScheme = meta ? String(meta.getAttribute('content') || '') : null;
    try { out.prefersDark = matchMedia('(prefers-color-scheme: dark)').matches; }
    catch (e) { out.prefersDark = null; }
    out.backgrounds.html = norm(rootStyle.backgroundColor);
    if (body) {
      const cs = getComputedStyle(body);
      out.backgrounds.body = norm(cs.backgroundColor);
      out.body = Object.assign({color: norm(cs.color)}, font(cs));
    }
    // What shows behind the content: a full-page wrapper can paint it instead of <body>.
    for (const fy of [0.35, 0.6, 0.85]) {
      for (const fx of [0.2, 0.5, 0.8]) {
        let el = doc.elementFromPoint(innerWidth * fx, innerHeight * fy), found = null;
        while (el && el !== body && el !== root) {
          const bg = norm(getComputedStyle(el).backgroundColor);
          if (opaque(bg)) { found = bg; break; }
          el = el.parentElement;
        }
        out.backgrounds.points.push(found);
      }
    }

    // The document-wide sample: an even stride, so a long page is seen beyond its header.
    if (body) {
      const all = body.getElementsByTagName('*');
      const stride = Math.max(1, Math.ceil(all.length / MAX_STYLED));
      const area = Math.max(innerWidth * innerHeight, 1);
      for (let i = 0; i < all.length; i += stride) {
        const el = all[i];
        if (SKIP.has(el.tagName) || el.namespaceURI !== HTML_NS) continue;
        const cs = getComputedStyle(el);
        const rect = shown(el, cs);
        if (!rect) continue;
        for (const side of ['Top', 'Right', 'Bottom', 'Left']) {
          pushNumber(out.spacing.padding, cs['padding' + side]);
        }
        pushNumber(out.spacing.margin, cs.marginTop);
        pushNumber(out.spacing.margin, cs.marginBottom);
        // Wide equal side margins are `margin: auto` centering, not a spacing step.
        const ml = parseFloat(cs.marginLeft), mr = parseFloat(cs.marginRight);
        if (ml !== mr || ml <= 64) {
          pushNumber(out.spacing.margin, cs.marginLeft);
          pushNumber(out.spacing.margin, cs.marginRight);
        }
        if (cs.display.includes('flex') || cs.display.includes('grid')) {
          pushNumber(out.spacing.gap, cs.rowGap);
          pushNumber(out.spacing.gap, cs.columnGap);
        }
        // Buttons, links and status messages have their own lists: their colors are not
        // the page's text or surfaces.
        if (el.closest(BTN) || el.closest('a') || statusOf(el)) continue;
        const background = norm(cs.backgroundColor);
        const bordered = parseFloat(cs.borderTopWidth) > 0 && cs.borderTopStyle !== 'none';
        if (opaque(background) && out.surfaces.length < 200) {
          out.surfaces.push({tag: el.tagName.toLowerCase(), background,
            area: Math.min(rect.width * rect.height / area, 1)});
        }
        if ((opaque(background) || bordered) && parseFloat(cs.borderTopLeftRadius) > 0
            && out.radii.length < 200) {
          out.radii.push(cs.borderRadius || cs.borderTopLeftRadius);
        }
        const chars = ownText(el);
        if (chars > 0 && out.texts.length < MAX_TEXTS) {
          out.texts.push(Object.assign(
            {tag: el.tagName.toLowerCase(), chars, color: norm(cs.color)}, font(cs)));
        }
      }
    }

    let n = 0;
    for (const el of doc.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
      if (++n > 200 || out.headings.length >= 40) break;
      const cs = getComputedStyle(el);
      if (!shown(el, cs)) continue;
      out.headings.push(Object.assign({tag: el.tagName.toLowerCase(),
        chars: Math.min(el.textContent.trim().length, 2000), color: norm(cs.color)}, font(cs)));
    }

    n = 0;
    for (const el of doc.querySelectorAll(BTN)) {
      if (++n > 300 || out.buttons.length >= MAX_BUTTONS) break;
      const cs = getComputedStyle(el);
      const rect = shown(el, cs);
      if (!rect) continue;
      const text = el.tagName === 'INPUT' ? String(el.value || '') : el.textContent;
      out.buttons.push(Object.assign({
        tag: el.tagName.toLowerCase(), text: text.trim().replace(/\\s+/g, ' ').slice(0, 60),
        classes: classes(el), disabled: !!(el.disabled || el.getAttribute('aria-disabled')
          === 'true'), width: rect.width, height: rect.height,
        inHeader: !!el.closest('header, nav, [role="banner"]'),
      }, box(cs), font(cs)));
    }

    n = 0;
    for (const el of doc.querySelectorAll('a[href]')) {
      if (++n > 400 || out.links.length >= MAX_LINKS) break;
      if (el.matches(BTN) || el.closest('button')) continue;
      const chars = Math.min(el.textContent.trim().length, 200);
      if (!chars) continue;
      const cs = getComputedStyle(el);
      if (!shown(el, cs)) continue;
      out.links.push({color: norm(cs.color), chars,
        inText: !!el.closest('p, td, dd, blockquote, figcaption'),
        inNav: !!el.closest('nav, header, footer, [role="navigation"]')});
    }

    n = 0;
    const FIELDS = 'input:not([type]), input[type="text"], input[type="email"], '
      + 'input[type="search"], input[type="password"], input[type="url"], input[type="tel"], '
      + 'input[type="number"], textarea, select';
    for (const el of doc.querySelectorAll(FIELDS)) {
      if (++n > 100 || out.inputs.length >= MAX_INPUTS) break;
      const cs = getComputedStyle(el);
      const rect = shown(el, cs);
      if (!rect) continue;
      out.inputs.push(Object.assign({tag: el.tagName.toLowerCase(),
        type: String(el.getAttribute('type') || ''), height: rect.height}, box(cs), font(cs)));
    }

    n = 0;
    for (const el of doc.querySelectorAll('code, pre, kbd, samp')) {
      if (++n > 20) break;
      out.code.push(getComputedStyle(el).fontFamily);
    }

    n = 0;
    for (const el of doc.querySelectorAll(STATUS)) {
      if (++n > 200 || out.status.length >= 40) break;
      if (statusOf(el) !== el) continue;
      const cs = getComputedStyle(el);
      if (!shown(el, cs)) continue;
      out.status.push(Object.assign({classes: classes(el),
        role: String(el.getAttribute('role') || '')}, box(cs)));
    }

    // Logo candidates: images and inline SVGs in the header, a home link or named "logo".
    const HEADER = 'header, nav, [role="banner"], [id*="header" i], [class*="header" i]';
    const hintOf = (el) => {
      const parts = [];
      let node = el;
      for (let depth = 0; node && node !== body && depth < 4; depth++) {
        for (const name of ['id', 'class', 'alt', 'src', 'aria-label', 'title']) {
          const v = node.getAttribute && node.getAttribute(name);
          if (v) parts.push(String(v).slice(0, 300));
        }
        node = node.parentElement;
      }
      return parts.join(' ').toLowerCase();
    };
    n = 0;
    for (const el of doc.querySelectorAll('img, svg')) {
      if (++n > 300 || out.logos.length >= MAX_LOGOS) break;
      if (el.tagName.toLowerCase() === 'svg' && el.parentElement
          && el.parentElement.closest('svg')) continue;
      const cs = getComputedStyle(el);
      const rect = shown(el, cs);
      if (!rect) continue;
      const hint = hintOf(el);
      const inHeader = !!el.closest(HEADER);
      const link = el.closest('a[href]');
      const home = !!(link && link.host === location.host
        && (link.pathname === '/' || link.pathname === ''));
      if (!(hint.includes('logo') || inHeader || home)) continue;
      const isImg = el.tagName.toLowerCase() === 'img';
      const markup = isImg ? null : el.outerHTML;
      out.logos.push({
        kind: isImg ? 'img' : 'svg',
        src: isImg ? String(el.currentSrc || el.src || '') : null,
        svg: markup && markup.length <= MAX_SVG ? markup : null,
        alt: isImg ? String(el.getAttribute('alt') || '') : null,
        logoHint: hint.includes('logo'), brandHint: hint.includes('brand'),
        inHeader, home, inButton: !!el.closest('button'),
        top: rect.top + scrollY, left: rect.left, width: rect.width, height: rect.height,
      });
    }
    n = 0;
    for (const el of doc.querySelectorAll('[class*="logo" i], [id*="logo" i]')) {
      if (++n > 20 || out.logos.length >= MAX_LOGOS) break;
      const cs = getComputedStyle(el);
      const m = /url\\(["']?([^"')]+)["']?\\)/.exec(cs.backgroundImage || '');
      const rect = m && shown(el, cs);
      if (!rect) continue;
      out.logos.push({kind: 'background', src: m[1], svg: null, alt: null, logoHint: true,
        brandHint: false, inHeader: !!el.closest(HEADER), home: false, inButton: false,
        top: rect.top + scrollY, left: rect.left, width: rect.width, height: rect.height});
    }

    n = 0;
    for (const el of doc.querySelectorAll('link[rel][href]')) {
      if (++n > 200 || out.icons.length >= 20) break;
      const rel = String(el.getAttribute('rel') || '').toLowerCase();
      if (!rel.split(/\\s+/).some((r) => r.endsWith('icon'))) continue;
      out.icons.push({rel, href: String(el.href || ''),
        sizes: String(el.getAttribute('sizes') || ''), type: String(el.type || '')});
    }
    const og = doc.querySelector('meta[property="og:image" i], meta[name="og:image" i], '
      + 'meta[property="og:image:url" i]');
    out.ogImage = og ? String(og.getAttribute('content') || '') || null : null;
  } catch (e) {
    out.error = String(e && e.message || e).slice(0, 200);
  }
  return out;
}
"""


async def capture_branding(page: Page) -> dict[str, Any] | None:
    """The page's raw style samples; None when the page could not be read (gone, no DOM)."""
    try:
        raw = await page.evaluate(BRANDING_SCRIPT, {"styled": MAX_STYLED})
    except PlaywrightError:
        return None
    if not isinstance(raw, dict):
        return None
    backgrounds = raw.get("backgrounds")
    if raw.get("error") and not (isinstance(backgrounds, dict) and backgrounds.get("html")):
        return None  # failed before reading anything of the page: nothing honest to profile
    return raw
