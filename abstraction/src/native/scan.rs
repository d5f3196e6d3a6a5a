//! What native replay needs to know about the program text: where functions are named,
//! declared and defined, where they return, and which block-scope declarations have no
//! initializer. Offsets are byte offsets into the preprocessed text lang-c parsed.

use lang_c::ast::{
    CallExpression, Declaration, DeclarationSpecifier, Declarator, DeclaratorKind,
    DerivedDeclarator, Expression, FunctionDefinition, Statement, StorageClassSpecifier,
    TranslationUnit,
};
use lang_c::span::Span;
use lang_c::visit::{self, Visit};

/// An identifier used as an expression (a function designator or a variable).
#[derive(Clone, Debug)]
pub struct Ref {
    pub name: String,
    pub span: Span,
    /// The identifier is the callee of a call: the call starts here.
    pub call: bool,
}

/// A declaration (any scope) with a declarator naming `name`.
#[derive(Clone, Debug)]
pub struct Decl {
    pub name: String,
    /// Where a further declaration may be inserted (just after the declaration's `;`).
    pub after: usize,
}

/// A `return` statement: its span and that of its value.
#[derive(Clone, Debug)]
pub struct Return {
    pub span: Span,
    pub value: Option<Span>,
}

/// A function definition.
#[derive(Clone, Debug)]
pub struct Def {
    pub name: String,
    /// The identifier in the declarator.
    pub name_span: Span,
    /// The body, `{` to `}` inclusive.
    pub body: Span,
    /// Parameter names, in order (`None` for an unnamed one).
    pub params: Vec<Option<String>>,
    pub returns: Vec<Return>,
    /// Offset just past the definition (after its `}`).
    pub end: usize,
}

/// A block-scope declarator without an initializer, of automatic storage.
#[derive(Clone, Debug)]
pub struct Local {
    pub name: String,
    pub name_start: usize,
    /// Where ` = value` can be inserted (the end of the declarator).
    pub end: usize,
}

/// Everything the scan found.
#[derive(Clone, Debug, Default)]
pub struct Scan {
    pub refs: Vec<Ref>,
    pub decls: Vec<Decl>,
    pub defs: Vec<Def>,
    pub locals: Vec<Local>,
}

/// Scans a translation unit parsed from `text`.
pub fn scan(unit: &TranslationUnit, text: &str) -> Scan {
    let mut s = Scanner {
        text,
        out: Scan::default(),
        current: None,
    };
    s.visit_translation_unit(unit);
    s.out
}

struct Scanner<'t> {
    text: &'t str,
    out: Scan,
    /// Index into `out.defs` of the definition being scanned.
    current: Option<usize>,
}

/// The identifier a declarator declares, with its span.
pub fn declarator_name(d: &Declarator) -> Option<(String, Span)> {
    match &d.kind.node {
        DeclaratorKind::Identifier(id) => Some((id.node.name.clone(), id.span)),
        DeclaratorKind::Declarator(inner) => declarator_name(&inner.node),
        DeclaratorKind::Abstract => None,
    }
}

/// Names of the parameters of a function declarator (the outermost function suffix).
fn param_names(d: &Declarator) -> Vec<Option<String>> {
    let own = d.derived.iter().find_map(|x| match &x.node {
        DerivedDeclarator::Function(f) => Some(
            f.node
                .parameters
                .iter()
                .filter_map(|p| {
                    // `(void)` has no parameters
                    let is_void = p.node.declarator.is_none()
                        && p.node.specifiers.len() == 1
                        && matches!(
                            &p.node.specifiers[0].node,
                            DeclarationSpecifier::TypeSpecifier(t)
                                if matches!(t.node, lang_c::ast::TypeSpecifier::Void)
                        );
                    if is_void {
                        None
                    } else {
                        Some(
                            p.node
                                .declarator
                                .as_ref()
                                .and_then(|d| declarator_name(&d.node))
                                .map(|(n, _)| n),
                        )
                    }
                })
                .collect(),
        ),
        DerivedDeclarator::KRFunction(ids) => {
            Some(ids.iter().map(|i| Some(i.node.name.clone())).collect())
        }
        _ => None,
    });
    if let Some(p) = own {
        return p;
    }
    match &d.kind.node {
        DeclaratorKind::Declarator(inner) => param_names(&inner.node),
        _ => Vec::new(),
    }
}

