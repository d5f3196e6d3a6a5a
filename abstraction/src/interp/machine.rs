//! The interpreter's state and its memory access: objects, places (lvalues resolved to
//! addresses), scalar and block reads and writes.

use super::arith::{self, ArithError};
use super::memory::{slice_bits, Content, Memory, Object, Piece};
use super::observe::Observer;
use super::oracle::Oracle;
use super::value::{ObjKind, ObjRef, Pointer, Value, ENV_OBJECT_BYTES};
use super::{Config, IntMode, Outcome, Run, Step};
use crate::cir::{
    Field, FuncId, Function, HavocKind, IntKind, Loc, Lval, NodeId, Program, StructId, Ty,
    TypeKind, Var, VarId,
};
use rustc_hash::FxHashMap as HashMap;
use rustc_hash::FxHashSet as HashSet;

/// Results inside the interpreter: `Err` ends the run with that outcome.
pub(crate) type R<T> = Result<T, Outcome>;

/// Largest object the interpreter creates (bytes); larger allocations fail.
pub const MAX_OBJECT: u64 = 1 << 32;

/// One activation of a function with a body.
#[derive(Debug)]
pub(crate) struct Frame<'p> {
    pub(crate) func: FuncId,
    /// Instance number of this activation's variables.
    pub(crate) act: u64,
    /// The node execution is at.
    pub(crate) node: NodeId,
    /// Where the caller stores the returned value.
    pub(crate) ret_lhs: Option<&'p Lval>,
    /// Objects created for this activation (removed when it returns).
    pub(crate) objects: Vec<ObjRef>,
}

/// An lvalue resolved to an address.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Place {
    pub(crate) ptr: Pointer,
    pub(crate) ty: Ty,
    /// Bit-field: (bit offset from `ptr`, width).
    pub(crate) bits: Option<(u16, u16)>,
}

/// The value of an expression: a scalar, or the bytes of a struct, union or array.
#[derive(Clone, Debug)]
pub(crate) enum RVal {
    Scalar(Value),
    Block(Vec<Piece>, u64),
}

/// The interpreter.
pub(crate) struct Machine<'p, 'o> {
    pub(crate) prog: &'p Program,
    pub(crate) cfg: &'p Config,
    pub(crate) oracle: &'o mut dyn Oracle,
    /// The observer (taken out while it runs a [`super::observe::Probe`]).
    pub(crate) obs: Option<&'o mut dyn Observer>,
    pub(crate) mem: Memory,
    pub(crate) frames: Vec<Frame<'p>>,
    /// Instance numbers of the activations on the stack.
    pub(crate) live: HashSet<u64>,
    next_instance: u64,
    pub(crate) output: Vec<u8>,
    pub(crate) inputs: Vec<i128>,
    pub(crate) path: Vec<Step>,
    pub(crate) steps: u64,
    /// Location of the statement being executed (for outcomes).
    pub(crate) loc: Loc,
    /// An 8-bit integer type of the program, for byte reads by library functions.
    pub(crate) byte_ty: Option<Ty>,
    /// Nesting of expression evaluation (bounded to protect the native stack).
    pub(crate) depth: u32,
    /// An observer's probe is evaluating: asking the oracle is an error instead.
    pub(crate) probing: bool,
    /// The objects of the environment that unknown functions returned pointers to, by
    /// the input value that chose them ([`Machine::env_pointer`]).
    env_objects: HashMap<i128, ObjRef>,
    /// The address each of them has in the path formula (that value).
    env_base: HashMap<ObjRef, i128>,
    /// [`Run::grown`] ([`Config::objects_apart`]).
    grown: Vec<(Loc, String)>,
}

/// The largest size [`Config::objects_apart`] extends an object to: an access further
/// away stays undefined behaviour.
const MAX_GROWN_OBJECT: u64 = 1 << 20;

/// Most entries of [`Run::grown`].
const MAX_GROWN_NOTES: usize = 32;

/// The bytes before the address an unknown function's pointer holds that its object of
/// the environment holds too, with [`Config::objects_apart`].
const ENV_FRONT_BYTES: u64 = 1 << 12;

