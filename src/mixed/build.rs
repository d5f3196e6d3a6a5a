//! From CIR to the labeled transition graph ([`super::ltg`]), following F-Soft §5.1–5.3.
//!
//! - **Cells.** Every variable of static storage and every variable of a function the
//!   entry may reach is flattened into scalar leaves (struct members, bit-fields, array
//!   elements), one cell each; so are the objects of each allocation site, with the layout the
//!   points-to analysis found for it. Objects with more than [`MAX_CELLS`] leaves, unions
//!   and incomplete arrays are *smashed*: reads give arbitrary values, writes are dropped.
//! - **Memory** (§5.2). Objects sit at the fixed addresses of [`Addresses`]; a pointer is
//!   an address. A direct access is its cell. An access through a pointer or with a
//!   variable index is a conditional expression over the cells of the objects the
//!   points-to analysis says it may touch (`*p` reads `p == &a ? a : p == &b ? b : any`, a
//!   write updates each candidate under its address condition); a cell of another type
//!   the access may overlap becomes arbitrary.
//! - **Calls** (§5.1). A call assigns the formals and the callee's return-location cell
//!   (F-Soft's `rtr`, a control cell) and goes to its entry; the callee's exit returns to
//!   each call site under `rtr == site`, assigning the result. A function that is not
//!   recursive has one frame: its cells. Recursion (§5.3) goes through a bounded stack:
//!   the functions of a recursive call-graph component have one instance (blocks, cells,
//!   return locations) per depth below the bound; a call from the deepest instance into
//!   the component goes to a bound block, which makes a SAFE answer impossible.
//! - **Heap** (§5.3). A finite array of objects per allocation site (`--heap-bound`, default
//!   3): a control cell counts the objects allocated at the site, an allocation takes the
//!   next one (the path forks once per count), and one more than the bound goes to a bound
//!   block (the run then cannot prove the program safe). Allocators that may fail return
//!   NULL by an input.
//! - **Arithmetic** follows the CEGAR loop's: mathematical integers, casts between integer
//!   types wrap, `/`, `%` and shifts by constants are exact, products of two variables are
//!   exact (non-linear for Z3); bitwise operations (other than masks), shifts and divisions
//!   by variables are inputs in the type's range that remember their operands, so that the
//!   interval analysis ([`super::interval`]) bounds them further (§5.5).
//!
//! A read of a `volatile` variable is an arbitrary value, as in the abstraction.
//!
//! Control cells: besides the return locations, a variable whose address is never taken,
//! which is only ever assigned constants in `0..256` and only read in branch conditions
//! comparing it with a constant, is a control cell (a rule's state, a flag).

use super::ltg::*;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use slamrs_abstraction::analysis::points_to::{AbsObj, Layout, PointsTo};
use slamrs_abstraction::analysis::Analyses;
use slamrs_abstraction::cir::env::{classify, EnvFn, Known};
use slamrs_abstraction::cir::{
    AllocId, BinOp, Callee, Expr, ExprKind, FuncId, Lval, NodeId, Program, Stmt, Ty, TypeKind,
    UnOp, VarId,
};
use slamrs_abstraction::harness;
use slamrs_abstraction::interp::int_range;
use slamrs_abstraction::smt::encode::Addresses;
use slamrs_abstraction::smt::term::Obj;

/// Largest number of cells one object is expanded into.
pub const MAX_CELLS: usize = 256;

/// Why a program has no transition graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// The entry function is not defined.
    NoEntry(String),
    /// A function returns a struct or union.
    AggregateReturn(String),
    /// An allocator called through a pointer or otherwise not lowered to an allocation.
    AllocationCall(String),
    /// A path of more than this many CIR edges without a branch or join (a malformed body).
    Unterminated(String),
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unsupported::NoEntry(n) => write!(f, "entry function `{n}` is not defined"),
            Unsupported::AggregateReturn(n) => {
                write!(
                    f,
                    "`{n}` returns a struct (not modelled by the mixed backend)"
                )
            }
            Unsupported::AllocationCall(n) => {
                write!(
                    f,
                    "the allocator `{n}` is called in a way the mixed backend does not model"
                )
            }
            Unsupported::Unterminated(n) => write!(f, "a body of `{n}` has an unterminated path"),
        }
    }
}

/// The scalar kind of a cell or an access.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Leaf {
    Int {
        bytes: u8,
        signed: bool,
        boolean: bool,
    },
    Ptr,
    Bits {
        unit: u8,
        bit: u16,
        width: u16,
        signed: bool,
    },
    /// Floating point and other values without a model: no cell.
    Opaque {
        bytes: u64,
    },
}

impl Leaf {
    fn bytes(self, ptr: u64) -> u64 {
        match self {
            Leaf::Int { bytes, .. } => bytes as u64,
            Leaf::Ptr => ptr,
            Leaf::Bits { unit, .. } => unit as u64,
            Leaf::Opaque { bytes } => bytes,
        }
    }

    /// The values of this kind (inclusive), if bounded.
    fn range(self) -> Option<(i128, i128)> {
        match self {
            Leaf::Int { boolean: true, .. } => Some((0, 1)),
            Leaf::Int { bytes, signed, .. } => Some(int_range(bytes as u16 * 8, signed)),
            Leaf::Ptr => Some((0, (1i128 << 64) - 1)),
            Leaf::Bits { width, signed, .. } => Some(int_range(width, signed)),
            Leaf::Opaque { .. } => None,
        }
    }
}

/// An object of the program with a fixed address.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum ObjKey {
    /// A variable of the function instance at this depth (0 for all others).
    Var(VarId, u32),
    /// The `j`-th object of an allocation site.
    Alloc(AllocId, u32),
}

struct Object {
    base: i128,
    size: u64,
    /// (offset, kind, cell); empty when smashed.
    leaves: Vec<(u64, Leaf, CellId)>,
}

/// Where an lvalue is.
#[derive(Clone, Debug)]
enum Place {
    Control(CellId),
    Direct(ObjKey, u64),
    /// At address `addr`, inside one of `objs` (or memory without cells when `other`).
    Indirect {
        addr: Ex,
        objs: Vec<ObjKey>,
    },
}

/// Where a call returns: the caller, its instance's depth, the return node and the lhs.
type CallSite = (FuncId, u32, NodeId, Option<Lval>);

/// A straight-line path being composed into one transition.
#[derive(Clone)]
struct Chain {
    from: BlockId,
    data: HashMap<CellId, Ex>,
    order: Vec<CellId>,
    control: HashMap<CellId, u64>,
    control_order: Vec<CellId>,
    guard: Vec<Cond>,
    inputs: Vec<Input>,
    steps: Vec<CirStep>,
}

impl Chain {
    fn new(from: BlockId) -> Chain {
        Chain {
            from,
            data: HashMap::default(),
            order: Vec::new(),
            control: HashMap::default(),
            control_order: Vec::new(),
            guard: Vec::new(),
            inputs: Vec::new(),
            steps: Vec::new(),
        }
    }

    fn read(&self, c: CellId) -> Ex {
        self.data.get(&c).cloned().unwrap_or(Ex::Cell(c))
    }

    fn write(&mut self, c: CellId, v: Ex) {
        if self.data.insert(c, v).is_none() {
            self.order.push(c);
        }
    }

    fn set_control(&mut self, c: CellId, v: u64) {
        if self.control.insert(c, v).is_none() {
            self.control_order.push(c);
        }
    }

    fn input(&mut self, range: Option<(i128, i128)>) -> Ex {
        self.inputs.push(Input { range, of: None });
        Ex::Input(self.inputs.len() as u32 - 1)
    }

    /// The result of a non-linear operation: an input in `range`, remembering the
    /// operation for the interval analysis.
    fn nonlinear(&mut self, range: Option<(i128, i128)>, op: NonLinearOp, a: Ex, b: Ex) -> Ex {
        self.inputs.push(Input {
            range,
            of: Some(Box::new(NonLinear { op, a, b })),
        });
        Ex::Input(self.inputs.len() as u32 - 1)
    }

