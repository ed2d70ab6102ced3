"""EPUB -> markdown: the spine's (X)HTML documents in reading order, via the project's converter.

container.xml names the package (OPF) file; its manifest maps ids to files and its spine
gives the order. Each chapter is cleaned like a web page (scripts, styles and head removed;
images dropped, their files are not served) and converted by ``content.markdown``.
"""

from __future__ import annotations

import posixpath
import zipfile
from urllib.parse import unquote
from xml.etree.ElementTree import Element

from charset_normalizer import from_bytes

from webdata.content.clean import remove_junk
from webdata.content.markdown import html_to_markdown
from webdata.content.parse import parse_html
from webdata.documents.office_base import (
    Draft,
    OfficeError,
    local,
    open_zip,
    parse_xml,
    read_member,
)

_HTML_TYPES = {"application/xhtml+xml", "text/html", "application/x-dtbook+xml"}
# Font "obfuscation" is listed in encryption.xml too, and does not hide any text.
_FONT_OBFUSCATION = ("http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC")


def _children(el: Element, name: str) -> list[Element]:
    return [c for c in el.iter() if local(c.tag) == name]


def _package_path(archive: zipfile.ZipFile) -> str:
    container = parse_xml(
        read_member(archive, "META-INF/container.xml", "epub"), "EPUB container.xml"
    )
    for rootfile in _children(container, "rootfile"):
        path = rootfile.get("full-path")
        if path:
            return path
    raise OfficeError("not a valid EPUB file: container.xml names no package file")


def _encrypted(archive: zipfile.ZipFile) -> set[str]:
    """Members encrypted for real (DRM), from META-INF/encryption.xml."""
    if "META-INF/encryption.xml" not in archive.namelist():
        return set()
    root = parse_xml(read_member(archive, "META-INF/encryption.xml", "epub"), "EPUB encryption")
    paths: set[str] = set()
    for data in _children(root, "EncryptedData"):
        methods = [m.get("Algorithm", "") for m in _children(data, "EncryptionMethod")]
        if any(m in _FONT_OBFUSCATION for m in methods):
            continue
        paths.update(unquote(r.get("URI", "")) for r in _children(data, "CipherReference"))
    return paths


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8-sig")  # what XHTML requires, and nearly always is
    except UnicodeDecodeError:
        best = from_bytes(raw).best()
        return str(best) if best is not None else raw.decode("latin-1")


def chapter_markdown(raw: bytes) -> str:
    """Markdown of one spine document."""
    tree = parse_html(_decode(raw))
    remove_junk(tree)
    tree.strip_tags(["img", "svg", "image", "video", "audio", "object"], recursive=True)
    body = tree.body
    return html_to_markdown(body.inner_html or "") if body is not None else ""


def convert_epub(data: bytes, draft: Draft) -> None:
    """Fill ``draft`` with the chapters of an .epub file, in spine order."""
    with open_zip(data, "epub", draft.max_unpacked) as archive:
        names = set(archive.namelist())
        if "mimetype" in names:
            mimetype = read_member(archive, "mimetype", "epub").strip()
            if mimetype != b"application/epub+zip":
                raise OfficeError(f"not an EPUB file: its mimetype is {mimetype[:80]!r}")
        opf_path = _package_path(archive)
        opf = parse_xml(read_member(archive, opf_path, "epub"), "EPUB package file")
        encrypted = _encrypted(archive)
        titles = [t for t in _children(opf, "title") if (t.text or "").strip()]
        draft.title = " ".join((titles[0].text or "").split()) if titles else None
        base = posixpath.dirname(opf_path)
        manifest = {
            item.get("id", ""): (item.get("href", ""), item.get("media-type", ""))
            for item in _children(opf, "item")
        }
        for ref in _children(opf, "itemref"):
            href, media_type = manifest.get(ref.get("idref", ""), ("", ""))
            if not href or media_type not in _HTML_TYPES:
                continue
            path = posixpath.normpath(posixpath.join(base, unquote(href.split("#")[0])))
            if path in encrypted:
                raise OfficeError("DRM-encrypted EPUB; its chapters cannot be read")
            if path not in names:
                draft.warnings.append(f"spine item {path} is missing from the EPUB")
                continue
            draft.add(chapter_markdown(read_member(archive, path, "epub")))