impl<'p, 'o> Machine<'p, 'o> {
    pub(crate) fn new(
        prog: &'p Program,
        cfg: &'p Config,
        oracle: &'o mut dyn Oracle,
        obs: &'o mut dyn Observer,
    ) -> Self {
        Machine {
            prog,
            cfg,
            oracle,
            obs: Some(obs),
            mem: Memory::default(),
            frames: Vec::new(),
            live: HashSet::default(),
            next_instance: 1,
            output: Vec::new(),
            inputs: Vec::new(),
            path: Vec::new(),
            steps: 0,
            loc: Loc::default(),
            byte_ty: None,
            depth: 0,
            probing: false,
            env_objects: HashMap::default(),
            env_base: HashMap::default(),
            grown: Vec::new(),
        }
    }

    /// Execute the program and collect the result.
    pub(crate) fn run(mut self) -> Run {
        let outcome = self.execute();
        Run {
            outcome,
            output: self.output,
            steps: self.steps,
            inputs: self.inputs,
            path: self.path,
            grown: self.grown,
        }
    }

    pub(crate) fn mode(&self) -> IntMode {
        self.cfg.int_mode
    }

    /// The pointer an unknown function returns when the input chose `v`: null for 0, else
    /// the start of an object of the environment ([`ObjKind::Env`]), the same object for the
    /// same value (a kernel routine asked twice for the same device returns the same
    /// pointer when the inputs say so). Under the environment model a pointer unknown code
    /// returns points to memory only the environment names, never to no object at all.
    /// Its bytes are what the oracle says the memory at address `v + offset` holds
    /// ([`super::Oracle::env_memory`]: a replayed model's), read on first use; 0 otherwise.
    ///
    /// With [`Config::objects_apart`] the object also holds the [`ENV_FRONT_BYTES`] before
    /// `v` (a driver steps back from a pointer the kernel gave it: the previous stack
    /// location of an IRP), and a value inside an object made before points into it.
    pub(crate) fn env_pointer(&mut self, v: i128) -> Value {
        if v == 0 {
            return Value::Int(0);
        }
        let known = self.env_objects.get(&v).copied().or_else(|| {
            self.cfg
                .objects_apart
                .then(|| self.env_object_holding(v))
                .flatten()
        });
        let obj = match known {
            Some(o) => o,
            None => {
                let obj = ObjRef {
                    kind: ObjKind::Env,
                    instance: self.fresh_instance(),
                };
                let front = if self.cfg.objects_apart {
                    ENV_FRONT_BYTES
                } else {
                    0
                };
                self.mem
                    .insert(obj, Object::new(ENV_OBJECT_BYTES + front, Content::Uninit));
                self.env_objects.insert(v, obj);
                self.env_base.insert(obj, v - i128::from(front));
                obj
            }
        };
        let offset = (v - self.env_base[&obj]) as i64;
        Value::Ptr(Pointer { obj, offset })
    }

    /// The object of the environment whose memory holds address `v`.
    fn env_object_holding(&self, v: i128) -> Option<ObjRef> {
        self.env_base
            .iter()
            .find(|(obj, &base)| {
                let size = self.mem.get(**obj).map_or(0, |o| o.size);
                base <= v && v - base < i128::from(size)
            })
            .map(|(&obj, _)| obj)
    }

    /// The pointer a cast of the nonzero integer `v` makes ([`Config::objects_apart`]
    /// only: memory at a fixed address, a device's registers, is the path formula's memory
    /// there): into the object of the environment that holds address `v`
    /// ([`Self::env_pointer`]). Listed in [`Run::grown`]: C does not say what such a
    /// pointer points to.
    pub(crate) fn absolute_pointer(&mut self, v: i128) -> Value {
        self.note_grown(format!("cast of the integer {v:#x} to a pointer"));
        self.env_pointer(v)
    }

    /// Lists undefined behaviour let through at the current location in [`Run::grown`]:
    /// the first at each location, at most [`MAX_GROWN_NOTES`] of them.
    fn note_grown(&mut self, what: String) {
        if self.grown.len() < MAX_GROWN_NOTES && self.grown.iter().all(|(l, _)| *l != self.loc) {
            self.grown.push((self.loc, what));
        }
    }

    pub(crate) fn fresh_instance(&mut self) -> u64 {
        let n = self.next_instance;
        self.next_instance += 1;
        n
    }

    // ----- outcomes -----

    pub(crate) fn undef(&self, reason: impl Into<String>) -> Outcome {
        Outcome::Undefined {
            loc: self.loc,
            reason: reason.into(),
        }
    }

