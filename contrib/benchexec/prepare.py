#!/usr/bin/env python3
# Helpers of scripts/benchexec (no third-party imports except in `summary`, which reads
# BenchExec's result files):
#
#   prepare.py helper-tasks OUTDIR TASK.yml...
#       Copies of the task definitions for benchexec.test_tool_info, with absolute paths and only
#       the properties whose files exist (the helper stops at a property file that is missing).
#   prepare.py run-xml XML BENCH OUTDIR [--filter REGEX]
#       Prints the benchmark definition to run: XML itself when every property file its tasks
#       name exists and there is no filter; else a copy OUTDIR/NAME.xml whose tasks point into a
#       mirror OUTDIR/sv-comp of BENCH (symbolic links to the task files, the property files that
#       exist, and a labelled placeholder for each one that does not; BenchExec refuses a task
#       definition that names a missing property file, even one it is not asked to check; task
#       definitions with format_version 1.1, which BenchExec rejects, are copied as 2.0), with
#       only the tasks whose path (relative to BENCH, .yml or its .c) matches REGEX.
#   prepare.py summary [--table] RESULTS.xml.bz2...
#       Counts BenchExec's result categories (correct/wrong/unknown/error) and statuses per
#       result file (with --table first a Markdown row per task); exit status 1 if any result
#       is wrong.
#
# SPDX-License-Identifier: MIT

import glob
import os
import re
import sys

import yaml  # BenchExec depends on PyYAML, so its venv has it

PLACEHOLDER = (
    "// Placeholder written by scripts/benchexec: this property file is missing from the shared\n"
    "// benchmark copy; BenchExec only needs it to exist. Do not check this property with it.\n"
)


def load_task(path):
    with open(path) as f:
        return yaml.safe_load(f) or {}


def input_files(task):
    files = task.get("input_files") or []
    return [files] if isinstance(files, str) else list(files)


def property_files(task):
    return [
        p["property_file"]
        for p in task.get("properties") or []
        if isinstance(p, dict) and "property_file" in p
    ]


def helper_tasks(outdir, tasks):
    os.makedirs(outdir, exist_ok=True)
    for path in tasks:
        task = load_task(path)
        base = os.path.dirname(os.path.abspath(path))
        task["input_files"] = [os.path.join(base, f) for f in input_files(task)]
        kept = []
        for prop in task.get("properties") or []:
            prp = os.path.normpath(os.path.join(base, prop["property_file"]))
            if os.path.isfile(prp):
                kept.append({**prop, "property_file": prp})
        task["properties"] = kept
        out = os.path.join(outdir, os.path.basename(path))
        with open(out, "w") as f:
            yaml.safe_dump(task, f, sort_keys=False)
        print(out)


def bench_relative(path):
    """The part of an absolute path after its last `sv-comp` component."""
    parts = path.split(os.sep)
    if "sv-comp" not in parts:
        sys.exit(f"prepare.py: {path} is not under a sv-comp directory")
    i = len(parts) - 1 - parts[::-1].index("sv-comp")
    return os.sep.join(parts[i + 1 :])