    fn finish(self, to: BlockId) -> Transition {
        let mut data = Vec::new();
        for c in self.order {
            let v = self.data[&c].clone();
            if v != Ex::Cell(c) {
                data.push((c, v));
            }
        }
        let control = self
            .control_order
            .iter()
            .map(|c| (*c, self.control[c]))
            .collect();
        Transition {
            from: self.from,
            to,
            guard: Cond::and(self.guard),
            data,
            control,
            havoc: Vec::new(),
            inputs: self.inputs,
            steps: self.steps,
        }
    }
}

struct Builder<'a> {
    prog: &'a Program,
    pt: &'a PointsTo,
    addrs: &'a Addresses,
    ptr_bytes: u64,
    cells: Vec<Cell>,
    objects: HashMap<ObjKey, Object>,
    control_vars: HashMap<VarId, CellId>,
    results: HashMap<(FuncId, u32), CellId>,
    /// Return-location cell and call sites (caller instance, return node, lhs) of each
    /// called function instance.
    returns: HashMap<(FuncId, u32), (CellId, Vec<CallSite>)>,
    /// The recursive call-graph component of each recursive function.
    recursive: HashMap<FuncId, usize>,
    /// Instances per recursive function (the stack bound).
    bound: u32,
    /// The depth of the function instance being followed.
    depth: u32,
    /// Objects per allocation site (the heap's bound).
    heap_bound: u32,
    /// The control cell counting the objects allocated at each site.
    alloc_counts: HashMap<AllocId, CellId>,
    blocks: Vec<BlockKind>,
    block_of: HashMap<BlockKind, BlockId>,
    heads: HashSet<(FuncId, NodeId)>,
    transitions: Vec<Transition>,
    smashed: Vec<String>,
}

/// The bounds of the model.
#[derive(Copy, Clone, Debug)]
pub struct Bounds {
    /// Instances of each recursive function (the stack's depth).
    pub recursion: u32,
    /// Objects per allocation site (the heap array's length per site).
    pub heap: u32,
}

/// Builds the transition graph of `prog` from `entry` within `bounds`.
pub fn build(
    prog: &Program,
    analyses: &Analyses,
    entry: FuncId,
    bounds: Bounds,
) -> Result<Ltg, Unsupported> {
    let bound = bounds.recursion;
    let _s = tracing::info_span!("ltg").entered();
    if prog.func(entry).body.is_none() {
        return Err(Unsupported::NoEntry(prog.func(entry).name.clone()));
    }
    let (reach, recursive) = reachable(prog, analyses, entry);
    let addrs = Addresses::new(prog);
    let mut b = Builder {
        prog,
        pt: &analyses.pt,
        addrs: &addrs,
        ptr_bytes: prog.types.pointer_bytes(),
        cells: Vec::new(),
        objects: HashMap::default(),
        control_vars: HashMap::default(),
        results: HashMap::default(),
        returns: HashMap::default(),
        recursive,
        bound: bound.max(1),
        depth: 0,
        heap_bound: bounds.heap.max(1),
        alloc_counts: HashMap::default(),
        blocks: Vec::new(),
        block_of: HashMap::default(),
        heads: HashSet::default(),
        transitions: Vec::new(),
        smashed: Vec::new(),
    };
    let start = b.block(BlockKind::Start);
    let error = b.block(BlockKind::Error);
    b.block(BlockKind::End);
    b.cells_of(&reach);
    b.find_heads(&reach);
    b.start_transition(entry, start)?;
    for &f in &reach {
        b.function(f)?;
    }
    b.exit_transitions(entry);
    let mut out = vec![Vec::new(); b.blocks.len()];
    for (i, t) in b.transitions.iter().enumerate() {
        out[t.from.0 as usize].push(TransId(i as u32));
    }
    Ok(Ltg {
        cells: b.cells,
        blocks: b.blocks,
        transitions: b.transitions,
        start,
        error,
        out,
        smashed: b.smashed,
    })
}

/// The functions with a body `entry` may reach, and the recursive component of each
/// recursive one.
fn reachable(
    prog: &Program,
    an: &Analyses,
    entry: FuncId,
) -> (Vec<FuncId>, HashMap<FuncId, usize>) {
    let mut seen = HashSet::default();
    let mut order = Vec::new();
    let mut stack = vec![entry];
    while let Some(f) = stack.pop() {
        if !seen.insert(f) || prog.func(f).body.is_none() {
            continue;
        }
        order.push(f);
        stack.extend(an.cg.callees(f).iter().copied());
    }
    let mut recursive = HashMap::default();
    for (i, comp) in an.cg.sccs().iter().enumerate() {
        let cyclic = comp.len() > 1 || comp.iter().any(|f| an.cg.callees(*f).contains(f));
        if cyclic {
            for f in comp.iter().filter(|f| seen.contains(*f)) {
                recursive.insert(*f, i);
            }
        }
    }
    order.sort();
    (order, recursive)
}

impl<'a> Builder<'a> {
    fn block(&mut self, kind: BlockKind) -> BlockId {
        if let Some(b) = self.block_of.get(&kind) {
            return *b;
        }
        let id = BlockId(self.blocks.len() as u32);
        self.blocks.push(kind.clone());
        self.block_of.insert(kind, id);
        id
    }

    fn node_block(&mut self, f: FuncId, n: NodeId, depth: u32) -> BlockId {
        self.block(BlockKind::Node(f, n, depth))
    }

    /// The instances of `f`: one per depth for a recursive function.
    fn depths(&self, f: FuncId) -> u32 {
        if self.recursive.contains_key(&f) {
            self.bound
        } else {
            1
        }
    }

    /// The object of variable `v` in the instance being followed.
    fn var_key(&self, v: VarId) -> ObjKey {
        match self.prog.var(v).frame_of() {
            Some(f) if self.recursive.contains_key(&f) => ObjKey::Var(v, self.depth),
            _ => ObjKey::Var(v, 0),
        }
    }

    fn cell(&mut self, name: String, kind: CellKind) -> CellId {
        self.cells.push(Cell { name, kind });
        CellId(self.cells.len() as u32 - 1)
    }

    /// The scalar kind of a value of type `t` (`None` for aggregates).
    fn leaf(&self, t: Ty) -> Option<Leaf> {
        let ty = &self.prog.types;
        match ty.kind(t) {
            TypeKind::Int(k) => Some(Leaf::Int {
                bytes: (k.bits / 8).max(1) as u8,
                signed: k.signed,
                boolean: k.is_bool,
            }),
            TypeKind::Pointer(_) | TypeKind::Function(_) => Some(Leaf::Ptr),
            TypeKind::Float(bits) => Some(Leaf::Opaque {
                bytes: *bits as u64 / 8,
            }),
            TypeKind::Void => Some(Leaf::Opaque { bytes: 1 }),
            TypeKind::Array(..) | TypeKind::Struct(_) => None,
        }
    }

    /// The scalar leaves of type `t` at offset `off`; `false` if the type cannot be
    /// expanded (unions, incomplete arrays, more than [`MAX_CELLS`] leaves).
    fn leaves(&self, t: Ty, off: u64, out: &mut Vec<(u64, Leaf)>) -> bool {
        if out.len() > MAX_CELLS {
            return false;
        }
        let types = &self.prog.types;
        if let Some(l) = self.leaf(t) {
            out.push((off, l));
            return true;
        }
        match types.kind(t) {
            TypeKind::Array(elem, Some(n)) => {
                let size = types.size_of(*elem).unwrap_or(0);
                if *n as usize > MAX_CELLS || size == 0 {
                    return false;
                }
                (0..*n).all(|i| self.leaves(*elem, off + i * size, out))
            }
            TypeKind::Struct(id) => {
                let def = types.struct_def(*id);
                let Some(fields) = &def.fields else {
                    return false;
                };
                if def.is_union {
                    return false;
                }
                for f in fields {
                    match (f.bitfield, types.as_int(f.ty)) {
                        (Some((bit, width)), Some(k)) => out.push((
                            off + f.offset,
                            Leaf::Bits {
                                unit: (k.bits / 8).max(1) as u8,
                                bit,
                                width,
                                signed: k.signed,
                            },
                        )),
                        (Some(_), None) => return false,
                        (None, _) => {
                            if !self.leaves(f.ty, off + f.offset, out) {
                                return false;
                            }
                        }
                    }
                }
                true
            }
            _ => false,
        }
    }

