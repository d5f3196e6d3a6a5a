//! Parser, printer and checker tests: the paper's programs, golden error
//! messages, and round-trip properties (print ∘ parse is stable).

use bebop::ast::{BinOp, Decl, Expr, ExprKind, Ident, Proc, Program, Span, Stmt, StmtKind};
use bebop::check::{check, check_with_source};
use bebop::lexer::is_keyword;
use bebop::parser::{parse, MAX_NESTING};
use bebop::printer::{print_expr, print_program, without_spans};
use proptest::prelude::*;

/// Fig. 1 of the Bebop paper (SPIN 2000).
const FIG1: &str = "\
decl g;

main()
begin
  decl h;
  h := !g;
  A(g, h);
  skip;
  A(g, h);
  skip;
  if (g) then
    R: skip;
  else
    skip;
  fi
end

A(a1, a2)
begin
  if (a1) then
    A(a2, a1);
    skip;
  else
    g := a2;
  fi
end
";

/// The template T(N) of Fig. 4 / slide 26: `main` calls `level1` twice, each
/// `level<i>` runs a three-bit counter when `g` holds and otherwise calls
/// `level<i+1>` twice (the last level does `skip` twice), then negates `g`.
fn template_t(n: usize) -> String {
    let mut s = String::from(
        "decl g;\n\nvoid main() begin\n  level1();\n  level1();\n  \
         if (!g) then reach: skip; else skip; fi\nend\n",
    );
    for i in 1..=n {
        let stmt = if i < n {
            format!("level{}();", i + 1)
        } else {
            "skip;".to_string()
        };
        s.push_str(&format!(
            "\nvoid level{i}() begin\n  decl a, b, c;\n  if (g) then\n    \
             while (!a | !b | !c) do\n      if (!a) then a := 1;\n      \
             elsif (!b) then a, b := 0, 1;\n      elsif (!c) then a, b, c := 0, 0, 1;\n      \
             else skip;\n      fi\n    od\n  else\n    {stmt}\n    {stmt}\n  fi\n  \
             g := !g;\nend\n"
        ));
    }
    s
}

fn parse_ok(src: &str) -> Program {
    parse(src).unwrap_or_else(|d| panic!("{}", d.render("t.bp", src)))
}

/// Asserts print(parse(print(p))) == print(p) and parse(print(p)) ≡ p.
fn assert_round_trip(p: &Program) {
    let printed = print_program(p);
    let again = parse(&printed).unwrap_or_else(|d| {
        panic!(
            "printed program does not parse:\n{}\n{printed}",
            d.render("printed", &printed)
        )
    });
    assert_eq!(without_spans(&again), without_spans(p), "\n{printed}");
    assert_eq!(print_program(&again), printed);
}

fn all_stmts(ss: &[Stmt], out: &mut Vec<Stmt>) {
    for s in ss {
        out.push(s.clone());
        match &s.kind {
            StmtKind::If { arms, els } => {
                for (_, b) in arms {
                    all_stmts(b, out);
                }
                if let Some(b) = els {
                    all_stmts(b, out);
                }
            }
            StmtKind::While { body, .. } => all_stmts(body, out),
            _ => {}
        }
    }
}

#[test]
fn paper_figure_1() {
    let p = parse_ok(FIG1);
    assert!(check(&p).is_empty(), "{:?}", check(&p));
    assert_eq!(p.globals.len(), 1);
    assert_eq!(p.procs.len(), 2);
    let main = &p.procs[0];
    assert_eq!(main.name.name, "main");
    assert_eq!(main.returns, 0);
    assert_eq!(main.locals[0].vars[0].name, "h");
    assert_eq!(p.procs[1].formals.len(), 2);
    // Label R is on the `skip` of line 12, as in the paper.
    let mut stmts = Vec::new();
    all_stmts(&main.body, &mut stmts);
    let r = stmts
        .iter()
        .find(|s| s.labels.iter().any(|l| l.name == "R"))
        .expect("label R");
    assert_eq!(r.kind, StmtKind::Skip);
    assert_eq!(bebop::diag::line_col(FIG1, r.span.start as usize).0, 12);
    assert_round_trip(&p);
}

