//! Checking points-to results against concrete runs: an interpreter [`Observer`] that
//! verifies every pointer (and function pointer) stored during interpretation is in the
//! points-to set of the abstract location it is stored at.

use crate::analysis::points_to::{AbsLoc, AbsObj, PointsTo};
use crate::cir::{Program, Ty};
use crate::interp::{Observer, Pointer, Value};

/// A store the points-to analysis did not predict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Where the value was stored (concrete).
    pub addr: Pointer,
    /// The type it was stored as.
    pub ty: Ty,
    /// The value stored.
    pub value: Value,
    /// The abstract location of `addr`.
    pub loc: AbsLoc,
    /// The abstract location of the stored pointer, missing from `pts_of_loc(loc)`.
    pub target: AbsLoc,
}

impl Violation {
    /// A one-line description, e.g. `store of &x (int *) at p: not in {y}`.
    pub fn describe(&self, prog: &Program, pt: &PointsTo) -> String {
        let set: Vec<String> = pt
            .pts_of_loc(&self.loc)
            .iter()
            .map(|l| PointsTo::loc_name(prog, l))
            .collect();
        let ty = if (self.ty.0 as usize) < prog.types.len() {
            prog.types.display(self.ty)
        } else {
            format!("type#{}", self.ty.0)
        };
        format!(
            "store of &{} ({ty}) at {} (offset {}): not in {{{}}}",
            PointsTo::loc_name(prog, &self.target),
            PointsTo::loc_name(prog, &self.loc),
            self.addr.offset,
            set.join(", ")
        )
    }
}

/// Records every store of a pointer that the points-to analysis missed.
pub struct PointsToChecker<'a> {
    prog: &'a Program,
    pt: &'a PointsTo,
    violations: Vec<Violation>,
    /// Number of pointer stores checked.
    checked: u64,
}

impl<'a> PointsToChecker<'a> {
    pub fn new(prog: &'a Program, pt: &'a PointsTo) -> Self {
        PointsToChecker {
            prog,
            pt,
            violations: Vec::new(),
            checked: 0,
        }
    }

    /// The stores the analysis missed, in the order they happened.
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// True if no store contradicted the analysis.
    pub fn is_sound(&self) -> bool {
        self.violations.is_empty()
    }

    /// How many pointer stores were checked.
    pub fn checked(&self) -> u64 {
        self.checked
    }

    /// Every violation, one per line.
    pub fn report(&self) -> String {
        self.violations
            .iter()
            .map(|v| v.describe(self.prog, self.pt) + "\n")
            .collect()
    }
}

impl Observer for PointsToChecker<'_> {
    fn on_store(&mut self, addr: Pointer, ty: Ty, value: Value) {
        let target = match value {
            Value::Int(_) => return,
            Value::Ptr(p) => self.pt.abstract_pointer(self.prog, &p),
            Value::Func(f) => AbsLoc::start(AbsObj::Func(f)),
        };
        self.checked += 1;
        let loc = self.pt.abstract_pointer(self.prog, &addr);
        if !self.pt.pts_of_loc(&loc).contains(&target) {
            self.violations.push(Violation {
                addr,
                ty,
                value,
                loc,
                target,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_util::B;
    use crate::cir::VarId;
    use crate::interp::{ObjKind, ObjRef};

    fn ptr(v: VarId, offset: i64) -> Pointer {
        Pointer {
            obj: ObjRef {
                kind: ObjKind::Var(v),
                instance: 1,
            },
            offset,
        }
    }

    #[test]
    fn predicted_stores_pass_and_others_are_reported() {
        let mut b = B::new();
        let int = b.int();
        let ip = b.ptr(int);
        let arr = b.arr(ip, 3);
        let main = b.func("main", int, &[]);
        let h = b.func("h", int, &[]);
        let x = b.local(main, "x", int);
        let y = b.local(main, "y", int);
        let a = b.local(main, "a", arr);
        let fp = b.local(main, "fp", ip);
        let zero = b.num(0);
        let ax = b.addr(b.v(x));
        b.body(main, vec![b.assign(b.index(b.v(a), zero), ax)]);
        let pt = PointsTo::compute(&b.p);
        let mut c = PointsToChecker::new(&b.p, &pt);
        // a[2] = &x: element 2 is the collapsed element.
        c.on_store(ptr(a, 16), ip, Value::Ptr(ptr(x, 0)));
        c.on_store(ptr(a, 8), ip, Value::Int(0));
        assert!(c.is_sound());
        assert_eq!(c.checked(), 1);
        // a[1] = &y and fp = h were never predicted.
        c.on_store(ptr(a, 8), ip, Value::Ptr(ptr(y, 0)));
        c.on_store(ptr(fp, 0), ip, Value::Func(h));
        assert_eq!(c.violations().len(), 2);
        let v = &c.violations()[0];
        assert_eq!(v.loc, AbsLoc::start(AbsObj::Var(a)));
        assert_eq!(v.target, AbsLoc::start(AbsObj::Var(y)));
        assert_eq!(c.violations()[1].target, AbsLoc::start(AbsObj::Func(h)));
        let report = c.report();
        assert!(report.contains("store of &y (int *) at a (offset 8): not in {x}"));
        assert!(report.contains("store of &h (int *) at fp (offset 0): not in {}"));
    }
}
