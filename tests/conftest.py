"""Shared test set-up: hypothesis profiles and the location of the shared datasets."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Profiles: "default" keeps the suite quick; pick another with HYPOTHESIS_PROFILE=<name>.
settings.register_profile("default", deadline=None, max_examples=60)
settings.register_profile("quick", deadline=None, max_examples=10)
settings.register_profile(
    "thorough",
    deadline=None,
    max_examples=1000,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

#: The repository's root (the folder holding ``tests/``).
REPO_ROOT = Path(__file__).resolve().parent.parent


def shared_data_path() -> Path:
    """Where the shared datasets live: ``$SUDOKIT_DATA``, else ``<repo>/../shared/data``."""
    override = os.environ.get("SUDOKIT_DATA")
    if override:
        return Path(override)
    return REPO_ROOT.parent / "shared" / "data"


def pytest_report_header(config: pytest.Config) -> str | None:
    """Say at the top of the run when the web app's browser tests will be skipped."""
    sys.path.insert(0, str(Path(__file__).resolve().parent / "web"))
    try:
        from browser_support import browser_skip_reason
    finally:
        sys.path.pop(0)
    reason = browser_skip_reason()
    return None if reason is None else f"browser tests (tests/web) skipped: {reason}"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """The shared datasets folder; tests that use it are skipped when it is absent."""
    path = shared_data_path()
    if not path.is_dir():
        pytest.skip(f"shared datasets not found at {path} (set SUDOKIT_DATA)")
    return path
