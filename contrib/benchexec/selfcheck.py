#!/usr/bin/env python3
# Self-checks of the BenchExec tool-info module slamrs.py (no pytest): command lines for
# SV-COMP tasks, the version string, and the results and statistics it reads from synthetic
# slamrs outputs (both shapes of "reason", runs that BenchExec killed, garbage output).
#
# Usage (with BenchExec importable, e.g. the venv scripts/benchexec makes):
#   python3 contrib/benchexec/selfcheck.py [--executable PATH/TO/slamrs]
# Prints one line per failed check and a closing "N passed, N failed" line; exit status 1 if
# any check failed.
#
# SPDX-License-Identifier: MIT

import argparse
import ast
import importlib.util
import json
import os
import re
import sys
import tempfile

import yaml

import benchexec.result as result
from benchexec import util
from benchexec.tooladapter import CURRENT_BASETOOL as Base

HERE = os.path.dirname(os.path.abspath(__file__))

passed = 0
failed = 0


def check(name, got, want):
    global passed, failed
    if got == want:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: got {got!r}, want {want!r}")


def load_module():
    spec = importlib.util.spec_from_file_location(
        "slamrs_tool_info", os.path.join(HERE, "slamrs.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PRP = "../properties/unreach-call.prp"
CMD = ("slamrs", "check", "t.c", "--property", PRP, "--data-model", "ilp32", "--format", "json")


def make_run(lines, value=0, signal=None, termination=None, cmdline=CMD):
    code = (
        util.ProcessExitCode.create(signal=signal)
        if signal
        else util.ProcessExitCode.create(value=value)
    )
    output = Base.RunOutput([line + "\n" for line in lines])
    return Base.Run(list(cmdline), code, output, termination)


def report(verdict, reason=None, stats=None, **extra):
    obj = {"verdict": verdict, "checked": "property unreach-call", "reason": reason}
    obj["stats"] = (
        stats
        if stats is not None
        else {
            "iterations": 3,
            "predicates": 7,
            "z3_queries": 41,
            "total_s": 0.25,
            "peak_memory_mb": 96,
            "peak_bdd_nodes": None,
        }
    )
    obj.update(extra)
    return json.dumps(obj)


def check_results(tool):
    r = tool.determine_result
    check("safe", r(make_run([report("safe")])), result.RESULT_TRUE_PROP)
    violation = report(
        "violation",
        error={"file": "t.c", "function": "main", "line": 9},
        message="`reach_error` is called",
    )
    check("violation", r(make_run([violation], value=10)), result.RESULT_FALSE_REACH)
    # The report's "checked" names the property; the file name does not matter then.
    check(
        "violation, property file under another name",
        r(make_run([violation], value=10, cmdline=CMD[:3] + ("--property", "PROPERTY.PRP"))),
        result.RESULT_FALSE_REACH,
    )
    other_checked = json.loads(violation)
    other_checked["checked"] = "property no-overflow"
    check(
        "violation of another property (checked)",
        r(make_run([json.dumps(other_checked)], value=10)),
        result.RESULT_FALSE_PROP,
    )
    # The current report format: "checked" is {"kind", "name", "description"}.
    typed = json.loads(violation)
    typed["checked"] = {"kind": "property", "name": "unreach-call", "description": "..."}
    check(
        "violation, typed checked (unreach-call)",
        r(make_run([json.dumps(typed)], value=10)),
        result.RESULT_FALSE_REACH,
    )
    typed["checked"] = {"kind": "property", "name": "no-overflow", "description": "..."}
    check(
        "violation, typed checked (another property)",
        r(make_run([json.dumps(typed)], value=10)),
        result.RESULT_FALSE_PROP,
    )
    typed["checked"] = {"kind": "assertions", "name": "assertions", "description": "..."}
    check(
        "violation, typed checked (assertions)",
        r(make_run([json.dumps(typed)], value=10, cmdline=CMD[:3])),
        result.RESULT_FALSE_REACH,
    )
    # Without "checked": the property file on the command line decides.
    bare = json.loads(violation)
    del bare["checked"]
    bare = json.dumps(bare)
    check(
        "violation, no property (own assertions)",
        r(make_run([bare], value=10, cmdline=CMD[:3])),
        result.RESULT_FALSE_REACH,
    )
    check("violation, unreach-call.prp", r(make_run([bare], value=10)), result.RESULT_FALSE_REACH)
    other = list(CMD)
    other[4] = "/nonexistent/valid-memsafety.prp"
    check(
        "violation of another property (file)",
        r(make_run([bare], value=10, cmdline=other)),
        result.RESULT_FALSE_PROP,
    )
    with tempfile.NamedTemporaryFile("w", suffix=".prp", delete=False) as f:
        f.write("CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
    try:
        renamed = list(CMD)
        renamed[4] = f.name
        check(
            "violation, unreach-call property file under another name",
            r(make_run([bare], value=10, cmdline=renamed)),
            result.RESULT_FALSE_REACH,
        )
    finally:
        os.unlink(f.name)

    # unknown, reason as an object {"kind", "message"}
    kinds = {
        "timeout": result.RESULT_TIMEOUT,
        "memory-limit": "OUT OF MEMORY",
        "bdd-node-limit": "OUT OF MEMORY",
        "state-limit": "OUT OF MEMORY",
    }
    for kind in (
        "iteration-limit",
        "refinement-stalled",
        "unconfirmed",
        "model-bound",
        "rule-bound",
        "unsupported",
        "library-model",
        "no-entry",
        "internal-error",
        "cancelled",
        "some-future-kind",
    ):
        kinds[kind] = result.RESULT_UNKNOWN
    for kind, want in kinds.items():
        out = report("unknown", reason={"kind": kind, "message": f"gave up: {kind}"})
        check(f"unknown {kind}", r(make_run([out], value=20)), want)
    check(
        "unknown, reason object without kind",
        r(make_run([report("unknown", reason={"message": "?"})], value=20)),
        result.RESULT_UNKNOWN,
    )
    # unknown, reason as a string (slamrs before the reason object)
    for text, want in [
        ("timeout after 6 iterations", result.RESULT_TIMEOUT),
        ("timeout (mixed backend)", result.RESULT_TIMEOUT),
        ("memory limit (4096 MB) exceeded", "OUT OF MEMORY"),
        ("BDD node table full (memory limit)", "OUT OF MEMORY"),
        ("iteration limit (200) reached", result.RESULT_UNKNOWN),
        ("internal error: boom", result.RESULT_UNKNOWN),
        ("Z3 gave no model", result.RESULT_UNKNOWN),
        (None, result.RESULT_UNKNOWN),
    ]:
        check(f"unknown {text!r}", r(make_run([report("unknown", reason=text)], value=20)), want)
    check(
        "not-applicable", r(make_run([report("not-applicable")], value=20)), result.RESULT_UNKNOWN
    )
    check(
        "error with message",
        r(make_run([report("error", error="cannot parse t.c: line 3")], value=2)),
        "ERROR (cannot parse t.c: line 3)",
    )
    check(
        "error with an object",
        r(make_run([report("error", error={"message": "bad"})], value=2)),
        "ERROR (bad)",
    )
    check("error without message", r(make_run([report("error")], value=2)), result.RESULT_ERROR)
    check("unexpected verdict", r(make_run([report("maybe")])), "ERROR (unexpected verdict maybe)")

    # stderr lines around the JSON, and a JSON that is not the report
    noisy = ["warning: something", '{"not": "a report"}', report("safe"), "done"]
    check("JSON among other lines", r(make_run(noisy)), result.RESULT_TRUE_PROP)
    # killed / no JSON
    check(
        "killed by the CPU-time limit, no output",
        r(make_run([], signal=9, termination="cputime")),
        result.RESULT_TIMEOUT,
    )
    check(
        "killed by the wall-time limit",
        r(make_run(["partial {"], signal=9, termination="walltime")),
        result.RESULT_TIMEOUT,
    )
    check(
        "killed by the memory limit",
        r(make_run([], signal=9, termination="memory")),
        "OUT OF MEMORY",
    )
    check(
        "killed, other reason", r(make_run([], signal=9, termination="killed")), result.RESULT_ERROR
    )
    check("crash (SIGSEGV)", r(make_run(["thread panicked"], signal=11)), result.RESULT_ERROR)
    check(
        "bad input (exit 2, text only)",
        r(make_run(["error: t.c: no such file"], value=2)),
        result.RESULT_ERROR,
    )
    check(
        "garbage output",
        r(make_run(["%%% not json {", "{truncated"], value=0)),
        result.RESULT_ERROR,
    )
    check("empty output", r(make_run([], value=0)), result.RESULT_ERROR)
    # a verdict after the limit: the module still reads it (BenchExec shows "TIMEOUT (true)")
    check(
        "verdict printed, then killed",
        r(make_run([report("safe")], signal=9, termination="cputime")),
        result.RESULT_TRUE_PROP,
    )

    # every result is one BenchExec classifies as intended
    check(
        "class of true",
        result.get_result_classification(result.RESULT_TRUE_PROP),
        result.RESULT_CLASS_TRUE,
    )
    check(
        "class of false(unreach-call)",
        result.get_result_classification(result.RESULT_FALSE_REACH),
        result.RESULT_CLASS_FALSE,
    )


def check_values(tool):
    v = tool.get_value_from_output
    out = Base.RunOutput(
        [
            report(
                "unknown",
                reason={"kind": "timeout", "message": "timeout after 3 iterations"},
                proof=None,
                stats={
                    "iterations": 3,
                    "predicates": 7,
                    "z3_queries": 41,
                    "total_s": 0.25,
                    "peak_bdd_nodes": None,
                    "mixed": {"images": 5},
                },
            )
            + "\n"
        ]
    )
    check("value iterations", v(out, "iterations"), "3")
    check("value predicates", v(out, "predicates"), "7")
    check("value z3_queries", v(out, "z3_queries"), "41")
    check("value total_s", v(out, "total_s"), "0.25")
    check("value null stat", v(out, "peak_bdd_nodes"), None)
    check("value missing stat", v(out, "peak_memory_mb"), None)
    check("value dotted path", v(out, "stats.mixed.images"), "5")
    check("value top-level", v(out, "verdict"), "unknown")
    check("value reason-kind", v(out, "reason-kind"), "timeout")
    check("value reason", v(out, "reason"), "timeout after 3 iterations")
    legacy = Base.RunOutput(
        [report("unknown", reason="memory limit (10 MB) exceeded", stats=None) + "\n"]
    )
    check("value reason-kind (string reason)", v(legacy, "reason-kind"), "memory-limit")
    no_stats = Base.RunOutput([json.dumps({"verdict": "safe"}) + "\n"])
    check("value without stats", v(no_stats, "iterations"), None)
    check("value of garbage", v(Base.RunOutput(["oops\n"]), "iterations"), None)


def check_cmdlines(tool):
    limits = Base.ResourceLimits(cputime=60, cputime_hard=60, memory=4_000_000_000, cpu_cores=1)

    def task(options, prp=PRP):
        return Base.Task.with_files(["t.c"], property_file=prp, options=options)

    cmd = tool.cmdline("slamrs", [], task({"language": "C", "data_model": "ILP32"}), limits)
    check(
        "cmdline ILP32",
        cmd,
        [
            "slamrs",
            "check",
            "t.c",
            "--property",
            PRP,
            "--data-model",
            "ilp32",
            "--format",
            "json",
            "--timeout",
            "55",
            "--memory-limit",
            "3433",
        ],
    )
    cmd = tool.cmdline("slamrs", [], task({"language": "C", "data_model": "LP64"}), limits)
    check("cmdline LP64", cmd[cmd.index("--data-model") + 1], "lp64")
    cmd = tool.cmdline("slamrs", [], task({"language": "C"}), limits)
    check("cmdline no data model", cmd[cmd.index("--data-model") + 1], "ilp32")
    cmd = tool.cmdline("slamrs", [], task(None), Base.ResourceLimits())
    check(
        "cmdline no options, no limits",
        cmd,
        ["slamrs", "check", "t.c", "--property", PRP, "--data-model", "ilp32", "--format", "json"],
    )
    cmd = tool.cmdline(
        "slamrs", [], task(None, prp=None), Base.ResourceLimits(cputime=3, cputime_hard=3)
    )
    check(
        "cmdline no property, tiny limit",
        cmd,
        ["slamrs", "check", "t.c", "--data-model", "ilp32", "--format", "json", "--timeout", "1"],
    )
    cmd = tool.cmdline("slamrs", [], task(None), Base.ResourceLimits(walltime=30))
    check("cmdline wall-time limit only", cmd[cmd.index("--timeout") + 1], "25")
    cmd = tool.cmdline("slamrs", ["--timeout", "7", "--backend", "portfolio"], task(None), limits)
    check("cmdline user timeout wins", cmd.count("--timeout"), 1)
    check("cmdline user options last", cmd[-4:], ["--timeout", "7", "--backend", "portfolio"])
    cmd = tool.cmdline("slamrs", ["--data-model=lp64"], task({"data_model": "ILP32"}), limits)
    check(
        "cmdline user data model wins", [a for a in cmd if "data-model" in a], ["--data-model=lp64"]
    )
    try:
        tool.cmdline("slamrs", [], task({"data_model": "LLP128"}), limits)
        check("cmdline unknown data model rejected", "accepted", "UnsupportedFeatureException")
    except Exception as e:  # noqa: BLE001
        check(
            "cmdline unknown data model rejected", type(e).__name__, "UnsupportedFeatureException"
        )
    try:
        tool.cmdline(
            "slamrs",
            [],
            Base.Task.with_files(["a.c", "b.c"], property_file=PRP, options=None),
            limits,
        )
        check("cmdline two input files rejected", "accepted", "UnsupportedFeatureException")
    except Exception as e:  # noqa: BLE001
        check("cmdline two input files rejected", type(e).__name__, "UnsupportedFeatureException")


def check_version(module, executable):
    tool = module.Tool()

    def fake(text):
        return lambda *args, **kwargs: text

    for text, want in [
        ("slamrs 0.1.0", "0.1.0"),
        ("slamrs 0.1.0\n", "0.1.0"),
        ("slamrs 0.1.0 (git 9b74957, Z3 4.8.12)", "0.1.0 (git 9b74957, Z3 4.8.12)"),
        ("something else", ""),
        ("", ""),
    ]:
        tool._version_from_tool = fake(text)
        check(f"version of {text!r}", tool.version("slamrs"), want)
    if executable:
        version = module.Tool().version(executable)
        check(
            "version of the real binary is non-empty and starts with a digit",
            bool(version) and version[0].isdigit(),
            True,
        )
        print(f"version of {executable}: {version!r}")


def check_helper_log(log, expects, tasks):
    """The output of `python3 -m benchexec.test_tool_info` (stderr and stdout in one file)."""
    with open(log) as f:
        text = f.read()
    lines = text.splitlines()
    allowed = ("Tool-info module does not support tasks with multiple input files",)
    problems = [
        line
        for line in lines
        if re.match(r"^(WARNING|ERROR|CRITICAL|Error|Traceback)\b", line)
        and not any(a in line for a in allowed)
    ]
    check("helper: no warnings, errors or tracebacks", problems, [])
    version = re.search(r"^Version: “(.*)”$", text, re.M)
    check(
        "helper: version printed, starting with a digit",
        bool(version) and version.group(1)[:1].isdigit(),
        True,
    )

    def cmdline(title):
        m = re.search(r"^" + re.escape(title) + r":\n\t“(\[.*\])”$", text, re.M)
        return ast.literal_eval(m.group(1)) if m else None

    sv = cmdline("Command line SV-Benchmarks task")
    check(
        "helper: SV-Benchmarks task command line",
        sv
        and sv[1:]
        == [
            "check",
            "INPUT.FILE",
            "--property",
            "PROPERTY.PRP",
            "--data-model",
            "ilp32",
            "--format",
            "json",
            "--timeout",
            "895",
        ],
        True,
    )
    minimal = cmdline("Minimal command line")
    check("helper: minimal command line", minimal and minimal[1:3] == ["check", "INPUT.FILE"], True)
    for task in tasks:
        with open(task) as f:
            definition = yaml.safe_load(f)
        model = str((definition.get("options") or {}).get("data_model", "ILP32")).lower()
        source = (
            os.path.join(os.path.dirname(task), definition["input_files"][0])
            if isinstance(definition["input_files"], list)
            else definition["input_files"]
        )
        for prop in definition.get("properties") or []:
            cmd = cmdline(f"Command line for {task} with property {prop['property_file']}")
            want = [
                "check",
                os.path.normpath(source),
                "--property",
                prop["property_file"],
                "--data-model",
                model,
                "--format",
                "json",
            ]
            got = cmd and [cmd[1], os.path.normpath(cmd[2])] + cmd[3:]
            check(f"helper: command line for {os.path.basename(task)}", got, want)
    for expect in expects:
        path, want = expect.split("=", 1)
        m = re.search(
            r"^Result of analyzing tool output in “" + re.escape(path) + r"”:\n\t“(.*)”$",
            text,
            re.M,
        )
        check(f"helper: result of {os.path.basename(path)}", m.group(1) if m else None, want)


def main():
    parser = argparse.ArgumentParser(description="Self-checks of the slamrs tool-info module.")
    parser.add_argument("--executable", help="a slamrs binary whose version() is checked too")
    parser.add_argument("--helper-log", help="the output of benchexec.test_tool_info to check")
    parser.add_argument(
        "--expect",
        nargs="*",
        default=[],
        metavar="OUTPUT=RESULT",
        help="with --helper-log: the result the helper must show for a tool output",
    )
    parser.add_argument(
        "--task",
        nargs="*",
        default=[],
        metavar="TASK.yml",
        help="with --helper-log: the task definitions the helper was given",
    )
    args = parser.parse_args()
    if args.helper_log:
        check_helper_log(args.helper_log, args.expect, args.task)
        print(f"test_tool_info: {passed} passed, {failed} failed")
        return 1 if failed else 0
    module = load_module()
    tool = module.Tool()
    check("name", tool.name(), "slamrs")
    check_results(tool)
    check_values(tool)
    check_cmdlines(tool)
    check_version(module, args.executable)
    print(f"selfcheck: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
