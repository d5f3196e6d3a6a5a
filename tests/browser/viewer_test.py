#!/usr/bin/env python3
"""Drives the HTML report of `slamrs check --format html` in a real headless Chromium.

Run by tests/html_viewer.rs, which writes the pages and says what to expect:

    viewer_test.py --chromium /usr/bin/chromium --chromedriver /usr/bin/chromedriver \
        --artifacts DIR --violation V.html [--expect-var STEP NAME VALUE]... \
        --safe S.html --locking L.html [--expect-state NAME VALUE] [--long LONG.html]

STEP is a 0-based step index (the `data-index` of `.step`). The checks that do not need
expectations are derived from the report data embedded in each page. Exits 0 when every
check passed, 1 with the first failure (and a screenshot `failure.png` in DIR), 3 when
Selenium is missing.
"""

import argparse
import os
import pathlib
import shutil
import sys
import tempfile
import time

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.common.action_chains import ActionChains
except ImportError:  # the Rust test names what to install
    print("viewer_test: the Python package selenium is missing (run scripts/setup-browser)", file=sys.stderr)
    sys.exit(3)

# the network is closed here: Selenium Manager must not try to download anything
os.environ.setdefault("SE_OFFLINE", "true")
os.environ.setdefault("SE_AVOID_STATS", "true")

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1400,900",
]

PROBE = "slamrs-injection-probe"


