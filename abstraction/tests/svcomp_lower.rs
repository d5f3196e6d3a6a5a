//! Every SV-COMP task of `../shared/benchmarks/sv-comp/tasks.csv` lowers to CIR without error.

use slamrs_abstraction::cir::{Callee, DataModel, Stmt};
use slamrs_abstraction::frontend::{load_file, LoadOptions};
use std::path::PathBuf;
use std::time::Instant;

#[test]
fn all_svcomp_tasks_lower() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/benchmarks/sv-comp");
    let csv = root.join("tasks.csv");
    let Ok(text) = std::fs::read_to_string(&csv) else {
        println!(
            "note: {} not found; SV-COMP lowering test skipped",
            csv.display()
        );
        return;
    };
    let mut n = 0;
    let mut failures = Vec::new();
    for line in text.lines().skip(1) {
        let mut cols = line.split(',');
        let Some(path) = cols.next().filter(|p| !p.is_empty()) else {
            continue;
        };
        let model = match cols.nth(3) {
            Some("LP64") => DataModel::Lp64,
            _ => DataModel::Ilp32,
        };
        let opts = LoadOptions {
            data_model: model,
            entry: Some("main".into()),
            ..LoadOptions::default()
        };
        n += 1;
        let start = Instant::now();
        match load_file(&root.join(path), &opts) {
            Ok(p) => {
                let edges: usize = p
                    .functions
                    .iter()
                    .filter_map(|f| f.body.as_ref())
                    .map(|b| b.edges().count())
                    .sum();
                // The property's target: an error edge, or a call of a defined reach_error.
                let reach = p.func_by_name("reach_error");
                let errors = p
                    .functions
                    .iter()
                    .filter_map(|f| f.body.as_ref())
                    .flat_map(|b| b.edges())
                    .filter(|(_, e)| match &e.stmt {
                        Stmt::Error => true,
                        Stmt::Call {
                            callee: Callee::Direct(f),
                            ..
                        } => Some(*f) == reach,
                        _ => false,
                    })
                    .count();
                println!(
                    "{path}: {} functions, {edges} edges, {errors} error sites, {:.3}s",
                    p.functions.len(),
                    start.elapsed().as_secs_f64()
                );
                assert!(errors > 0, "{path}: no reach_error call or error edge");
            }
            Err(e) => failures.push(format!("{path}: {e}")),
        }
    }
    assert!(n >= 49, "expected the 49 tasks, found {n}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
