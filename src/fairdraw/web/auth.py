"""Organiser sign-in, the session cookie and CSRF tokens (issue 7 item 4).

The session is a cookie signed with itsdangerous (the secret lives in the database, so a
restart keeps everyone signed in); it carries the user id, when they signed in, a CSRF token and
a one-shot notice. Signing out records the moment in the database and ends every session of the
account signed in before it, copies of the cookie included. Every form carries the session's CSRF token in a hidden field and every POST
handler starts with ``app._organiser_form`` (the sign-in forms call ``check_csrf`` alone), which
refuses with 403 when the session or the token is missing or wrong. Cookies are HttpOnly
and SameSite=Lax, so another site can neither read them nor post with them.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Callable
from typing import Any

from fastapi import HTTPException, Request, Response
from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "fairdraw_session"
MAX_AGE = 14 * 24 * 3600


class SessionCodec:
    """Signs and reads the session cookie."""

    def __init__(self, secret: str, signed_out_at: Callable[[int], float | None] | None = None) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt="fairdraw-session")
        #: when an account last signed out: a session signed in before that is over
        self._signed_out_at = signed_out_at

    def load(self, request: Request) -> dict[str, Any]:
        """The session dict of the request, cached on ``request.state`` (empty when absent or forged)."""
        cached = getattr(request.state, "session", None)
        if cached is not None:
            return cached
        raw = request.cookies.get(COOKIE)
        data: dict[str, Any] = {}
        if raw:
            try:
                loaded = self._serializer.loads(raw, max_age=MAX_AGE)
                if isinstance(loaded, dict):
                    data = loaded
            except BadSignature:
                data = {}
        uid = data.get("uid")
        if isinstance(uid, int) and self._signed_out_at is not None:
            ended = self._signed_out_at(uid)
            signed_in = data.get("at")
            if ended is not None and not (isinstance(signed_in, (int, float)) and signed_in > ended):
                data = {}  # signed out since (in this browser or another): a stale copy of the cookie
        request.state.session = data
        request.state.session_dirty = False
        return data

    def csrf_token(self, request: Request) -> str:
        """The session's CSRF token, created on first use."""
        session = self.load(request)
        if not session.get("csrf"):
            session["csrf"] = secrets.token_urlsafe(24)
            request.state.session_dirty = True
        return str(session["csrf"])

    def update(self, request: Request, **values: Any) -> None:
        """Change session values (None removes a key); the cookie is rewritten on the response."""
        session = self.load(request)
        for key, value in values.items():
            if value is None:
                session.pop(key, None)
            else:
                session[key] = value
        request.state.session_dirty = True

    def save(self, request: Request, response: Response) -> None:
        """Write the cookie when the session changed during this request."""
        if not getattr(request.state, "session_dirty", False):
            return
        response.set_cookie(
            COOKIE,
            self._serializer.dumps(request.state.session),
            max_age=MAX_AGE,
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )


def check_csrf(codec: SessionCodec, request: Request, submitted: str | None) -> None:
    """403 unless the form's token equals the session's (constant-time comparison)."""
    expected = codec.load(request).get("csrf")
    if not expected or not submitted or not hmac.compare_digest(str(expected), str(submitted)):
        raise HTTPException(status_code=403, detail="The form has expired or did not come from this site (CSRF check).")


def user_id(codec: SessionCodec, request: Request) -> int | None:
    """The signed-in organiser's id, if any."""
    uid = codec.load(request).get("uid")
    return int(uid) if isinstance(uid, int) else None


def sign_in(codec: SessionCodec, request: Request, uid: int) -> None:
    """Start a session for ``uid``: the moment is kept, so that a later sign-out ends it, and
    the CSRF token is new (a token planted before sign-in is useless afterwards)."""
    codec.update(request, uid=uid, at=time.time(), csrf=secrets.token_urlsafe(24))
