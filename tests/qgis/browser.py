"""A page in real headless Chromium (Debian's), driven over the DevTools protocol on a pipe.

``--remote-debugging-pipe``: Chromium reads commands on its file descriptor
3 and writes replies and events on 4, one JSON message each, ended by a NUL
byte; no socket and no websocket library. One browser start per page
(``open_page``): it records every console error and uncaught exception,
every network request, and returns measurements and screenshots of the page
at desktop and at phone width.
"""

import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

CHROMIUM = shutil.which("chromium")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--mute-audio", "--hide-scrollbars")
DESKTOP = (1280, 800)
PHONE = (390, 844)
LOCAL_SCHEMES = ("file:", "data:", "blob:", "about:", "chrome:", "devtools:")

# Measured in the page once it has loaded and settled.
MEASURE = """(() => {
  const d = document.documentElement, b = document.body;
  const visible = el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  return {
    scrollWidth: Math.max(d.scrollWidth, b ? b.scrollWidth : 0), innerWidth: window.innerWidth,
    scrollHeight: Math.max(d.scrollHeight, b ? b.scrollHeight : 0),
    textLength: (b ? b.innerText : '').trim().length,
    svg: [...document.querySelectorAll('svg')].filter(visible).length,
    canvas: [...document.querySelectorAll('canvas')].filter(visible).length,
    img: [...document.querySelectorAll('img')].filter(el => visible(el) && el.complete && el.naturalWidth > 0).length,
    tables: [...document.querySelectorAll('table')].filter(visible).length,
    brokenImages: [...document.querySelectorAll('img')].filter(el => !(el.complete && el.naturalWidth > 0)).length,
    wide: [...document.querySelectorAll('body *')].filter(el => el.getBoundingClientRect().right > screen.width + 1)
      .slice(0, 5).map(el => el.tagName + (typeof el.className === 'string' && el.className ? '.' + el.className : '')),
  };
})()"""


@dataclass
class PageReport:
    desktop: dict = field(default_factory=dict)
    phone: dict = field(default_factory=dict)
    errors: list = field(default_factory=list)  # console errors, uncaught exceptions, failed loads
    requests: list = field(default_factory=list)  # every URL the page asked for
    desktop_png: bytes = b""
    phone_png: bytes = b""

    @property
    def remote_requests(self):
        return [url for url in self.requests if not url.startswith(LOCAL_SCHEMES)]


class _Pipe:
    def __init__(self, process, write_fd, read_fd):
        self.process, self.write_fd, self.read_fd = process, write_fd, read_fd
        self.buffer, self.next_id, self.events = b"", 0, []

    def _messages(self, timeout):
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                yield json.loads(raw)
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not answer in time")
            ready, _, _ = select.select([self.read_fd], [], [], left)
            if ready:
                chunk = os.read(self.read_fd, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the DevTools pipe")
                self.buffer += chunk

    def send(self, method, params=None, session=None, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.write_fd, json.dumps(message).encode() + b"\0")
        for reply in self._messages(timeout):
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, timeout=60):
        for i, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(i)
        for event in self._messages(timeout):
            if event.get("method") == method:
                return event
            self.events.append(event)

    def drain(self, seconds):
        """Collect events for ``seconds`` (the page settling)."""
        try:
            for event in self._messages(seconds):
                self.events.append(event)
        except TimeoutError:
            pass


def _record_events(events, report):
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Network.requestWillBeSent":
            report.requests.append(params["request"]["url"])
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            report.errors.append(details.get("exception", {}).get("description") or details.get("text"))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            report.errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params["args"]))
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            report.errors.append(f"{params['entry'].get('source')}: {params['entry'].get('text')} "
                                 f"{params['entry'].get('url', '')}".strip())
        elif method == "Network.loadingFailed" and not params.get("canceled"):
            report.errors.append(f"load failed: {params.get('errorText')}")


def _measure_and_shoot(pipe, session, size, mobile):
    width, height = size
    pipe.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                     "mobile": mobile}, session)
    pipe.drain(0.3)  # re-layout (media queries, charts that follow the width)
    result = pipe.send("Runtime.evaluate", {"expression": MEASURE, "returnByValue": True}, session)
    measures = result["result"]["value"]
    shot = pipe.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": {
        "x": 0, "y": 0, "width": width, "height": max(height, measures["scrollHeight"]), "scale": 1}}, session)
    return measures, base64.b64decode(shot["data"])


def open_page(path, settle=1.0, timeout=60) -> PageReport:
    """Open ``path`` in a new headless Chromium (a new profile) and report on it (module doc)."""
    if CHROMIUM is None:
        raise RuntimeError("chromium is not installed (make test installs Debian's chromium)")
    profile = tempfile.mkdtemp(prefix="dp-chromium-")
    to_child, from_us = os.pipe()
    to_us, from_child = os.pipe()

    def child_fds():  # Chromium's ends of the pipes on 3 and 4 (kept open: pass_fds), whatever numbers they had
        read_end, write_end = os.dup(to_child), os.dup(from_child)
        os.dup2(read_end, 3)
        os.dup2(write_end, 4)

    process = subprocess.Popen(
        [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
        pass_fds=(3, 4), preexec_fn=child_fds, stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(to_child)
    os.close(from_child)
    pipe, report = _Pipe(process, from_us, to_us), PageReport()
    try:
        target = pipe.send("Target.createTarget", {"url": "about:blank"}, timeout=timeout)["targetId"]
        session = pipe.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            pipe.send(f"{domain}.enable", session=session)
        pipe.send("Emulation.setDeviceMetricsOverride", {"width": DESKTOP[0], "height": DESKTOP[1],
                                                         "deviceScaleFactor": 1, "mobile": False}, session)
        pipe.send("Page.navigate", {"url": Path(path).resolve().as_uri()}, session)
        pipe.wait_for("Page.loadEventFired", timeout)
        pipe.drain(settle)
        report.desktop, report.desktop_png = _measure_and_shoot(pipe, session, DESKTOP, False)
        report.phone, report.phone_png = _measure_and_shoot(pipe, session, PHONE, True)
        pipe.drain(0.2)
        _record_events(pipe.events, report)
        try:
            pipe.send("Browser.close", timeout=10)
        except (RuntimeError, TimeoutError):
            pass
    finally:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        os.close(from_us)
        os.close(to_us)
        shutil.rmtree(profile, ignore_errors=True)
    return report