def run_xml(xml, bench, outdir, regex):
    xml = os.path.abspath(xml)
    xml_dir = os.path.dirname(xml)
    bench = os.path.abspath(bench)
    with open(xml) as f:
        text = f.read()

    # Every task the definition includes, as a path relative to the sv-comp directory.
    includes = re.findall(r"<include>\s*([^<]*?)\s*</include>", text)
    tasks = []
    for pattern in includes:
        rel = bench_relative(os.path.normpath(os.path.join(xml_dir, pattern)))
        tasks += [os.path.relpath(p, bench) for p in sorted(glob.glob(os.path.join(bench, rel)))]

    missing = set()
    selected = []
    rewrite = set()  # task definitions BenchExec would reject for their format_version
    for rel in tasks:
        task = load_task(os.path.join(bench, rel))
        version = str(task.get("format_version"))
        if version not in ("1.0", "2.0", "2.1") or (version == "1.0" and "options" in task):
            rewrite.add(rel)
        base = os.path.dirname(rel)
        for prp in property_files(task):
            prp_rel = os.path.normpath(os.path.join(base, prp))
            if not os.path.isfile(os.path.join(bench, prp_rel)):
                missing.add(prp_rel)
        names = [rel] + [os.path.normpath(os.path.join(base, f)) for f in input_files(task)]
        if regex is None or any(re.search(regex, n) for n in names):
            selected.append((rel, task))

    same_bench = all(
        os.path.normpath(os.path.join(xml_dir, p)).startswith(bench + os.sep) for p in includes
    )
    if not missing and not rewrite and regex is None and same_bench:
        print(xml)
        return
    if not selected:
        sys.exit(f"prepare.py: no task matches {regex!r}")

    mirror = os.path.join(outdir, "sv-comp")
    if os.path.lexists(mirror):
        import shutil

        shutil.rmtree(mirror)

    def link(rel):
        dest = os.path.join(mirror, rel)
        if os.path.lexists(dest):
            return
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        os.symlink(os.path.join(bench, rel), dest)

    for rel, task in selected:
        base = os.path.dirname(rel)
        if rel in rewrite:
            # format_version 1.1 does not exist (BenchExec knows 1.0, 2.0, 2.1) and options need
            # 2.0: the mirror has a copy that says 2.0, which is what these files are.
            with open(os.path.join(bench, rel)) as f:
                text_yml = f.read()
            dest = os.path.join(mirror, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "w") as f:
                f.write(
                    f"# Copy of {os.path.join(bench, rel)} made by scripts/benchexec: format_version "
                    f"{task.get('format_version')!r} rewritten as '2.0' (BenchExec accepts 1.0, 2.0, 2.1; "
                    "options need 2.0).\n"
                    + re.sub(
                        r"^format_version:.*$",
                        "format_version: '2.0'",
                        text_yml,
                        count=1,
                        flags=re.M,
                    )
                )
        else:
            link(rel)
        for f in input_files(task):
            link(os.path.normpath(os.path.join(base, f)))
        for prp in property_files(task):
            prp_rel = os.path.normpath(os.path.join(base, prp))
            if prp_rel in missing:
                dest = os.path.join(mirror, prp_rel)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "w") as f:
                    f.write(PLACEHOLDER)
            else:
                link(prp_rel)
    # The property files the definition names (they may be named by no task).
    for prp in re.findall(r"<propertyfile>\s*([^<]*?)\s*</propertyfile>", text):
        rel = bench_relative(os.path.normpath(os.path.join(xml_dir, prp)))
        if os.path.isfile(os.path.join(bench, rel)):
            link(rel)

    def repoint(match):
        tag, path = match.group(1), match.group(2)
        rel = bench_relative(os.path.normpath(os.path.join(xml_dir, path)))
        return f"<{tag}>{os.path.relpath(os.path.join(mirror, rel), outdir)}</{tag}>"

    out_text = re.sub(r"<(include|propertyfile)>\s*([^<]*?)\s*</\1>", repoint, text)

    # Drop the <tasks> sets of which no task is left.
    def keep_set(match):
        pats = re.findall(r"<include>([^<]*)</include>", match.group(0))
        if any(glob.glob(os.path.join(outdir, p)) for p in pats):
            return match.group(0)
        return ""

    out_text = re.sub(r"[ \t]*<tasks\b[^>]*>.*?</tasks>\n?", keep_set, out_text, flags=re.S)
    body = (
        f"Generated by scripts/benchexec from {xml}: the tasks point into the mirror "
        f"{mirror} of {bench}"
        + (
            f" (missing property files replaced by placeholders: {', '.join(sorted(missing))})"
            if missing
            else ""
        )
        + (f"; only the tasks matching the filter {regex}" if regex else "")
        + (
            "; task definitions with format_version 1.1 and options copied as 2.0"
            if rewrite & {r for r, _ in selected}
            else ""
        )
        + "."
    ).replace("--", "- -")  # "--" may not appear in an XML comment
    out_text = re.sub(
        r"(<benchmark\b)", lambda m: f"<!-- {body} -->\n" + m.group(1), out_text, count=1
    )
    os.makedirs(outdir, exist_ok=True)
    out = os.path.join(outdir, os.path.basename(xml))
    with open(out, "w") as f:
        f.write(out_text)
    rewritten = len(rewrite & {r for r, _ in selected})
    print(
        f"prepare.py: running the generated copy {out} "
        f"({len(selected)} of {len(tasks)} tasks"
        + (f"; placeholders for the missing {', '.join(sorted(missing))}" if missing else "")
        + (f"; {rewritten} task definitions copied with format_version 2.0 for 1.1" if rewritten else "")
        + ")",
        file=sys.stderr,
    )
    print(out)


