//! The example models of c-tests/relational: each file names the expected
//! verdict of every assertion, in order, on a `// expect:` line.

use std::path::PathBuf;

use slamrs_relational::diff::{compare, Comparison};
use slamrs_relational::{check_source, load, symbolic::Options};

fn examples_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../c-tests/relational")
}

fn expectation(src: &str) -> Option<Vec<bool>> {
    let line = src
        .lines()
        .find_map(|l| l.trim().strip_prefix("// expect:"))?;
    line.split_whitespace()
        .map(|w| match w {
            "holds" => Some(true),
            "fails" => Some(false),
            _ => None,
        })
        .collect()
}

#[test]
fn every_example_gives_its_expected_verdicts() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(examples_dir())
        .expect("c-tests/relational exists")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rel"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "examples missing");
    for f in files {
        let src = std::fs::read_to_string(&f).expect("readable example");
        let want =
            expectation(&src).unwrap_or_else(|| panic!("{}: no `// expect:` line", f.display()));
        let out = check_source(&src, &Options::default())
            .unwrap_or_else(|e| panic!("{}: {e:?}", f.display()));
        let got: Vec<bool> = out.verdicts.iter().map(|v| v.holds).collect();
        let name = f.display().to_string();
        assert_eq!(got, want, "{name}:\n{}", out.render(&name, &src));
        for v in &out.verdicts {
            assert_eq!(v.holds, v.trace.is_empty(), "{name}: a failure has a trace");
        }
        // The explicit oracle agrees wherever the model is small enough for it.
        let model = load(&src).expect("the example loads");
        if let Comparison::Disagree(why) = compare(&model) {
            panic!("{name}: the explicit oracle disagrees: {why}");
        }
    }
}
