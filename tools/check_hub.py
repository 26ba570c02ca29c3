"""Check the table server's JupyterHub login against a real hub (an administrator's check, not a test).

Given a hub's API and a token that may make users and tokens (``admin:users`` and ``tokens``), it
makes two learners' tokens — one holding ``access:services!service=<service>``, one only the scopes
of a learner's server without it — starts a table server named as the hub's service, keeps a seat
for the first learner, and shows that:

1. the first learner joins the seat kept for them with no code;
2. the second learner is refused (the hub does not let their token reach the service);
3. a made-up token is refused.

    python tools/check_hub.py --api http://127.0.0.1:8081/hub/api --admin-token <token> \
        [--service kit-tables] [--users ana ben]

Exit status 0 when all three hold.  The tokens it makes expire after five minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request

from kit.serve import SeatClient, TeacherClient, serve_in_background
from kit.serve.hub import HubLogin


def call(api: str, token: str, method: str, path: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(f"{api.rstrip('/')}{path}", method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
    except urllib.error.HTTPError as exc:
        if exc.code == 409:  # the user is there already
            return {}
        raise
    return json.loads(text) if text else {}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--api", required=True, help="the hub's API, e.g. http://127.0.0.1:8081/hub/api")
    ap.add_argument("--admin-token", required=True, help="a token with admin:users and tokens")
    ap.add_argument("--service", default="kit-tables")
    ap.add_argument("--users", nargs=2, default=["ana", "ben"])
    args = ap.parse_args(argv)
    allowed, refused = args.users
    for name in args.users:
        call(args.api, args.admin_token, "POST", f"/users/{name}")
    scope = f"access:services!service={args.service}"
    good = call(args.api, args.admin_token, "POST", f"/users/{allowed}/tokens",
                {"scopes": [scope], "expires_in": 300, "note": "kit table server check"})["token"]
    bad = call(args.api, args.admin_token, "POST", f"/users/{refused}/tokens",
               {"scopes": [f"access:servers!server={refused}/"], "expires_in": 300,
                "note": "kit table server check"})["token"]
    bg = serve_in_background(":memory:", port=0, round_pause=0, prefix=f"/services/{args.service}",
                             hub=HubLogin(args.api, args.service))
    ok = True
    try:
        TeacherClient(bg.url, bg.server.token).create_table(
            "loveletter", {"players": 2, "edition": "classic"}, ["person", "random"], learners=[allowed, None])
        env = {"JUPYTERHUB_BASE_URL": "/", "JUPYTERHUB_API_URL": args.api}
        for who, token, expect in ((allowed, good, "seat"), (refused, bad, scope), ("nobody", "made-up", "hub")):
            client = SeatClient(bg.url, environ=dict(env, JUPYTERHUB_API_TOKEN=token), retry=0.2)
            try:
                if expect == "seat":
                    view = client.wait(lambda v: v is not None, timeout=15)
                    print(f"{who}: joined seat {view['seat']} of table {view['table']} with no code")
                else:
                    why = client.wait_error(timeout=15) if not client.errors else client.errors[0]
                    print(f"{who}: refused: {why}")
                    ok &= expect in why
            except Exception as exc:  # noqa: BLE001 - reported
                print(f"{who}: {type(exc).__name__}: {exc}")
                ok = False
            finally:
                client.close()
    finally:
        bg.stop()
    print("all three hold" if ok else "NOT as expected")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