#[test]
fn template_t3() {
    let src = template_t(3);
    let p = parse_ok(&src);
    assert!(check(&p).is_empty(), "{:?}", check(&p));
    assert_eq!(p.procs.len(), 4);
    // T(N) has 3N + 1 variables.
    let vars: usize = p.globals.iter().map(|d| d.vars.len()).sum::<usize>()
        + p.procs
            .iter()
            .flat_map(|q| q.locals.iter())
            .map(|d| d.vars.len())
            .sum::<usize>();
    assert_eq!(vars, 10);
    let level1 = &p.procs[1];
    let StmtKind::If { arms, els } = &level1.body[0].kind else {
        panic!("level1 starts with an if")
    };
    assert_eq!(print_expr(&arms[0].0), "g");
    let StmtKind::While { cond, body } = &arms[0].1[0].kind else {
        panic!("a while loop")
    };
    assert_eq!(print_expr(cond), "!a | !b | !c");
    assert!(matches!(&body[0].kind, StmtKind::If { arms, els: Some(_) } if arms.len() == 3));
    assert!(
        matches!(&els.as_ref().unwrap()[0].kind, StmtKind::Call { callee, .. } if callee.name == "level2")
    );
    assert_round_trip(&p);
    // The large instance the paper reports on parses and checks too.
    let big = parse_ok(&template_t(800));
    assert!(check(&big).is_empty());
}

#[test]
fn printed_forms() {
    let p = parse_ok("decl {x == 0}; bool<3> f(a) begin enforce !a; return a, ?, schoose[a, !a]; end main() begin decl x; x := (x) & T | F; end");
    assert_eq!(
        print_program(&p),
        "decl {x == 0};\n\nbool<3> f(a)\nbegin\n  enforce !a;\n  return a, *, schoose[a, !a];\nend\n\n\
         void main()\nbegin\n  decl x;\n  x := x & 1 | 0;\nend\n"
    );
    assert_round_trip(&p);
}

// ----- golden error messages ---------------------------------------------

