use crate::{
    Context,
    builtins::OrdinaryObject,
    object::ObjectStorage,
    vm::opcode::{IndexOperand, Operation, RegisterOperand},
};

/// `StoreEmptyObject` implements the Opcode Operation for `Opcode::StoreEmptyObject`
///
/// Operation:
///  - Store empty object `{}` in dst.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StoreEmptyObject;

impl StoreEmptyObject {
    #[inline(always)]
    pub(crate) fn operation(
        (dst, capacity): (RegisterOperand, IndexOperand),
        context: &mut Context,
    ) {
        // codemode-runtime patch: the object literal's storage is allocated for its properties
        // at once: grown one push at a time it took room for four values (`{i, s}` kept 16
        // bytes it never used on wasm32, a fifth of such an object).
        let o = context.intrinsics().templates().ordinary_object().create(
            OrdinaryObject,
            ObjectStorage::with_capacity(usize::from(capacity)),
        );
        context.vm.set_register(dst.into(), o.into());
    }
}

impl Operation for StoreEmptyObject {
    const NAME: &'static str = "StoreEmptyObject";
    const INSTRUCTION: &'static str = "INST - StoreEmptyObject";
    const COST: u8 = 1;
}
