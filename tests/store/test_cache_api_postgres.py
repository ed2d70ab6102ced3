"""The cache through the API on the real PostgreSQL (the distributed mode's store): two API
processes' worth of nodes sharing one database see each other's entries."""

from __future__ import annotations

from pathlib import Path

from tests.api.test_cache import new_page, scrape, visits
from tests.conftest import start_api
from tests.store.conftest import PgAdmin


def test_two_nodes_share_the_index(pg_admin: PgAdmin, tmp_path: Path, site_url: str) -> None:
    db = pg_admin.create_database()
    name, url = new_page(site_url)
    for node_a in start_api(tmp_path / "a", database_url=db):
        for node_b in start_api(tmp_path / "b", database_url=db):
            with node_a.client() as a, node_b.client() as b:
                assert scrape(a, url)["metadata"]["cacheState"] == "miss"
                assert scrape(b, url)["metadata"]["cacheState"] == "hit"
                assert scrape(b, url, lockdown=True)["metadata"]["creditsUsed"] == 5
                tracked = {"type": "changeTracking", "modes": ["git-diff"]}
                assert scrape(a, url, formats=[tracked])["changeTracking"]["changeStatus"] == "new"
                same = scrape(b, url, formats=[tracked])["changeTracking"]
                assert same["changeStatus"] == "same"
    assert visits(site_url, name) == 3