/// The first line of the first diagnostic (parse error, else check error).
fn first_error(src: &str) -> String {
    let d = match parse(src) {
        Err(d) => d,
        Ok(p) => check_with_source(&p, src)
            .into_iter()
            .next()
            .expect("expected a diagnostic"),
    };
    d.render("t.bp", src)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn golden_check_errors() {
    let cases: &[(&str, &str)] = &[
        (
            "main() begin\n  x := 1;\nend",
            "t.bp:2:3: error: undeclared variable `x`",
        ),
        (
            "decl g;\nmain() begin\n  g := g & y;\nend",
            "t.bp:3:12: error: undeclared variable `y`",
        ),
        (
            "main() begin\n  z := f();\nend\nbool f() begin return 1; end",
            "t.bp:2:3: error: undeclared variable `z`",
        ),
        (
            "decl g;\ndecl h, g;\nmain() begin skip; end",
            "t.bp:2:9: error: duplicate variable `g` (first declared at line 1)",
        ),
        (
            "main() begin skip; end\nvoid f(a,\n  b) begin\n  decl b;\n  skip;\nend",
            "t.bp:4:8: error: duplicate variable `b` (first declared at line 3)",
        ),
        (
            "main() begin\n  L: skip;\n  skip;\n  while (?) do\n    L: skip;\n  od\nend",
            "t.bp:5:5: error: duplicate label `L` (first defined at line 2)",
        ),
        (
            "main() begin\n  goto L, M;\n  M: skip;\nend",
            "t.bp:2:8: error: goto to undefined label `L`",
        ),
        (
            "main() begin\n  f();\nend",
            "t.bp:2:3: error: call to undefined procedure `f`",
        ),
        (
            "main() begin skip; end\nvoid f() begin skip; end\n\nbool f() begin return 0; end",
            "t.bp:4:6: error: duplicate procedure `f` (first defined at line 2)",
        ),
        (
            "void f() begin skip; end",
            "t.bp:1:1: error: program has no `main` procedure",
        ),
        (
            "decl g;\nmain() begin\n  f(g, g);\nend\nvoid f(a, b, c) begin skip; end",
            "t.bp:3:3: error: call to `f` passes 2 arguments, but `f` has 3 formals",
        ),
        (
            "decl g, h;\nmain() begin\n  g, h := f();\nend\nbool f() begin return 1; end",
            "t.bp:3:3: error: call to `f` assigns 2 results, but `f` returns 1 value",
        ),
        (
            "decl g;\nmain() begin\n  g := f();\nend\nvoid f() begin skip; end",
            "t.bp:3:3: error: call to `f` assigns 1 result, but `f` returns no values",
        ),
        (
            "decl g, h;\nmain() begin\n  g, h := 1;\nend",
            "t.bp:3:3: error: assignment to 2 variables has 1 value",
        ),
        (
            "main() begin skip; end\nbool<2> f() begin\n  return 1;\nend",
            "t.bp:3:3: error: procedure `f` returns 2 values, but this `return` gives 1",
        ),
        (
            "main() begin skip; end\nbool f() begin\n  if (?) then return; fi\nend",
            "t.bp:3:15: error: procedure `f` returns 1 value, but this `return` gives none",
        ),
        (
            "main() begin\n  return 0;\nend",
            "t.bp:2:3: error: procedure `main` returns no values, but this `return` gives 1",
        ),
        (
            "decl g, h;\nmain() begin\n  g, h, g := 0, 1, 0;\nend",
            "t.bp:3:9: error: variable `g` appears twice on the left-hand side of one assignment",
        ),
        (
            "decl g;\nmain() begin\n  g, g := f();\nend\nbool<2> f() begin return 1, 0; end",
            "t.bp:3:6: error: variable `g` appears twice on the left-hand side of one assignment",
        ),
        (
            "decl g;\nmain() begin\n  enforce g | *;\n  skip;\nend",
            "t.bp:3:15: error: nondeterministic choice (`*` or `?`) is not allowed in `enforce`",
        ),
        (
            "decl g;\nmain() begin\n  enforce schoose[g, !g];\n  skip;\nend",
            "t.bp:3:11: error: `schoose` is not allowed in `enforce`",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(&first_error(src), want, "for program:\n{src}");
    }
}

#[test]
fn golden_parse_errors() {
    let cases: &[(&str, &str)] = &[
        (
            "main() begin\n  skip\nend",
            "t.bp:3:1: error: expected `;`, found `end`",
        ),
        (
            "main() begin\n  x := a + b;\nend",
            "t.bp:2:10: error: unexpected character `+`",
        ),
        (
            "main() begin\n  /* never closed\nend",
            "t.bp:2:3: error: unterminated block comment",
        ),
        (
            "decl {x == 0;\nmain() begin skip; end",
            "t.bp:1:6: error: unterminated `{` identifier: missing `}`",
        ),
        (
            "main() begin\n  if g then skip; fi\nend",
            "t.bp:2:6: error: expected `(`, found identifier `g`",
        ),
        (
            "main() begin\n  if (g) then skip;\nend",
            "t.bp:3:1: error: unexpected `end`: expected a statement, `elsif`, `else` or `fi`",
        ),
        (
            "main() begin\n  x := (a & b;\nend",
            "t.bp:2:14: error: expected `)` or an operator, found `;`",
        ),
        (
            "main() begin\n  skip;\n  decl x;\nend",
            "t.bp:3:3: error: declarations must come before the statements of a procedure",
        ),
        (
            "main() begin skip; end\ndecl g;",
            "t.bp:2:1: error: global declarations must come before all procedures",
        ),
        (
            "main() begin\n  x := 3;\nend",
            "t.bp:2:8: error: invalid constant `3`: the boolean constants are 0 and 1",
        ),
        (
            "bool<x> f() begin skip; end",
            "t.bp:1:6: error: expected the number of return values, found identifier `x`",
        ),
        (
            "main() begin\n  goto;\nend",
            "t.bp:2:7: error: expected a label, found `;`",
        ),
        (
            "main() begin\n  x, y;\nend",
            "t.bp:2:7: error: expected `:=` or `,`, found `;`",
        ),
        (
            "main(a b) begin skip; end",
            "t.bp:1:8: error: expected `)`, found identifier `b`",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(&first_error(src), want, "for program:\n{src}");
    }
}

#[test]
fn nesting_limit_is_safe_for_parse_check_and_print() {
    // Programs right at the nesting limit: everything downstream (check,
    // print, compare, drop) must cope on a default test thread.
    let n = MAX_NESTING;
    // Half statements, half expressions.
    let s = n / 2;
    let k = (n - s - 2) / 2;
    let deep_expr = format!("{}g{}", "(!".repeat(k), ")".repeat(k));
    let mixed = format!(
        "decl g;\nmain() begin\n{} g := {deep_expr}; {}\nend\n",
        format!("while ({deep_expr}) do ").repeat(s),
        " od".repeat(s)
    );
    // Only statements.
    let stmts = format!(
        "decl g;\nmain() begin\n{} skip; {}\nend\n",
        "if (g) then ".repeat(n - 1),
        "else skip; fi ".repeat(n - 1)
    );
    for src in [mixed, stmts] {
        let p = parse_ok(&src);
        assert!(check(&p).is_empty());
        assert_round_trip(&p);
    }
    let too_deep = format!(
        "decl g;\nmain() begin\n{} skip; {}\nend\n",
        "if (g) then ".repeat(n),
        "fi ".repeat(n)
    );
    // The condition of the innermost `if` is one level too many.
    assert_eq!(
        first_error(&too_deep),
        format!(
            "t.bp:3:{}: error: nesting too deep (more than {n} levels)",
            12 * (n - 1) + 5
        )
    );
}

// ----- property tests ----------------------------------------------------

fn ident_name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-zA-Z_][a-zA-Z0-9_]{0,3}".prop_filter("not a keyword", |s| !is_keyword(s)),
        1 => "\\{[a-z0-9 =!*<>/]{0,6}\\}",
        1 => Just("{a {b} c}".to_string()),
    ]
}

