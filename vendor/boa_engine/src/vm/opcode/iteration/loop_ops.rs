use crate::error::RuntimeLimitError;
use crate::{
    Context, JsResult, JsValue,
    vm::{
        completion_record::{IntoCompletionRecord, raise},
        opcode::{Address, GetLengthProperty, Inc, IndexOperand, Operation, RegisterOperand},
    },
};
use std::ops::ControlFlow;

/// `IncrementLoopIteration` implements the Opcode Operation for `Opcode::IncrementLoopIteration`.
///
/// Operation:
///  - Increment loop iteration count.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IncrementLoopIteration;

impl IncrementLoopIteration {
    #[inline(always)]
    pub(crate) fn operation((): (), context: &mut Context) -> JsResult<()> {
        if count_iteration(context) {
            Ok(())
        } else {
            Err(RuntimeLimitError::LoopIteration.into())
        }
    }
}

impl Operation for IncrementLoopIteration {
    const NAME: &'static str = "IncrementLoopIteration";
    const INSTRUCTION: &'static str = "INST - IncrementLoopIteration";
    const COST: u8 = 3;
}

/// `LoopBack` implements the Opcode Operation for `Opcode::LoopBack`
///
/// Operation:
///  - Increment loop iteration count, then jump to `address`. (codemode-runtime patch)
#[derive(Debug, Clone, Copy)]
pub(crate) struct LoopBack;

impl LoopBack {
    #[inline(always)]
    pub(crate) fn operation(address: Address, context: &mut Context) -> JsResult<()> {
        IncrementLoopIteration::operation((), context)?;
        context.vm.frame_mut().pc = u32::from(address);
        Ok(())
    }
}

impl Operation for LoopBack {
    const NAME: &'static str = "LoopBack";
    const INSTRUCTION: &'static str = "INST - LoopBack";
    const COST: u8 = 4;
}

/// The shared body of the `LoopStep*` opcodes: count, `counter++`, then jump to `address` when
/// `compare(counter, bound)` holds. Integers take the first path; any other counter (a float past
/// `i32`, a string, a `BigInt`, an object) gets `++`'s and the comparison's full semantics, in
/// the order the unfused `Inc` and `JumpIfNot*` would run them. (codemode-runtime patch)
///
/// The operation returns what the dispatch loop reads (`ControlFlow<()>`): the limit's error and
/// the slow path are out of line, so the integer path keeps no room for a result.
#[inline(always)]
fn loop_step(
    (address, counter, bound): (Address, RegisterOperand, RegisterOperand),
    context: &mut Context,
    int_compare: fn(i32, i32) -> bool,
    fast_compare: fn(&JsValue, &JsValue) -> Option<bool>,
    compare: fn(&JsValue, &JsValue, &mut Context) -> JsResult<bool>,
) -> ControlFlow<()> {
    if !count_iteration(context) {
        return loop_limit_reached(context);
    }
    if let Some(n) = context.vm.get_register(counter.into()).as_stored_integer32()
        && n < i32::MAX
        && let Some(limit) = context.vm.get_register(bound.into()).as_stored_integer32()
    {
        context.vm.set_register(counter.into(), JsValue::from(n + 1));
        if int_compare(n + 1, limit) {
            context.vm.frame_mut().pc = u32::from(address);
        }
        return ControlFlow::Continue(());
    }
    loop_step_slow(address, counter, bound, context, fast_compare, compare)
}

/// [`IncrementLoopIteration`]'s count: `false` when the loop iteration limit is passed (the
/// count is then not incremented, as there).
#[inline(always)]
fn count_iteration(context: &mut Context) -> bool {
    let max = context.vm.runtime_limits.loop_iteration_limit();
    let frame = context.vm.frame_mut();
    let previous_iteration_count = frame.loop_iteration_count.get();
    if previous_iteration_count > max {
        return false;
    }
    frame
        .loop_iteration_count
        .set(previous_iteration_count.wrapping_add(1));
    true
}

