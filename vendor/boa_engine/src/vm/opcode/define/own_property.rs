use crate::{
    Context, JsNativeError, JsObject, JsResult, JsValue,
    object::internal_methods::InternalMethodPropertyContext,
    property::{PropertyDescriptor, PropertyKey},
    vm::opcode::{IndexOperand, Operation, RegisterOperand},
};

/// `DefineOwnPropertyByName` implements the Opcode Operation for `Opcode::DefineOwnPropertyByName`
///
/// Operation:
///  - Defines a own property of an object by name.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DefineOwnPropertyByName;

impl DefineOwnPropertyByName {
    #[inline(always)]
    pub(crate) fn operation(
        (object, value, index): (RegisterOperand, RegisterOperand, IndexOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let object = context.vm.get_register(object.into()).clone();
        let value = context.vm.get_register(value.into()).clone();
        let name = context
            .vm
            .frame()
            .code_block()
            .constant_string(index.into());
        let object = object.to_object(context)?;
        define_data_property(&object, name.into(), value, context)
    }
}

/// Defines `key` on `object` as a writable, enumerable, configurable data property holding
/// `value`: what `DefineOwnPropertyByName` does, and `DefineLiteralPropertyByName` when its
/// cached transition does not apply. (codemode-runtime patch: shared by the two)
fn define_data_property(
    object: &JsObject,
    key: PropertyKey,
    value: JsValue,
    context: &mut Context,
) -> JsResult<()> {
    object.__define_own_property__(
        &key,
        PropertyDescriptor::builder()
            .value(value)
            .writable(true)
            .enumerable(true)
            .configurable(true)
            .build(),
        &mut InternalMethodPropertyContext::new(context),
    )?;
    Ok(())
}

impl Operation for DefineOwnPropertyByName {
    const NAME: &'static str = "DefineOwnPropertyByName";
    const INSTRUCTION: &'static str = "INST - DefineOwnPropertyByName";
    const COST: u8 = 4;
}

/// `DefineLiteralPropertyByName` implements the Opcode Operation for
/// `Opcode::DefineLiteralPropertyByName` (codemode-runtime patch).
///
/// Operation:
///  - Defines an own data property of an object literal by name, as `DefineOwnPropertyByName`
///    does. The literal is an ordinary extensible object no script can reach yet, so when its
///    shape is the one this site saw last, the property is absent and the define is the cached
///    shape transition and a push of the value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DefineLiteralPropertyByName;

impl DefineLiteralPropertyByName {
    #[inline(always)]
    pub(crate) fn operation(
        (object, value, index): (RegisterOperand, RegisterOperand, IndexOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let object = context.vm.get_register(object.into()).clone();
        let value = context.vm.get_register(value.into()).clone();
        let cache = &context.vm.frame().code_block().transitions[usize::from(index)];
        if let Some(object) = object.as_object()
            && object.is_ordinary()
            && let Ok(mut borrowed) = object.try_borrow_mut()
        {
            if borrowed.is_extensible() {
                let properties = borrowed.properties_mut();
                if let Some(shape) = cache.get(&properties.shape, properties.storage.len()) {
                    properties.shape = shape;
                    properties.storage.push(value);
                    return Ok(());
                }
            }
        }
        Self::define_and_cache(&object, value, index, context)
    }

    /// The define as `DefineOwnPropertyByName` makes it; a new property that took an ordinary
    /// object from one shared shape to another is cached for the site.
    #[cold]
    #[inline(never)]
    fn define_and_cache(
        object: &JsValue,
        value: JsValue,
        index: IndexOperand,
        context: &mut Context,
    ) -> JsResult<()> {
        let code_block = context.vm.frame().code_block.clone();
        let cache = &code_block.transitions[usize::from(index)];
        let object = object.to_object(context)?;
        let before = object.is_ordinary().then(|| {
            let borrowed = object.borrow();
            (
                borrowed.properties().shape.clone(),
                borrowed.properties().storage.len(),
            )
        });
        define_data_property(&object, cache.name.clone().into(), value, context)?;
        if let Some((from, slot_index)) = before
            && from.is_shared()
            && let Ok(slot_index) = u32::try_from(slot_index)
        {
            let borrowed = object.borrow();
            let properties = borrowed.properties();
            let to = &properties.shape;
            // A new data property in the next slot: the key was absent and not an index.
            if to.is_shared()
                && properties.storage.len() == slot_index as usize + 1
                && to.to_addr_usize() != from.to_addr_usize()
            {
                cache.set(&from, to, slot_index);
            }
        }
        Ok(())
    }
}

impl Operation for DefineLiteralPropertyByName {
    const NAME: &'static str = "DefineLiteralPropertyByName";
    const INSTRUCTION: &'static str = "INST - DefineLiteralPropertyByName";
    const COST: u8 = 4;
}

/// `DefineOwnPropertyByValue` implements the Opcode Operation for `Opcode::DefineOwnPropertyByValue`
///
/// Operation:
///  - Defines a own property of an object by value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DefineOwnPropertyByValue;

impl DefineOwnPropertyByValue {
    #[inline(always)]
    pub(crate) fn operation(
        (value, key, object): (RegisterOperand, RegisterOperand, RegisterOperand),
        context: &mut Context,
    ) -> JsResult<()> {
        let value = context.vm.get_register(value.into()).clone();
        let key = context.vm.get_register(key.into()).clone();
        let object = context.vm.get_register(object.into()).clone();
        let object = object.to_object(context)?;
        let key = key.to_property_key(context)?;
        let success = object.__define_own_property__(
            &key,
            PropertyDescriptor::builder()
                .value(value.clone())
                .writable(true)
                .enumerable(true)
                .configurable(true)
                .build(),
            &mut InternalMethodPropertyContext::new(context),
        )?;
        if !success {
            return Err(JsNativeError::typ()
                .with_message("failed to defined own property")
                .into());
        }
        Ok(())
    }
}

impl Operation for DefineOwnPropertyByValue {
    const NAME: &'static str = "DefineOwnPropertyByValue";
    const INSTRUCTION: &'static str = "INST - DefineOwnPropertyByValue";
    const COST: u8 = 4;
}
