"""Services of a test's own, to be stopped and restarted under a running server: a Redis
server and a PostgreSQL cluster on free loopback ports, in a folder of their own (Debian's
``redis-server`` and PostgreSQL, which ``scripts/services`` installs)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from tests.web.helpers import free_port


def _binaries() -> Path | None:
    """PostgreSQL's server programs (the newest installed), or None."""
    root = Path("/usr/lib/postgresql")
    versions = sorted((p for p in root.glob("*/bin") if (p / "initdb").exists()), key=str)
    return versions[-1] if versions else None


def require(*programs: str) -> None:
    """Skip (or, with RAMS_REQUIRE_SERVICES, fail) when a service's program is missing."""
    missing = [p for p in programs if shutil.which(p) is None and p != "postgres"]
    if "postgres" in programs and (_binaries() is None or not _as_postgres_possible()):
        missing.append("postgresql")
    if missing:
        why = f"{', '.join(missing)} not installed (scripts/services installs them)"
        if os.environ.get("RAMS_REQUIRE_SERVICES"):
            pytest.fail(why)
        pytest.skip(why)


def _as_postgres_possible() -> bool:
    return os.geteuid() != 0 or shutil.which("runuser") is not None


class Redis:
    """A Redis server of the test's own (no persistence): started, stopped, started again
    on the same port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Redis:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while True:
            ping = subprocess.run(["redis-cli", "-p", str(self.port), "ping"],
                                  capture_output=True, text=True)  # fmt: skip
            if ping.stdout.strip() == "PONG":
                return self
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)


class Postgres:
    """A PostgreSQL cluster of the test's own in a temporary folder (run as the
    ``postgres`` user when the tests run as root), to restart under a running server."""

    def __init__(self) -> None:
        bin_dir = _binaries()
        assert bin_dir is not None
        self.bin = bin_dir
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="rams-pg-"))
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"
        self.log = self.dir / "server.log"

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd=self.dir)

    def start(self) -> Postgres:
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
        data = self.dir / "data"
        if not data.exists():
            self._run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8")
        self._ctl("start")
        return self

    def _ctl(self, what: str) -> None:
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c full_page_writes=off")  # fmt: skip
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-l", str(self.log), "-o", options,
                  "-m", "fast", "-w", what)  # fmt: skip

    def restart(self) -> None:
        """Stop the server (its connections cut, as a restart does) and start it again."""
        self._ctl("restart")

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)
