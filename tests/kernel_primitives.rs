//! The Linux rules against the kernel's real headers: for every lock spelling of
//! `c-tests/primitives/linux-locks.txt` and every sleeping statement of
//! `linux-sleeping.txt`, modules generated here (in a temporary folder) and checked with
//! `slamrs check`:
//! - one module takes and releases every lock (each followed by a sleeping call) and runs
//!   every sleeping statement outside any lock: every rule PASS or NOT APPLICABLE (a
//!   release the rules do not see would be a DEFECT: a lock held at the end, or a sleeping
//!   call "under" it);
//! - per lock spelling, a module that takes it, sleeps and never releases it: `locking`
//!   DEFECT (held at the end) and, for the spinning kinds, `sleep-in-atomic` DEFECT;
//! - per sleeping statement, a module that runs it under a spin lock: `sleep-in-atomic`
//!   DEFECT.
//!
//! By default the per-spelling modules run for a sample (a spelling of each kind and of
//! each result convention, and one sleeping statement); `SLAMRS_PRIMITIVES=all` runs all
//! of them (about 50 modules, two minutes). Needs the configured kernel headers (scripts/setup installs
//! linux-headers-amd64); without them the test says so and passes.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A module to check: its name, its text, and the status each rule must give.
type Job = (String, String, Vec<(&'static str, &'static str)>);

/// One line of `linux-locks.txt`.
#[derive(Clone, Debug)]
struct Lock {
    kind: String,
    decl: String,
    acquire: String,
    release: String,
}

impl Lock {
    /// The spelling's own name (`spin_lock_irqsave`).
    fn name(&self) -> &str {
        let a = self.acquire.trim_start_matches(['?', '!']);
        &a[..a.find('(').unwrap_or(a.len())]
    }

    /// Whether holding it makes the CPU atomic (no sleeping).
    fn atomic(&self) -> bool {
        self.kind != "mutex"
    }

    /// The lock renamed to `l{k}` (several in one module).
    fn renamed(&self, k: usize) -> Lock {
        let r = |s: &str| rename_l(s, &format!("l{k}"));
        Lock {
            kind: self.kind.clone(),
            decl: r(&self.decl),
            acquire: r(&self.acquire),
            release: r(&self.release),
        }
    }

    /// Statements taking the lock, running `inside`, and releasing it if `release`.
    fn around(&self, inside: &str, release: bool) -> String {
        let rel = if release {
            format!("{};", self.release)
        } else {
            String::new()
        };
        match self.acquire.as_bytes()[0] {
            b'?' => format!("if ({}) {{ {inside} {rel} }}", &self.acquire[1..]),
            b'!' => format!("if ({} == 0) {{ {inside} {rel} }}", &self.acquire[1..]),
            _ => format!("{}; {inside} {rel}", self.acquire),
        }
    }
}

/// `s` with the identifier `l` replaced by `to`.
fn rename_l(s: &str, to: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    for (i, c) in s.char_indices() {
        let ident = |j: usize| b[j].is_ascii_alphanumeric() || b[j] == b'_';
        let alone = c == 'l' && (i == 0 || !ident(i - 1)) && (i + 1 == b.len() || !ident(i + 1));
        if alone {
            out.push_str(to);
        } else {
            out.push(c);
        }
    }
    out
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("c-tests/primitives")
}

/// The data lines of a primitives file (comments and blank lines dropped).
fn lines(file: &str) -> Vec<String> {
    std::fs::read_to_string(corpus().join(file))
        .unwrap()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

fn locks() -> Vec<Lock> {
    lines("linux-locks.txt")
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").map(str::trim).collect();
            assert_eq!(f.len(), 4, "linux-locks.txt: {l}");
            assert!(
                ["spin", "write", "read", "mutex"].contains(&f[0]),
                "linux-locks.txt: unknown kind in {l}"
            );
            Lock {
                kind: f[0].into(),
                decl: f[1].into(),
                acquire: f[2].into(),
                release: f[3].into(),
            }
        })
        .collect()
}

/// A module whose `init` runs `body`, after the declarations `decls`.
fn module(decls: &str, body: &str) -> String {
    format!(
        "#include <linux/module.h>\n#include <linux/spinlock.h>\n#include <linux/mutex.h>\n\
         #include <linux/delay.h>\n#include <linux/uaccess.h>\n#include <linux/slab.h>\n\
         #include <linux/sched.h>\n\n\
         static DEFINE_SPINLOCK(guard);\nstatic DEFINE_MUTEX(m);\nstatic u32 __user *uptr;\n{decls}\n\
         static int __init prim_init(void)\n{{\n\tunsigned long flags;\n\tu32 v = 0;\n\
         \tchar buf[8] = {{0}};\n\tvoid *p;\n\t{body}\n\t(void)flags; (void)v; (void)p; (void)buf;\n\
         \treturn 0;\n}}\n\
         static void __exit prim_exit(void) {{ }}\nmodule_init(prim_init);\nmodule_exit(prim_exit);\n\
         MODULE_LICENSE(\"GPL\");\n"
    )
}

