#!/usr/bin/env python3
"""Scores the runs of scripts/svcomp: reads the task list and the raw output of each run,
writes the results CSV, prints the summary, and optionally rewrites the SV-COMP section of
docs/BENCHMARKS.md.

Inputs, per task N in the list (index, path, property, expected, data model; tab-separated):
runs/N.out (stdout: one JSON object), runs/N.err, runs/N.rc (exit status of `timeout`: the
checker's own status, 124 or 137 when it was killed), runs/N.time (/usr/bin/time
'%e %U %S %M': wall s, user s, system s, peak RSS KB), runs/N.cmd (the command).

Result of a task: `correct` or `wrong` when slamrs answered safe or violation (compared with
the expected verdict: true = no reachable error), `unknown` otherwise. Score as in SV-COMP:
+2 correct true, +1 correct false, -16 wrong false alarm (violation on a true task), -32 wrong
missed bug (safe on a false task), 0 unknown. A run whose peak RSS exceeded the memory limit,
or that was killed, is unknown whatever it printed.

Usage: svcomp-report.py --list F --runs DIR --csv OUT --timeout S --memory-limit MB
                        [--update-docs BENCHMARKS.md --command CMDLINE]
Exit status 1 if any verdict is wrong, else 0.
"""
import argparse
import csv
import datetime
import json
import os
import re
import sys

BEGIN = "<!-- svcomp:begin -->"
END = "<!-- svcomp:end -->"
EXIT_VERDICT = {0: "safe", 10: "violation", 20: "unknown"}
COLUMNS = ["task", "expected", "verdict", "result", "cpu_s", "wall_s", "peak_mb",
           "iterations", "predicates", "reason", "stall"]


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def last_line(text):
    lines = [l.strip() for l in text.strip().splitlines() if l.strip()]
    return lines[-1] if lines else ""


def one_task(n, path, expected, runs, timeout_s, memory_mb):
    """The results row of task number n."""
    row = {"task": path, "expected": expected, "verdict": "error", "result": "unknown",
           "cpu_s": "", "wall_s": "", "peak_mb": "", "iterations": "", "predicates": "",
           "reason": "", "stall": ""}
    out = read(os.path.join(runs, f"{n}.out"))
    err = read(os.path.join(runs, f"{n}.err"))
    rc_text = read(os.path.join(runs, f"{n}.rc")).strip()
    rc = int(rc_text) if re.fullmatch(r"-?\d+", rc_text) else None
    times = read(os.path.join(runs, f"{n}.time")).split()
    # /usr/bin/time prefixes "Command exited with non-zero status N" or "Command terminated
    # by signal N" lines; the measurements are the last four fields.
    if len(times) >= 4:
        try:
            wall, user, system, rss_kb = (float(x) for x in times[-4:])
            row["wall_s"] = f"{wall:.2f}"
            row["cpu_s"] = f"{user + system:.2f}"
            row["peak_mb"] = f"{rss_kb / 1024:.1f}"
        except ValueError:
            pass

    data = None
    try:
        data = json.loads(out.strip()) if out.strip() else None
    except json.JSONDecodeError:
        data = None
    if not isinstance(data, dict):
        data = None

    if rc in (124, 137) or (rc is not None and rc >= 128 and rc - 128 in (9, 15)):
        row["verdict"] = "timeout"
        row["reason"] = f"killed by the outside limit ({timeout_s} s + 10 s)"
    elif rc is None:
        row["reason"] = "no exit status recorded"
    elif rc > 128 and data is None:
        row["reason"] = f"killed by signal {rc - 128}: {last_line(err)[:200]}"
    elif data is None:
        row["reason"] = f"exit {rc}, no JSON on stdout: {last_line(err)[:200]}"
    else:
        verdict = data.get("verdict")
        if verdict not in ("safe", "violation", "unknown"):
            row["reason"] = f"exit {rc}, bad JSON verdict {verdict!r}"
        elif EXIT_VERDICT.get(rc) != verdict:
            row["reason"] = f"exit {rc} disagrees with the JSON verdict {verdict}"
        else:
            row["verdict"] = verdict
            row["reason"] = (data.get("reason") or {}).get("message") or ""
        stall = (data.get("stats") or {}).get("stall")
        if isinstance(stall, dict):
            row["stall"] = f"{stall.get('kind', '')}/{stall.get('cause', '')}"
        for key in ("iterations", "predicates"):
            if isinstance(data.get(key), int):
                row[key] = str(data[key])
        if verdict == "violation" and data.get("replayed") is not True:
            row["verdict"] = "error"
            row["reason"] = "violation without a replayed counterexample"

    if row["peak_mb"] and float(row["peak_mb"]) > memory_mb:
        row["reason"] = f"out of memory: peak {row['peak_mb']} MB > {memory_mb} MB (was: {row['verdict']})"
        row["verdict"] = "memout"

    if row["verdict"] in ("safe", "violation"):
        truth_safe = expected == "true"
        row["result"] = "correct" if (row["verdict"] == "safe") == truth_safe else "wrong"
    row["reason"] = " ".join(row["reason"].split())
    return row


def score(row):
    if row["result"] == "correct":
        return 2 if row["expected"] == "true" else 1
    if row["result"] == "wrong":
        return -16 if row["verdict"] == "violation" else -32
    return 0