    pub(crate) fn unsup(&self, reason: impl Into<String>) -> Outcome {
        Outcome::Unsupported {
            loc: self.loc,
            reason: reason.into(),
        }
    }

    pub(crate) fn arith_err(&self, e: ArithError) -> Outcome {
        match e {
            ArithError::Undefined(r) => self.undef(r),
            ArithError::Unsupported(r) => self.unsup(r),
        }
    }

    // ----- checked program lookups (the program may break CIR invariants) -----

    pub(crate) fn kind(&self, t: Ty) -> R<&'p TypeKind> {
        let prog: &'p Program = self.prog;
        if (t.0 as usize) < prog.types.len() {
            Ok(prog.types.kind(t))
        } else {
            Err(self.unsup(format!("type #{} does not exist", t.0)))
        }
    }

    pub(crate) fn int_kind(&self, t: Ty) -> R<IntKind> {
        match self.kind(t)? {
            TypeKind::Int(k) => Ok(*k),
            _ => Err(self.unsup(format!(
                "expected an integer type, found `{}`",
                self.prog.types.display(t)
            ))),
        }
    }

    /// `sizeof(t)`, with overflow checked.
    pub(crate) fn size_of(&self, t: Ty) -> R<u64> {
        let size = match self.kind(t)? {
            TypeKind::Array(e, Some(n)) => self.size_of(*e)?.checked_mul(*n),
            TypeKind::Array(_, None) => None,
            _ => self.prog.types.size_of(t),
        };
        match size {
            Some(s) if s <= i64::MAX as u64 => Ok(s),
            Some(_) => Err(self.unsup("object too large")),
            None => Err(self.unsup(format!(
                "size of `{}` is unknown",
                self.prog.types.display(t)
            ))),
        }
    }

    /// Size of what a pointer of type `ptr_ty` points to (1 for `void` and functions).
    pub(crate) fn pointee_size(&self, ptr_ty: Ty) -> R<u64> {
        let TypeKind::Pointer(p) = self.kind(ptr_ty)? else {
            return Err(self.unsup("pointer arithmetic on a non-pointer type"));
        };
        match self.kind(*p)? {
            TypeKind::Void | TypeKind::Function(_) => Ok(1),
            _ => self.size_of(*p),
        }
    }

    pub(crate) fn is_aggregate(&self, t: Ty) -> R<bool> {
        Ok(matches!(
            self.kind(t)?,
            TypeKind::Struct(_) | TypeKind::Array(..)
        ))
    }

    pub(crate) fn var(&self, v: VarId) -> R<&'p Var> {
        let prog: &'p Program = self.prog;
        prog.vars
            .get(v.0 as usize)
            .ok_or_else(|| self.unsup(format!("variable #{} does not exist", v.0)))
    }

    pub(crate) fn func(&self, f: FuncId) -> R<&'p Function> {
        let prog: &'p Program = self.prog;
        prog.functions
            .get(f.0 as usize)
            .ok_or_else(|| self.unsup(format!("function #{} does not exist", f.0)))
    }

    pub(crate) fn field(&self, s: StructId, i: u32) -> R<&'p Field> {
        let prog: &'p Program = self.prog;
        prog.types
            .structs
            .get(s.0 as usize)
            .and_then(|d| d.fields.as_ref())
            .and_then(|fs| fs.get(i as usize))
            .ok_or_else(|| self.unsup(format!("field {i} of struct #{} does not exist", s.0)))
    }

    /// The return type of a function (`None` for `void` or a malformed type).
    pub(crate) fn ret_ty(&self, f: &Function) -> Option<Ty> {
        let ty = self.kind(f.ty).ok()?;
        let TypeKind::Function(sig) = ty else {
            return None;
        };
        match self.kind(sig.ret).ok()? {
            TypeKind::Void => None,
            _ => Some(sig.ret),
        }
    }

    // ----- objects -----

    /// The function and activation currently executing.
    fn current(&self) -> Option<(FuncId, u64)> {
        self.frames.last().map(|f| (f.func, f.act))
    }

    /// Make sure the object exists (creating static storage, string literals and this
    /// activation's variables on first use). A missing object is a dangling reference.
    pub(crate) fn ensure(&mut self, r: ObjRef) -> R<()> {
        if self.mem.contains(r) {
            return Ok(());
        }
        let obj = match r.kind {
            ObjKind::Var(v) => {
                let var = self.var(v)?;
                let size = self.size_of(var.ty)?;
                if var.is_static_storage() {
                    Object::new(size, Content::Fill(0))
                } else if self.live.contains(&r.instance) {
                    if let Some(frame) = self.frames.iter_mut().rev().find(|f| f.act == r.instance)
                    {
                        frame.objects.push(r);
                    }
                    Object::new(size, Content::Uninit)
                } else {
                    return Err(self.undef(format!(
                        "access to `{}` after its function returned (dangling pointer)",
                        var.name
                    )));
                }
            }
            ObjKind::Str(s) => {
                let Some(bytes) = self.prog.strings.get(s.0 as usize) else {
                    return Err(self.unsup(format!("string literal #{} does not exist", s.0)));
                };
                let mut bytes = bytes.clone();
                bytes.push(0);
                Object::from_bytes(&bytes, true)
            }
            ObjKind::Alloc(_) | ObjKind::Argv | ObjKind::ArgvStr(_) | ObjKind::Env => {
                return Err(self.undef("access to an object that no longer exists"))
            }
        };
        self.mem.insert(r, obj);
        Ok(())
    }

    /// Check that `[p, p + len)` lies inside a live object; return the object's offset.
    pub(crate) fn check_range(&mut self, p: Pointer, len: u64) -> R<u64> {
        self.ensure(p.obj)?;
        let size = self.mem.get(p.obj).map(|o| o.size).unwrap_or(0);
        let ok = p.offset >= 0
            && (p.offset as u64)
                .checked_add(len)
                .is_some_and(|e| e <= size);
        if ok {
            return Ok(p.offset as u64);
        }
        let what = format!(
            "{} {len} bytes at offset {} of an object of {size} bytes",
            super::OUT_OF_BOUNDS,
            p.offset
        );
        let end = u64::try_from(p.offset)
            .ok()
            .and_then(|o| o.checked_add(len));
        match end {
            Some(end) if self.cfg.objects_apart && end <= MAX_GROWN_OBJECT => {
                if let Some(o) = self.mem.get_mut(p.obj) {
                    o.grow_to(end);
                }
                self.note_grown(what);
                Ok(p.offset as u64)
            }
            _ => Err(self.undef(what)),
        }
    }

    /// Like [`Self::check_range`], for a write: string literals are read-only.
    pub(crate) fn check_write(&mut self, p: Pointer, len: u64) -> R<u64> {
        let off = self.check_range(p, len)?;
        if self.mem.get(p.obj).is_some_and(|o| o.readonly) {
            return Err(self.undef("write to a string literal"));
        }
        Ok(off)
    }

    fn obj_mut(&mut self, r: ObjRef) -> R<&mut Object> {
        let loc = self.loc;
        self.mem.get_mut(r).ok_or_else(|| Outcome::Unsupported {
            loc,
            reason: "internal: object vanished".into(),
        })
    }

    fn obj(&self, r: ObjRef) -> R<&Object> {
        self.mem
            .get(r)
            .ok_or_else(|| self.unsup("internal: object vanished"))
    }

    // ----- nondeterminism -----

    /// A value from the oracle, converted to `ty`.
    pub(crate) fn ask(&mut self, why: &HavocKind, ty: Ty) -> R<Value> {
        if self.probing {
            return Err(self.unsup("a probe read an unknown value"));
        }
        let Some(v) = self.oracle.next(why, ty, self.prog, self.loc) else {
            return Err(Outcome::OutOfInputs { loc: self.loc });
        };
        if matches!(why, HavocKind::Input(f) if f != crate::frontend::models::CHOICE) {
            self.inputs.push(v);
        }
        self.value_of_oracle(v, ty)
    }

    fn value_of_oracle(&self, v: i128, ty: Ty) -> R<Value> {
        match self.kind(ty)? {
            TypeKind::Int(k) => arith::wrap(v, *k)
                .map(Value::Int)
                .map_err(|e| self.arith_err(e)),
            // A nonzero pointer from the oracle is not a usable address: it stays an
            // integer, and dereferencing it is undefined.
            TypeKind::Pointer(_) => Ok(Value::Int(v)),
            _ => Err(self.unsup(format!(
                "nondeterministic value of type `{}`",
                self.prog.types.display(ty)
            ))),
        }
    }

    // ----- scalars -----

    /// Read a scalar of type `ty` at `p`.
    pub(crate) fn read_scalar(&mut self, p: Pointer, ty: Ty) -> R<Value> {
        match self.kind(ty)? {
            TypeKind::Int(_) | TypeKind::Pointer(_) => {}
            TypeKind::Float(_) => return Err(self.unsup("floating-point values")),
            _ => return Err(self.unsup("scalar read of a non-scalar type")),
        }
        let w = self.size_of(ty)?;
        let off = self.check_range(p, w)?;
        let obj = self.obj(p.obj)?;
        let exact = obj
            .cell_at(off)
            .filter(|c| c.len == w)
            .map(|c| c.content.clone());
        match exact {
            Some(Content::Scalar { value, ty: cty }) => return self.convert_stored(value, cty, ty),
            Some(Content::Uninit) => return self.materialize(p, ty),
            _ => {}
        }
        if obj
            .pieces(off, w)
            .iter()
            .all(|pc| pc.content == Content::Uninit)
        {
            return self.materialize(p, ty);
        }
        let raw = self.read_raw(p, w, ty)?;
        match self.kind(ty)? {
            TypeKind::Int(k) => arith::from_bits(raw, w, *k)
                .map(Value::Int)
                .map_err(|e| self.arith_err(e)),
            _ if raw == 0 => Ok(Value::Int(0)),
            _ => Err(self.unsup("integer bytes read as a pointer")),
        }
    }

    /// A value stored with type `cty`, read with type `ty` (same width).
    fn convert_stored(&self, v: Value, cty: Ty, ty: Ty) -> R<Value> {
        let read_int = self.kind(ty)?;
        let stored_ptr = matches!(self.kind(cty)?, TypeKind::Pointer(_));
        match (read_int, v) {
            (TypeKind::Int(_), Value::Int(x)) if cty == ty => Ok(Value::Int(x)),
            (TypeKind::Int(k), Value::Int(x)) if !stored_ptr => arith::wrap(x, *k)
                .map(Value::Int)
                .map_err(|e| self.arith_err(e)),
            (TypeKind::Int(k), v) if self.carries_pointer(*k) => Ok(v),
            (TypeKind::Int(_), _) => Err(self.unsup("the bytes of a pointer read as an integer")),
            (_, Value::Int(x)) if stored_ptr || x == 0 => Ok(Value::Int(x)),
            (_, Value::Int(_)) => Err(self.unsup("integer bytes read as a pointer")),
            (_, v) => Ok(v),
        }
    }

    /// Read uninitialized memory: ask the oracle once and store the value.
    fn materialize(&mut self, p: Pointer, ty: Ty) -> R<Value> {
        let v = match self.env_initial(p, ty)? {
            Some(v) => v,
            None => self.ask(&HavocKind::Uninit, ty)?,
        };
        self.store_scalar(p, ty, v, false)?;
        Ok(v)
    }

    /// The first value read at `p` in an object of the environment ([`Machine::env_pointer`]),
    /// or past the end of a variable that [`Config::objects_apart`] extended: the oracle's
    /// memory at its address, or 0; a nonzero pointer is again an object of the
    /// environment. `None` for other places.
    fn env_initial(&mut self, p: Pointer, ty: Ty) -> R<Option<Value>> {
        let base = match self.env_base.get(&p.obj) {
            Some(&base) => base,
            None => match self.past_end_of_var(p) {
                Some(base) => base,
                None => return Ok(None),
            },
        };
        let pointer = matches!(self.kind(ty)?, TypeKind::Pointer(_));
        let w = self.size_of(ty)?;
        let v = self
            .oracle
            .env_memory(base + i128::from(p.offset), w, pointer)
            .unwrap_or(0);
        Ok(Some(if pointer {
            self.env_pointer(v)
        } else {
            self.value_of_oracle(v, ty)?
        }))
    }

    /// The oracle's address of the variable `p` points into, if `p` is past the variable's
    /// end ([`Config::objects_apart`] only).
    fn past_end_of_var(&mut self, p: Pointer) -> Option<i128> {
        let ObjKind::Var(v) = p.obj.kind else {
            return None;
        };
        let size = self.prog.types.size_of(self.prog.var(v).ty)?;
        let past = u64::try_from(p.offset).is_ok_and(|o| o >= size);
        if !self.cfg.objects_apart || !past {
            return None;
        }
        self.oracle.var_address(v)
    }

    /// The little-endian bytes `[p, p + n)` as an integer (`n <= 16`); uninitialized bytes
    /// get the bytes of one oracle value of type `ty`, stored so that re-reads agree.
    pub(crate) fn read_raw(&mut self, p: Pointer, n: u64, ty: Ty) -> R<u128> {
        if n > 16 {
            return Err(self.unsup("integer wider than 16 bytes"));
        }
        let off = self.check_range(p, n)?;
        let mut pieces = self.obj(p.obj)?.pieces(off, n);
        if pieces.iter().any(|pc| pc.content == Content::Uninit) {
            let v = match self.env_initial(p, ty)? {
                Some(v) => v,
                None => self.ask(&HavocKind::Uninit, ty)?,
            };
            let fill = match v {
                Value::Int(v) => v as u128,
                _ => 0,
            };
            let obj = self.obj_mut(p.obj)?;
            for pc in pieces.iter().filter(|pc| pc.content == Content::Uninit) {
                obj.write(
                    off + pc.rel,
                    pc.len,
                    Content::Bits(slice_bits(fill, pc.rel, pc.len)),
                );
            }
            pieces = obj.pieces(off, n);
        }
        let mut raw = 0u128;
        for pc in &pieces {
            for i in 0..pc.len {
                let Some(b) = pc.content.byte(i) else {
                    return Err(self.unsup("the bytes of a pointer read as an integer"));
                };
                let at = pc.rel + i;
                if at < 16 {
                    raw |= u128::from(b) << (8 * at);
                }
            }
        }
        Ok(raw)
    }

    /// Write a scalar `v` of type `ty` at `p` (converting integers to `ty` in Machine mode)
    /// and report it to the observer.
    pub(crate) fn write_scalar(&mut self, p: Pointer, ty: Ty, v: Value) -> R<()> {
        self.store_scalar(p, ty, v, true)
    }

    fn store_scalar(&mut self, p: Pointer, ty: Ty, v: Value, check_readonly: bool) -> R<()> {
        let v = match (self.kind(ty)?, v) {
            (TypeKind::Int(k), Value::Int(x)) => {
                Value::Int(arith::convert(x, *k, self.mode()).map_err(|e| self.arith_err(e))?)
            }
            (TypeKind::Int(k), v) if self.carries_pointer(*k) => v,
            (TypeKind::Int(_), _) => {
                return Err(self.unsup("a pointer value stored into a narrower integer object"))
            }
            (TypeKind::Pointer(_), v) => v,
            (TypeKind::Float(_), _) => return Err(self.unsup("floating-point values")),
            _ => return Err(self.unsup("scalar write of a non-scalar type")),
        };
        let w = self.size_of(ty)?;
        let off = if check_readonly {
            self.check_write(p, w)?
        } else {
            self.check_range(p, w)?
        };
        self.obj_mut(p.obj)?
            .write(off, w, Content::Scalar { value: v, ty });
        self.observe_store(p, ty, v);
        Ok(())
    }

    // ----- blocks (aggregates) -----

    /// The cells of `[p, p + size)`.
    pub(crate) fn read_block(&mut self, p: Pointer, size: u64) -> R<Vec<Piece>> {
        let off = self.check_range(p, size)?;
        Ok(self.obj(p.obj)?.pieces(off, size))
    }

    /// Copy `pieces` (read by [`Self::read_block`]) to `[p, p + size)`, reporting every
    /// scalar copied.
    pub(crate) fn write_block(&mut self, p: Pointer, size: u64, pieces: &[Piece]) -> R<()> {
        let off = self.check_write(p, size)?;
        let obj = self.obj_mut(p.obj)?;
        for pc in pieces {
            obj.write(off + pc.rel, pc.len, pc.content.clone());
        }
        for pc in pieces {
            if let Content::Scalar { value, ty } = pc.content {
                let at = Pointer {
                    obj: p.obj,
                    offset: p.offset + pc.rel as i64,
                };
                self.observe_store(at, ty, value);
            }
        }
        Ok(())
    }

    /// Mark `[p, p + size)` uninitialized (a fresh nondeterministic value).
    pub(crate) fn havoc_range(&mut self, p: Pointer, size: u64) -> R<()> {
        let off = self.check_write(p, size)?;
        self.obj_mut(p.obj)?.write(off, size, Content::Uninit);
        Ok(())
    }

    /// Fill `[p, p + n)` with byte `b`.
    pub(crate) fn fill(&mut self, p: Pointer, n: u64, b: u8) -> R<()> {
        let off = self.check_write(p, n)?;
        self.obj_mut(p.obj)?.write(off, n, Content::Fill(b));
        Ok(())
    }

    /// The byte at `p`, as `unsigned char`.
    pub(crate) fn read_byte(&mut self, p: Pointer) -> R<u8> {
        match self.byte_ty {
            Some(t) => match self.read_scalar(p, t)? {
                Value::Int(v) => Ok(v as u8),
                _ => Err(self.unsup("the bytes of a pointer read as characters")),
            },
            None => {
                let off = self.check_range(p, 1)?;
                let (idx, c) = self
                    .obj(p.obj)?
                    .byte_content(off)
                    .map(|(i, c)| (i, c.clone()))
                    .ok_or_else(|| self.unsup("internal: byte without a cell"))?;
                match c {
                    Content::Uninit => {
                        self.fill(p, 1, 0)?;
                        Ok(0)
                    }
                    c => c
                        .byte(idx)
                        .ok_or_else(|| self.unsup("the bytes of a pointer read as characters")),
                }
            }
        }
    }

    // ----- places -----

    /// The address of a variable in the current activation (or in static storage).
    pub(crate) fn place_var(&mut self, v: VarId) -> R<Place> {
        let var = self.var(v)?;
        let instance = match var.frame_of() {
            None => 0,
            Some(f) => match self.current() {
                Some((cur, act)) if cur == f => act,
                _ => {
                    return Err(
                        self.unsup(format!("variable `{}` used outside its function", var.name))
                    )
                }
            },
        };
        Ok(Place {
            ptr: Pointer {
                obj: ObjRef {
                    kind: ObjKind::Var(v),
                    instance,
                },
                offset: 0,
            },
            ty: var.ty,
            bits: None,
        })
    }

    /// Resolve an lvalue to its address and type.
    pub(crate) fn place(&mut self, lv: &Lval) -> R<Place> {
        match lv {
            Lval::Var(v) => self.place_var(*v),
            Lval::Deref(e) => {
                let TypeKind::Pointer(ty) = self.kind(e.ty)? else {
                    return Err(self.unsup("dereference of a non-pointer"));
                };
                let v = self.eval(e)?;
                let ptr = self.deref_target(v)?;
                Ok(Place {
                    ptr,
                    ty: *ty,
                    bits: None,
                })
            }
            Lval::Field(base, s, i) => {
                let b = self.place(base)?;
                if b.bits.is_some() {
                    return Err(self.unsup("field of a bit-field"));
                }
                let f = self.field(*s, *i)?;
                let offset = i64::try_from(f.offset)
                    .ok()
                    .and_then(|o| b.ptr.offset.checked_add(o))
                    .ok_or_else(|| self.unsup("offset overflow"))?;
                Ok(Place {
                    ptr: Pointer { offset, ..b.ptr },
                    ty: f.ty,
                    bits: f.bitfield,
                })
            }
            Lval::Index(base, idx) => {
                let b = self.place(base)?;
                let Some(elem) = (match self.kind(b.ty)? {
                    TypeKind::Array(e, _) => Some(*e),
                    _ => None,
                }) else {
                    return Err(self.unsup("indexing a non-array"));
                };
                let esize = self.size_of(elem)?;
                let Value::Int(i) = self.eval(idx)? else {
                    return Err(self.unsup("array index is not an integer"));
                };
                let offset = i
                    .checked_mul(i128::from(esize))
                    .and_then(|d| d.checked_add(i128::from(b.ptr.offset)))
                    .and_then(|o| i64::try_from(o).ok())
                    .ok_or_else(|| self.undef("array index far out of bounds"))?;
                Ok(Place {
                    ptr: Pointer { offset, ..b.ptr },
                    ty: elem,
                    bits: None,
                })
            }
        }
    }

    /// The object a pointer value designates, for a dereference.
    pub(crate) fn deref_target(&self, v: Value) -> R<Pointer> {
        match v {
            Value::Ptr(p) => Ok(p),
            Value::Int(0) => Err(self.undef("null pointer dereference")),
            Value::Int(_) => Err(self.undef(
                "dereference of an invalid pointer (uninitialized or made from an integer)",
            )),
            Value::Func(_) => Err(self.unsup("a function pointer used as a data pointer")),
        }
    }

    /// Read the scalar at a place (bit-fields included).
    pub(crate) fn read_place(&mut self, pl: &Place) -> R<Value> {
        let Some((bo, w)) = pl.bits else {
            return self.read_scalar(pl.ptr, pl.ty);
        };
        let k = self.int_kind(pl.ty)?;
        let (start, shift, n) = self.bit_range(pl.ptr, bo, w)?;
        let raw = self.read_raw(start, n, pl.ty)?;
        let field = (raw >> shift) & mask(w);
        let fk = IntKind { bits: w, ..k };
        arith::wrap(field as i128, fk)
            .map(Value::Int)
            .map_err(|e| self.arith_err(e))
    }

    /// Write a scalar to a place (bit-fields included; values are truncated to the
    /// bit-field's width).
    pub(crate) fn write_place(&mut self, pl: &Place, v: Value) -> R<()> {
        let Some((bo, w)) = pl.bits else {
            return self.write_scalar(pl.ptr, pl.ty, v);
        };
        let k = self.int_kind(pl.ty)?;
        let Value::Int(x) = v else {
            return Err(self.unsup("a pointer value stored into a bit-field"));
        };
        let (start, shift, n) = self.bit_range(pl.ptr, bo, w)?;
        self.check_write(start, n)?;
        let raw = self.read_raw(start, n, pl.ty)?;
        let m = mask(w);
        let new = (raw & !(m << shift)) | (((x as u128) & m) << shift);
        let off = self.check_write(start, n)?;
        self.obj_mut(start.obj)?.write(off, n, Content::Bits(new));
        let stored = arith::wrap(x, IntKind { bits: w, ..k }).map_err(|e| self.arith_err(e))?;
        self.observe_store(pl.ptr, pl.ty, Value::Int(stored));
        Ok(())
    }

    /// The bytes holding a bit-field: (first byte, bit shift inside it, byte count).
    fn bit_range(&self, p: Pointer, bo: u16, w: u16) -> R<(Pointer, u32, u64)> {
        if w == 0 || w > 128 {
            return Err(self.unsup("bit-field of width 0 or above 128"));
        }
        let offset = p
            .offset
            .checked_add(i64::from(bo / 8))
            .ok_or_else(|| self.undef("bit-field far out of bounds"))?;
        let start = Pointer { offset, ..p };
        let shift = u32::from(bo % 8);
        let n = (u64::from(shift) + u64::from(w)).div_ceil(8);
        if n > 16 {
            return Err(self.unsup("bit-field spanning more than 16 bytes"));
        }
        Ok((start, shift, n))
    }

    /// Read a place as a value (scalar or block).
    pub(crate) fn read_rval(&mut self, pl: &Place) -> R<RVal> {
        if self.is_aggregate(pl.ty)? {
            let size = self.size_of(pl.ty)?;
            Ok(RVal::Block(self.read_block(pl.ptr, size)?, size))
        } else {
            Ok(RVal::Scalar(self.read_place(pl)?))
        }
    }

    /// Store a value (scalar or block) to a place.
    pub(crate) fn assign_rval(&mut self, pl: &Place, v: RVal) -> R<()> {
        match v {
            RVal::Scalar(s) => {
                if self.is_aggregate(pl.ty)? {
                    return Err(self.unsup("a scalar assigned to an aggregate"));
                }
                self.write_place(pl, s)
            }
            RVal::Block(pieces, size) => {
                if pl.bits.is_some() || !self.is_aggregate(pl.ty)? || self.size_of(pl.ty)? != size {
                    return Err(self.unsup("aggregate assigned to an object of another size"));
                }
                self.write_block(pl.ptr, size, &pieces)
            }
        }
    }

    /// Give a place an arbitrary value: scalars ask the oracle, aggregates (and
    /// floating-point objects) become uninitialized.
    pub(crate) fn havoc_place(&mut self, pl: &Place, why: &HavocKind) -> R<()> {
        match self.kind(pl.ty)? {
            TypeKind::Int(_) | TypeKind::Pointer(_) => {
                let v = self.ask(why, pl.ty)?;
                self.write_place(pl, v)
            }
            _ => {
                let size = self.size_of(pl.ty)?;
                self.havoc_range(pl.ptr, size)
            }
        }
    }
}

/// The low `w` bits set.
fn mask(w: u16) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}
