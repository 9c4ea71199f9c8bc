"""The local site server: a browser hanging up is not an error worth a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudokit.web.server import SiteServer


@pytest.fixture
def server(tmp_path: Path) -> SiteServer:
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>\n")
    return SiteServer(tmp_path)


@pytest.mark.parametrize("gone", [BrokenPipeError, ConnectionResetError])
def test_a_client_that_hung_up_leaves_no_traceback(
    server: SiteServer, gone: type[OSError], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        raise gone("the browser cancelled the request")
    except OSError:
        server.httpd.handle_error(None, ("127.0.0.1", 50000))
    server.stop()
    assert capsys.readouterr().err == ""


def test_any_other_fault_is_still_printed(
    server: SiteServer, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        raise ValueError("a real fault")
    except ValueError:
        server.httpd.handle_error(None, ("127.0.0.1", 50000))
    server.stop()
    err = capsys.readouterr().err
    assert "ValueError: a real fault" in err
