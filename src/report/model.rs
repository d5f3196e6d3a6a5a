//! The typed result of `slamrs check`: what was checked, the verdict and its typed reason,
//! the counterexample in C terms (steps with source locations and values), the statistics
//! and, for bad input, the error. Every output (text, JSON, SARIF, …) renders this value;
//! the JSON output is this value serialized, and its schema (`docs/report.schema.json`) is
//! generated from these types.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::reason::Reason;

/// Version of the report format: raised when a field changes meaning or goes away.
pub const FORMAT_VERSION: u32 = 2;

/// The report of one `slamrs check` run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CheckReport {
    /// Version of this format ([`FORMAT_VERSION`]).
    pub format_version: u32,
    pub tool: Tool,
    /// The C file checked, as named on the command line.
    pub file: String,
    pub checked: Checked,
    pub verdict: Status,
    /// The verdict as Static Driver Verifier names it (drivers only).
    pub status: Option<SdvStatus>,
    /// Why the verdict is UNKNOWN (UNKNOWN only).
    pub reason: Option<Reason>,
    /// What proved the program safe (SAFE only).
    pub proof: Option<ProofKind>,
    /// The violated rule's message (`abort "..."`), if it has one (VIOLATION only).
    pub message: Option<String>,
    /// Abstraction–check–refine iterations.
    pub iterations: usize,
    /// Predicates of the last abstraction.
    pub predicates: usize,
    /// The counterexample was replayed before it was reported (true for every VIOLATION).
    pub replayed: bool,
    /// The gcc-compiled program reached the error with the counterexample's inputs.
    pub native_replay: bool,
    /// The CIR interpreter reached the error with them (it shows the values).
    pub interpreter_replay: bool,
    /// The undefined behaviour the replayed run went through, one `file:line:col: what`
    /// each (an SV-COMP task's accesses past the end of an object, replayed with objects
    /// kept apart as in the path formula's memory); empty for a run with defined behaviour.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undefined_behaviour: Vec<String>,
    /// The inputs of the counterexample, in the order the program reads them.
    pub inputs: Vec<InputValue>,
    /// Where the error was reached (VIOLATION only).
    pub error_location: Option<Location>,
    /// For a driver: the driver's own line the violation goes back to, the call that broke
    /// the rule or the return of the entry point that left it broken.
    pub driver_location: Option<Location>,
    /// The counterexample, one entry per source line and call depth (VIOLATION only).
    pub trace: Vec<TraceLine>,
    /// The counterexample as a verification witness sees it: the inputs where they are
    /// read, the branches taken, the error reached (VIOLATION only).
    pub waypoints: Vec<Waypoint>,
    /// Why the violating run cannot be stated as a witness, when it cannot: it depends on
    /// values a witness has no way to give (inline-assembly outputs, uninitialized memory,
    /// a failing allocation). No witness is written then.
    pub witness_limit: Option<String>,
    /// The driver's entry points (drivers only).
    pub entry_points: Vec<EntryPoint>,
    /// What went wrong, when the verdict is `error` (bad input or usage).
    pub error: Option<Diagnostic>,
    /// The SV-COMP task definition checked (`slamrs check TASK.yml`).
    pub task: Option<TaskInfo>,
    /// For a rule that checks something when the entry function returns (`$entry.exit`)
    /// and a SAFE verdict proved by an abstraction: whether the entry function may run
    /// forever, read off that boolean program (`bebop::termination`). Informative only:
    /// it never changes the verdict. Absent when it does not apply or was not decided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry_return: Option<EntryReturn>,
    pub stats: Stats,
}

/// Whether the entry function returns, by the boolean program that proved the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EntryReturn {
    /// Every run of the entry function returns (or stops at an error or a blocked path):
    /// the rule's checks at its return cover every run. The abstraction simulates every C
    /// run, an infinite one by an infinite one, so this holds of the C program too.
    Returns,
    /// Some run of the boolean program never returns from the entry function (a loop or a
    /// recursion that may go on forever): the rule's checks at the entry function's
    /// return say nothing about such runs. The abstraction over-approximates, so the C
    /// program may or may not have one.
    MayNotReturn,
}

/// The task definition a run checked, and what it expects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TaskInfo {
    /// The task-definition file, as named on the command line.
    pub file: String,
    /// The property file checked.
    pub property: String,
    /// The verdict the task expects: `true` if the property holds.
    pub expected_verdict: Option<bool>,
}

impl TaskInfo {
    /// Whether `verdict` is the one the task expects (none when either says nothing).
    pub fn agrees(&self, verdict: Status) -> Option<bool> {
        let expected = self.expected_verdict?;
        match verdict {
            Status::Safe => Some(expected),
            Status::Violation => Some(!expected),
            _ => None,
        }
    }
}

/// The program that wrote the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Tool {
    /// `slamrs`.
    pub name: String,
    /// The crate's version.
    pub version: String,
    /// The git commit it was built from (`unknown` outside a git checkout).
    pub commit: String,
    /// The version of the Z3 library it is linked against.
    pub z3: String,
}