def bench_relative_or_name(name):
    parts = (name or "").split("/")
    return "/".join(parts[parts.index("sv-comp") + 1 :]) if "sv-comp" in parts else name


def summary(files, table=False):
    import bz2
    import xml.etree.ElementTree as ET

    wrong_total = 0
    for path in files:
        opener = bz2.open if path.endswith(".bz2") else open
        with opener(path, "rt") as f:
            root = ET.parse(f).getroot()
        cats = {}
        statuses = {}
        wrong = []
        cpu = 0.0
        for run in root.iter("run"):
            cols = {c.get("title"): c.get("value") for c in run.findall("column")}
            cat = cols.get("category", "?")
            status = cols.get("status", "?")
            expected = run.get("expectedVerdict", "?")
            cats[cat] = cats.get(cat, 0) + 1
            statuses[status] = statuses.get(status, 0) + 1
            if cat == "wrong":
                wrong.append(f"{run.get('name')}: {status} (expected {expected})")
            try:
                cpu += float((cols.get("cputime") or "0").rstrip("s"))
            except ValueError:
                pass
        if table:
            print(
                "| task | expected | status | category | CPU s | MB | iterations | predicates | z3 queries | reason |"
            )
            print("|---|---|---|---|--:|--:|--:|--:|--:|---|")
            for run in root.iter("run"):
                cols = {c.get("title"): c.get("value") or "" for c in run.findall("column")}
                cpu_s = cols.get("cputime", "").rstrip("s")
                mem = cols.get("memory", "").rstrip("B")
                cells = [
                    bench_relative_or_name(run.get("name")),
                    run.get("expectedVerdict", ""),
                    cols.get("status", ""),
                    cols.get("category", ""),
                    f"{float(cpu_s):.2f}" if cpu_s else "",
                    f"{int(mem) / 1e6:.0f}" if mem else "",
                    cols.get("iterations", ""),
                    cols.get("predicates", ""),
                    cols.get("z3 queries", ""),
                    cols.get("reason", ""),
                ]
                print("| " + " | ".join(cells) + " |")
        n = sum(cats.values())
        correct = cats.get("correct", 0)
        line = (
            f"{os.path.basename(path)}: {n} tasks: {correct} correct, {cats.get('wrong', 0)} wrong, "
            f"{cats.get('unknown', 0)} unknown, {cats.get('error', 0)} error (incl. TIMEOUT, OUT OF MEMORY)"
        )
        other = {k: v for k, v in cats.items() if k not in ("correct", "wrong", "unknown", "error")}
        if other:
            line += ", " + ", ".join(f"{v} {k}" for k, v in sorted(other.items()))
        print(line)
        print("  statuses: " + ", ".join(f"{v} {k}" for k, v in sorted(statuses.items())))
        print(f"  CPU time: {cpu:.1f} s")
        for w in wrong:
            print(f"  WRONG {w}")
        wrong_total += len(wrong)
    return 1 if wrong_total else 0


def main(argv):
    if len(argv) >= 3 and argv[1] == "helper-tasks":
        helper_tasks(argv[2], argv[3:])
        return 0
    if len(argv) in (5, 7) and argv[1] == "run-xml":
        regex = None
        if len(argv) == 7:
            if argv[5] != "--filter":
                sys.exit("prepare.py: usage: run-xml XML BENCH OUTDIR [--filter REGEX]")
            regex = argv[6]
        run_xml(argv[2], argv[3], argv[4], regex)
        return 0
    if len(argv) >= 3 and argv[1] == "summary":
        table = "--table" in argv[2:]
        return summary([a for a in argv[2:] if a != "--table"], table)
    sys.exit(
        "usage: prepare.py helper-tasks OUTDIR TASK.yml...\n"
        "       prepare.py run-xml XML BENCH OUTDIR [--filter REGEX]\n"
        "       prepare.py summary [--table] RESULTS..."
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv))
