# The two commands of the README: `make run` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Debian packages the service uses: the browser engine and OCR (and the font the document
# tests draw their scanned pages with).
APT_PACKAGES := chromium-headless-shell tesseract-ocr tesseract-ocr-eng fonts-dejavu-core ffmpeg
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test lint typecheck unit setup system-deps bench clean

run: setup
	$(BIN)/webdata serve

test: setup lint typecheck unit

setup: $(STAMP) system-deps

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev,bench]'
	touch $(STAMP)

# Installed only when missing (dpkg -s is quick); never `playwright install`.
system-deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

lint:
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck:
	$(BIN)/mypy

# pytest exits 5 when it collects no test; that is not a failure of the suite.
unit:
	$(BIN)/pytest; rc=$$?; if [ $$rc -eq 5 ]; then echo "no tests collected"; exit 0; fi; exit $$rc

bench: setup
	$(BIN)/python benchmarks/scrape_latency.py

clean:
	rm -rf $(VENV) .webdata .mypy_cache .pytest_cache .ruff_cache
