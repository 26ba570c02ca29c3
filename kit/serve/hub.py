"""Learners named by their JupyterHub login: the table server as a hub service.

On a school's JupyterHub every learner's kernel holds a token of the hub
(``JUPYTERHUB_API_TOKEN``, the token of their own server).  When the table
server runs as a hub service, a seat's connection carries that token in its
``Authorization`` header; the server asks the hub who it belongs to
(``GET <hub api>/user``, the hub's OAuth token check, as the hub's own
``HubAuth`` does) and accepts it only when the hub says it may reach this
service (the scope ``access:services!service=<name>``).  Then

* the teacher may keep a seat for a learner (``learners=[...]`` when making
  a table): that learner joins it with no code (``GameTable.join(url)``), and
  nobody else can, not even with its code;
* every seat's connection is named by its login in the teacher's list;
* a connection without a token the hub accepts is refused, and logged.

What a learner's kernel sends where (:func:`hub_token_for`): the token goes
only to the hub's own services (a URL on the hub's host, under
``<base url>services/``), never to another address, unless the learner says
``hub=True``.  The server never stores, logs or forwards a token: it keeps,
for at most :attr:`HubLogin.cache_seconds`, a hash of it with the login.

Configuring the hub: ``docs/table-server.md`` ("On JupyterHub").

Examples
--------
>>> import asyncio
>>> from kit.serve.hub import HubLogin
>>> async def fake_hub(url, headers):            # what the hub answers, for a test
...     if headers["Authorization"] == "token ana-secret":
...         return 200, b'{"kind": "user", "name": "ana", "scopes": ["access:services!service=kit-tables"]}'
...     return 403, b'{"status": 403}'
>>> hub = HubLogin("http://127.0.0.1:8081/hub/api", "kit-tables", fetch=fake_hub)
>>> asyncio.run(hub.user("ana-secret"))
'ana'
>>> asyncio.run(hub.user("a guess"))
Traceback (most recent call last):
...
kit.serve.refusals.SeatRefusal: the hub does not know this token: join from a notebook on the hub
>>> hub_token_for("https://hub.school.org/services/kit-tables", {"JUPYTERHUB_API_TOKEN": "t",
...               "JUPYTERHUB_PUBLIC_URL": "https://hub.school.org/"})
't'
>>> hub_token_for("https://elsewhere.example/services/kit-tables", {"JUPYTERHUB_API_TOKEN": "t",
...               "JUPYTERHUB_PUBLIC_URL": "https://hub.school.org/"}) is None
True
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections import OrderedDict
from typing import Awaitable, Callable, Mapping
from urllib.parse import urlsplit

from ..core.errors import KitError
from .refusals import SeatRefusal

__all__ = ["HubLogin", "hub_token_for", "token_from_header", "LOGIN"]

#: A hub login the server accepts (the hub's user names; at most 100 characters).
LOGIN = re.compile(r"[^\s/\\<>\"'&]{1,100}")

Fetch = Callable[[str, dict[str, str]], Awaitable[tuple[int, bytes]]]


async def _tornado_fetch(url: str, headers: dict[str, str]) -> tuple[int, bytes]:
    from tornado.httpclient import AsyncHTTPClient, HTTPClientError

    try:
        response = await AsyncHTTPClient().fetch(url, headers=headers, connect_timeout=5, request_timeout=5)
    except HTTPClientError as exc:
        return exc.code, (exc.response.body if exc.response is not None else b"")
    return response.code, response.body


def token_from_header(header: str | None) -> str | None:
    """The token of an ``Authorization: token <t>`` (or ``Bearer <t>``) header, or ``None``.

    >>> token_from_header("token abc"), token_from_header("Bearer abc"), token_from_header("Basic abc")
    ('abc', 'abc', None)
    """
    if not header:
        return None
    kind, _sep, value = header.strip().partition(" ")
    if kind.lower() in ("token", "bearer") and value.strip():
        return value.strip()
    return None


class HubLogin:
    """Asks the hub whose a token is, and whether it may reach this service.

    Parameters
    ----------
    api_url
        The hub's API (``JUPYTERHUB_API_URL``, e.g. ``http://127.0.0.1:8081/hub/api``).
    service
        This service's name in the hub's configuration (``JUPYTERHUB_SERVICE_NAME``); a token must hold
        the scope ``access:services!service=<service>`` (or ``access:services``). ``None``: any token the
        hub knows (a server run beside the hub rather than as its service).
    cache_seconds
        How long a login is remembered (by a hash of its token) before the hub is asked again.
    max_cached
        The most logins remembered at once (the oldest is forgotten first).
    fetch
        ``async fetch(url, headers) -> (status, body)``; by default tornado's HTTP client.
    """

    def __init__(self, api_url: str, service: str | None = None, *, cache_seconds: float = 60.0,
                 max_cached: int = 1024, fetch: Fetch | None = None) -> None:
        if not re.match(r"https?://", api_url or ""):
            raise KitError(f"the hub's API address starts with http:// or https://, not {api_url!r}")
        self.api_url = api_url.rstrip("/")
        self.service = service or None
        self.cache_seconds = float(cache_seconds)
        self.max_cached = int(max_cached)
        self._fetch = fetch or _tornado_fetch
        self._cache: OrderedDict[str, tuple[str, float]] = OrderedDict()
        #: How many times the hub was asked (a measure for tests and the teacher).
        self.asked = 0

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> "HubLogin | None":
        """The hub this process runs as a service of (``JUPYTERHUB_API_URL``, ``JUPYTERHUB_SERVICE_NAME``),
        or ``None`` when it is not a hub service."""
        env = os.environ if environ is None else environ
        api = env.get("JUPYTERHUB_API_URL")
        if not api or not env.get("JUPYTERHUB_SERVICE_NAME"):
            return None
        return cls(api, env["JUPYTERHUB_SERVICE_NAME"])

    @property
    def scope(self) -> str | None:
        """The scope a token needs to reach this service."""
        return f"access:services!service={self.service}" if self.service else None

    async def user(self, token: str) -> str:
        """The login of ``token``'s owner; a :class:`~kit.serve.refusals.SeatRefusal` (a KitError, as data a
        learner's kernel says in its language) says why the hub refused it."""
        key = hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()
        now = time.monotonic()
        cached = self._cache.get(key)
        if cached is not None and cached[1] > now:
            self._cache.move_to_end(key)
            return cached[0]
        self.asked += 1
        try:
            status, body = await self._fetch(f"{self.api_url}/user", {"Authorization": f"token {token}"})
        except Exception as exc:  # noqa: BLE001 - the hub is down or unreachable: say so
            raise SeatRefusal("hub-silent", why=type(exc).__name__) from None
        if status in (401, 403, 404):
            raise SeatRefusal("hub-unknown-token")
        if status != 200:
            raise SeatRefusal("hub-status", status=str(status))
        try:
            model = json.loads(body)
        except ValueError:
            raise SeatRefusal("hub-not-json") from None
        name = model.get("name") if isinstance(model, dict) else None
        if not (isinstance(name, str) and LOGIN.fullmatch(name)) or model.get("kind", "user") != "user":
            raise SeatRefusal("hub-not-a-learner")
        scopes = model.get("scopes")
        if self.scope is not None and not (isinstance(scopes, list)
                                           and (self.scope in scopes or "access:services" in scopes)):
            raise SeatRefusal("hub-no-scope", login=name, scope=self.scope)
        self._cache[key] = (name, now + self.cache_seconds)
        self._cache.move_to_end(key)
        while len(self._cache) > self.max_cached:
            self._cache.popitem(last=False)
        return name

    def __len__(self) -> int:
        """The logins remembered now."""
        return len(self._cache)