    fn object(&mut self, key: ObjKey, name: &str, t: Option<Ty>, base: i128) {
        let size = t.and_then(|t| self.prog.types.size_of(t)).unwrap_or(1);
        let mut found = Vec::new();
        let ok = t.is_some_and(|t| self.leaves(t, 0, &mut found));
        let mut leaves = Vec::new();
        if ok {
            let single = found.len() == 1;
            for (off, leaf) in found {
                if matches!(leaf, Leaf::Opaque { .. }) {
                    continue;
                }
                let cname = if single {
                    name.to_string()
                } else {
                    format!("{name}+{off}")
                };
                let c = self.cell(cname, CellKind::Data);
                leaves.push((off, leaf, c));
            }
        } else {
            self.smashed.push(name.to_string());
        }
        self.objects.insert(key, Object { base, size, leaves });
    }

    fn cells_of(&mut self, reach: &[FuncId]) {
        let prog = self.prog;
        let flags = control_flags(prog, reach);
        let in_reach: HashSet<FuncId> = reach.iter().copied().collect();
        for v in prog.var_ids() {
            let var = prog.var(v);
            if var.name == slamrs_abstraction::cir::RESULT_NAME
                || prog.entry_values.contains_key(&v)
                || var.frame_of().is_some_and(|f| !in_reach.contains(&f))
            {
                continue;
            }
            let frames = var.frame_of().map_or(1, |f| self.depths(f));
            if let (Some(bits), 1) = (flags.get(&v), frames) {
                let c = self.cell(var.name.clone(), CellKind::Control { bits: *bits });
                self.control_vars.insert(v, c);
                continue;
            }
            let base = self.addrs.of(Obj::Var(v));
            for d in 0..frames {
                let name = if d == 0 {
                    var.name.clone()
                } else {
                    format!("{}@{d}", var.name)
                };
                // deeper instances far above every other object
                let base = base + d as i128 * (1i128 << 44);
                self.object(ObjKey::Var(v, d), &name, Some(var.ty), base);
            }
        }
        let heap = self.addrs.heap_start();
        for (i, site) in prog.allocs.iter().enumerate() {
            if !in_reach.contains(&site.func) {
                continue;
            }
            let id = AllocId(i as u32);
            let t = match self.pt.layout(prog, AbsObj::Alloc(id)) {
                Layout::Typed(t) => Some(t),
                Layout::Untyped | Layout::Collapsed => None,
            };
            let name = format!("alloc@{}", prog.loc_string(site.loc));
            // the site's objects one after another in its region of the heap
            let size = t.and_then(|t| prog.types.size_of(t)).unwrap_or(1) as i128;
            let stride = (size.max(1) + 15) / 16 * 16;
            for j in 0..self.heap_bound {
                let oname = if self.heap_bound == 1 {
                    name.clone()
                } else {
                    format!("{name}#{j}")
                };
                self.object(
                    ObjKey::Alloc(id, j),
                    &oname,
                    t,
                    heap + (i as i128 + 1) * (1 << 32) + j as i128 * stride,
                );
            }
            let bits = 64 - u64::from(self.heap_bound).leading_zeros();
            let count = self.cell(format!("allocated({name})"), CellKind::Control { bits });
            self.alloc_counts.insert(id, count);
        }
        for &f in reach {
            let ret = prog.types.fn_sig(prog.func(f).ty).map(|s| s.ret);
            if ret.is_some_and(|r| !matches!(prog.types.kind(r), TypeKind::Void)) {
                for d in 0..self.depths(f) {
                    let c = self.cell(format!("result({}@{d})", prog.func(f).name), CellKind::Data);
                    self.results.insert((f, d), c);
                }
            }
        }
    }

    /// The CIR nodes that start a block: entries, exits, joins, branches and return sites.
    fn find_heads(&mut self, reach: &[FuncId]) {
        for &f in reach {
            let body = self.prog.func(f).body.as_ref().expect("reachable bodies");
            let mut indeg = vec![0usize; body.nodes.len()];
            for (_, e) in body.edges() {
                indeg[e.to.0 as usize] += 1;
            }
            self.heads.insert((f, body.entry));
            self.heads.insert((f, body.exit));
            for (i, node) in body.nodes.iter().enumerate() {
                if indeg[i] != 1 || node.edges.len() != 1 {
                    self.heads.insert((f, NodeId(i as u32)));
                }
                for e in &node.edges {
                    if let Stmt::Call { .. } = e.stmt {
                        self.heads.insert((f, e.to));
                    }
                }
            }
        }
    }

    fn start_transition(&mut self, entry: FuncId, start: BlockId) -> Result<(), Unsupported> {
        let prog = self.prog;
        let mut ch = Chain::new(start);
        let statics: Vec<VarId> = prog
            .var_ids()
            .filter(|&v| prog.var(v).is_static_storage())
            .collect();
        for v in statics {
            if let Some(&c) = self.control_vars.get(&v) {
                ch.set_control(c, 0);
            } else if let Some(o) = self.objects.get(&ObjKey::Var(v, 0)) {
                let cells: Vec<CellId> = o.leaves.iter().map(|l| l.2).collect();
                for c in cells {
                    ch.write(c, Ex::Int(0));
                }
            }
        }
        for &c in self.alloc_counts.values() {
            ch.set_control(c, 0);
        }
        for init in &prog.inits {
            self.assign(&mut ch, entry, &init.lhs, &init.rhs);
        }
        let body = prog.func(entry).body.as_ref().expect("entry body");
        let to = self.node_block(entry, body.entry, 0);
        self.transitions.push(ch.finish(to));
        Ok(())
    }

    fn function(&mut self, f: FuncId) -> Result<(), Unsupported> {
        let body = self.prog.func(f).body.as_ref().expect("reachable bodies");
        let heads: Vec<NodeId> = (0..body.nodes.len() as u32)
            .map(NodeId)
            .filter(|n| self.heads.contains(&(f, *n)))
            .collect();
        for d in 0..self.depths(f) {
            self.depth = d;
            for &n in &heads {
                let from = self.node_block(f, n, d);
                for (i, _) in body.node(n).edges.iter().enumerate() {
                    self.follow(f, Chain::new(from), n, i)?;
                }
            }
        }
        self.depth = 0;
        Ok(())
    }

