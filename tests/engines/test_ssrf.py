"""The SSRF guard: address classification, literal spellings, and the guarded resolver."""

from __future__ import annotations

import socket
from ipaddress import IPv4Address, IPv6Address, ip_network

import pytest
from aiohttp.abc import AbstractResolver, ResolveResult
from hypothesis import given
from hypothesis import strategies as st

from webdata.engines.errors import BlockedAddressError
from webdata.engines.ssrf import GuardedResolver, check_host, is_forbidden_address, parse_ip

FORBIDDEN = [
    "127.0.0.1",
    "127.255.255.254",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "169.254.0.1",
    "100.64.0.1",
    "100.100.100.200",
    "100.127.255.255",
    "0.0.0.0",
    "0.1.2.3",
    "192.0.0.192",
    "198.18.0.1",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "2001:db8::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "::127.0.0.1",
    "64:ff9b::7f00:1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::1",
    "2002:a00:1::1",
    "[::1]",
    "[::ffff:127.0.0.1]",
    "2130706433",
    "0x7f000001",
    "0x7f.1",
    "0x7f.0.0.1",
    "017700000001",
    "0177.0.0.1",
    "0177.1",
    "127.1",
    "127.0.1",
    "127.0.0.1.",
    "0",
    "3232235777",
    "metadata.google.internal",
    "METADATA.GOOGLE.INTERNAL.",
    "metadata",
    "instance-data.ec2.internal",
]

ALLOWED = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "172.32.0.1",
    "172.15.255.255",
    "100.63.255.255",
    "100.128.0.1",
    "11.0.0.1",
    "169.253.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
    "134744072",
    "0x08080808",
    "example.com",
    "metadata.example.com",
    "localhost",  # a name: the resolver decides, see test_guarded_resolver_real_localhost
    "10.example.com",
]


@pytest.mark.parametrize("address", FORBIDDEN)
def test_forbidden(address: str) -> None:
    assert is_forbidden_address(address)


@pytest.mark.parametrize("address", ALLOWED)
def test_allowed(address: str) -> None:
    assert not is_forbidden_address(address)


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("2130706433", "127.0.0.1"),
        ("0x7f.1", "127.0.0.1"),
        ("0177.0.0.1", "127.0.0.1"),
        ("127.1", "127.0.0.1"),
        ("[::ffff:127.0.0.1]", "::ffff:7f00:1"),
        ("8.8.8.8.", "8.8.8.8"),
        ("example.com", None),
        ("1.2.3.4.5", None),
        ("08.0.0.1", None),
        ("deadbeef", None),
        ("", None),
    ],
)
def test_parse_ip(host: str, expected: str | None) -> None:
    ip = parse_ip(host)
    assert (None if ip is None else str(ip)) == expected


@pytest.mark.parametrize("host", [h for h in FORBIDDEN if parse_ip(h) or "metadata" in h.lower()])
def test_check_host_blocks(host: str) -> None:
    with pytest.raises(BlockedAddressError):
        check_host(host, allow_private=False)
    check_host(host, allow_private=True)


@pytest.mark.parametrize("host", ALLOWED)
def test_check_host_passes_public_and_names(host: str) -> None:
    check_host(host, allow_private=False)


@given(st.ip_addresses(v=4))
def test_ipv4_spellings_agree(ip: IPv4Address) -> None:
    verdict = is_forbidden_address(str(ip))
    assert is_forbidden_address(str(int(ip))) is verdict
    assert is_forbidden_address(hex(int(ip))) is verdict
    assert is_forbidden_address(f"::ffff:{ip}") is verdict
    assert is_forbidden_address(f"[::ffff:{ip}]") is verdict
    octal = ".".join(f"0{int(part):o}" for part in str(ip).split("."))
    assert is_forbidden_address(octal) is verdict


# Ranges this guard blocks although Python's ``is_global`` calls them global.
EXTRA_V4 = [ip_network("192.0.0.0/24"), ip_network("192.88.99.0/24")]


