"""The ``webdata`` command: serve the API, run jobs (worker), scrape one URL, manage keys."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape

from webdata.cli_admin import credits_app, plans_app, teams_app
from webdata.cli_keys import keys_app
from webdata.config import get_settings

app = typer.Typer(help="webdata: turn any URL into clean, LLM-ready data.", no_args_is_help=True)
app.add_typer(keys_app, name="keys", help="Create, list and revoke API keys.")
app.add_typer(plans_app, name="plans", help="Create, change and list plans.")
app.add_typer(teams_app, name="teams", help="List teams, create them, put them on a plan.")
app.add_typer(credits_app, name="credits", help="A team's credits this month; grant more.")
err = Console(stderr=True)


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Bind address (WEBDATA_HOST).")] = None,
    port: Annotated[int | None, typer.Option(help="Port (WEBDATA_PORT).")] = None,
    workers: Annotated[int, typer.Option(help="Worker processes.")] = 1,
) -> None:
    """Serve the v2 API (embedded mode: SQLite, in-process queue, local artifacts)."""
    import uvicorn

    settings = get_settings()
    uvicorn.run(
        "webdata.api.main:app",
        host=host or settings.host,
        port=port or settings.port,
        workers=workers,
        log_level=settings.log_level,
        access_log=False,
        lifespan="on",
    )


async def _work(concurrency: int | None) -> None:
    import signal

    from webdata.logging import configure_logging
    from webdata.runtime import Runtime

    settings = get_settings()
    if concurrency is not None:
        settings = settings.model_copy(update={"worker_concurrency": concurrency})
    configure_logging(settings.log_level)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    runtime = await Runtime.start(settings, consume=True)
    err.print(
        f"[green]webdata worker[/] running jobs from [bold]{escape(settings.queue_name)}[/] "
        f"({settings.worker_concurrency} at once); Ctrl-C stops it"
    )
    queue = runtime.queue

    def line() -> str:
        done = queue.finished
        return (
            f"running {queue.running}, done {done['done']}, failed {done['failed']}, "
            f"cancelled {done['cancelled']}"
        )

    try:
        with err.status(line(), spinner="dots") as status:
            while not stop.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), 1.0)
                status.update(line())
    finally:
        err.print(f"stopping: {line()}")
        # Items still running after the grace period go to another worker (unacknowledged).
        await runtime.close()
        err.print(f"[green]stopped[/]: {line()}")


@app.command()
def worker(
    concurrency: Annotated[
        int | None, typer.Option(help="Job items run at once (WEBDATA_WORKER_CONCURRENCY).")
    ] = None,
) -> None:
    """Run queued jobs (batch scrapes) from Redis: the distributed mode's worker node."""
    if not get_settings().redis_url:
        err.print(
            "[red]error:[/] webdata worker reads the job queue from Redis: set "
            "WEBDATA_REDIS_URL (without it, `webdata serve` runs jobs itself)"
        )
        raise typer.Exit(2)
    asyncio.run(_work(concurrency))


@app.command()
def migrate() -> None:
    """Create or upgrade the database schema (also done on every start)."""
    from webdata.store.db import migrate as run_migrations

    settings = get_settings()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    asyncio.run(run_migrations(settings.database_url))
    err.print("[green]database is at the latest schema[/]")


def _parse_headers(values: list[str]) -> dict[str, str]:
    headers: dict[str, str] = {}
    for item in values:
        name, sep, value = item.partition(":")
        if not sep:
            raise typer.BadParameter(f"header must look like 'Name: value', got {item!r}")
        headers[name.strip()] = value.strip()
    return headers


