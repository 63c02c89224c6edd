use super::RegisterOperand;
use crate::{Context, JsResult, JsString, vm::opcode::Operation};
use thin_vec::ThinVec;

/// `ConcatToString` implements the Opcode Operation for `Opcode::ConcatToString`
///
/// Operation:
///  - Concat multiple stack objects into a string.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ConcatToString;

impl ConcatToString {
    #[inline(always)]
    pub(super) fn operation(
        (string, values): (RegisterOperand, ThinVec<RegisterOperand>),

        context: &mut Context,
    ) -> JsResult<()> {
        let mut strings = Vec::with_capacity(values.len());
        for value in values {
            let val = context.vm.get_register(value.into()).clone();
            strings.push(val.to_string(context)?);
        }
        // codemode-runtime patch: a template that begins with a string being built
        // (`s = `${s}${row}\n``) extends it in place (`concat_strings`). Its first part is its
        // opening text, `""` when it starts with a substitution.
        let start = strings.iter().position(|s| !s.is_empty()).unwrap_or(strings.len());
        let s = match strings[start..].split_first() {
            Some((first, rest)) => crate::value::operations::concat_strings(
                first,
                &rest.iter().map(JsString::as_str).collect::<Vec<_>>(),
                context,
            )?,
            None => JsString::default(),
        };
        context.vm.set_register(string.into(), s.into());
        Ok(())
    }
}

impl Operation for ConcatToString {
    const NAME: &'static str = "ConcatToString";
    const INSTRUCTION: &'static str = "INST - ConcatToString";
    const COST: u8 = 6;
}