#[cold]
#[inline(never)]
fn loop_limit_reached(context: &mut Context) -> ControlFlow<()> {
    raise(context, RuntimeLimitError::LoopIteration.into())
}

#[cold]
#[inline(never)]
fn loop_step_slow(
    address: Address,
    counter: RegisterOperand,
    bound: RegisterOperand,
    context: &mut Context,
    fast_compare: fn(&JsValue, &JsValue) -> Option<bool>,
    compare: fn(&JsValue, &JsValue, &mut Context) -> JsResult<bool>,
) -> ControlFlow<()> {
    let result = Inc::operation((counter, counter), context).and_then(|()| {
        loop_step_slow_compare(address, counter, bound, context, fast_compare, compare)
    });
    result.into_flow(context)
}

/// `LoopStepLessThan` implements the Opcode Operation for `Opcode::LoopStepLessThan`
///
/// Operation:
///  - Count an iteration, `counter++`, jump to `address` while `counter < bound`.
///    (codemode-runtime patch)
#[derive(Debug, Clone, Copy)]
pub(crate) struct LoopStepLessThan;

impl LoopStepLessThan {
    #[inline(always)]
    pub(crate) fn operation(
        operands: (Address, RegisterOperand, RegisterOperand),
        context: &mut Context,
    ) -> ControlFlow<()> {
        loop_step(operands, context, |a, b| a < b, JsValue::lt_fast, JsValue::lt)
    }
}

impl Operation for LoopStepLessThan {
    const NAME: &'static str = "LoopStepLessThan";
    const INSTRUCTION: &'static str = "INST - LoopStepLessThan";
    const COST: u8 = 6;
}

/// `LoopStepLessThanOrEqual` implements the Opcode Operation for
/// `Opcode::LoopStepLessThanOrEqual`
///
/// Operation:
///  - Count an iteration, `counter++`, jump to `address` while `counter <= bound`.
///    (codemode-runtime patch)
#[derive(Debug, Clone, Copy)]
pub(crate) struct LoopStepLessThanOrEqual;

impl LoopStepLessThanOrEqual {
    #[inline(always)]
    pub(crate) fn operation(
        operands: (Address, RegisterOperand, RegisterOperand),
        context: &mut Context,
    ) -> ControlFlow<()> {
        loop_step(operands, context, |a, b| a <= b, JsValue::le_fast, JsValue::le)
    }
}

impl Operation for LoopStepLessThanOrEqual {
    const NAME: &'static str = "LoopStepLessThanOrEqual";
    const INSTRUCTION: &'static str = "INST - LoopStepLessThanOrEqual";
    const COST: u8 = 6;
}

/// The shared body of the `LoopStep*Length` opcodes: count, `counter++`, read `object.length`
/// (an array's from its storage, anything else as `GetLengthProperty` reads it, into `scratch`),
/// then jump to `address` when `compare(counter, length)` holds. (codemode-runtime patch)
#[inline(always)]
fn loop_step_length(
    (address, counter, object, scratch, ic): (
        Address,
        RegisterOperand,
        RegisterOperand,
        RegisterOperand,
        IndexOperand,
    ),
    context: &mut Context,
    int_compare: fn(i32, i32) -> bool,
    fast_compare: fn(&JsValue, &JsValue) -> Option<bool>,
    compare: fn(&JsValue, &JsValue, &mut Context) -> JsResult<bool>,
) -> ControlFlow<()> {
    if !count_iteration(context) {
        return loop_limit_reached(context);
    }
    if let Some(n) = context.vm.get_register(counter.into()).as_stored_integer32()
        && n < i32::MAX
        && let Some(length) = array_length(context.vm.get_register(object.into()))
    {
        context.vm.set_register(counter.into(), JsValue::from(n + 1));
        if int_compare(n + 1, length) {
            context.vm.frame_mut().pc = u32::from(address);
        }
        return ControlFlow::Continue(());
    }
    loop_step_length_slow(address, counter, (object, scratch, ic), context, fast_compare, compare)
}