def _host(url: str | None) -> str | None:
    if not url:
        return None
    parts = urlsplit(url if "://" in url else f"//{url}")
    return (parts.hostname or "").lower() or None


def hub_token_for(url: str, environ: Mapping[str, str] | None = None, *, hub: bool | None = None) -> str | None:
    """The hub token a learner's kernel sends to the table server at ``url``, or ``None``.

    ``hub=None`` (the default): the kernel's ``JUPYTERHUB_API_TOKEN``, only when ``url`` is one of the
    hub's own services — on the hub's host (``JUPYTERHUB_PUBLIC_URL``, ``JUPYTERHUB_HOST``, the host of
    ``JUPYTERHUB_API_URL``, or this machine) and under ``<JUPYTERHUB_BASE_URL>services/``.
    ``hub=True``: the token whatever the address (a KitError when there is none); ``hub=False``: never.
    """
    env = os.environ if environ is None else environ
    token = env.get("JUPYTERHUB_API_TOKEN") or None
    if hub is False:
        return None
    if hub is True:
        if token is None:
            raise KitError("hub=True joins with your JupyterHub login, but this kernel is not on a hub "
                           "(no JUPYTERHUB_API_TOKEN): join with the code your teacher gave you")
        return token
    if token is None:
        return None
    parts = urlsplit(url)
    hosts = {_host(env.get(k)) for k in ("JUPYTERHUB_PUBLIC_URL", "JUPYTERHUB_HOST", "JUPYTERHUB_API_URL")}
    hosts |= {"127.0.0.1", "localhost", "::1"}
    base = env.get("JUPYTERHUB_BASE_URL") or "/"
    services = base.rstrip("/") + "/services/"
    if (parts.hostname or "").lower() in hosts and (parts.path.rstrip("/") + "/").startswith(services):
        return token
    return None