    /// Composes the path from edge `edge` of `node` until the next block, into one or
    /// more transitions (more where a call forks: indirect targets, assertions, bounds).
    fn follow(
        &mut self,
        f: FuncId,
        ch: Chain,
        node: NodeId,
        edge: usize,
    ) -> Result<(), Unsupported> {
        let prog = self.prog;
        let body = prog.func(f).body.as_ref().expect("reachable bodies");
        let mut work = vec![(ch, node, edge)];
        let mut budget = 100_000usize;
        while let Some((mut ch, n, i)) = work.pop() {
            budget = budget
                .checked_sub(1)
                .ok_or_else(|| Unsupported::Unterminated(prog.func(f).name.clone()))?;
            let e = &body.node(n).edges[i];
            // further chains the edge forks into (the objects of an allocation site)
            let mut forks: Vec<Chain> = Vec::new();
            ch.steps.push(CirStep {
                func: f,
                node: n,
                edge: i,
                callee: None,
            });
            let next = match &e.stmt {
                Stmt::Skip => Next::Node(e.to),
                Stmt::Assign { lhs, rhs } => {
                    self.assign(&mut ch, f, lhs, rhs);
                    Next::Node(e.to)
                }
                Stmt::Assume(c) => {
                    let c = self.cond(&mut ch, f, c);
                    ch.guard.push(c);
                    Next::Node(e.to)
                }
                Stmt::Havoc { lhs, .. } => {
                    self.havoc(&mut ch, f, lhs);
                    Next::Node(e.to)
                }
                Stmt::Alloc { lhs, site, .. } => {
                    forks = self.alloc(&mut ch, f, lhs, *site);
                    Next::Node(e.to)
                }
                Stmt::Return(v) => {
                    if let Some(v) = v {
                        if self.leaf(v.ty).is_none() {
                            return Err(Unsupported::AggregateReturn(prog.func(f).name.clone()));
                        }
                        let val = self.ex(&mut ch, f, v);
                        if let Some(&c) = self.results.get(&(f, self.depth)) {
                            ch.write(c, val);
                        }
                    }
                    Next::Node(e.to)
                }
                Stmt::Error => Next::Block(BlockKind::Error),
                Stmt::Halt { .. } => Next::Block(BlockKind::End),
                Stmt::Call { lhs, callee, args } => {
                    self.call(&mut ch, f, lhs.as_ref(), callee, args, e.to)?
                }
            };
            for ch in std::iter::once(ch).chain(forks) {
                match next.clone() {
                    Next::Node(to) if !self.heads.contains(&(f, to)) => {
                        work.push((ch, to, 0));
                    }
                    Next::Node(to) => {
                        let b = self.node_block(f, to, self.depth);
                        self.transitions.push(ch.finish(b));
                    }
                    Next::Block(kind) => {
                        let b = self.block(kind);
                        self.transitions.push(ch.finish(b));
                    }
                    Next::Dropped => {}
                }
            }
        }
        Ok(())
    }

    /// A call: one transition per target of an indirect call (under `fp == &target`).
    fn call(
        &mut self,
        ch: &mut Chain,
        f: FuncId,
        lhs: Option<&Lval>,
        callee: &Callee,
        args: &[Expr],
        ret: NodeId,
    ) -> Result<Next, Unsupported> {
        let prog = self.prog;
        let targets = self.pt.call_targets(prog, f, callee);
        if let Callee::Indirect(fp) = callee {
            // one transition per target, under `fp == &target`
            let fpv = self.ex(ch, f, fp);
            let mut first = None;
            for g in targets {
                let mut c = ch.clone();
                let addr = Ex::Int(self.addrs.of(Obj::Func(g)));
                c.guard.push(Cond::cmp(Cmp::Eq, fpv.clone(), addr));
                let next = self.call_one(&mut c, f, lhs, g, args, ret)?;
                match (first.is_none(), next) {
                    (true, next) => first = Some((c, next)),
                    (false, Next::Node(to)) => {
                        // a call returns to `ret`, a head: finish here
                        let b = self.node_block(f, to, self.depth);
                        self.transitions.push(c.finish(b));
                    }
                    (false, Next::Block(k)) => {
                        let b = self.block(k);
                        self.transitions.push(c.finish(b));
                    }
                    (false, Next::Dropped) => {}
                }
            }
            return Ok(match first {
                Some((c, next)) => {
                    *ch = c;
                    next
                }
                None => Next::Dropped,
            });
        }
        let Callee::Direct(g) = callee else {
            unreachable!("indirect calls handled above")
        };
        self.call_one(ch, f, lhs, *g, args, ret)
    }

    /// A call of `g`: into its body (a transition to its entry), or its environment model.
    fn call_one(
        &mut self,
        ch: &mut Chain,
        f: FuncId,
        lhs: Option<&Lval>,
        g: FuncId,
        args: &[Expr],
        ret: NodeId,
    ) -> Result<Next, Unsupported> {
        let prog = self.prog;
        let func = prog.func(g);
        if let Some(body) = &func.body {
            // the callee's instance: one deeper inside a recursive component
            let same = self
                .recursive
                .get(&g)
                .is_some_and(|c| self.recursive.get(&f) == Some(c));
            let depth = if same { self.depth + 1 } else { 0 };
            if depth >= self.depths(g) {
                return Ok(Next::Block(BlockKind::Bound(format!(
                    "recursion deeper than {} in `{}`",
                    self.bound, func.name
                ))));
            }
            let vals: Vec<Ex> = args.iter().map(|a| self.ex(ch, f, a)).collect();
            let caller_depth = self.depth;
            self.depth = depth;
            for (k, (&p, v)) in func.params.iter().zip(vals).enumerate() {
                if self.leaf(prog.var(p).ty).is_some() {
                    let key = self.var_key(p);
                    self.write(ch, &Place::Direct(key, 0), prog.var(p).ty, v);
                } else if let Some(a) = args.get(k) {
                    // a struct passed by value: copy its cells (read in the caller)
                    self.depth = caller_depth;
                    let src = match &a.kind {
                        ExprKind::Read(lv) => Some(self.place(ch, f, lv)),
                        _ => None,
                    };
                    self.depth = depth;
                    let dst = Place::Direct(self.var_key(p), 0);
                    self.copy(ch, prog.var(p).ty, src, dst);
                }
            }
            self.depth = caller_depth;
            let sites = &mut self
                .returns
                .entry((g, depth))
                .or_insert_with(|| (CellId(u32::MAX), Vec::new()))
                .1;
            let k = sites.len() as u64;
            sites.push((f, caller_depth, ret, lhs.cloned()));
            let rtr = self.rtr_cell(g, depth);
            ch.set_control(rtr, k);
            if let Some(s) = ch.steps.last_mut() {
                s.callee = Some(g);
            }
            return Ok(Next::Block(BlockKind::Node(g, body.entry, depth)));
        }
        let name = func.name.as_str();
        if harness::model_bound(name).is_some() {
            return Ok(Next::Block(BlockKind::Bound(name.to_string())));
        }
        let ret_ty = prog.types.fn_sig(func.ty).map(|s| s.ret);
        let arg = |b: &mut Self, ch: &mut Chain, k: usize| args.get(k).map(|a| b.ex(ch, f, a));
        let result: Option<Ex> = match classify(name) {
            EnvFn::Error => return Ok(Next::Block(BlockKind::Error)),
            EnvFn::Halt { .. } => return Ok(Next::Block(BlockKind::End)),
            EnvFn::Assume => {
                if let Some(a) = args.first() {
                    let c = self.cond(ch, f, a);
                    ch.guard.push(c);
                }
                None
            }
            EnvFn::AssertCall => {
                if let Some(a) = args.first() {
                    let c = self.cond(ch, f, a);
                    let mut failing = ch.clone();
                    failing.guard.push(Cond::negate(c.clone()));
                    let b = self.block(BlockKind::Error);
                    self.transitions.push(failing.finish(b));
                    ch.guard.push(c);
                }
                None
            }
            EnvFn::Alloc { .. } => return Err(Unsupported::AllocationCall(name.to_string())),
            EnvFn::Known(Known::Abs) => arg(self, ch, 0).map(|x| {
                Ex::ite(
                    Cond::cmp(Cmp::Lt, x.clone(), Ex::Int(0)),
                    Ex::minus(Ex::Int(0), x.clone()),
                    x,
                )
            }),
            EnvFn::Known(Known::Memset | Known::Memcpy | Known::Strcpy) => {
                // everything the destination may point into becomes arbitrary
                if let Some(d) = args.first() {
                    let objs = self.targets_of_expr(f, d);
                    for o in objs {
                        self.havoc_object(ch, o);
                    }
                }
                arg(self, ch, 0)
            }
            EnvFn::Known(Known::Output | Known::Free | Known::Strlen | Known::Strcmp)
            | EnvFn::Nondet
            | EnvFn::Unknown => None,
        };
        if let Some(lv) = lhs {
            let v = match result {
                Some(v) => v,
                None => {
                    let r = ret_ty.and_then(|r| self.leaf(r)).and_then(Leaf::range);
                    ch.input(r)
                }
            };
            self.write_lval(ch, f, lv, v);
        }
        Ok(Next::Node(ret))
    }

