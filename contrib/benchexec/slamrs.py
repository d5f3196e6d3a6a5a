# BenchExec tool-info module for slamrs, a SLAM-style software model checker for C
# (predicate abstraction, Bebop-style boolean-program model checking, CEGAR).
#
# BenchExec resolves a tool name without a dot inside its own package (benchexec.tools.NAME), so
# a module outside it is named by its full dotted name: with the repository root on PYTHONPATH
# this one is `contrib.benchexec.slamrs` (<benchmark tool="contrib.benchexec.slamrs">), e.g.
#   PYTHONPATH=. python3 -m benchexec.test_tool_info contrib.benchexec.slamrs --tool-directory DIR
# where DIR holds the `slamrs` binary. (Copied into benchexec/tools/ it would be plain `slamrs`.)
# scripts/benchexec tests it and runs it; docs/benchexec.md explains.
#
# SPDX-License-Identifier: MIT

import json
import os
import re

import benchexec.result as result
import benchexec.tools.template

# Result strings that BenchExec itself uses when a run hits a limit (benchexec.model maps the
# termination reasons "cputime"/"walltime" to result.RESULT_TIMEOUT and "memory" to this one).
RESULT_OUT_OF_MEMORY = "OUT OF MEMORY"

# The kinds of reasons slamrs gives for an UNKNOWN verdict, mapped to the result BenchExec should
# record.  Kinds that are not listed (iteration-limit, refinement-stalled, unconfirmed,
# model-bound, rule-bound, unsupported, library-model, no-entry, internal-error, cancelled,
# vacuous, and any future one) are a plain "unknown".
_UNKNOWN_KIND_RESULT = {
    "timeout": result.RESULT_TIMEOUT,
    "memory-limit": RESULT_OUT_OF_MEMORY,
    "bdd-node-limit": RESULT_OUT_OF_MEMORY,
    "state-limit": RESULT_OUT_OF_MEMORY,
}

# Older slamrs versions give the reason as a bare string; these prefixes/phrases name its kind.
_LEGACY_REASON_KINDS = [
    (re.compile(r"^timeout", re.I), "timeout"),
    (re.compile(r"bdd node", re.I), "bdd-node-limit"),
    (re.compile(r"memory limit", re.I), "memory-limit"),
    (re.compile(r"state limit", re.I), "state-limit"),
    (re.compile(r"^iteration limit", re.I), "iteration-limit"),
    (re.compile(r"^internal error", re.I), "internal-error"),
]


