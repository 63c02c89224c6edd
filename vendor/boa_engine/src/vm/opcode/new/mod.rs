use super::IndexOperand;
use crate::{
    Context, JsError, JsExpect, JsObject, JsResult, value::v8_text::not_callable_here,
    vm::opcode::Operation,
};

/// The error of a `new` that failed: an object that is not a constructor gets V8's words
/// naming it; any other error passes through.
#[cold]
fn constructor_error(error: JsError, callee: &JsObject, context: &Context) -> JsError {
    if callee.is_constructor() {
        return error;
    }
    not_callable_here(&callee.clone().into(), true, context)
}

/// `New` implements the Opcode Operation for `Opcode::New`
///
/// Operation:
///  - Call construct on a function.
#[derive(Debug, Clone, Copy)]
pub(crate) struct New;

impl New {
    #[inline(always)]
    pub(super) fn operation(argument_count: IndexOperand, context: &mut Context) -> JsResult<()> {
        let func = context
            .vm
            .stack
            .calling_convention_get_function(argument_count.into());

        let Some(cons) = func.as_object() else {
            return Err(not_callable_here(func, true, context));
        };

        context.vm.stack.push(cons.clone()); // Push new.target

        if let Err(error) = cons.__construct__(argument_count.into()).resolve(context) {
            return Err(constructor_error(error, &cons, context));
        }
        Ok(())
    }
}

impl Operation for New {
    const NAME: &'static str = "New";
    const INSTRUCTION: &'static str = "INST - New";
    const COST: u8 = 3;
}

/// `NewSpread` implements the Opcode Operation for `Opcode::NewSpread`
///
/// Operation:
///  - Call construct on a function where the arguments contain spreads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NewSpread;

impl NewSpread {
    #[inline(always)]
    pub(super) fn operation((): (), context: &mut Context) -> JsResult<()> {
        // Get the arguments that are stored as an array object on the stack.
        let arguments_array = context.vm.stack.pop();
        let arguments_array_object = arguments_array
            .as_object()
            .js_expect("arguments array in call spread function must be an object")?;
        let arguments = arguments_array_object
            .borrow()
            .properties()
            .to_dense_indexed_properties()
            .js_expect("arguments array in call spread function must be dense")?;

        let func = context.vm.stack.pop();

        let Some(cons) = func.as_object() else {
            return Err(not_callable_here(&func, true, context));
        };

        let argument_count = arguments.len();
        context.vm.stack.push(func);
        context
            .vm
            .stack
            .calling_convention_push_arguments(&arguments);
        context.vm.stack.push(cons.clone()); // Push new.target

        if let Err(error) = cons.__construct__(argument_count).resolve(context) {
            return Err(constructor_error(error, &cons, context));
        }
        Ok(())
    }
}

impl Operation for NewSpread {
    const NAME: &'static str = "NewSpread";
    const INSTRUCTION: &'static str = "INST - NewSpread";
    const COST: u8 = 3;
}