/// The status `slamrs check FILE --rule RULE` prints (`PASS`, `DEFECT`, ...).
fn status(file: &Path, rule: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_slamrs"))
        .arg("check")
        .arg(file)
        .args(["--rule", rule, "--timeout", "60"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let found = stdout
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("status: "))
        .map(str::to_string);
    found.unwrap_or_else(|| {
        format!(
            "no status (exit {:?}): {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).trim()
        )
    })
}

/// Checks `src` (written as `name.c` into `dir`) against each rule of `want`, which must
/// give its status. Returns the failures.
fn expect(dir: &Path, name: &str, src: &str, want: &[(&str, &str)]) -> Vec<String> {
    let file = dir.join(format!("{name}.c"));
    std::fs::write(&file, src).unwrap();
    want.iter()
        .filter_map(|(rule, w)| {
            let got = status(&file, rule);
            (got != *w)
                .then(|| format!("{name}: {rule} is {got}, expected {w} ({})", file.display()))
        })
        .collect()
}

fn headers_installed() -> bool {
    let ok = slamrs_abstraction::harness::kbuild::kernel_tree(None).is_ok();
    if !ok {
        eprintln!("skipped: the kernel primitives (no configured kernel headers; scripts/setup installs linux-headers-amd64)");
    }
    ok
}

/// The module that takes and releases every lock and sleeps outside every lock.
fn everything_released(locks: &[Lock], sleeping: &[String]) -> String {
    let mut decls = String::new();
    let mut body = String::new();
    for (k, l) in locks.iter().enumerate() {
        let l = l.renamed(k);
        decls.push_str(&format!("{};\n", l.decl));
        body.push_str(&format!("{}\n\tmsleep(1);\n\t", l.around("", true)));
    }
    for s in sleeping {
        body.push_str(&format!("{s};\n\t"));
    }
    module(&decls, &body)
}

/// The spellings run by default: one per kind and result convention.
const SAMPLE: &[&str] = &[
    "raw_spin_lock_irqsave",
    "spin_trylock",
    "read_lock",
    "mutex_lock_interruptible",
];

#[test]
fn the_rules_see_every_lock_and_sleeping_call_of_the_kernel_headers() {
    if !headers_installed() {
        return;
    }
    let all = std::env::var("SLAMRS_PRIMITIVES").is_ok_and(|v| v == "all");
    let dir = std::env::temp_dir().join(format!("slamrs-primitives-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let locks = locks();
    let sleeping = lines("linux-sleeping.txt");
    assert!(locks.len() >= 30 && sleeping.len() >= 10);
    let held: Vec<Lock> = locks
        .iter()
        .filter(|l| all || SAMPLE.contains(&l.name()))
        .cloned()
        .collect();
    assert!(all || held.len() == SAMPLE.len());
    let under: Vec<String> = sleeping
        .iter()
        .filter(|s| all || s.contains("get_user"))
        .cloned()
        .collect();
    let mut jobs: Vec<Job> = vec![(
        "released".into(),
        everything_released(&locks, &sleeping),
        vec![("locking", "PASS"), ("sleep-in-atomic", "PASS")],
    )];
    for (k, l) in held.iter().enumerate() {
        let mut want = vec![("locking", "DEFECT")];
        if l.atomic() {
            want.push(("sleep-in-atomic", "DEFECT"));
        }
        let l = l.renamed(0);
        jobs.push((
            format!("held{k}_{}", l.name()),
            module(&format!("{};", l.decl), &l.around("msleep(1);", false)),
            want,
        ));
    }
    for (k, s) in under.iter().enumerate() {
        jobs.push((
            format!("sleeps{k}"),
            module("", &format!("spin_lock(&guard); {s}; spin_unlock(&guard);")),
            vec![("sleep-in-atomic", "DEFECT")],
        ));
    }
    let n = jobs.len();
    let jobs = std::sync::Mutex::new(jobs);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some((name, src, want)) = jobs.lock().unwrap().pop() else {
                    return;
                };
                let bad = expect(&dir, &name, &src, &want);
                failures.lock().unwrap().extend(bad);
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {n} modules not as expected (the modules stay in {}):\n{}",
        failures.len(),
        dir.display(),
        failures.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{n} generated modules as expected");
}