impl Scanner<'_> {
    /// The offset just past the `;` that ends a declaration spanning `span`.
    fn after_semicolon(&self, span: Span) -> usize {
        let bytes = self.text.as_bytes();
        if span.end > 0 && bytes.get(span.end - 1) == Some(&b';') {
            return span.end;
        }
        let mut i = span.end;
        while i < bytes.len() {
            if bytes[i] == b';' {
                return i + 1;
            }
            i += 1;
        }
        span.end
    }

    fn record_ref(&mut self, name: &str, span: Span, call: bool) {
        self.out.refs.push(Ref {
            name: name.to_string(),
            span,
            call,
        });
    }
}

impl<'ast> Visit<'ast> for Scanner<'_> {
    fn visit_expression(&mut self, e: &'ast Expression, span: &'ast Span) {
        if let Expression::Identifier(id) = e {
            self.record_ref(&id.node.name, id.span, false);
            return;
        }
        visit::visit_expression(self, e, span);
    }

    fn visit_call_expression(&mut self, c: &'ast CallExpression, span: &'ast Span) {
        if let Expression::Identifier(id) = &c.callee.node {
            self.record_ref(&id.node.name, id.span, true);
            for a in &c.arguments {
                self.visit_expression(&a.node, &a.span);
            }
            return;
        }
        visit::visit_call_expression(self, c, span);
    }

    fn visit_declaration(&mut self, d: &'ast Declaration, span: &'ast Span) {
        let storage = d.specifiers.iter().find_map(|s| match &s.node {
            DeclarationSpecifier::StorageClass(c) => Some(c.node.clone()),
            _ => None,
        });
        let after = self.after_semicolon(*span);
        for id in &d.declarators {
            let Some((name, nspan)) = declarator_name(&id.node.declarator.node) else {
                continue;
            };
            if storage == Some(StorageClassSpecifier::Typedef) {
                continue;
            }
            self.out.decls.push(Decl {
                name: name.clone(),
                after,
            });
            let automatic = matches!(
                storage,
                None | Some(StorageClassSpecifier::Auto) | Some(StorageClassSpecifier::Register)
            );
            let is_function = id
                .node
                .declarator
                .node
                .derived
                .iter()
                .any(|x| matches!(x.node, DerivedDeclarator::Function(_)));
            if self.current.is_some() && automatic && !is_function && id.node.initializer.is_none()
            {
                self.out.locals.push(Local {
                    name,
                    name_start: nspan.start,
                    end: id.node.declarator.span.end,
                });
            }
        }
        visit::visit_declaration(self, d, span);
    }

    fn visit_function_definition(&mut self, fd: &'ast FunctionDefinition, span: &'ast Span) {
        let Some((name, name_span)) = declarator_name(&fd.declarator.node) else {
            visit::visit_function_definition(self, fd, span);
            return;
        };
        let saved = self.current;
        self.out.defs.push(Def {
            name,
            name_span,
            body: fd.statement.span,
            params: param_names(&fd.declarator.node),
            returns: Vec::new(),
            end: span.end.max(fd.statement.span.end),
        });
        self.current = Some(self.out.defs.len() - 1);
        visit::visit_function_definition(self, fd, span);
        self.current = saved;
    }

    fn visit_statement(&mut self, s: &'ast Statement, span: &'ast Span) {
        if let (Statement::Return(v), Some(k)) = (s, self.current) {
            self.out.defs[k].returns.push(Return {
                span: *span,
                value: v.as_ref().map(|e| e.span),
            });
        }
        visit::visit_statement(self, s, span);
    }
}
