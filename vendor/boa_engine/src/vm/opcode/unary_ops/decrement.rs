use crate::{
    Context, JsBigInt, JsResult,
    value::{JsValue, JsVariant, Numeric},
    vm::opcode::{Operation, RegisterOperand},
};

/// `Dec` implements the Opcode Operation for `Opcode::Dec`
///
/// Operation:
///  - Unary `--` operator.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Dec;

impl Dec {
    #[inline(always)]
    pub(crate) fn operation(
        (dst, src): (RegisterOperand, RegisterOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        // An integer is its own numeric value: `src` keeps it, only `dst` is written (in place
        // when they are the same register, as for a local's `i++`).
        if let Some(number) = context.vm.get_register(src.into()).as_stored_integer32()
            && number > i32::MIN
        {
            context.vm.set_register(dst.into(), JsValue::from(number - 1));
            return Ok(());
        }
        Self::slow(dst, src, context)
    }

    /// Every other operand (a number past the `i32` range, a conversion, a `BigInt`), out of
    /// line so the integer path stays small. (codemode-runtime patch)
    #[cold]
    #[inline(never)]
    fn slow(dst: RegisterOperand, src: RegisterOperand, context: &mut Context) -> JsResult<()> {
        // Cloned, not taken: when the conversion throws (`valueOf` throws) the operand keeps
        // its value (codemode-runtime patch; it was left `undefined`).
        let value = context.vm.get_register(src.into()).clone();

        let (numeric, value) = match value.variant() {
            JsVariant::Integer32(number) if number > i32::MIN => {
                (JsValue::from(number), JsValue::from(number - 1))
            }
            _ => match value.to_numeric(context)? {
                Numeric::Number(number) => (JsValue::from(number), JsValue::from(number - 1f64)),
                Numeric::BigInt(bigint) => (
                    JsValue::from(bigint.clone()),
                    JsValue::from(JsBigInt::apply(
                        crate::bigint::BigIntOp::Sub,
                        &bigint,
                        &JsBigInt::one(),
                        context,
                    )?),
                ),
            },
        };
        context.vm.set_register(src.into(), numeric);
        context.vm.set_register(dst.into(), value);
        Ok(())
    }
}

impl Operation for Dec {
    const NAME: &'static str = "Dec";
    const INSTRUCTION: &'static str = "INST - Dec";
    const COST: u8 = 3;
}
