"""The browser tests' servers start even when another process takes their port first (tests/servers.py).

A small HTTP server stands in for JupyterLab and Voila (it also stops with "Address already in use" when its
port is taken): the first port ``start`` is given is held by this test, so the first try must fail and the
second must serve.
"""

from __future__ import annotations

import socket
import sys
import urllib.request

import pytest

import servers


def _http_server(port: int) -> list[str]:
    return [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"]


def test_a_server_whose_port_was_taken_starts_again_on_another(tmp_path, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))  # bound, not listening: a try at it is refused at once
        held = taken.getsockname()[1]
        ports = iter([held, servers.free_port()])
        monkeypatch.setattr(servers, "free_port", lambda: next(ports))
        port, proc = servers.start("http.server", _http_server, tmp_path / "log", "t", timeout=30,
                                   cwd=tmp_path)
        try:
            assert port != held
            with urllib.request.urlopen(servers.url(port, "", "t"), timeout=10) as answer:
                assert answer.status == 200
        finally:
            servers.stop(proc)
        assert proc.returncode is not None


def test_a_server_that_fails_for_another_reason_is_not_started_again(tmp_path, monkeypatch):
    tries = []

    def broken(port: int) -> list[str]:
        tries.append(port)
        return [sys.executable, "-c", "raise SystemExit('no such notebook')"]

    with pytest.raises(RuntimeError, match="(?s)did not start.*no such notebook"):
        servers.start("broken", broken, tmp_path / "log", "t", timeout=30)
    assert len(tries) == 1


def test_a_port_taken_every_time_gives_up_after_the_last_try(tmp_path, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        monkeypatch.setattr(servers, "free_port", lambda: taken.getsockname()[1])
        with pytest.raises(RuntimeError, match="already in use"):
            servers.start("http.server", _http_server, tmp_path / "log", "t", timeout=30, cwd=tmp_path)