    fn rtr_cell(&mut self, g: FuncId, depth: u32) -> CellId {
        let cur = self.returns[&(g, depth)].0;
        if cur.0 != u32::MAX {
            return cur;
        }
        // the domain grows with the sites: fixed after the graph is built
        let c = self.cell(
            format!("rtr({}@{depth})", self.prog.func(g).name),
            CellKind::Control { bits: 0 },
        );
        self.returns.get_mut(&(g, depth)).expect("entry made").0 = c;
        c
    }

    /// Transitions from each called function's exit back to its call sites; sizes the
    /// return-location cells.
    fn exit_transitions(&mut self, entry: FuncId) {
        let prog = self.prog;
        let body = prog.func(entry).body.as_ref().expect("entry body");
        let from = self.node_block(entry, body.exit, 0);
        let end = self.block(BlockKind::End);
        self.transitions.push(Chain::new(from).finish(end));
        let mut called: Vec<(FuncId, u32)> = self.returns.keys().copied().collect();
        called.sort();
        for (g, gd) in called {
            let (rtr, sites) = self.returns[&(g, gd)].clone();
            let bits = (usize::BITS - (sites.len().max(2) - 1).leading_zeros()).max(1);
            self.cells[rtr.0 as usize].kind = CellKind::Control { bits };
            let exit = prog.func(g).body.as_ref().expect("called bodies").exit;
            let from = self.node_block(g, exit, gd);
            for (k, (caller, cd, node, lhs)) in sites.into_iter().enumerate() {
                let mut ch = Chain::new(from);
                ch.guard.push(Cond::Control {
                    cell: rtr,
                    value: k as u64,
                    eq: true,
                });
                if let (Some(lv), Some(&r)) = (&lhs, self.results.get(&(g, gd))) {
                    self.depth = cd;
                    self.write_lval(&mut ch, caller, lv, Ex::Cell(r));
                    self.depth = 0;
                }
                let to = self.node_block(caller, node, cd);
                self.transitions.push(ch.finish(to));
            }
        }
    }

    /// An allocation: `ch` takes the site's first object; the returned chains take the
    /// others (each under its count of objects allocated so far); past the last one the
    /// path goes to a bound block.
    fn alloc(&mut self, ch: &mut Chain, f: FuncId, lhs: &Lval, site: AllocId) -> Vec<Chain> {
        let prog = self.prog;
        let info = &prog.allocs[site.0 as usize];
        let Some(&count) = self.alloc_counts.get(&site) else {
            self.alloc_object(ch, f, lhs, site, 0);
            return Vec::new();
        };
        let at = |j: u32| Cond::Control {
            cell: count,
            value: u64::from(j),
            eq: true,
        };
        // one object more than the bound is beyond the model
        let mut beyond = ch.clone();
        beyond.guard.push(at(self.heap_bound));
        let b = self.block(BlockKind::Bound(format!(
            "more than {} object{} allocated at {}",
            self.heap_bound,
            if self.heap_bound == 1 { "" } else { "s" },
            prog.loc_string(info.loc)
        )));
        self.transitions.push(beyond.finish(b));
        let mut forks = Vec::new();
        for j in (0..self.heap_bound).rev() {
            let mut c = if j == 0 {
                std::mem::replace(ch, Chain::new(ch.from))
            } else {
                ch.clone()
            };
            c.guard.push(at(j));
            c.set_control(count, u64::from(j) + 1);
            self.alloc_object(&mut c, f, lhs, site, j);
            if j == 0 {
                *ch = c;
            } else {
                forks.push(c);
            }
        }
        forks
    }

    /// `lhs` gets the `j`-th object of the site, initialized.
    fn alloc_object(&mut self, ch: &mut Chain, f: FuncId, lhs: &Lval, site: AllocId, j: u32) {
        let prog = self.prog;
        let info = &prog.allocs[site.0 as usize];
        let key = ObjKey::Alloc(site, j);
        if let Some(o) = self.objects.get(&key) {
            let leaves: Vec<(Leaf, CellId)> = o.leaves.iter().map(|l| (l.1, l.2)).collect();
            for (leaf, c) in leaves {
                let v = if info.zeroed {
                    Ex::Int(0)
                } else {
                    ch.input(leaf.range())
                };
                ch.write(c, v);
            }
        }
        let base = self.objects.get(&key).map(|o| o.base).unwrap_or(0);
        let v = if info.may_fail {
            let fails = ch.input(Some((0, 1)));
            Ex::ite(
                Cond::cmp(Cmp::Eq, fails, Ex::Int(1)),
                Ex::Int(0),
                Ex::Int(base),
            )
        } else {
            Ex::Int(base)
        };
        self.write_lval(ch, f, lhs, v);
    }

    fn havoc_object(&mut self, ch: &mut Chain, o: ObjKey) {
        if let Some(obj) = self.objects.get(&o) {
            let leaves: Vec<(Leaf, CellId)> = obj.leaves.iter().map(|l| (l.1, l.2)).collect();
            for (leaf, c) in leaves {
                let v = ch.input(leaf.range());
                ch.write(c, v);
            }
        }
    }

    fn havoc(&mut self, ch: &mut Chain, f: FuncId, lhs: &Lval) {
        let t = self.prog.lval_ty(lhs);
        let place = self.place(ch, f, lhs);
        let mut leaves = Vec::new();
        if !self.leaves(t, 0, &mut leaves) {
            // too large to expand: everything it may be part of becomes arbitrary
            for o in self.place_objects(&place) {
                self.havoc_object(ch, o);
            }
            return;
        }
        for (off, leaf) in leaves {
            let v = ch.input(leaf.range());
            let p = self.offset(&place, off);
            self.write_leaf(ch, &p, leaf, v);
        }
    }

    fn assign(&mut self, ch: &mut Chain, f: FuncId, lhs: &Lval, rhs: &Expr) {
        let prog = self.prog;
        let t = prog.lval_ty(lhs);
        if self.leaf(t).is_some() {
            let v = self.ex(ch, f, rhs);
            self.write_lval(ch, f, lhs, v);
            return;
        }
        // an aggregate: copy leaf by leaf
        let dst = self.place(ch, f, lhs);
        let src = match &rhs.kind {
            ExprKind::Read(lv) => Some(self.place(ch, f, lv)),
            _ => None,
        };
        self.copy(ch, t, src, dst);
    }

    /// Copies an aggregate of type `t` from `src` to `dst` leaf by leaf (from `None`, or
    /// when it cannot be expanded: everything `dst` may be part of becomes arbitrary).
    fn copy(&mut self, ch: &mut Chain, t: Ty, src: Option<Place>, dst: Place) {
        let mut leaves = Vec::new();
        let src = match src {
            Some(s) if self.leaves(t, 0, &mut leaves) => s,
            _ => {
                for o in self.place_objects(&dst) {
                    self.havoc_object(ch, o);
                }
                return;
            }
        };
        let mut vals = Vec::new();
        for &(off, leaf) in &leaves {
            let p = self.offset(&src, off);
            vals.push(self.read_leaf(ch, &p, leaf));
        }
        for ((off, leaf), v) in leaves.into_iter().zip(vals) {
            let p = self.offset(&dst, off);
            self.write_leaf(ch, &p, leaf, v);
        }
    }

    fn offset(&self, p: &Place, off: u64) -> Place {
        match p {
            Place::Control(c) => Place::Control(*c),
            Place::Direct(o, k) => Place::Direct(*o, k + off),
            Place::Indirect { addr, objs } => Place::Indirect {
                addr: Ex::plus(addr.clone(), Ex::Int(off as i128)),
                objs: objs.clone(),
            },
        }
    }

    fn place_objects(&self, p: &Place) -> Vec<ObjKey> {
        match p {
            Place::Control(_) => Vec::new(),
            Place::Direct(o, _) => vec![*o],
            Place::Indirect { objs, .. } => objs.clone(),
        }
    }

