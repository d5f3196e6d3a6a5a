//! Lowering lang-c's AST into CIR. (Being written.)

use super::{ErrorKind, FrontendError, Source};
use crate::cir::{DataModel, Program};
use lang_c::ast::TranslationUnit;

/// Lower a parsed translation unit.
pub fn lower(
    source: &Source,
    _unit: &TranslationUnit,
    _data_model: DataModel,
) -> Result<Program, FrontendError> {
    Err(source.error_at(0, ErrorKind::Unsupported, "lowering is not written yet"))
}