async def _scrape_locally(body: dict[str, Any]) -> dict[str, Any]:
    from webdata.contract import ApiError, ScrapeRequest
    from webdata.scrape.run import run_scrape
    from webdata.scrape.services import ScrapeServices

    try:
        req = ScrapeRequest.model_validate(body, by_alias=True, by_name=False)
    except ValidationError as exc:
        from webdata.api.errors import validation_error

        return validation_error(list(exc.errors())).body()
    from webdata.logging import configure_logging

    configure_logging("warning")  # stdout carries the result only
    # One page: a worker pool would cost more to start than it saves.
    services = await ScrapeServices.start(get_settings(), content_workers=0)
    try:
        doc = await run_scrape(req, services)
    except ApiError as exc:
        return exc.body()
    finally:
        await services.close()
    return {"success": True, "data": doc.to_wire()}


def _scrape_remotely(api: str, api_key: str, body: dict[str, Any]) -> dict[str, Any]:
    """The scrape through a running API, as a response body (errors too, to print as locally)."""
    from webdata.remote import RemoteError, RetryNotice, scrape_remote

    def show(notice: RetryNotice) -> None:
        err.print(f"[yellow]{escape(str(notice))}[/]")

    # Let the server's own timeout answer first (a 408), rather than cutting it off.
    per_attempt = body["timeout"] / 1000 + 30
    try:
        with err.status(f"scraping {body['url']} via {api}", spinner="dots"):
            return scrape_remote(api, api_key, body, on_retry=show, timeout=per_attempt)
    except RemoteError as exc:
        failed: dict[str, Any] = {"success": False, "error": str(exc)}
        if exc.code is not None:
            failed["code"] = exc.code
        if exc.details is not None:
            failed["details"] = exc.details
        return failed


@app.command()
def scrape(
    url: Annotated[str, typer.Argument(help="The page to scrape.")],
    formats: Annotated[
        list[str] | None, typer.Option("--format", "-f", help="Output format (repeatable).")
    ] = None,
    only_main_content: Annotated[bool, typer.Option(help="Drop headers, navs, footers.")] = True,
    include_tags: Annotated[
        list[str] | None, typer.Option("--include-tag", help="CSS selector to keep.")
    ] = None,
    exclude_tags: Annotated[
        list[str] | None, typer.Option("--exclude-tag", help="CSS selector to drop.")
    ] = None,
    header: Annotated[
        list[str] | None, typer.Option("--header", "-H", help="'Name: value' for the target.")
    ] = None,
    timeout: Annotated[int, typer.Option(help="Milliseconds for the whole scrape.")] = 60_000,
    mobile: Annotated[bool, typer.Option(help="Fetch as a mobile device.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the whole response as JSON.")
    ] = False,
    api: Annotated[
        str | None,
        typer.Option("--api", help="Base URL of a running webdata API to scrape through."),
    ] = None,
    api_key: Annotated[
        str | None, typer.Option(envvar="WEBDATA_API_KEY", help="API key for --api.")
    ] = None,
) -> None:
    """Scrape URL with the same pipeline as the API, without a server (or through one: --api)."""
    body: dict[str, Any] = {
        "url": url,
        "formats": formats or ["markdown"],
        "onlyMainContent": only_main_content,
        "timeout": timeout,
        "mobile": mobile,
    }
    if include_tags:
        body["includeTags"] = include_tags
    if exclude_tags:
        body["excludeTags"] = exclude_tags
    if header:
        body["headers"] = _parse_headers(header)
    if api is not None:
        if not api_key:
            raise typer.BadParameter(
                "--api needs --api-key or WEBDATA_API_KEY", param_hint="--api-key"
            )
        result = _scrape_remotely(api, api_key, body)
    else:
        with err.status(f"scraping {url}", spinner="dots"):
            result = asyncio.run(_scrape_locally(body))
    if not result.get("success", False):
        code = f" [dim](code {escape(str(result['code']))})[/]" if result.get("code") else ""
        err.print(f"[red]error:[/] {escape(str(result.get('error')))}{code}")
        if result.get("details") is not None:
            err.print_json(json.dumps(result["details"]))
        raise typer.Exit(1)
    data = result["data"]
    if not as_json and list(data) == ["markdown", "metadata"]:
        sys.stdout.write(data["markdown"] + "\n")
    else:
        sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=2) + "\n")


if __name__ == "__main__":
    app()