class Failure(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Failure(msg)


class Page:
    """One report page open in the browser."""

    def __init__(self, driver, path):
        self.d = driver
        self.path = pathlib.Path(path).resolve()
        t0 = time.monotonic()
        driver.get(self.path.as_uri())
        self.load_s = time.monotonic() - t0
        self.data = driver.execute_script("return JSON.parse(document.getElementById('report').textContent);")
        self.report = self.data["report"]
        self.trace = self.report["trace"]

    def q(self, css):
        return self.d.find_elements(By.CSS_SELECTOR, css)

    def one(self, css):
        found = self.q(css)
        check(len(found) == 1, f"{self.path.name}: expected one `{css}`, found {len(found)}")
        return found[0]

    def text(self, css):
        return self.one(css).text

    def current(self):
        cur = self.q("#steps .step.current")
        check(len(cur) == 1, f"{self.path.name}: expected one current step, found {len(cur)}")
        return int(cur[0].get_attribute("data-index"))

    def expect_current(self, i, what):
        got = self.current()
        check(got == i, f"{self.path.name}: after {what} step {i} should be current, step {got} is")
        line = self.trace[i]["line"]
        cl = self.q("#source .current-line")
        check(len(cl) == 1, f"{self.path.name}: after {what}: expected one .current-line in #source, found {len(cl)}")
        check(cl[0].get_attribute("data-line") == str(line),
              f"{self.path.name}: after {what}: .current-line is line {cl[0].get_attribute('data-line')}, step {i} is on line {line}")
        check(cl[0].is_displayed(), f"{self.path.name}: after {what}: the current source line is not shown")
        check("on-path" in cl[0].get_attribute("class"), f"{self.path.name}: the current line is not marked on the path")
        file_box = self.d.execute_script("return arguments[0].closest('.src-file').dataset.file;", cl[0])
        check(file_box == self.trace[i]["file"], f"{self.path.name}: the current line is in {file_box}, not {self.trace[i]['file']}")
        pos = self.text("#position")
        check(pos == f"Step {i + 1} of {len(self.trace)}", f"{self.path.name}: #position says {pos!r}")

    def var(self, box, name):
        rows = self.q(f"{box} .var[data-name='{name}']")
        check(len(rows) == 1, f"{self.path.name}: expected one {box} row for {name}, found {len(rows)}")
        return rows[0]

    def value(self, box, name):
        return self.var(box, name).find_element(By.CSS_SELECTOR, ".value").text

    def click_step(self, i):
        self.one(f"#steps .step[data-index='{i}'] .num").click()

    def key(self, k):
        ActionChains(self.d).send_keys(k).perform()

    def js_errors(self):
        try:
            logs = self.d.get_log("browser")
        except Exception:  # not every driver keeps the log
            return []
        return [entry["message"] for entry in logs if entry.get("level") == "SEVERE"]


def headline_and_rule(p, word):
    verdict = p.text("#verdict")
    check(word in verdict, f"{p.path.name}: #verdict is {verdict!r}, expected {word}")
    rule = p.text("#rule")
    check(p.report["checked"]["name"] in rule, f"{p.path.name}: #rule {rule!r} does not name {p.report['checked']['name']}")
    stats = p.text("#stats")
    check("iteration" in stats and " s" in stats, f"{p.path.name}: #stats is {stats!r}")


def first_call(trace):
    """The first step that makes a call, and the steps inside it."""
    for i in range(len(trace) - 1):
        if trace[i + 1]["depth"] > trace[i]["depth"]:
            j = i + 1
            while j < len(trace) and trace[j]["depth"] > trace[i]["depth"]:
                j += 1
            return i, list(range(i + 1, j))
    return None, []


def check_violation(driver, path, expect_vars, artifacts):
    p = Page(driver, path)
    n = len(p.trace)
    check(n >= 4, f"{p.path.name}: the trace has only {n} steps")
    # initial state
    headline_and_rule(p, "VIOLATION")
    steps = p.q("#steps .step")
    check(len(steps) == n, f"{p.path.name}: {len(steps)} .step elements for {n} trace lines")
    check([s.get_attribute("data-index") for s in steps] == [str(i) for i in range(n)], "data-index is not 0..n-1")
    p.expect_current(0, "loading")
    inputs = p.text("#inputs")
    for x in p.report["inputs"]:
        check(str(x) in inputs, f"{p.path.name}: input {x} is not shown in #inputs ({inputs!r})")
    check(p.one("#prev").get_attribute("disabled") is not None, "#prev is enabled on the first step")
    # the page's data cannot inject markup: the probe is text in the source
    check(not p.q(f"#{PROBE}"), "markup from the C source became an element")
    probe_lines = [e for e in p.q("#source .src-line") if PROBE in e.get_attribute("textContent")]
    check(probe_lines, "the source line with the injection probe is not in #source")
    check("</script>" in probe_lines[0].get_attribute("textContent"), "the probe's </script> is not shown as text")

    # Next, Next
    p.one("#next").click()
    p.one("#next").click()
    p.expect_current(2, "clicking #next twice")
    for v in p.trace[2]["values"]:
        check(p.value("#vars", v["name"]) == v["value"], f"step 2: {v['name']} shows {p.value('#vars', v['name'])!r}, not {v['value']!r}")
        check("here" in p.var("#vars", v["name"]).get_attribute("class"), f"step 2: {v['name']} is not marked as on this line")
    # Prev
    p.one("#prev").click()
    p.expect_current(1, "clicking #prev")
    # keyboard
    p.key(Keys.ARROW_RIGHT)
    p.expect_current(2, "the right arrow")
    p.key(Keys.ARROW_LEFT)
    p.expect_current(1, "the left arrow")
    p.key("j")
    p.expect_current(2, "j")
    p.key("k")
    p.expect_current(1, "k")

    # values at given steps
    for step, name, value in expect_vars:
        p.click_step(step)
        p.expect_current(step, f"clicking step {step}")
        row = p.var("#vars", name)
        check(row.is_displayed(), f"step {step}: the row of {name} is not shown")
        got = p.value("#vars", name)
        check(got == value, f"step {step}: #vars shows {name} = {got!r}, expected {value!r}")
    # a value seen for the first time is marked as changed; an unchanged one is not
    seen = {}
    for i, t in enumerate(p.trace):
        for v in t["values"]:
            first = v["name"] not in seen
            if first or seen[v["name"]] != v["value"]:
                p.click_step(i)
                cls = p.var("#vars", v["name"]).get_attribute("class")
                check("changed" in cls, f"step {i}: {v['name']} has a new value but is not marked .changed")
                if i + 1 < n and all(w["name"] != v["name"] for w in p.trace[i + 1]["values"]):
                    p.click_step(i + 1)
                    cls = p.var("#vars", v["name"]).get_attribute("class")
                    check("changed" not in cls, f"step {i + 1}: {v['name']} is marked .changed without a new value")
                break
            seen[v["name"]] = v["value"]
        else:
            continue
        break

    # folding a call
    call, inner = first_call(p.trace)
    check(call is not None, f"{p.path.name}: the trace makes no call")
    p.click_step(call)
    toggle = p.one(f"#steps .step[data-index='{call}'] .fold-toggle")
    toggle.click()
    for i in range(n):
        el = p.one(f"#steps .step[data-index='{i}']")
        hidden = "folded" in el.get_attribute("class")
        check(hidden == (i in inner), f"after folding step {call}: step {i} folded={hidden}")
        check(el.is_displayed() != hidden, f"after folding step {call}: step {i} displayed={el.is_displayed()}")
    p.one("#next").click()
    after = inner[-1] + 1
    if after < n:
        p.expect_current(after, "#next over a folded call")
        p.one("#prev").click()
        p.expect_current(call, "#prev back over a folded call")
    toggle.click()
    for i in inner:
        el = p.one(f"#steps .step[data-index='{i}']")
        check("folded" not in el.get_attribute("class") and el.is_displayed(), f"after unfolding: step {i} is still hidden")
    # End goes to the error
    p.key(Keys.END)
    p.expect_current(n - 1, "End")
    check("error-step" in p.one(f"#steps .step[data-index='{n - 1}']").get_attribute("class"), "the last step is not the error")
    driver.save_screenshot(str(artifacts / "program.png"))
    errors = p.js_errors()
    check(not errors, f"{p.path.name}: errors in the console: {errors}")


def check_safe(driver, path, artifacts):
    p = Page(driver, path)
    headline_and_rule(p, "SAFE")
    check(not p.q(".step"), f"{p.path.name}: a SAFE page shows steps")
    check(not p.one("#trace").is_displayed(), f"{p.path.name}: the trace section is shown")
    check(not p.one("#inputs-card").is_displayed(), f"{p.path.name}: inputs are shown for SAFE")
    driver.save_screenshot(str(artifacts / "safe.png"))
    errors = p.js_errors()
    check(not errors, f"{p.path.name}: errors in the console: {errors}")


def check_locking(driver, path, expect_state, artifacts):
    p = Page(driver, path)
    headline_and_rule(p, "VIOLATION")
    check("locking" in p.text("#rule"), "#rule does not name locking")
    p.expect_current(0, "loading")
    check(p.one("#rule-state-box").is_displayed(), "the rule state panel is not shown")
    # walk to the first step in the rule's own text: the source shows that file
    rule_steps = [i for i, t in enumerate(p.trace) if t["file"].startswith("<builtin:")]
    check(rule_steps, "the locking trace never enters the rule")
    p.click_step(rule_steps[0])
    p.expect_current(rule_steps[0], "clicking a step in the rule")
    shown = [e.get_attribute("data-file") for e in p.q("#source .src-file") if e.is_displayed()]
    check(shown == [p.trace[rule_steps[0]]["file"]], f"the source shows {shown}")
    tab = [e for e in p.q("#source-tabs .src-tab.active")]
    check(len(tab) == 1 and "locking" in tab[0].text, "the rule's tab is not the active one")
    p.key(Keys.END)
    p.expect_current(len(p.trace) - 1, "End")
    for name, value in expect_state:
        got = p.value("#rule-state", name)
        check(got == value, f"last step: the rule state shows {name} = {got!r}, expected {value!r}")
        check(not p.q(f"#vars .var[data-name='{name}']"), f"the rule state variable {name} is also in #vars")
    check(p.q("#source .src-line.error-line.current-line"), "the error line is not the current line at the end")
    driver.save_screenshot(str(artifacts / "violation.png"))
    errors = p.js_errors()
    check(not errors, f"{p.path.name}: errors in the console: {errors}")


def check_long(driver, path, artifacts):
    p = Page(driver, path)
    n = len(p.trace)
    check(len(p.q("#steps .step")) == n, f"{p.path.name}: not every step is in the list")
    check(p.load_s < 10, f"{p.path.name}: took {p.load_s:.1f} s to load")
    t0 = time.monotonic()
    for _ in range(20):
        p.key(Keys.ARROW_RIGHT)
    p.expect_current(20, "20 right arrows")
    p.key(Keys.END)
    p.expect_current(n - 1, "End")
    p.key(Keys.HOME)
    p.expect_current(0, "Home")
    dt = time.monotonic() - t0
    check(dt < 10, f"{p.path.name}: walking took {dt:.1f} s")
    # the current line scrolls into view
    p.click_step(n // 2)
    inside = driver.execute_script(
        "const b = document.getElementById('source').getBoundingClientRect();"
        "const e = document.querySelector('#source .current-line').getBoundingClientRect();"
        "return e.top >= b.top && e.bottom <= b.bottom;")
    check(inside, "the current source line is not scrolled into view")
    driver.save_screenshot(str(artifacts / "long.png"))
    errors = p.js_errors()
    check(not errors, f"{p.path.name}: errors in the console: {errors}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    ap.add_argument("--artifacts", required=True, help="directory for the screenshots")
    ap.add_argument("--violation")
    ap.add_argument("--expect-var", nargs=3, action="append", default=[], metavar=("STEP", "NAME", "VALUE"))
    ap.add_argument("--safe")
    ap.add_argument("--locking")
    ap.add_argument("--expect-state", nargs=2, action="append", default=[], metavar=("NAME", "VALUE"))
    ap.add_argument("--long")
    args = ap.parse_args()
    artifacts = pathlib.Path(args.artifacts)
    artifacts.mkdir(parents=True, exist_ok=True)

    profile = tempfile.mkdtemp(prefix="slamrs-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = args.chromium
    for flag in CHROMIUM_FLAGS + [f"--user-data-dir={profile}"]:
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = None
    try:
        driver = webdriver.Chrome(service=Service(executable_path=args.chromedriver), options=opts)
        driver.set_page_load_timeout(30)
        if args.violation:
            check_violation(driver, args.violation, [(int(s), n, v) for s, n, v in args.expect_var], artifacts)
            print("viewer_test: violation page ok")
        if args.safe:
            check_safe(driver, args.safe, artifacts)
            print("viewer_test: safe page ok")
        if args.locking:
            check_locking(driver, args.locking, args.expect_state, artifacts)
            print("viewer_test: locking page ok")
        if args.long:
            check_long(driver, args.long, artifacts)
            print("viewer_test: long trace ok")
    except Failure as e:
        print(f"viewer_test: FAILED: {e}", file=sys.stderr)
        if driver is not None:
            driver.save_screenshot(str(artifacts / "failure.png"))
            print(f"viewer_test: screenshot of the failure in {artifacts / 'failure.png'}", file=sys.stderr)
        return 1
    finally:
        if driver is not None:
            driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
