use crate::{
    Context, JsExpect, JsResult,
    builtins::{
        Array,
        iterable::{IteratorRecord, create_iter_result_object},
    },
    js_string,
    vm::{
        GeneratorResumeKind,
        opcode::{IndexOperand, Operation, RegisterOperand},
    },
};

/// codemode-runtime patch: runs `f` on the iterator record on top of the frame's iterator stack
/// and puts the record back whatever `f` returns. A record whose `next` or `value` threw is kept
/// (marked done, so it is not closed again) until the exception handler truncates the stack or the
/// code that owns it pops it; dropping it here made the owner's pop take an enclosing loop's
/// iterator instead, and a missing record panicked.
fn with_top_iterator<R>(
    context: &mut Context,
    f: impl FnOnce(&mut IteratorRecord, &mut Context) -> JsResult<R>,
) -> JsResult<R> {
    let mut iterator = context
        .vm
        .frame_mut()
        .iterators
        .pop()
        .js_expect("iterator stack should have at least an iterator")?;
    let result = f(&mut iterator, context);
    context.vm.frame_mut().iterators.push(iterator);
    result
}

/// The iterator record on top of the frame's iterator stack, or an engine error (never a panic).
fn top_iterator(context: &Context) -> JsResult<&IteratorRecord> {
    Ok(context
        .vm
        .frame()
        .iterators
        .last()
        .js_expect("iterator on the call frame must exist")?)
}

/// `IteratorPop` implements the Opcode Operation for `Opcode::IteratorPop`
///
/// Operation:
///  - Pops the last iterator on the iterators stack.
///
/// Registers (out):
///  - iterator: `JsObject`.
///  - next: `JsValue`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IteratorPop;