/// The length of an array whose length is an `i32`, read from its storage as
/// `GetLengthProperty` reads it.
#[inline(always)]
fn array_length(value: &JsValue) -> Option<i32> {
    let array = value.as_object_ref()?;
    if !array.is_array() {
        return None;
    }
    array.borrow().properties().storage[0].as_stored_integer32()
}

#[cold]
#[inline(never)]
fn loop_step_length_slow(
    address: Address,
    counter: RegisterOperand,
    (object, scratch, ic): (RegisterOperand, RegisterOperand, IndexOperand),
    context: &mut Context,
    fast_compare: fn(&JsValue, &JsValue) -> Option<bool>,
    compare: fn(&JsValue, &JsValue, &mut Context) -> JsResult<bool>,
) -> ControlFlow<()> {
    let result = Inc::operation((counter, counter), context)
        .and_then(|()| GetLengthProperty::operation((scratch, object, ic), context))
        .and_then(|()| {
            loop_step_slow_compare(address, counter, scratch, context, fast_compare, compare)
        });
    result.into_flow(context)
}

fn loop_step_slow_compare(
    address: Address,
    counter: RegisterOperand,
    bound: RegisterOperand,
    context: &mut Context,
    fast_compare: fn(&JsValue, &JsValue) -> Option<bool>,
    compare: fn(&JsValue, &JsValue, &mut Context) -> JsResult<bool>,
) -> JsResult<()> {
    let lhs = context.vm.get_register(counter.into());
    let rhs = context.vm.get_register(bound.into());
    let holds = match fast_compare(lhs, rhs) {
        Some(holds) => holds,
        None => {
            let (lhs, rhs) = (lhs.clone(), rhs.clone());
            compare(&lhs, &rhs, context)?
        }
    };
    if holds {
        context.vm.frame_mut().pc = u32::from(address);
    }
    Ok(())
}

/// `LoopStepLessThanLength` implements the Opcode Operation for `Opcode::LoopStepLessThanLength`
///
/// Operation:
///  - Count an iteration, `counter++`, jump to `address` while `counter < object.length`.
///    (codemode-runtime patch)
#[derive(Debug, Clone, Copy)]
pub(crate) struct LoopStepLessThanLength;

impl LoopStepLessThanLength {
    #[inline(always)]
    pub(crate) fn operation(
        operands: (Address, RegisterOperand, RegisterOperand, RegisterOperand, IndexOperand),
        context: &mut Context,
    ) -> ControlFlow<()> {
        loop_step_length(operands, context, |a, b| a < b, JsValue::lt_fast, JsValue::lt)
    }
}

impl Operation for LoopStepLessThanLength {
    const NAME: &'static str = "LoopStepLessThanLength";
    const INSTRUCTION: &'static str = "INST - LoopStepLessThanLength";
    const COST: u8 = 8;
}

/// `LoopStepLessThanOrEqualLength` implements the Opcode Operation for
/// `Opcode::LoopStepLessThanOrEqualLength`
///
/// Operation:
///  - Count an iteration, `counter++`, jump to `address` while `counter <= object.length`.
///    (codemode-runtime patch)
#[derive(Debug, Clone, Copy)]
pub(crate) struct LoopStepLessThanOrEqualLength;

impl LoopStepLessThanOrEqualLength {
    #[inline(always)]
    pub(crate) fn operation(
        operands: (Address, RegisterOperand, RegisterOperand, RegisterOperand, IndexOperand),
        context: &mut Context,
    ) -> ControlFlow<()> {
        loop_step_length(operands, context, |a, b| a <= b, JsValue::le_fast, JsValue::le)
    }
}

impl Operation for LoopStepLessThanOrEqualLength {
    const NAME: &'static str = "LoopStepLessThanOrEqualLength";
    const INSTRUCTION: &'static str = "INST - LoopStepLessThanOrEqualLength";
    const COST: u8 = 8;
}