    fn address(&self, p: &Place) -> Ex {
        match p {
            Place::Control(_) => Ex::Int(0),
            Place::Direct(o, off) => {
                Ex::Int(self.objects.get(o).map_or(0, |x| x.base) + *off as i128)
            }
            Place::Indirect { addr, .. } => addr.clone(),
        }
    }

    /// The objects `e` (a pointer) may point into.
    fn targets_of_expr(&self, f: FuncId, e: &Expr) -> Vec<ObjKey> {
        let mut out: Vec<ObjKey> = self
            .pt
            .expr_targets(self.prog, f, e)
            .iter()
            .filter_map(|l| match l.obj {
                AbsObj::Var(v) => Some(
                    (0..self.bound)
                        .map(move |d| ObjKey::Var(v, d))
                        .collect::<Vec<_>>(),
                ),
                AbsObj::Alloc(a) => Some(
                    (0..self.heap_bound)
                        .map(move |j| ObjKey::Alloc(a, j))
                        .collect(),
                ),
                _ => None,
            })
            .flatten()
            .filter(|k| self.objects.contains_key(k))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The object whose address range holds `a`, and the offset.
    fn object_at(&self, a: i128) -> Option<(ObjKey, u64)> {
        self.objects
            .iter()
            .filter(|(_, o)| o.base <= a && a < o.base + o.size.max(1) as i128)
            .map(|(k, o)| (*k, (a - o.base) as u64))
            .next()
    }

    fn place(&mut self, ch: &mut Chain, f: FuncId, lv: &Lval) -> Place {
        let prog = self.prog;
        match lv {
            Lval::Var(v) => match self.control_vars.get(v) {
                Some(c) => Place::Control(*c),
                None => Place::Direct(self.var_key(*v), 0),
            },
            Lval::Field(b, s, i) => {
                let base = self.place(ch, f, b);
                let fld = prog.field(*s, *i);
                self.offset(&base, fld.offset)
            }
            Lval::Index(b, idx) => {
                let base = self.place(ch, f, b);
                let t = prog.lval_ty(lv);
                let size = prog.types.size_of(t).unwrap_or(1) as i128;
                let i = self.ex(ch, f, idx);
                match (i.as_int(), &base) {
                    (Some(k), Place::Direct(o, off)) if k >= 0 => {
                        Place::Direct(*o, off + (k * size) as u64)
                    }
                    _ => Place::Indirect {
                        addr: Ex::plus(self.address(&base), Ex::scale(i, size)),
                        objs: self.place_objects(&base),
                    },
                }
            }
            Lval::Deref(e) => {
                let a = self.ex(ch, f, e);
                if let Some(k) = a.as_int() {
                    if let Some((o, off)) = self.object_at(k) {
                        return Place::Direct(o, off);
                    }
                }
                let objs = self.targets_of_expr(f, e);
                Place::Indirect { addr: a, objs }
            }
        }
    }

    /// The cells of `objs` an access of `leaf` at `addr` may read or write: (cell address,
    /// cell kind, cell).
    fn candidates(&self, objs: &[ObjKey]) -> Vec<(i128, Leaf, CellId)> {
        let mut out = Vec::new();
        for o in objs {
            if let Some(obj) = self.objects.get(o) {
                for &(off, leaf, c) in &obj.leaves {
                    out.push((obj.base + off as i128, leaf, c));
                }
            }
        }
        out
    }

    fn read_leaf(&mut self, ch: &mut Chain, p: &Place, leaf: Leaf) -> Ex {
        match p {
            Place::Control(_) => ch.input(leaf.range()),
            Place::Direct(o, off) => {
                let cell = self.objects.get(o).and_then(|obj| {
                    obj.leaves
                        .iter()
                        .find(|(k, l, _)| *k == *off && *l == leaf)
                        .map(|x| x.2)
                });
                match cell {
                    Some(c) => ch.read(c),
                    None => ch.input(leaf.range()),
                }
            }
            Place::Indirect { addr, objs } => {
                let mut v = ch.input(leaf.range());
                for (a, l, c) in self.candidates(objs).into_iter().rev() {
                    if l == leaf {
                        let here = Cond::cmp(Cmp::Eq, addr.clone(), Ex::Int(a));
                        v = Ex::ite(here, ch.read(c), v);
                    }
                }
                v
            }
        }
    }

    fn write_leaf(&mut self, ch: &mut Chain, p: &Place, leaf: Leaf, v: Ex) {
        let v = match leaf {
            Leaf::Bits { width, signed, .. } => wrap(v, width, signed),
            _ => v,
        };
        let ptr = self.ptr_bytes;
        match p {
            Place::Control(_) => {}
            Place::Direct(o, off) => {
                let Some(obj) = self.objects.get(o) else {
                    return;
                };
                let size = leaf.bytes(ptr);
                let hit: Vec<(bool, Leaf, CellId)> = obj
                    .leaves
                    .iter()
                    .filter(|(k, l, _)| {
                        *k < off + size
                            && *off < k + l.bytes(ptr)
                            && !(*k == *off && disjoint_bits(*l, leaf))
                    })
                    .map(|(k, l, c)| (*k == *off && *l == leaf, *l, *c))
                    .collect();
                for (exact, l, c) in hit {
                    let nv = if exact {
                        v.clone()
                    } else {
                        ch.input(l.range())
                    };
                    ch.write(c, nv);
                }
            }
            Place::Indirect { addr, objs } => {
                let size = leaf.bytes(ptr) as i128;
                for (a, l, c) in self.candidates(objs) {
                    let old = ch.read(c);
                    if l == leaf {
                        let here = Cond::cmp(Cmp::Eq, addr.clone(), Ex::Int(a));
                        ch.write(c, Ex::ite(here, v.clone(), old));
                    } else {
                        // an access of another kind overlapping this cell
                        let lo = a - size + 1;
                        let hi = a + l.bytes(ptr) as i128 - 1;
                        let mut overlaps = vec![
                            Cond::cmp(Cmp::Le, Ex::Int(lo), addr.clone()),
                            Cond::cmp(Cmp::Le, addr.clone(), Ex::Int(hi)),
                        ];
                        if disjoint_bits(l, leaf) {
                            overlaps.push(Cond::cmp(Cmp::Ne, addr.clone(), Ex::Int(a)));
                        }
                        let overlaps = Cond::and(overlaps);
                        let any = ch.input(l.range());
                        ch.write(c, Ex::ite(overlaps, any, old));
                    }
                }
            }
        }
    }

    /// Writes `v` to `p` as a value of type `t` (not a bit-field).
    fn write(&mut self, ch: &mut Chain, p: &Place, t: Ty, v: Ex) {
        if let Some(leaf) = self.leaf(t) {
            self.write_leaf(ch, p, leaf, v);
        }
    }

    /// Writes `v` to the scalar lvalue `lv`.
    fn write_lval(&mut self, ch: &mut Chain, f: FuncId, lv: &Lval, v: Ex) {
        let t = self.prog.lval_ty(lv);
        let place = self.place(ch, f, lv);
        if let Place::Control(c) = place {
            // control cells are assigned constants only (`control_flags`)
            let k = v.as_int().expect("control cells are assigned constants");
            ch.set_control(c, k as u64);
            return;
        }
        if let Some(leaf) = self.bitfield_of(lv).or_else(|| self.leaf(t)) {
            self.write_leaf(ch, &place, leaf, v);
        }
    }

    fn bitfield_of(&self, lv: &Lval) -> Option<Leaf> {
        if let Lval::Field(_, s, i) = lv {
            let fld = self.prog.field(*s, *i);
            if let (Some((bit, width)), Some(k)) = (fld.bitfield, self.prog.types.as_int(fld.ty)) {
                return Some(Leaf::Bits {
                    unit: (k.bits / 8).max(1) as u8,
                    bit,
                    width,
                    signed: k.signed,
                });
            }
        }
        None
    }

    /// The value of `e`, an expression of scalar type, over the pre-state.
    fn ex(&mut self, ch: &mut Chain, f: FuncId, e: &Expr) -> Ex {
        let prog = self.prog;
        let types = &prog.types;
        match &e.kind {
            ExprKind::Int(n) => Ex::Int(*n),
            ExprKind::Func(g) => Ex::Int(self.addrs.of(Obj::Func(*g))),
            ExprKind::Str(s) => Ex::Int(self.addrs.of(Obj::Str(*s))),
            ExprKind::AddrOf(lv) => {
                let p = self.place(ch, f, lv);
                self.address(&p)
            }
            ExprKind::Read(lv) => {
                if matches!(
                    types.kind(e.ty),
                    TypeKind::Array(..) | TypeKind::Function(_)
                ) {
                    // arrays and functions read as their address
                    let p = self.place(ch, f, lv);
                    return self.address(&p);
                }
                if let Lval::Var(v) = &**lv {
                    // something outside the program may change a volatile variable: each
                    // read sees any value (as in the abstraction)
                    if self.prog.volatile.contains(v) {
                        let range = self.leaf(e.ty).and_then(Leaf::range);
                        return ch.input(range);
                    }
                }
                let p = self.place(ch, f, lv);
                if let Place::Control(c) = p {
                    // only conditions read control cells (see `control_flags`)
                    let value = ch.control.get(&c).copied();
                    return match value {
                        Some(k) => Ex::Int(k as i128),
                        None => ch.input(None),
                    };
                }
                let leaf = self
                    .bitfield_of(lv)
                    .or_else(|| self.leaf(e.ty))
                    .unwrap_or(Leaf::Opaque { bytes: 1 });
                self.read_leaf(ch, &p, leaf)
            }
            ExprKind::Unary(op, a) => {
                let x = self.ex(ch, f, a);
                match op {
                    UnOp::Neg => self.wrap_unsigned(Ex::minus(Ex::Int(0), x), e.ty),
                    UnOp::BitNot => {
                        self.wrap_unsigned(Ex::minus(Ex::minus(Ex::Int(0), x), Ex::Int(1)), e.ty)
                    }
                    UnOp::LogNot => {
                        let c = Cond::cmp(Cmp::Eq, x, Ex::Int(0));
                        Ex::ite(c, Ex::Int(1), Ex::Int(0))
                    }
                }
            }
            ExprKind::Binary(op, _, _) if op.is_comparison() => {
                let c = self.cond(ch, f, e);
                Ex::ite(c, Ex::Int(1), Ex::Int(0))
            }
            ExprKind::Binary(op, a, b) => {
                let x = self.ex(ch, f, a);
                let y = self.ex(ch, f, b);
                let range = self.leaf(e.ty).and_then(Leaf::range);
                let size_of = |t: Ty| {
                    types
                        .pointee(t)
                        .and_then(|p| types.size_of(p))
                        .unwrap_or(1)
                        .max(1) as i128
                };
                let nonlinear = match op {
                    BinOp::BitAnd => Some(NonLinearOp::BitAnd),
                    BinOp::BitOr => Some(NonLinearOp::BitOr),
                    BinOp::BitXor => Some(NonLinearOp::BitXor),
                    BinOp::Shl => Some(NonLinearOp::Shl),
                    BinOp::Shr => Some(NonLinearOp::Shr),
                    BinOp::Div => Some(NonLinearOp::Div),
                    BinOp::Rem => Some(NonLinearOp::Rem),
                    _ => None,
                };
                let operands = (x.clone(), y.clone());
                let v = match (op, y.as_int()) {
                    (BinOp::Add, _) => Ex::plus(x, y),
                    (BinOp::Sub, _) => Ex::minus(x, y),
                    (BinOp::PtrAdd, _) => Ex::plus(x, Ex::scale(y, size_of(a.ty))),
                    (BinOp::PtrDiff, _) => Ex::Div(Box::new(Ex::minus(x, y)), size_of(a.ty)),
                    (BinOp::Mul, Some(k)) => Ex::scale(x, k),
                    (BinOp::Mul, None) => match x.as_int() {
                        Some(k) => Ex::scale(y, k),
                        None => Ex::Mul(Box::new(x), Box::new(y)),
                    },
                    (BinOp::Div, Some(k)) if k != 0 => match x.as_int() {
                        Some(n) => Ex::Int(n / k),
                        None => Ex::Div(Box::new(x), k),
                    },
                    (BinOp::Rem, Some(k)) if k != 0 => match x.as_int() {
                        Some(n) => Ex::Int(n % k),
                        None => Ex::Rem(Box::new(x), k),
                    },
                    (BinOp::Shl, Some(k)) if (0..64).contains(&k) => Ex::scale(x, 1i128 << k),
                    (BinOp::Shr, Some(k)) if (0..64).contains(&k) => match x.as_int() {
                        Some(n) => Ex::Int(n >> k),
                        None if k == 0 => x,
                        None => Ex::FloorDiv(Box::new(x), 1i128 << k),
                    },
                    // a mask of the low bits is a remainder
                    (BinOp::BitAnd, Some(m)) if m >= 0 && (m + 1) & m == 0 => match x.as_int() {
                        Some(n) => Ex::Int(n & m),
                        None => Ex::FloorRem(Box::new(x), m + 1),
                    },
                    (BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor, _)
                        if x.as_int().is_some() && y.as_int().is_some() =>
                    {
                        let (p, q) = (x.as_int().expect("const"), y.as_int().expect("const"));
                        Ex::Int(match op {
                            BinOp::BitAnd => p & q,
                            BinOp::BitOr => p | q,
                            _ => p ^ q,
                        })
                    }
                    (BinOp::BitAnd, Some(m)) if m >= 0 => ch.input(Some((0, m))),
                    _ => match nonlinear {
                        Some(nl) => ch.nonlinear(range, nl, operands.0, operands.1),
                        None => ch.input(range),
                    },
                };
                // unsigned arithmetic wraps, as C defines it (signed overflow is undefined
                // and stays mathematical, as in the CEGAR loop's terms)
                match op {
                    BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl => {
                        self.wrap_unsigned(v, e.ty)
                    }
                    _ => v,
                }
            }
            ExprKind::Cast(a) => {
                let x = self.ex(ch, f, a);
                match (types.as_int(e.ty), types.as_int(a.ty)) {
                    (Some(to), _) if to.is_bool => {
                        let c = Cond::cmp(Cmp::Ne, x, Ex::Int(0));
                        Ex::ite(c, Ex::Int(1), Ex::Int(0))
                    }
                    (Some(to), Some(from)) => {
                        let (lo, hi) = int_range(to.bits, to.signed);
                        let (flo, fhi) = if from.is_bool {
                            (0, 1)
                        } else {
                            int_range(from.bits, from.signed)
                        };
                        if lo <= flo && fhi <= hi {
                            x
                        } else {
                            wrap(x, to.bits, to.signed)
                        }
                    }
                    _ => x,
                }
            }
        }
    }

    /// `v` wrapped to `t`'s width if `t` is an unsigned integer type.
    fn wrap_unsigned(&self, v: Ex, t: Ty) -> Ex {
        match self.prog.types.as_int(t) {
            Some(k) if !k.signed && !k.is_bool => wrap(v, k.bits, false),
            _ => v,
        }
    }

    /// The truth of `e` (nonzero), as a condition over the pre-state.
    fn cond(&mut self, ch: &mut Chain, f: FuncId, e: &Expr) -> Cond {
        match &e.kind {
            ExprKind::Unary(UnOp::LogNot, a) => Cond::negate(self.cond(ch, f, a)),
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                if let Some(c) = self.control_cond(ch, *op, a, b) {
                    return c;
                }
                let x = self.ex(ch, f, a);
                let y = self.ex(ch, f, b);
                match op {
                    BinOp::Eq => Cond::cmp(Cmp::Eq, x, y),
                    BinOp::Ne => Cond::cmp(Cmp::Ne, x, y),
                    BinOp::Lt => Cond::cmp(Cmp::Lt, x, y),
                    BinOp::Le => Cond::cmp(Cmp::Le, x, y),
                    BinOp::Gt => Cond::cmp(Cmp::Lt, y, x),
                    _ => Cond::cmp(Cmp::Le, y, x),
                }
            }
            ExprKind::Read(lv) => {
                if let Lval::Var(v) = &**lv {
                    if let Some(&c) = self.control_vars.get(v) {
                        return control_is(ch, c, 0, false);
                    }
                }
                let x = self.ex(ch, f, e);
                Cond::cmp(Cmp::Ne, x, Ex::Int(0))
            }
            _ => {
                let x = self.ex(ch, f, e);
                Cond::cmp(Cmp::Ne, x, Ex::Int(0))
            }
        }
    }