impl Tool {
    /// This build of slamrs.
    pub fn this() -> Tool {
        Tool {
            name: "slamrs".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            commit: env!("SLAMRS_GIT_COMMIT").into(),
            z3: z3::full_version().trim_start_matches("Z3 ").to_string(),
        }
    }

    /// `0.1.0 (git 9b74957, Z3 4.8.12)`: what `slamrs --version` prints after the name.
    pub fn long_version() -> String {
        let t = Tool::this();
        format!("{} (git {}, Z3 {})", t.version, t.commit, t.z3)
    }
}

/// What a run checks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Checked {
    pub kind: CheckedKind,
    /// The rule's name (`locking`), the property's (`unreach-call`), or `assertions`.
    pub name: String,
    /// One line on what the rule requires.
    pub description: String,
}

impl Checked {
    /// `rule locking`, `property unreach-call`, `assertions`.
    pub fn phrase(&self) -> String {
        match self.kind {
            CheckedKind::Rule => format!("rule {}", self.name),
            CheckedKind::Property => format!("property {}", self.name),
            CheckedKind::Assertions => "assertions".to_string(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CheckedKind {
    /// A temporal safety rule (built-in or a `.slic` file).
    Rule,
    /// An SV-COMP property file.
    Property,
    /// The program's own assertions (`assert`, `reach_error()`).
    Assertions,
}

/// The answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// The rule holds on every run.
    Safe,
    /// A replayed run breaks the rule.
    Violation,
    /// Neither could be shown; `reason` says why.
    Unknown,
    /// A driver's rule whose events the driver never causes.
    NotApplicable,
    /// Bad input or usage; `error` says what.
    Error,
}

impl Status {
    /// The process's exit status for this answer.
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Safe | Status::NotApplicable => crate::exit::SAFE,
            Status::Violation => crate::exit::VIOLATION,
            Status::Unknown => crate::exit::UNKNOWN,
            Status::Error => crate::exit::BAD_INPUT,
        }
    }
}

/// Static Driver Verifier's result names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum SdvStatus {
    #[serde(rename = "PASS")]
    Pass,
    #[serde(rename = "DEFECT")]
    Defect,
    #[serde(rename = "TIMEOUT")]
    Timeout,
    #[serde(rename = "SPACEOUT")]
    Spaceout,
    #[serde(rename = "GIVEUP")]
    Giveup,
    #[serde(rename = "NOT APPLICABLE")]
    NotApplicable,
}

impl SdvStatus {
    pub fn name(self) -> &'static str {
        match self {
            SdvStatus::Pass => "PASS",
            SdvStatus::Defect => "DEFECT",
            SdvStatus::Timeout => "TIMEOUT",
            SdvStatus::Spaceout => "SPACEOUT",
            SdvStatus::Giveup => "GIVEUP",
            SdvStatus::NotApplicable => "NOT APPLICABLE",
        }
    }

    /// The status of a verdict with its reason.
    pub fn of(verdict: Status, reason: Option<&Reason>) -> SdvStatus {
        use crate::reason::ReasonKind;
        match (verdict, reason.map(|r| r.kind)) {
            (Status::Safe, _) => SdvStatus::Pass,
            (Status::Violation, _) => SdvStatus::Defect,
            (Status::NotApplicable, _) => SdvStatus::NotApplicable,
            (_, Some(ReasonKind::Timeout)) => SdvStatus::Timeout,
            (_, Some(k)) if k.is_memory() => SdvStatus::Spaceout,
            _ => SdvStatus::Giveup,
        }
    }
}

/// What proved a SAFE verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ProofKind {
    /// Bebop proved the boolean program's error unreachable.
    Abstraction,
    /// The directed exploration covered every feasible path.
    Exploration,
    /// The mixed backend's exact reachability.
    Mixed,
}

/// An input value: a number when it fits a JSON integer exactly, else its decimal text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum InputValue {
    Int(i64),
    Big(String),
}

impl InputValue {
    pub fn of(x: i128) -> InputValue {
        i64::try_from(x)
            .map(InputValue::Int)
            .unwrap_or_else(|_| InputValue::Big(x.to_string()))
    }
}

impl std::fmt::Display for InputValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputValue::Int(x) => write!(f, "{x}"),
            InputValue::Big(s) => f.write_str(s),
        }
    }
}

/// A place in a source file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Location {
    /// The file as the preprocessor named it (a generated harness or rule file has a
    /// name like `<builtin:locking>` or `<harness>`).
    pub file: String,
    /// 1-based line (0 when unknown).
    pub line: u32,
    /// 1-based column (0 when unknown).
    pub column: u32,
    /// The function the place is in.
    pub function: String,
}