def summarize(rows):
    """Counts over rows."""
    s = {"tasks": len(rows), "correct_true": 0, "correct_false": 0, "false_alarms": 0,
         "missed_bugs": 0, "unknown": 0, "score": 0, "cpu": 0.0, "peak": 0.0}
    for r in rows:
        if r["result"] == "correct":
            s["correct_true" if r["expected"] == "true" else "correct_false"] += 1
        elif r["result"] == "wrong":
            s["false_alarms" if r["verdict"] == "violation" else "missed_bugs"] += 1
        else:
            s["unknown"] += 1
        s["score"] += score(r)
        s["cpu"] += float(r["cpu_s"] or 0)
        s["peak"] = max(s["peak"], float(r["peak_mb"] or 0))
    s["wrong"] = s["false_alarms"] + s["missed_bugs"]
    s["correct"] = s["correct_true"] + s["correct_false"]
    return s


def summary_lines(rows):
    s = summarize(rows)
    return [
        f"tasks: {s['tasks']}",
        f"correct: {s['correct']} ({s['correct_true']} true, {s['correct_false']} false)",
        f"wrong: {s['wrong']} ({s['false_alarms']} false alarms, {s['missed_bugs']} missed bugs)",
        f"unknown: {s['unknown']}",
        f"total CPU time: {s['cpu']:.1f} s",
        f"max peak memory: {s['peak']:.1f} MB",
        f"SV-COMP score: {s['score']} (max {2 * sum(r['expected'] == 'true' for r in rows) + sum(r['expected'] != 'true' for r in rows)})",
    ]


def per_directory(rows):
    dirs = {}
    for r in rows:
        dirs.setdefault(os.path.dirname(r["task"]), []).append(r)
    return sorted(dirs.items())


def directory_table(rows):
    lines = ["| directory | tasks | correct true | correct false | wrong (false alarms / missed bugs) | unknown | score | CPU s | max peak MB |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for d, rs in per_directory(rows) + [("**all**", rows)]:
        s = summarize(rs)
        lines.append(f"| {d} | {s['tasks']} | {s['correct_true']} | {s['correct_false']} | "
                     f"{s['wrong']} ({s['false_alarms']} / {s['missed_bugs']}) | {s['unknown']} | "
                     f"{s['score']} | {s['cpu']:.1f} | {s['peak']:.1f} |")
    return lines


def task_table(rows):
    lines = ["| task | expected | verdict | result | CPU s | wall s | peak MB | iterations | predicates | reason |",
             "|---|---|---|---|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        reason = r["reason"].replace("|", "\\|")
        if len(reason) > 120:
            reason = reason[:117] + "..."
        lines.append(f"| {r['task']} | {r['expected']} | {r['verdict']} | {r['result']} | {r['cpu_s']} | "
                     f"{r['wall_s']} | {r['peak_mb']} | {r['iterations']} | {r['predicates']} | {reason} |")
    return lines


def update_docs(path, rows, command, timeout_s, memory_mb, section="svcomp", title=None):
    today = datetime.date.today().isoformat()
    begin, end_marker = f"<!-- {section}:begin -->", f"<!-- {section}:end -->"
    body = [
        begin,
        "",
        f"    {command}",
        "",
        f"Measured {today}, {os.cpu_count()} cores; limits per task {timeout_s} s and {memory_mb} MB "
        "(enforced by slamrs and from outside). Results CSV: `target/svcomp/results.csv`.",
        "",
        *[f"- {l}" for l in summary_lines(rows)],
        "",
        *directory_table(rows),
        "",
        *task_table(rows),
        "",
        end_marker,
    ]
    text = read(path)
    if begin in text and end_marker in text and text.index(begin) < text.index(end_marker):
        start = text.index(begin)
        end = text.index(end_marker) + len(end_marker)
        text = text[:start] + "\n".join(body) + text[end:]
    else:
        if text and not text.endswith("\n"):
            text += "\n"
        title = title or "SV-COMP: `slamrs check` on the unreach-call tasks"
        text += f"\n## {title}\n\n" + "\n".join(body) + "\n"
    with open(path, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--list", required=True)
    ap.add_argument("--runs", required=True)
    ap.add_argument("--csv", required=True)
    ap.add_argument("--timeout", type=int, required=True)
    ap.add_argument("--memory-limit", type=int, required=True)
    ap.add_argument("--update-docs")
    ap.add_argument("--command", default="scripts/svcomp")
    ap.add_argument("--section", default="svcomp")
    ap.add_argument("--title")
    a = ap.parse_args()

    rows = []
    with open(a.list) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 5:
                continue
            n, path, _prop, expected, _model = fields
            rows.append(one_task(n, path, expected, a.runs, a.timeout, a.memory_limit))

    with open(a.csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)

    for r in rows:
        if r["result"] != "correct":
            print(f"{r['result']:8} {r['task']}: {r['verdict']} (expected {r['expected']}) {r['reason']}")
    print()
    for l in summary_lines(rows):
        print(l)
    print()
    for l in directory_table(rows):
        print(l)
    print(f"\nwrote {a.csv}")
    if a.update_docs:
        update_docs(a.update_docs, rows, a.command, a.timeout, a.memory_limit, a.section, a.title)
        print(f"updated {a.update_docs}")
    # A wrong verdict is the worst failure of a verifier: make it fail the run.
    return 1 if any(r["result"] == "wrong" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