class Tool(benchexec.tools.template.BaseTool2):
    """
    Tool-info module for slamrs, a SLAM-style software model checker for C
    (the tool is the single binary `slamrs`).

    Each run is `slamrs check FILE --property PRP --data-model ilp32|lp64 --format json
    --timeout S [--memory-limit MB] OPTIONS`: the data model comes from the task definition's
    options.data_model (ILP32 or LP64, ILP32 when absent), the soft time limit S is the run's
    CPU-time limit (else its wall-time limit) less 5 s, at least 1, so that slamrs answers
    UNKNOWN (timeout) itself before BenchExec kills it; the memory limit is 90% of the run's.
    slamrs prints one JSON object on one line; its "verdict" is mapped:
    safe -> true; violation -> false(unreach-call) (false for another property: the report's
    "checked" names it, else the property file on the command line does);
    unknown -> TIMEOUT (reason kind timeout), OUT OF MEMORY (memory-limit, bdd-node-limit,
    state-limit) or unknown (any other kind); not-applicable -> unknown;
    error -> ERROR (message).  Without a JSON object the result is ERROR
    (BenchExec then adds the exit code or signal), or TIMEOUT / OUT OF MEMORY if BenchExec
    stopped the run.  Statistics columns: any key of the JSON's "stats" object
    (iterations, predicates, z3_queries, total_s, peak_memory_mb, peak_bdd_nodes, ...),
    a top-level key (verdict, proof, checked), "reason" / "reason-kind", or a dotted path
    such as stats.mixed.images.
    """

    def executable(self, tool_locator):
        return tool_locator.find_executable("slamrs")

    def name(self):
        return "slamrs"

    def version(self, executable):
        # `slamrs 0.1.0` or `slamrs 0.1.0 (git 9b74957, Z3 4.8.12)`: everything after the name.
        text = self._version_from_tool(executable)
        for line in text.splitlines():
            match = re.match(r"^\s*slamrs\s+(\S.*?)\s*$", line)
            if match:
                return match.group(1)
        return ""

    def program_files(self, executable):
        return [executable]

    def cmdline(self, executable, options, task, rlimits):
        options = list(options)

        def given(flag):
            return any(o == flag or o.startswith(flag + "=") for o in options)

        cmd = [executable, "check", task.single_input_file]
        if task.property_file and not given("--property"):
            cmd += ["--property", task.property_file]
        if not given("--data-model"):
            cmd += ["--data-model", self._data_model(task.options)]
        if not given("--format"):
            cmd += ["--format", "json"]
        limit = rlimits.cputime or rlimits.walltime
        if limit and not given("--timeout"):
            cmd += ["--timeout", str(max(1, int(limit) - 5))]
        if rlimits.memory and not given("--memory-limit"):
            # rlimits.memory is in bytes; slamrs takes MB (it compares resident MiB).
            cmd += ["--memory-limit", str(max(1, rlimits.memory * 9 // 10 // 2**20))]
        return cmd + options

    @staticmethod
    def _data_model(task_options):
        model = None
        if isinstance(task_options, dict):
            model = task_options.get("data_model")
        if model is None:
            return "ilp32"
        model = str(model).strip().lower()
        if model in ("ilp32", "lp64"):
            return model
        raise benchexec.tools.template.UnsupportedFeatureException(
            f"Unsupported data model {task_options.get('data_model')!r} "
            "(slamrs takes ILP32 or LP64)"
        )

    # ---- results ----------------------------------------------------------------------------

    @staticmethod
    def _report(output):
        """The last line of the output that is a JSON object with a "verdict", or None."""
        for line in reversed(list(output)):
            line = line.strip()
            if not (line.startswith("{") and line.endswith("}")):
                continue
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if isinstance(obj, dict) and "verdict" in obj:
                return obj
        return None

    @staticmethod
    def reason_kind(reason):
        """The kind of an UNKNOWN's reason: {"kind": K, ...} or a legacy string."""
        if isinstance(reason, dict):
            kind = reason.get("kind")
            return str(kind) if kind else None
        if isinstance(reason, str):
            for pattern, kind in _LEGACY_REASON_KINDS:
                if pattern.search(reason):
                    return kind
        return None

    @staticmethod
    def _message(value):
        if isinstance(value, dict):
            value = value.get("message") or value.get("kind") or ""
        text = " ".join(str(value or "").split())
        # Keep table cells short; BenchExec shows the full output in the log.
        return text[:80] + "..." if len(text) > 80 else text

    @staticmethod
    def _property_name(cmdline):
        args = list(cmdline)
        for i, arg in enumerate(args):
            if arg == "--property" and i + 1 < len(args):
                return args[i + 1]
            if arg.startswith("--property="):
                return arg[len("--property=") :]
        return None

    def _violation_result(self, report, cmdline):
        # slamrs says what it checked: "property unreach-call" for an SV-COMP property file.
        checked = report.get("checked")
        if isinstance(checked, dict):
            # {"kind": "property" | "rule" | "assertions", "name": ...}
            if checked.get("kind") == "property":
                if checked.get("name") == "unreach-call":
                    return result.RESULT_FALSE_REACH
                return result.RESULT_FALSE_PROP
            if checked.get("kind") == "assertions":
                return result.RESULT_FALSE_REACH
        if isinstance(checked, str) and checked.startswith("property "):
            if checked[len("property ") :].strip() == "unreach-call":
                return result.RESULT_FALSE_REACH
            return result.RESULT_FALSE_PROP
        # Else decide by the property file on the command line.
        prp = self._property_name(cmdline)
        if prp is None:
            # The program's own assertions: reach_error() / failing assert, i.e. unreach-call.
            return result.RESULT_FALSE_REACH
        if os.path.basename(prp).startswith("unreach-call"):
            return result.RESULT_FALSE_REACH
        try:
            with open(prp) as f:
                text = f.read()
            if re.search(r"G\s*!\s*call\s*\(", text):
                return result.RESULT_FALSE_REACH
        except OSError:
            pass
        return result.RESULT_FALSE_PROP

    def determine_result(self, run):
        report = self._report(run.output)
        if report is None:
            if run.was_timeout:
                return result.RESULT_TIMEOUT
            if run.termination_reason == "memory":
                return RESULT_OUT_OF_MEMORY
            # Bad input (exit 2, text on stderr), a crash, or a kill: BenchExec adds the exit
            # code or the signal to a plain ERROR.
            return result.RESULT_ERROR

        verdict = str(report.get("verdict", "")).lower()
        if verdict == "safe":
            return result.RESULT_TRUE_PROP
        if verdict == "violation":
            return self._violation_result(report, run.cmdline)
        if verdict == "unknown":
            kind = self.reason_kind(report.get("reason"))
            return _UNKNOWN_KIND_RESULT.get(kind, result.RESULT_UNKNOWN)
        if verdict == "not-applicable":
            return result.RESULT_UNKNOWN
        if verdict == "error":
            message = self._message(report.get("error") or report.get("message"))
            return f"{result.RESULT_ERROR} ({message})" if message else result.RESULT_ERROR
        return f"{result.RESULT_ERROR} (unexpected verdict {self._message(verdict)})"

    def get_value_from_output(self, output, identifier):
        report = self._report(output)
        if report is None:
            return None
        if identifier in ("reason-kind", "reason_kind"):
            return self.reason_kind(report.get("reason"))
        if identifier == "reason":
            return self._message(report.get("reason")) or None
        stats = report.get("stats")
        if isinstance(stats, dict) and identifier in stats:
            value = stats[identifier]
        elif identifier in report:
            value = report[identifier]
        else:
            value = report
            for part in identifier.split("."):
                if not isinstance(value, dict) or part not in value:
                    return None
                value = value[part]
        if value is None or isinstance(value, (dict, list)):
            return None
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)
