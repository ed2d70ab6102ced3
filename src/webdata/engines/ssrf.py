"""The SSRF guard: which addresses a scrape may never reach, checked on every hop.

Names are checked where they are resolved (``GuardedResolver``, inside aiohttp's connector),
so the connection goes to exactly the addresses that passed the check and a DNS answer that
changes between check and connect (DNS rebinding) cannot slip through. IP-literal hosts never
reach a resolver, so ``check_host`` covers them, in every spelling ``inet_aton`` accepts.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from collections.abc import Callable
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network

from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import DefaultResolver

from webdata.engines.errors import BlockedAddressError

__all__ = [
    "METADATA_HOSTS",
    "GuardedResolver",
    "Policy",
    "check_host",
    "is_forbidden_address",
    "parse_ip",
    "resolves_to_forbidden",
]

IPAddress = IPv4Address | IPv6Address

# Cloud metadata services reachable by name (their addresses are link-local or private anyway).
METADATA_HOSTS = frozenset(
    {
        "metadata",
        "metadata.google.internal",
        "metadata.goog",
        "instance-data",
        "instance-data.ec2.internal",
    }
)

_FORBIDDEN_V4 = tuple(
    IPv4Network(net)
    for net in (
        "0.0.0.0/8",  # "this network"; 0.0.0.0 reaches the local host
        "10.0.0.0/8",
        "100.64.0.0/10",  # carrier-grade NAT, also Alibaba's metadata 100.100.100.200
        "127.0.0.0/8",
        "169.254.0.0/16",  # link-local, cloud metadata 169.254.169.254
        "172.16.0.0/12",
        "192.0.0.0/24",  # IETF protocol assignments, Oracle metadata 192.0.0.192
        "192.0.2.0/24",
        "192.88.99.0/24",
        "192.168.0.0/16",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "224.0.0.0/4",
        "240.0.0.0/4",  # reserved, includes broadcast
    )
)
_FORBIDDEN_V6 = tuple(
    IPv6Network(net)
    for net in (
        "::/128",
        "::1/128",
        "::/96",  # IPv4-compatible (deprecated)
        "64:ff9b:1::/48",  # local-use NAT64
        "100::/64",
        "2001::/23",  # IETF special purpose, includes Teredo
        "2001:db8::/32",
        "fc00::/7",  # unique-local, includes AWS metadata fd00:ec2::254
        "fe80::/10",
        "fec0::/10",  # site-local (deprecated)
        "ff00::/8",
    )
)
_NAT64 = IPv6Network("64:ff9b::/96")

# What inet_aton would read as an IPv4 address: decimal, octal or hex parts, 1 to 4 of them.
_LEGACY_V4 = re.compile(r"^(?:0x[0-9a-f]*|[0-9]+)(?:\.(?:0x[0-9a-f]*|[0-9]+)){0,3}$")

Policy = Callable[[str], bool]


def parse_ip(host: str) -> IPAddress | None:
    """The address a URL host denotes when it is an IP literal, in any accepted spelling.

    Handles brackets, a trailing dot, zone ids and the legacy IPv4 forms browsers and libc
    still accept (``2130706433``, ``0x7f.1``, ``0177.0.0.1``, ``127.1``). None for names.
    """
    h = host.strip().lower()
    if h.startswith("[") and h.endswith("]"):
        h = h[1:-1]
    h = h.rstrip(".") if ":" not in h else h
    if not h:
        return None
    try:
        return ipaddress.ip_address(h)
    except ValueError:
        pass
    if ":" in h or not _LEGACY_V4.match(h):
        return None
    try:
        return IPv4Address(socket.inet_aton(h))
    except OSError:
        return None


def _is_forbidden_ip(ip: IPAddress) -> bool:
    if isinstance(ip, IPv6Address):
        embedded = ip.ipv4_mapped or ip.sixtofour
        if embedded is None and ip in _NAT64:
            embedded = IPv4Address(int(ip) & 0xFFFFFFFF)
        if embedded is not None:
            return _is_forbidden_ip(embedded)
        return any(ip in net for net in _FORBIDDEN_V6) or not ip.is_global
    return any(ip in net for net in _FORBIDDEN_V4) or not ip.is_global


def is_forbidden_address(ip: str) -> bool:
    """True when ``ip`` is an address a scrape must not reach, or a cloud metadata host name.

    Loopback, private (RFC 1918), carrier-grade NAT, link-local (cloud metadata), unique-local,
    unspecified, multicast, reserved and documentation ranges, and IPv6 forms embedding any of
    those (IPv4-mapped, NAT64, 6to4). Any other host name is not an address: False.
    """
    parsed = parse_ip(ip)
    if parsed is None:
        return ip.strip().lower().rstrip(".") in METADATA_HOSTS
    return _is_forbidden_ip(parsed)


def check_host(
    host: str, allow_private: bool, *, is_forbidden: Policy = is_forbidden_address
) -> None:
    """Raise ``BlockedAddressError`` when ``host`` is a forbidden literal or metadata name.

    Call it on every hop. Names are left to ``GuardedResolver``; with ``allow_private`` nothing
    is checked.
    """
    if allow_private:
        return
    ip = parse_ip(host)
    target = host.strip().lower().rstrip(".") if ip is None else str(ip)
    if is_forbidden(target):
        raise BlockedAddressError(
            f"Refusing to fetch {host}: it is a private, loopback, link-local or metadata address"
        )


async def resolves_to_forbidden(host: str, *, is_forbidden: Policy = is_forbidden_address) -> bool:
    """True when the name ``host`` resolves here to any forbidden address.

    For a resolver we do not control (Chromium, a proxy): the check runs on our own lookup, so
    it stops names that point inside this network, not a rebinding between the two lookups.
    A name that does not resolve here passes: the other resolver may know it, and ours cannot
    reach what it names anyway.
    """
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(host, None)
    except (OSError, UnicodeError):
        return False
    return any(is_forbidden(str(info[4][0]).split("%", 1)[0]) for info in infos)


class GuardedResolver(AbstractResolver):
    """Resolves through aiohttp's default resolver and refuses names with any forbidden address.

    Every address must pass, not just the first: the connector may try any of them.
    """

    def __init__(
        self, inner: AbstractResolver | None = None, *, is_forbidden: Policy = is_forbidden_address
    ) -> None:
        self._inner = inner
        self._is_forbidden = is_forbidden

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        if self._is_forbidden(host.strip().lower().rstrip(".")):
            raise BlockedAddressError(f"Refusing to fetch {host}: it is a metadata address")
        if self._inner is None:
            # Built here, not in __init__, because the default resolver needs a running loop.
            self._inner = DefaultResolver()
        results = await self._inner.resolve(host, port, family)
        for result in results:
            address = result["host"]
            ip = parse_ip(address)
            if ip is None or self._is_forbidden(str(ip)):
                raise BlockedAddressError(
                    f"Refusing to fetch {host}: it resolves to {address}, a private, loopback, "
                    "link-local or metadata address"
                )
        return results

    async def close(self) -> None:
        if self._inner is not None:
            await self._inner.close()
