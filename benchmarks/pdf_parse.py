"""PDF parsing: pages/s of the fast mode end to end (``POST /v2/parse`` of a 100-page text PDF
to ``webdata serve``) and in process, seconds a page of OCR (a scanned 4-page PDF, ``mode:
ocr``, through the API), and word F1 of each against the known text; in the same run,
pdfplumber and pymupdf4llm on the same files (in ``.venv-peers``).

    .venv/bin/python benchmarks/pdf_parse.py [--quick]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.procs import KEY, ROOT, free_port, start_api, wait_up
from benchmarks.wcxb import f1, markdown_to_text

WORDS = [
    *("garden", "water", "soil", "seed", "harvest", "season", "compost", "tomato", "bean"),
    *("sun", "rain", "shade", "root", "leaf", "flower", "fruit", "market", "price"),
    *("report", "quarter", "growth", "region"),
]
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def text_pdf(pages: int) -> tuple[bytes, str]:
    """A report of ``pages`` pages (a heading and five paragraphs each) and its text."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate

    rng = random.Random(7)
    styles = getSampleStyleSheet()
    story: list[object] = []
    known: list[str] = []
    for n in range(pages):
        heading = f"Section {n + 1}"
        story.append(Paragraph(heading, styles["Heading1"]))
        known.append(heading)
        for _ in range(5):
            para = " ".join(rng.choice(WORDS) for _ in range(80)).capitalize() + "."
            story.append(Paragraph(para, styles["BodyText"]))
            known.append(para)
        story.append(PageBreak())
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4).build(story)  # type: ignore[arg-type]
    return out.getvalue(), "\n".join(known)


def scanned_pdf(pages: int) -> tuple[bytes, str]:
    """Pages that are only pictures of text (A4 at 200 dpi), and the text."""
    from PIL import Image, ImageDraw, ImageFont
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    rng = random.Random(11)
    font = ImageFont.truetype(FONT, 34)
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=A4)
    known: list[str] = []
    for _ in range(pages):
        image = Image.new("L", (1654, 2339), 255)
        draw = ImageDraw.Draw(image)
        for i in range(30):
            line = " ".join(rng.choice(WORDS) for _ in range(9))
            draw.text((120, 150 + i * 68), line, font=font, fill=0)
            known.append(line)
        pdf.drawImage(ImageReader(image), 0, 0, width=A4[0], height=A4[1])
        pdf.showPage()
    pdf.save()
    return out.getvalue(), "\n".join(known)


def words_f1(markdown: str, known: str) -> float:
    return round(f1(markdown_to_text(markdown), known)[2], 3)


def parse_upload(api: str, data: bytes, options: dict[str, object]) -> dict[str, object]:
    resp = httpx.post(
        f"{api}/v2/parse",
        headers={"Authorization": f"Bearer {KEY}"},
        data={"options": json.dumps(options)},
        files={"file": ("doc.pdf", data, "application/pdf")},
        timeout=300,
    )
    resp.raise_for_status()
    return dict(resp.json()["data"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    runs = 3 if args.quick else 10
    report: dict[str, object] = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
    }
    text_data, text_known = text_pdf(100)
    scan_data, scan_known = scanned_pdf(4)

    from webdata.documents.pdf import PdfOptions, parse_pdf

    rates = []
    for _ in range(runs):
        started = time.perf_counter()
        result = parse_pdf(text_data, PdfOptions())
        rates.append(result.num_pages / (time.perf_counter() - started))
    report["in_process_fast"] = {
        "pages_per_s": round(statistics.median(rates)),
        "f1": words_f1(result.markdown, text_known),
    }

    port = free_port()
    api = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data_dir:
        proc = start_api(port, data_dir)
        try:
            wait_up(f"{api}/health", proc)
            fast = {"parsers": [{"type": "pdf", "mode": "fast"}]}
            parse_upload(api, text_data, fast)  # warm-up
            rates = []
            for _ in range(runs):
                started = time.perf_counter()
                doc = parse_upload(api, text_data, fast)
                rates.append(100 / (time.perf_counter() - started))
            report["api_fast_100_pages"] = {
                "pages_per_s": round(statistics.median(rates)),
                "f1": words_f1(str(doc["markdown"]), text_known),
            }
            started = time.perf_counter()
            ocr = parse_upload(api, scan_data, {"parsers": [{"type": "pdf", "mode": "ocr"}]})
            report["api_ocr_4_pages"] = {
                "seconds_per_page": round((time.perf_counter() - started) / 4, 2),
                "f1": words_f1(str(ocr["markdown"]), scan_known),
            }
        finally:
            proc.terminate()
            proc.wait(timeout=30)

    peers_python = ROOT / ".venv-peers" / "bin" / "python"
    if peers_python.exists():
        with tempfile.NamedTemporaryFile(suffix=".pdf", delete=False) as f:
            f.write(text_data)
        out = subprocess.run(
            [str(peers_python), str(ROOT / "benchmarks" / "peers_pdf.py"), f.name, str(runs)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        os.unlink(f.name)
        lines = out.stdout.strip().splitlines()
        peers = json.loads(lines[-1]) if lines else {"error": out.stderr[-500:]}
        ours = report["in_process_fast"]["pages_per_s"]  # type: ignore[index]
        for value in peers.values():
            if isinstance(value, dict) and "text" in value:
                value["f1"] = words_f1(str(value.pop("text")), text_known)
                value["pages_per_s"] = round(value["pages_per_s"])
                value["webdata_in_process_over_peer"] = round(ours / value["pages_per_s"], 1)
        report["peers_in_process_fast"] = peers
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