fn ident() -> impl Strategy<Value = Ident> {
    ident_name().prop_map(|name| Ident {
        name,
        span: Span::default(),
    })
}

fn ex(kind: ExprKind) -> Expr {
    Expr {
        kind,
        span: Span::default(),
    }
}

fn expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        any::<bool>().prop_map(|b| ex(ExprKind::Const(b))),
        ident_name().prop_map(|v| ex(ExprKind::Var(v))),
        Just(ex(ExprKind::Nondet)),
    ];
    let ops = [
        BinOp::Implies,
        BinOp::Or,
        BinOp::Xor,
        BinOp::And,
        BinOp::Eq,
        BinOp::Ne,
    ];
    leaf.prop_recursive(5, 40, 2, move |inner| {
        prop_oneof![
            inner.clone().prop_map(|e| ex(ExprKind::Not(Box::new(e)))),
            (
                proptest::sample::select(ops.to_vec()),
                inner.clone(),
                inner.clone()
            )
                .prop_map(|(op, a, b)| ex(ExprKind::Bin(op, Box::new(a), Box::new(b)))),
            (inner.clone(), inner)
                .prop_map(|(a, b)| ex(ExprKind::Schoose(Box::new(a), Box::new(b)))),
        ]
    })
}

fn exprs(min: usize) -> impl Strategy<Value = Vec<Expr>> {
    prop::collection::vec(expr(), min..min + 3)
}

fn idents(min: usize) -> impl Strategy<Value = Vec<Ident>> {
    prop::collection::vec(ident(), min..min + 3)
}

fn stmt_kind() -> impl Strategy<Value = StmtKind> {
    let simple = prop_oneof![
        Just(StmtKind::Skip),
        exprs(0).prop_map(StmtKind::Print),
        idents(1).prop_map(StmtKind::Goto),
        exprs(0).prop_map(StmtKind::Return),
        (idents(1), exprs(1)).prop_map(|(lhs, rhs)| StmtKind::Assign { lhs, rhs }),
        (idents(0), ident(), exprs(0)).prop_map(|(lhs, callee, args)| StmtKind::Call {
            lhs,
            callee,
            args
        }),
        expr().prop_map(StmtKind::Assert),
        expr().prop_map(StmtKind::Assume),
    ];
    simple.prop_recursive(3, 24, 3, |inner| {
        let stmts = prop::collection::vec(
            (prop::collection::vec(ident(), 0..2), inner).prop_map(|(labels, kind)| Stmt {
                labels,
                kind,
                span: Span::default(),
            }),
            0..3,
        )
        .boxed();
        prop_oneof![
            (
                prop::collection::vec((expr(), stmts.clone()), 1..3),
                prop::option::of(stmts.clone())
            )
                .prop_map(|(arms, els)| StmtKind::If { arms, els }),
            (expr(), stmts).prop_map(|(cond, body)| StmtKind::While { cond, body }),
        ]
    })
}

fn stmt() -> impl Strategy<Value = Stmt> {
    (prop::collection::vec(ident(), 0..3), stmt_kind()).prop_map(|(labels, kind)| Stmt {
        labels,
        kind,
        span: Span::default(),
    })
}

fn decl() -> impl Strategy<Value = Decl> {
    idents(1).prop_map(|vars| Decl {
        vars,
        span: Span::default(),
    })
}

fn program() -> impl Strategy<Value = Program> {
    let proc = (
        ident(),
        0usize..4,
        prop::collection::vec(ident(), 0..3),
        prop::collection::vec(decl(), 0..2),
        prop::option::of(expr()),
        prop::collection::vec(stmt(), 0..5),
    )
        .prop_map(|(name, returns, formals, locals, enforce, body)| Proc {
            name,
            returns,
            formals,
            locals,
            enforce,
            body,
            span: Span::default(),
        });
    (
        prop::collection::vec(decl(), 0..3),
        prop::collection::vec(proc, 0..4),
    )
        .prop_map(|(globals, procs)| Program { globals, procs })
}