impl IteratorPop {
    #[inline(always)]
    pub(crate) fn operation(
        (iterator, next): (RegisterOperand, RegisterOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let iterator_record = context
            .vm
            .frame_mut()
            .iterators
            .pop()
            .js_expect("iterator stack should have at least an iterator")?;

        context
            .vm
            .set_register(iterator.into(), iterator_record.iterator().clone().into());
        context
            .vm
            .set_register(next.into(), iterator_record.next_method().clone());

        Ok(())
    }
}

impl Operation for IteratorPop {
    const NAME: &'static str = "IteratorPop";
    const INSTRUCTION: &'static str = "INST - IteratorPop";
    const COST: u8 = 3;
}

/// `IteratorPush` implements the Opcode Operation for `Opcode::IteratorPush`
///
/// Operation:
///  - Pushes an iterator on the iterators stack
///
/// Registers (in):
///  - iterator: `JsObject`.
///  - next: `JsValue`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IteratorPush;

impl IteratorPush {
    #[inline(always)]
    pub(crate) fn operation(
        (iterator, next): (RegisterOperand, RegisterOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let iterator = context
            .vm
            .get_register(iterator.into())
            .as_object()
            .js_expect("iterator should be an object")?;
        let next = context.vm.get_register(next.into()).clone();

        context
            .vm
            .frame_mut()
            .iterators
            .push(IteratorRecord::new(iterator, next));

        Ok(())
    }
}

impl Operation for IteratorPush {
    const NAME: &'static str = "IteratorPush";
    const INSTRUCTION: &'static str = "INST - IteratorPush";
    const COST: u8 = 3;
}

/// `IteratorUpdateResult` implements the Opcode Operation for `Opcode::IteratorUpdateResult`
///
/// Operation:
///  - Updates the result of the currently active iterator.
///
/// Registers (inout):
///  - result: `JsValue` (in), `bool` (out) with the `done` value of the iterator.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IteratorUpdateResult;

impl IteratorUpdateResult {
    #[inline(always)]
    pub(crate) fn operation(result: RegisterOperand, context: &mut Context) -> JsResult<()> {
        let result_v = context.vm.take_register(result.into());
        let done = with_top_iterator(context, |iterator, context| {
            iterator.update_result(result_v, context)?;
            Ok(iterator.done())
        })?;
        context.vm.set_register(result.into(), done.into());
        Ok(())
    }
}

impl Operation for IteratorUpdateResult {
    const NAME: &'static str = "IteratorUpdateResult";
    const INSTRUCTION: &'static str = "INST - IteratorUpdateResult";
    const COST: u8 = 2;
}

/// `IteratorNext` implements the Opcode Operation for `Opcode::IteratorNext`
///
/// Operation:
///  - Calls the `next` method of `iterator`, updating its record with the next value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IteratorNext;

impl IteratorNext {
    #[inline(always)]
    pub(crate) fn operation((): (), context: &mut Context) -> JsResult<()> {
        // codemode-runtime patch: a done iterator is not stepped again (IteratorStep is only
        // performed while [[Done]] is false: `let [a, b, c] = it` called `next()` after `it`
        // said done).
        with_top_iterator(context, |iterator, context| {
            if !iterator.done() {
                iterator.step_uncharged(context)?;
            }
            Ok(())
        })
    }
}

impl Operation for IteratorNext {
    const NAME: &'static str = "IteratorNext";
    const INSTRUCTION: &'static str = "INST - IteratorNext";
    const COST: u8 = 6;
}

/// `IteratorFinishAsyncNext` implements the Opcode Operation for `Opcode::IteratorFinishAsyncNext`.
///
/// Operation:
///  - Finishes the call to `Opcode::IteratorNext` within a `for await` loop by setting the current
///    result of the current iterator.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IteratorFinishAsyncNext;

impl IteratorFinishAsyncNext {
    #[inline(always)]
    pub(crate) fn operation(
        (resume_kind, value): (RegisterOperand, RegisterOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let resume_kind = context
            .vm
            .get_register(resume_kind.into())
            .to_generator_resume_kind();

        if matches!(resume_kind, GeneratorResumeKind::Throw) {
            // If after awaiting the `next` call the iterator returned an error, it can be considered
            // as poisoned: it is marked done, so no cleanup operation is called on it, and the
            // handler that catches the error drops it (codemode-runtime patch: it used to be
            // removed here, out of step with the compiled code).
            return with_top_iterator(context, |iterator, _| {
                iterator.mark_done();
                Ok(())
            });
        }

        let value = context.vm.get_register(value.into()).clone();
        with_top_iterator(context, |iterator, context| {
            iterator.update_result(value, context)
        })
    }
}

impl Operation for IteratorFinishAsyncNext {
    const NAME: &'static str = "IteratorFinishAsyncNext";
    const INSTRUCTION: &'static str = "INST - IteratorFinishAsyncNext";
    const COST: u8 = 5;
}

/// `IteratorResult` implements the Opcode Operation for `Opcode::IteratorResult`
///
/// Operation:
///  - Gets the last iteration result of the current iterator record.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IteratorResult;

impl IteratorResult {
    #[inline(always)]
    pub(crate) fn operation(value: RegisterOperand, context: &mut Context) -> JsResult<()> {
        let last_result = with_top_iterator(context, |iterator, context| {
            Ok(iterator.last_result(context).object().clone())
        })?;
        context.vm.set_register(value.into(), last_result.into());
        Ok(())
    }
}

impl Operation for IteratorResult {
    const NAME: &'static str = "IteratorResult";
    const INSTRUCTION: &'static str = "INST - IteratorResult";
    const COST: u8 = 3;
}

/// `IteratorValue` implements the Opcode Operation for `Opcode::IteratorValue`
///
/// Operation:
///  - Gets the `value` property of the current iterator record.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IteratorValue;

impl IteratorValue {
    #[inline(always)]
    pub(crate) fn operation(value: RegisterOperand, context: &mut Context) -> JsResult<()> {
        let iter_value = with_top_iterator(context, |iterator, context| iterator.value(context))?;
        context.vm.set_register(value.into(), iter_value);
        Ok(())
    }
}

impl Operation for IteratorValue {
    const NAME: &'static str = "IteratorValue";
    const INSTRUCTION: &'static str = "INST - IteratorValue";
    const COST: u8 = 5;
}

/// `IteratorDone` implements the Opcode Operation for `Opcode::IteratorDone`
///
/// Operation:
///  - Returns `true` if the current iterator is done, or `false` otherwise
#[derive(Debug, Clone, Copy)]
pub(crate) struct IteratorDone;

impl IteratorDone {
    #[inline(always)]
    pub(crate) fn operation(done: RegisterOperand, context: &mut Context) -> JsResult<()> {
        let value = top_iterator(context)?.done();
        context.vm.set_register(done.into(), value.into());
        Ok(())
    }
}

impl Operation for IteratorDone {
    const NAME: &'static str = "IteratorDone";
    const INSTRUCTION: &'static str = "INST - IteratorDone";
    const COST: u8 = 3;
}

/// `IteratorReturn` implements the Opcode Operation for `Opcode::IteratorReturn`
///
/// Operation:
///  - Calls `return` on the current iterator and returns the result.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IteratorReturn;

impl IteratorReturn {
    #[inline(always)]
    pub(crate) fn operation(
        (value, called): (RegisterOperand, RegisterOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        // codemode-runtime patch: the record stays on the stack, marked done, while `return`
        // is looked up and called, and is popped once it returned. When `return()` throws, the
        // exception handler of the loop being closed (its code may be what runs the close, as a
        // `break` out of it does) finds its own record, done, instead of popping an enclosing
        // loop's iterator and closing that one early.
        let iterator = match context.vm.frame_mut().iterators.last_mut() {
            None => {
                context.vm.set_register(called.into(), false.into());
                return Ok(());
            }
            Some(record) if record.done() => {
                context.vm.frame_mut().iterators.pop();
                context.vm.set_register(called.into(), false.into());
                return Ok(());
            }
            Some(record) => {
                record.mark_done();
                record.iterator().clone()
            }
        };

        let Some(ret) = iterator.get_method(js_string!("return"), context)? else {
            context.vm.frame_mut().iterators.pop();
            context.vm.set_register(called.into(), false.into());
            return Ok(());
        };

        let old_return_value = context.vm.get_return_value();

        let return_value = ret.call(&iterator.into(), &[], context)?;
        // A result that is not an object makes the compiled code throw a TypeError next: the
        // record stays for that throw's handler, as it does when `return()` throws. (An async
        // close awaits a promise first, an object.)
        if return_value.is_object() {
            context.vm.frame_mut().iterators.pop();
        }

        context.vm.set_return_value(old_return_value);

        context.vm.set_register(value.into(), return_value);
        context.vm.set_register(called.into(), true.into());

        Ok(())
    }
}

impl Operation for IteratorReturn {
    const NAME: &'static str = "IteratorReturn";
    const INSTRUCTION: &'static str = "INST - IteratorReturn";
    const COST: u8 = 8;
}

/// `IteratorToArray` implements the Opcode Operation for `Opcode::IteratorToArray`
///
/// Operation:
///  - Consume the iterator and construct and array with all the values.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IteratorToArray;

impl IteratorToArray {
    #[inline(always)]
    pub(crate) fn operation(array: RegisterOperand, context: &mut Context) -> JsResult<()> {
        let values = with_top_iterator(context, |iterator, context| {
            let mut values = Vec::new();
            // codemode-runtime patch: a rest element after elements that exhausted the iterator
            // collects nothing and does not call `next()` again (`const [a, b, ...c] = it` with
            // `it` done at `b` stepped it once more).
            if iterator.done() {
                return Ok(values);
            }
            while !iterator.step(context)? {
                context.check_list_growth(&values)?;
                values.push(iterator.value(context)?);
            }
            Ok(values)
        })?;
        let result = Array::create_array_from_list(values, context);
        context.vm.set_register(array.into(), result.into());
        Ok(())
    }
}

impl Operation for IteratorToArray {
    const NAME: &'static str = "IteratorToArray";
    const INSTRUCTION: &'static str = "INST - IteratorToArray";
    const COST: u8 = 8;
}

/// `IteratorStackEmpty` implements the Opcode Operation for `Opcode::IteratorStackEmpty`
///
/// Operation:
/// - Store `true` in dst if the iterator stack is empty.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IteratorStackEmpty;

impl IteratorStackEmpty {
    #[inline(always)]
    pub(crate) fn operation(empty: RegisterOperand, context: &mut Context) {
        let is_empty = context.vm.frame().iterators.is_empty();
        context.vm.set_register(empty.into(), is_empty.into());
    }
}

impl Operation for IteratorStackEmpty {
    const NAME: &'static str = "IteratorStackEmpty";
    const INSTRUCTION: &'static str = "INST - IteratorStackEmpty";
    const COST: u8 = 1;
}

/// `CreateIteratorResult` implements the Opcode Operation for `Opcode::CreateIteratorResult`
///
/// Operation:
/// -  Creates a new iterator result object
#[derive(Debug, Clone, Copy)]
pub(crate) struct CreateIteratorResult;

impl CreateIteratorResult {
    #[inline(always)]
    pub(crate) fn operation((value, done): (RegisterOperand, IndexOperand), context: &mut Context) {
        let done = u32::from(done) != 0;
        let val = context.vm.take_register(value.into());
        let result = create_iter_result_object(val, done, context);
        context.vm.set_register(value.into(), result);
    }
}

impl Operation for CreateIteratorResult {
    const NAME: &'static str = "CreateIteratorResult";
    const INSTRUCTION: &'static str = "INST - CreateIteratorResult";
    const COST: u8 = 3;
}