/// One line of a counterexample: the consecutive steps on one source line at one call
/// depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TraceLine {
    pub file: String,
    pub line: u32,
    pub function: String,
    /// Call depth: 0 in the entry function, one more in each call.
    pub depth: u32,
    /// The source line's text, when the file could be read.
    pub source: Option<String>,
    /// The CIR statements executed on the line, in order.
    pub statements: Vec<String>,
    /// Values of the variables the line's steps read or write, as they were when each
    /// step began (so a write shows the value it replaces), in the order met.
    pub values: Vec<NamedValue>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NamedValue {
    pub name: String,
    pub value: String,
}

/// One point a violating run passes, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Waypoint {
    #[serde(flatten)]
    pub kind: WaypointKind,
    /// Where: the input's call, the branch's condition, the error.
    pub location: Location,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum WaypointKind {
    /// An input function returned `value`.
    Input { function: String, value: InputValue },
    /// A branch's condition was true (`taken`) or false.
    Branch { taken: bool },
    /// The error location is reached.
    Target,
}

/// A driver's entry point.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct EntryPoint {
    /// Its role (`DriverEntry`, `DispatchRead`, `probe`, ...).
    pub role: String,
    pub function: String,
}

/// An error in the input or usage (verdict `error`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Diagnostic {
    pub kind: DiagnosticKind,
    /// The message, with the place when there is one (`FILE:LINE:COL: ...`).
    pub message: String,
    pub location: Option<Location>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DiagnosticKind {
    /// The C program does not preprocess, parse or type-check.
    Program,
    /// The rule or property file is malformed or unknown.
    Rule,
    /// A driver's entry points cannot be found or its entry-point map is malformed.
    Driver,
    /// Command-line usage (a missing file, conflicting options).
    Usage,
    /// An SV-COMP task definition that cannot be read or names nothing slamrs checks.
    Task,
}

/// Counters and times of the run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Stats {
    pub iterations: usize,
    pub predicates: usize,
    pub abstraction_s: f64,
    pub model_checking_s: f64,
    pub refinement_s: f64,
    /// Random runs of the interpreter and waiting for the directed exploration.
    pub search_s: f64,
    pub explored_paths: u64,
    pub exploration_queries: u64,
    pub native_replay_s: f64,
    /// Z3 queries of the abstractions.
    pub z3_queries: u64,
    pub cache_hits: u64,
    pub peak_bdd_nodes: u64,
    pub total_s: f64,
    pub peak_memory_mb: u64,
    /// The mixed backend's search, when it ran.
    pub mixed: Option<MixedStats>,
    /// Why refinement stalled, when it did (docs/cegar.md, "Why refinement stalls").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stall: Option<StallStats>,
}

/// Why refinement stalled: how, and where the abstract trace first leaves the C path.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StallStats {
    pub kind: StallKind,
    pub cause: StallCause,
    /// For `external-call`: the function without a body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
    /// The statement after which the abstract state contradicts the path (for the
    /// `missing-*` causes: the condition the path fails on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Location>,
    /// The predicate whose value first contradicts the path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub predicate: Option<String>,
    /// The cause in words.
    pub message: String,
}

/// How refinement stalled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StallKind {
    /// The same C path came back after its predicates were added.
    SamePath,
    /// No predicate found for the path was new.
    NoNewPredicate,
}

/// Where the abstraction lets a spurious trace through (`refinement::stall::StallCause`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StallCause {
    ExternalCall,
    WriteThroughPointer,
    CallEntry,
    CallReturn,
    CoarseCubes,
    Nondeterminism,
    MissingMemoryPredicate,
    MissingPredicate,
    Undiagnosed,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MixedStats {
    pub blocks: u64,
    pub cells: u64,
    pub finite_cells: u64,
    pub back_edges: u64,
    pub iterations: u64,
    pub peak_atoms: u64,
    pub peak_constraints: u64,
    pub peak_bdd_nodes: u64,
    pub images: u64,
    pub eliminations: u64,
    pub z3_queries: u64,
}

impl CheckReport {
    /// A report with no answer yet: `verdict` and the rest filled in by the caller.
    pub fn new(file: &str, checked: Checked, verdict: Status) -> CheckReport {
        CheckReport {
            format_version: FORMAT_VERSION,
            tool: Tool::this(),
            file: file.to_string(),
            checked,
            verdict,
            status: None,
            reason: None,
            proof: None,
            message: None,
            iterations: 0,
            predicates: 0,
            replayed: false,
            native_replay: false,
            interpreter_replay: false,
            undefined_behaviour: Vec::new(),
            inputs: Vec::new(),
            error_location: None,
            driver_location: None,
            trace: Vec::new(),
            waypoints: Vec::new(),
            witness_limit: None,
            entry_points: Vec::new(),
            error: None,
            task: None,
            entry_return: None,
            stats: Stats::default(),
        }
    }

    /// The JSON schema of the report.
    pub fn schema() -> serde_json::Value {
        serde_json::to_value(schemars::schema_for!(CheckReport)).unwrap_or_default()
    }
}