/// Tokens biased toward the grammar, for token soups.
const SOUP: &[&str] = &[
    "decl",
    "main",
    "f",
    "(",
    ")",
    "begin",
    "end",
    "skip",
    ";",
    ";",
    "x",
    "y",
    "g",
    ":=",
    ",",
    "if",
    "then",
    "elsif",
    "else",
    "fi",
    "while",
    "do",
    "od",
    "!",
    "&",
    "|",
    "=>",
    "^",
    "=",
    "!=",
    "?",
    "*",
    "T",
    "F",
    "0",
    "1",
    "goto",
    "L",
    ":",
    "return",
    "bool",
    "void",
    "<",
    "2",
    ">",
    "schoose",
    "[",
    "]",
    "assert",
    "assume",
    "enforce",
    "print",
    "{a b}",
    "// c\n",
    "/**/",
    "if (x) then",
    "elsif (*) then",
    "while (?) do",
    "L:",
];

/// Whole statements, so that a fair share of soups parse.
const FRAGMENTS: &[&str] = &[
    "skip;",
    "x := y;",
    "x, y := !y, x & ?;",
    "x := f(y);",
    "f(x);",
    "goto L;",
    "L:",
    "return;",
    "return x;",
    "assert(x => y);",
    "assume(!x);",
    "print(x, y);",
    "x := schoose[x, y];",
    "if (x) then skip; fi",
    "if (x) then else fi",
    "while (x ^ y) do od",
];

fn soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        1 => proptest::sample::select(SOUP),
        10 => proptest::sample::select(FRAGMENTS),
    ];
    let body = prop::collection::vec(piece, 0..16);
    (
        proptest::sample::select(
            &["", "decl x, y;\nmain() begin ", "bool f(x) begin decl y; "][..],
        ),
        body,
        proptest::sample::select(&["", " end", " ; end"][..]),
    )
        .prop_map(|(pre, toks, post)| format!("{pre}{}{post}", toks.join(" ")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Random ASTs print to text that parses back to the same AST.
    #[test]
    fn random_ast_round_trips(p in program()) {
        let printed = print_program(&p);
        let again = parse(&printed).map_err(|d| {
            TestCaseError::fail(format!("{}\n{printed}", d.render("printed", &printed)))
        })?;
        prop_assert_eq!(without_spans(&again), p, "\n{}", printed);
        prop_assert_eq!(print_program(&again), printed);
    }

    /// Whatever a token soup parses to prints stably.
    #[test]
    fn token_soup_round_trips(src in soup()) {
        if let Ok(p) = parse(&src) {
            assert_round_trip(&p);
            let _ = check(&p);
        }
    }

    /// Expressions print with minimal but sufficient parentheses.
    #[test]
    fn expression_round_trips(e in expr()) {
        let printed = print_expr(&e);
        let again = bebop::parser::parse_expr(&printed)
            .map_err(|d| TestCaseError::fail(format!("{}: {printed}", d.message)))?;
        let p = |e: Expr| without_spans(&Program {
            globals: vec![],
            procs: vec![Proc {
                name: Ident { name: "m".into(), span: Span::default() },
                returns: 0,
                formals: vec![],
                locals: vec![],
                enforce: Some(e),
                body: vec![],
                span: Span::default(),
            }],
        });
        prop_assert_eq!(p(again), p(e));
    }
}

/// The example programs in `docs/boolean-programs.md` parse, check and
/// round-trip.
#[test]
fn documentation_examples() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/boolean-programs.md");
    let Ok(doc) = std::fs::read_to_string(path) else {
        return; // the crate may be used outside the workspace
    };
    let mut blocks = Vec::new();
    let mut cur: Option<String> = None;
    for line in doc.lines() {
        if line.starts_with("```") {
            match cur.take() {
                Some(b) => blocks.push(b),
                None => cur = Some(String::new()),
            }
        } else if let Some(b) = &mut cur {
            b.push_str(line);
            b.push('\n');
        }
    }
    let programs: Vec<_> = blocks.iter().filter(|b| b.contains("main()")).collect();
    assert_eq!(programs.len(), 2);
    for src in programs {
        let p = parse_ok(src);
        assert_eq!(check_with_source(&p, src), vec![], "{src}");
        assert_round_trip(&p);
    }
}
