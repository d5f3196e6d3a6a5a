//! A canonical text form of a finished points-to analysis (`slamrs cir --points-to`), for
//! reading what the analysis concluded and for comparing two versions of it line by line.
//!
//! One line per fact, sorted: which objects escaped, each object's layout when it is not
//! the default one, what each location may hold, what each function returns, and what each
//! call site may call. A set that holds every escaped location is written `E` (plus what it
//! holds besides), so that the thousands of escaped locations of a driver appear once.

use super::{default_layout, AbsLoc, AbsObj, PointsTo};
use crate::cir::Program;
use std::collections::BTreeSet;
use std::fmt::Write;

impl PointsTo {
    /// The analysis as sorted lines of text (see the module doc).
    pub fn render(&self, prog: &Program) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "unknown code runs: {}", self.unknown_active);
        let escaped: Vec<String> = self.escaped.iter().map(|o| obj_name(prog, *o)).collect();
        let _ = writeln!(out, "escaped ({}): {}", escaped.len(), escaped.join(" "));
        let _ = writeln!(out, "E: {} locations", self.e_locs.len());
        let mut objs: BTreeSet<AbsObj> = self.mem.keys().copied().collect();
        objs.extend(self.layouts.keys().copied());
        let mut lines = Vec::new();
        for obj in objs {
            let l = self.layout(prog, obj);
            if l != default_layout(prog, obj) {
                lines.push(format!("layout {} = {l:?}", obj_name(prog, obj)));
            }
            if self.escaped.contains(&obj) {
                continue; // holds E, as every escaped location
            }
            for loc in self.object_locs(prog, obj) {
                let set = self.pts_of_loc(&loc);
                if !set.is_empty() {
                    lines.push(format!(
                        "{} -> {}",
                        loc_text(prog, &loc),
                        self.set_text(prog, set)
                    ));
                }
            }
        }
        for (f, m) in &self.rets {
            for (off, set) in m {
                lines.push(format!(
                    "return {}+{off} -> {}",
                    prog.func(*f).name,
                    self.set_text(prog, set)
                ));
            }
        }
        for (site, t) in &self.sites {
            let names: Vec<&str> = t
                .funcs
                .iter()
                .map(|f| prog.func(*f).name.as_str())
                .collect();
            lines.push(format!(
                "call {}@{}.{} -> [{}]{}{}",
                prog.func(site.func).name,
                site.node.0,
                site.edge,
                names.join(" "),
                if t.unknown { " unknown" } else { "" },
                if t.calls_back { " calls-back" } else { "" },
            ));
        }
        lines.sort();
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
        out
    }

    /// A set of locations: `E` when it holds every escaped location, then the rest.
    fn set_text(&self, prog: &Program, set: &BTreeSet<AbsLoc>) -> String {
        let all_e = !self.e_locs.is_empty() && self.e_locs.is_subset(set);
        let mut parts: Vec<String> = set
            .iter()
            .filter(|l| !(all_e && self.e_locs.contains(l)))
            .map(|l| loc_text(prog, l))
            .collect();
        parts.sort();
        if all_e {
            parts.insert(0, "E".into());
        }
        format!("{{{}}}", parts.join(" "))
    }
}

/// An object's name, with the function of a local (`f::x`) so that names are unique.
fn obj_name(prog: &Program, obj: AbsObj) -> String {
    match obj {
        AbsObj::Var(v) => match prog.vars.get(v.0 as usize) {
            Some(var) => match var.frame_of() {
                Some(f) => format!("{}::{}#{}", prog.func(f).name, var.name, v.0),
                None => format!("{}#{}", var.name, v.0),
            },
            None => format!("var#{}", v.0),
        },
        _ => PointsTo::loc_name(prog, &AbsLoc::start(obj)),
    }
}

fn loc_text(prog: &Program, l: &AbsLoc) -> String {
    let base = obj_name(prog, l.obj);
    if l.off == 0 {
        base
    } else {
        format!("{base}+{}", l.off)
    }
}
