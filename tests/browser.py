"""A small headless-Chromium driver for the browser tests, over the DevTools protocol on a
pipe (`--remote-debugging-pipe`): standard library only, no websocket, no Playwright.

    with Browser() as browser:
        page = browser.open("http://127.0.0.1:8000/labs/x/", width=390)
        page.evaluate("document.title")
        page.screenshot(path)

It opens pages at a given window width, runs JavaScript in them and reads back values, and
takes screenshots, which is what the tests need to check what a reader sees.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
         "--hide-scrollbars", "--mute-audio"]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # one line per request would bury the test output
        pass


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """A built site served on a free localhost port, for as long as the block runs: its base URL."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()


class BrowserError(RuntimeError):
    pass


class Browser:
    def __init__(self, *extra_flags: str):
        if not CHROMIUM:
            raise BrowserError("chromium is not installed: `make test` installs Debian's chromium package")
        self.profile = tempfile.mkdtemp(prefix="course-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def wire() -> None:  # in the child: the protocol wants its pipe on fds 3 and 4
            high_in, high_out = os.dup(to_browser_r), os.dup(from_browser_w)  # out of 3 and 4's way
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.process = subprocess.Popen(
            [CHROMIUM, *FLAGS, *extra_flags, f"--user-data-dir={self.profile}", "--remote-debugging-pipe",
             "about:blank"], close_fds=False, preexec_fn=wire,  # close_fds would also close fds 3 and 4
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._reader = os.fdopen(self._from_browser, "rb", buffering=0)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict] = []

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.send("Browser.close")
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    # -- the protocol ---------------------------------------------------------------------

    def _read_message(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise BrowserError("Chromium did not answer in time")
            chunk = self._reader.read(65536)
            if not chunk:
                raise BrowserError("Chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, params: dict | None = None, session: str | None = None,
             timeout: float = 60) -> dict:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for_event(self, method: str, session: str, timeout: float = 60) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    return self.events.pop(index)
            self.events.append(self._read_message(deadline))

    # -- pages ----------------------------------------------------------------------------

    def open(self, url: str, width: int = 1400, height: int = 900, settle_s: float = 1.0) -> Page:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        page.send("Page.enable")
        page.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        page.send("Page.navigate", {"url": url})
        self.wait_for_event("Page.loadEventFired", session)
        time.sleep(settle_s)  # plotly draws and Material lays out after the load event
        return page


class Page:
    def __init__(self, browser: Browser, session: str):
        self.browser, self.session = browser, session

    def send(self, method: str, params: dict | None = None) -> dict:
        return self.browser.send(method, params, self.session)

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:80]}: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def screenshot(self, path: Path, full_page: bool = True) -> Path:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            size = self.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
            params.update(clip={"x": 0, "y": 0, "width": size[0], "height": min(size[1], 16000), "scale": 1},
                          captureBeyondViewport=True)
        data = self.send("Page.captureScreenshot", params)["data"]
        Path(path).write_bytes(base64.b64decode(data))
        return Path(path)

    def height(self) -> int:
        return int(self.evaluate("document.documentElement.scrollHeight"))