@given(st.ip_addresses(v=4))
def test_ipv4_matches_the_stdlib_notion_of_public(ip: IPv4Address) -> None:
    expected = not ip.is_global or ip.is_multicast or any(ip in net for net in EXTRA_V4)
    assert is_forbidden_address(str(ip)) is expected


@given(st.ip_addresses(v=6))
def test_ipv6_non_global_is_forbidden(ip: IPv6Address) -> None:
    embeds_v4 = ip.ipv4_mapped or ip.sixtofour or ip in ip_network("64:ff9b::/96")
    if not embeds_v4 and (not ip.is_global or ip.is_multicast):
        assert is_forbidden_address(str(ip))


@given(
    st.sampled_from(
        ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8", "169.254.0.0/16",
         "100.64.0.0/10", "0.0.0.0/8", "224.0.0.0/4", "fc00::/7", "fe80::/10", "ff00::/8"]
    ).flatmap(lambda net: st.ip_addresses(network=net))
)  # fmt: skip
def test_every_address_of_a_forbidden_range(ip: IPv4Address | IPv6Address) -> None:
    assert is_forbidden_address(str(ip))
    if ip.version == 4:
        assert is_forbidden_address(f"::ffff:{ip}")
        with pytest.raises(BlockedAddressError):
            check_host(str(int(ip)), allow_private=False)


@given(st.text(max_size=40))
def test_classification_never_raises(host: str) -> None:
    assert isinstance(is_forbidden_address(host), bool)


class FakeResolver(AbstractResolver):
    """Answers with fixed addresses, like a DNS server an attacker controls."""

    def __init__(self, *addresses: str) -> None:
        self.addresses = addresses
        self.calls: list[str] = []

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        self.calls.append(host)
        return [
            ResolveResult(
                hostname=host,
                host=a,
                port=port,
                family=socket.AF_INET6 if ":" in a else socket.AF_INET,
                proto=0,
                flags=socket.AI_NUMERICHOST,
            )
            for a in self.addresses
        ]

    async def close(self) -> None:
        pass


async def test_guarded_resolver_passes_public_answers() -> None:
    resolver = GuardedResolver(FakeResolver("93.184.216.34", "2606:2800:220:1::1"))
    results = await resolver.resolve("example.com", 80, socket.AF_UNSPEC)
    assert [r["host"] for r in results] == ["93.184.216.34", "2606:2800:220:1::1"]


@pytest.mark.parametrize(
    "answers",
    [
        ("127.0.0.1",),
        ("93.184.216.34", "10.0.0.5"),  # one bad address among good ones
        ("93.184.216.34", "::1"),
        ("::ffff:169.254.169.254",),
        ("fe80::1%2",),
        ("not-an-address",),
    ],
)
async def test_guarded_resolver_blocks_any_forbidden_answer(answers: tuple[str, ...]) -> None:
    resolver = GuardedResolver(FakeResolver(*answers))
    with pytest.raises(BlockedAddressError, match=r"rebind\.example"):
        await resolver.resolve("rebind.example", 80)


async def test_guarded_resolver_blocks_metadata_names_before_dns() -> None:
    inner = FakeResolver("93.184.216.34")
    with pytest.raises(BlockedAddressError):
        await GuardedResolver(inner).resolve("metadata.google.internal", 80)
    assert inner.calls == []


async def test_guarded_resolver_custom_policy() -> None:
    resolver = GuardedResolver(FakeResolver("127.0.0.1"), is_forbidden=lambda ip: False)
    assert [r["host"] for r in await resolver.resolve("anything", 80)] == ["127.0.0.1"]


async def test_guarded_resolver_real_localhost() -> None:
    resolver = GuardedResolver()
    try:
        with pytest.raises(BlockedAddressError, match="localhost"):
            await resolver.resolve("localhost", 80, socket.AF_UNSPEC)
    finally:
        await resolver.close()
