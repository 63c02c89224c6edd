//! This module implements the `ArrayIterator` object.
//!
//! More information:
//!  - [ECMAScript reference][spec]
//!
//! [spec]: https://tc39.es/ecma262/#sec-array-iterator-objects

use crate::object::Align4;
use crate::{
    Context, JsData, JsResult,
    builtins::{
        Array, BuiltInBuilder, IntrinsicObject, JsValue, iterable::create_iter_result_object,
        typed_array::TypedArray,
    },
    context::intrinsics::Intrinsics,
    error::JsNativeError,
    js_string,
    object::JsObject,
    property::{Attribute, PropertyNameKind},
    realm::Realm,
    symbol::JsSymbol,
};
use boa_gc::{Finalize, Trace};

/// The Array Iterator object represents an iteration over an array. It implements the iterator protocol.
///
/// More information:
///  - [ECMAScript reference][spec]
///
/// [spec]: https://tc39.es/ecma262/#sec-array-iterator-objects
#[derive(Debug, Clone, Finalize, Trace, JsData)]
pub(crate) struct ArrayIterator {
    array: JsObject,
    // codemode-runtime patch: `Align4`, so the data keeps an alignment of 4 on wasm32.
    next_index: Align4<u64>,
    #[unsafe_ignore_trace]
    kind: PropertyNameKind,
    done: bool,
}

impl IntrinsicObject for ArrayIterator {
    fn init(realm: &Realm) {
        // codemode-runtime patch: `next` is built into its intrinsic object, which iterator
        // steps recognise (`IteratorRecord::step`).
        let next = BuiltInBuilder::callable_with_object(
            realm,
            realm.intrinsics().objects().array_iterator_next().into(),
            Self::next,
        )
        .name(js_string!("next"))
        .length(0)
        .build();
        BuiltInBuilder::with_intrinsic::<Self>(realm)
            .prototype(realm.intrinsics().constructors().iterator().prototype())
            .static_property(
                js_string!("next"),
                next,
                Attribute::WRITABLE | Attribute::CONFIGURABLE,
            )
            .static_property(
                JsSymbol::to_string_tag(),
                js_string!("Array Iterator"),
                Attribute::CONFIGURABLE,
            )
            .build();
    }

    fn get(intrinsics: &Intrinsics) -> JsObject {
        intrinsics.objects().iterator_prototypes().array()
    }
}

impl ArrayIterator {
    fn new(array: JsObject, kind: PropertyNameKind) -> Self {
        Self {
            array,
            kind,
            next_index: Align4::new(0),
            done: false,
        }
    }

    /// `CreateArrayIterator( array, kind )`
    ///
    /// Creates a new iterator over the given array.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-createarrayiterator
    pub(crate) fn create_array_iterator(
        array: JsObject,
        kind: PropertyNameKind,
        context: &Context,
    ) -> JsValue {
        let array_iterator = JsObject::from_proto_and_data_with_shared_shape(
            context.root_shape(),
            context.intrinsics().objects().iterator_prototypes().array(),
            Self::new(array, kind),
        );
        array_iterator.into()
    }

    /// %ArrayIteratorPrototype%.next( )
    ///
    /// Gets the next result in the array.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-%arrayiteratorprototype%.next
    pub(crate) fn next(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
        let object = this.as_object().ok_or_else(Self::not_an_iterator)?;
        Ok(match Self::step(&object, context)? {
            Some(value) => create_iter_result_object(value, false, context),
            None => create_iter_result_object(JsValue::undefined(), true, context),
        })
    }

    /// codemode-runtime patch: the error of a receiver that is not an array iterator.
    fn not_an_iterator() -> JsNativeError {
        JsNativeError::typ().with_message("`this` is not an ArrayIterator")
    }

    /// codemode-runtime patch: one step of the array iterator `object`: the value it yields, or
    /// `None` once it is done. The iterator is borrowed only to read and to set its fields,
    /// never while the array's `length` or an element's getter (script code) runs: one that
    /// called the iterator's `next` panicked on the held borrow. As in V8, the index moves past
    /// the element before the element is read.
    pub(crate) fn step(object: &JsObject, context: &mut Context) -> JsResult<Option<JsValue>> {
        let (array, kind, index) = {
            let iterator = object.downcast_ref::<Self>().ok_or_else(Self::not_an_iterator)?;
            if iterator.done {
                return Ok(None);
            }
            (
                iterator.array.clone(),
                iterator.kind,
                iterator.next_index.get(),
            )
        };

        let len = if let Some(f) = array.downcast_ref::<TypedArray>() {
            let buf = f.viewed_array_buffer().as_buffer();
            let Some(buf) = buf
                .bytes(std::sync::atomic::Ordering::SeqCst)
                .filter(|buf| !f.is_out_of_bounds(buf.len()))
            else {
                return Err(JsNativeError::typ()
                    .with_message("Cannot get value from out of bounds typed array")
                    .into());
            };

            f.array_length(buf.len())
        } else {
            array.length_of_array_like(context)?
        };

        {
            let mut iterator = object.downcast_mut::<Self>().ok_or_else(Self::not_an_iterator)?;
            if index >= len {
                iterator.done = true;
                return Ok(None);
            }
            iterator.next_index.set(index + 1);
        }
        match kind {
            PropertyNameKind::Key => Ok(Some(index.into())),
            PropertyNameKind::Value => Ok(Some(array.get(index, context)?)),
            PropertyNameKind::KeyAndValue => {
                let element_value = array.get(index, context)?;
                let result = Array::create_array_from_list([index.into(), element_value], context);
                Ok(Some(result.into()))
            }
        }
    }
}
