//! Witnesses written and read back, in both formats; malformed witnesses refused.

use super::*;
use crate::report::model::{InputValue, Location, Waypoint, WaypointKind};

fn loc(line: u32, column: u32) -> Location {
    Location {
        file: "p.c".into(),
        line,
        column,
        function: "main".into(),
    }
}

fn path() -> Vec<Waypoint> {
    vec![
        Waypoint {
            kind: WaypointKind::Input {
                function: "__VERIFIER_nondet_int".into(),
                value: InputValue::Int(-7),
            },
            location: loc(3, 11),
        },
        Waypoint {
            kind: WaypointKind::Branch { taken: false },
            location: loc(4, 7),
        },
        Waypoint {
            kind: WaypointKind::Input {
                function: "__VERIFIER_nondet_ulong".into(),
                value: InputValue::Big("18446744073709551615".into()),
            },
            location: loc(5, 3),
        },
        Waypoint {
            kind: WaypointKind::Branch { taken: true },
            location: loc(6, 7),
        },
        Waypoint {
            kind: WaypointKind::Target,
            location: loc(7, 5),
        },
    ]
}

fn meta() -> Meta {
    Meta {
        program_file: "dir/p & q.c".into(),
        program_hash: sha256_hex(b"int main(void) { return 0; }\n"),
        data_model: "ILP32".into(),
        specification: UNREACH_CALL.into(),
        producer_name: "slamrs".into(),
        producer_version: "0.1.0 (git x, Z3 y)".into(),
        creation_time: "2026-11-29T12:00:00Z".into(),
    }
}

#[test]
fn both_formats_read_back_what_they_wrote() {
    let want = path();
    for (text, format) in [
        (graphml::write(&want, &meta()), Format::Graphml),
        (yaml::write(&want, &meta()), Format::Yaml),
    ] {
        let w = read(&text).unwrap_or_else(|e| panic!("{format:?}: {e}\n{text}"));
        assert_eq!(w.format, format);
        assert_eq!(
            w.program_hash.as_deref(),
            Some(meta().program_hash.as_str())
        );
        assert_eq!(w.specification.as_deref(), Some(UNREACH_CALL));
        assert_eq!(w.data_model.as_deref(), Some("ILP32"));
        assert_eq!(w.inputs(), vec![-7, 18446744073709551615]);
        let kinds: Vec<_> = w.waypoints.iter().map(|p| p.kind.clone()).collect();
        let lines: Vec<u32> = w.waypoints.iter().map(|p| p.location.line).collect();
        assert_eq!(kinds.len(), 5, "{format:?}");
        assert_eq!(lines, vec![3, 4, 5, 6, 7], "{format:?}");
        assert_eq!(kinds[1], WaypointKind::Branch { taken: false });
        assert_eq!(kinds[4], WaypointKind::Target);
    }
}

#[test]
fn the_sha256_is_the_standard_one() {
    assert_eq!(
        sha256_hex(b"abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
}

#[test]
fn results_are_read_in_their_usual_spellings() {
    use graphml::result_value;
    assert_eq!(result_value("\\result == 5;"), Some(InputValue::Int(5)));
    assert_eq!(result_value("  \\result==-3 "), Some(InputValue::Int(-3)));
    assert_eq!(
        result_value("\\result == 4294967295U;"),
        Some(InputValue::Int(4294967295))
    );
    assert_eq!(result_value("x == 5;"), None);
    assert_eq!(result_value("\\result == y;"), None);
}

#[test]
fn what_is_not_a_violation_witness_is_refused() {
    let correctness =
        graphml::write(&path(), &meta()).replace(">violation_witness<", ">correctness_witness<");
    assert!(read(&correctness)
        .unwrap_err()
        .contains("not a violation witness"));
    assert!(read("<graphml><oops").is_err());
    assert!(read("- entry_type: invariant_set\n  content: []\n").is_err());
    let branched = graphml::write(&path(), &meta()).replace(
        "  <node id=\"N1\"/>\n",
        "  <node id=\"N1\"/>\n  <edge source=\"N0\" target=\"N2\"/>\n",
    );
    assert!(read(&branched).unwrap_err().contains("single path"));
    let bad_value = yaml::write(&path(), &meta()).replace("\\result == -7", "\\result == x");
    assert!(read(&bad_value).unwrap_err().contains("function_return"));
}

#[test]
fn special_characters_survive_both_formats() {
    let g = graphml::write(&path(), &meta());
    assert!(g.contains("dir/p &amp; q.c"), "{g}");
    let y = yaml::write(&path(), &meta());
    assert!(read(&y).is_ok());
}

#[test]
fn the_format_is_taken_from_the_file_name() {
    assert_eq!(
        Format::of_path(Path::new("w.graphml")),
        Some(Format::Graphml)
    );
    assert_eq!(Format::of_path(Path::new("w.yml")), Some(Format::Yaml));
    assert_eq!(Format::of_path(Path::new("w.yaml")), Some(Format::Yaml));
    assert_eq!(Format::of_path(Path::new("w.txt")), None);
}
