"""Make every URL of a subtree absolute; resolve ``srcset`` to its largest image in ``src``."""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.images import img_sources
from webdata.content.srcset import Candidate, largest_candidate, parse_srcset
from webdata.content.urls import Resolver

URL_ATTRS = frozenset(
    {"href", "src", "poster", "action", "formaction", "cite", "background", "longdesc"}
)
SRCSET_ATTRS = frozenset({"srcset", "imagesrcset"})
_SELECTOR = ", ".join(
    [f"[{a}]" for a in sorted(URL_ATTRS | SRCSET_ATTRS)] + ["object[data]", "img[data-src]"]
    + ["img[data-lazy-src]", "img[data-original]", "img[data-srcset]", "img[data-lazy-srcset]"]
)  # fmt: skip


def absolute_srcset(value: str | list[Candidate], resolver: Resolver) -> str:
    """``value`` with every candidate URL made absolute (descriptors normalised)."""
    parts = []
    for cand in parse_srcset(value) if isinstance(value, str) else value:
        url = resolver.resolve(cand.url) or cand.url
        if cand.width is not None:
            parts.append(f"{url} {cand.width:g}w")
        elif cand.density is not None and cand.density != 1.0:
            parts.append(f"{url} {cand.density:g}x")
        else:
            parts.append(url)
    return ", ".join(parts)


def _rewrite_img(node: LexborNode, attrs: dict[str, str | None], resolver: Resolver) -> None:
    src, srcset = img_sources(attrs)
    live = node.attrs
    candidates = parse_srcset(srcset) if srcset else []
    if candidates:
        live["srcset"] = absolute_srcset(candidates, resolver)
    best = largest_candidate(candidates, src)
    if best and (url := resolver.resolve(best)) is not None:
        live["src"] = url


def _rewrite(node: LexborNode, resolver: Resolver) -> None:
    attrs = node.attributes
    tag = node.tag
    if tag == "img":
        _rewrite_img(node, attrs, resolver)
    for name, value in attrs.items():
        if not value:
            continue
        if name in URL_ATTRS:
            if name == "src" and tag == "img":
                continue
            url = resolver.resolve(value)
            if url is not None and url != value:
                node.attrs[name] = url
        elif (name in SRCSET_ATTRS and tag != "img") or (name == "data" and tag == "object"):
            if name == "data":
                node.attrs[name] = resolver.resolve(value) or value
            else:
                node.attrs[name] = absolute_srcset(value, resolver)


def absolutize(root: LexborNode, resolver: Resolver) -> None:
    """Rewrite the URL attributes of ``root`` and its descendants, in place."""
    for node in root.css(_SELECTOR):  # lexbor's node.css matches the node itself too
        _rewrite(node, resolver)