    /// `v == k` / `v != k` for a control variable `v`.
    fn control_cond(&self, ch: &Chain, op: BinOp, a: &Expr, b: &Expr) -> Option<Cond> {
        let var_of = |e: &Expr| match &e.kind {
            ExprKind::Read(lv) => match &**lv {
                Lval::Var(v) => self.control_vars.get(v).copied(),
                _ => None,
            },
            ExprKind::Cast(inner) => match &inner.kind {
                ExprKind::Read(lv) => match &**lv {
                    Lval::Var(v) => self.control_vars.get(v).copied(),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        let konst = |e: &Expr| match e.kind {
            ExprKind::Int(k) => Some(k),
            ExprKind::Cast(ref inner) => match inner.kind {
                ExprKind::Int(k) => Some(k),
                _ => None,
            },
            _ => None,
        };
        let (c, k) = match (var_of(a), konst(b), var_of(b), konst(a)) {
            (Some(c), Some(k), _, _) | (_, _, Some(c), Some(k)) => (c, k),
            _ => return None,
        };
        let eq = match op {
            BinOp::Eq => true,
            BinOp::Ne => false,
            _ => return None,
        };
        if k < 0 || k > u64::MAX as i128 {
            return Some(if eq { Cond::False } else { Cond::True });
        }
        Some(control_is(ch, c, k as u64, eq))
    }
}

/// `c == k` (or `!=`), folded where the chain already set `c`.
fn control_is(ch: &Chain, c: CellId, k: u64, eq: bool) -> Cond {
    match ch.control.get(&c) {
        Some(&v) => {
            if (v == k) == eq {
                Cond::True
            } else {
                Cond::False
            }
        }
        None => Cond::Control {
            cell: c,
            value: k,
            eq,
        },
    }
}

/// Two bit-fields of one storage unit that share no bit.
fn disjoint_bits(a: Leaf, b: Leaf) -> bool {
    match (a, b) {
        (
            Leaf::Bits {
                unit: u1,
                bit: b1,
                width: w1,
                ..
            },
            Leaf::Bits {
                unit: u2,
                bit: b2,
                width: w2,
                ..
            },
        ) => u1 == u2 && (b1 + w1 <= b2 || b2 + w2 <= b1),
        _ => false,
    }
}

fn wrap(x: Ex, bits: u16, signed: bool) -> Ex {
    match x.as_int() {
        Some(n) if bits < 128 => {
            let m = 1i128 << bits;
            let u = n.rem_euclid(m);
            Ex::Int(if signed && u >= m / 2 { u - m } else { u })
        }
        _ => Ex::Wrap {
            e: Box::new(x),
            bits,
            signed,
        },
    }
}

#[derive(Clone)]
enum Next {
    Node(NodeId),
    Block(BlockKind),
    /// No transition (an indirect call without targets).
    Dropped,
}

/// Variables that can be control cells: scalar integers whose address is never taken,
/// not volatile, not formals, only assigned constants in `0..256` (by statements and
/// initializers), and only read as `v`, `!v`, `v == k` or `v != k` in branch conditions.
/// The value is the number of bits their constants need.
fn control_flags(prog: &Program, reach: &[FuncId]) -> HashMap<VarId, u32> {
    let mut max: HashMap<VarId, i128> = HashMap::default();
    let mut bad: HashSet<VarId> = HashSet::default();
    for v in prog.var_ids() {
        let var = prog.var(v);
        let int = prog.types.as_int(var.ty).is_some();
        if !int
            || var.addr_taken
            || prog.volatile.contains(&v)
            || matches!(var.kind, slamrs_abstraction::cir::VarKind::Param(_))
            || var.name == slamrs_abstraction::cir::RESULT_NAME
        {
            bad.insert(v);
        }
    }
    let mut assigned = |lhs: &Lval, rhs: Option<&Expr>, bad: &mut HashSet<VarId>| {
        if let Lval::Var(v) = lhs {
            match rhs.map(|r| &r.kind) {
                Some(ExprKind::Int(k)) if (0..256).contains(k) => {
                    let m = max.entry(*v).or_insert(0);
                    *m = (*m).max(*k);
                }
                _ => {
                    bad.insert(*v);
                }
            }
        }
    };
    for init in &prog.inits {
        assigned(&init.lhs, Some(&init.rhs), &mut bad);
        init.rhs.walk(&mut |x| mark_reads(x, &mut bad));
        init.lhs.walk_exprs(&mut |x| mark_reads(x, &mut bad));
    }
    for &f in reach {
        let Some(body) = &prog.func(f).body else {
            continue;
        };
        for (_, e) in body.edges() {
            match &e.stmt {
                Stmt::Assign { lhs, rhs } => {
                    assigned(lhs, Some(rhs), &mut bad);
                    lhs.walk_exprs(&mut |x| mark_reads(x, &mut bad));
                    rhs.walk(&mut |x| mark_reads(x, &mut bad));
                }
                Stmt::Assume(c) => guard_reads(c, &mut bad),
                Stmt::Havoc { lhs, .. } | Stmt::Alloc { lhs, .. } => {
                    assigned(lhs, None, &mut bad);
                    e.stmt.walk_exprs(&mut |x| mark_reads(x, &mut bad));
                }
                Stmt::Call { lhs, .. } => {
                    if let Some(l) = lhs {
                        assigned(l, None, &mut bad);
                    }
                    e.stmt.walk_exprs(&mut |x| mark_reads(x, &mut bad));
                }
                _ => e.stmt.walk_exprs(&mut |x| mark_reads(x, &mut bad)),
            }
        }
    }
    max.into_iter()
        .filter(|(v, _)| !bad.contains(v))
        .map(|(v, m)| (v, (128 - (m.max(1) as u128).leading_zeros()).max(1)))
        .collect()
}

/// Marks every variable read directly in `e` as not a control cell.
fn mark_reads(e: &Expr, bad: &mut HashSet<VarId>) {
    if let ExprKind::Read(lv) = &e.kind {
        if let Lval::Var(v) = &**lv {
            bad.insert(*v);
        }
    }
}

/// Reads in a branch condition: `v`, `!v`, `v ==/!= k` keep `v` a control candidate.
fn guard_reads(c: &Expr, bad: &mut HashSet<VarId>) {
    let direct = |e: &Expr| -> bool {
        let inner = match &e.kind {
            ExprKind::Cast(i) => i,
            _ => e,
        };
        matches!(&inner.kind, ExprKind::Read(lv) if matches!(**lv, Lval::Var(_)))
    };
    let konst = |e: &Expr| {
        matches!(e.kind, ExprKind::Int(_))
            || matches!(&e.kind, ExprKind::Cast(i) if matches!(i.kind, ExprKind::Int(_)))
    };
    match &c.kind {
        ExprKind::Unary(UnOp::LogNot, a) => guard_reads(a, bad),
        ExprKind::Binary(BinOp::Eq | BinOp::Ne, a, b)
            if (direct(a) && konst(b)) || (direct(b) && konst(a)) => {}
        ExprKind::Read(lv) if matches!(**lv, Lval::Var(_)) => {}
        _ => c.walk(&mut |x| mark_reads(x, bad)),
    }
}
