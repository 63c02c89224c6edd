//! Boa's implementation of ECMAScript's global `JSON` object.
//!
//! The `JSON` object contains methods for parsing [JavaScript Object Notation (JSON)][spec]
//! and converting values to JSON. It can't be called or constructed, and aside from its
//! two method properties, it has no interesting functionality of its own.
//!
//! More information:
//!  - [ECMAScript reference][spec]
//!  - [MDN documentation][mdn]
//!  - [JSON specification][json]
//!
//! [spec]: https://tc39.es/ecma262/#sec-json
//! [json]: https://www.json.org/json-en.html
//! [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/JSON

use crate::object::Align4;
use std::borrow::Cow;

use boa_ast::scope::Scope;
use boa_gc::{Finalize, Gc, Trace};

use crate::JsExpect;
use crate::{
    Context, JsArgs, JsBigInt, JsData, JsError, JsResult, JsString, JsValue, SpannedSourceText,
    builtins::{Array, BuiltInObject},
    bytecompiler::ByteCompiler,
    context::intrinsics::Intrinsics,
    error::JsNativeError,
    js_string,
    object::{
        IndexedProperties, IntegrityLevel, JsObject,
        internal_methods::InternalMethodPropertyContext,
        shape::slot::{Slot, SlotAttributes},
    },
    property::{Attribute, PropertyDescriptor, PropertyKey, PropertyNameKind},
    realm::Realm,
    string::{JsStr, JsStrVariant, StaticJsStrings},
    symbol::JsSymbol,
    value::{IntegerOrInfinity, JsVariant},
    vm::{CallFrame, CallFrameFlags, source_info::SourcePath},
};
use boa_parser::{Parser, Source};

use super::{BuiltInBuilder, IntrinsicObject};

/// Converts a nibble (0-15) to its lowercase hex digit as a UTF-16 code unit.
const fn to_hex_digit(val: u16) -> u16 {
    match val & 0xF {
        v @ 0..=9 => b'0' as u16 + v,
        v => b'a' as u16 + (v - 10),
    }
}

#[cfg(test)]
mod tests;

/// Marker struct for the `[[IsRawJSON]]` internal slot.
#[derive(Debug, Trace, Finalize, JsData)]
pub(crate) struct RawJson;

/// A tree node representing the structure of parsed JSON, preserving source
/// text spans for primitive values. Used to provide `context.source` to
/// the reviver function in `JSON.parse`.
#[derive(Debug)]
enum JsonNode {
    /// A primitive value (string, number, boolean, null) with its original source text.
    Primitive(String),
    /// An array of child nodes.
    Array(Vec<JsonNode>),
    /// An object with key-value pairs.
    Object(Vec<(String, JsonNode)>),
}

/// Visitor that builds a `JsonNode` source tree by walking the parsed AST,
/// extracting source text from `LinearSpan` information tracked by the parser.
/// Uses a stack to build the tree bottom-up during depth-first traversal.
struct JsonSourceVisitor<'a> {
    source_text: &'a boa_ast::SourceText,
    interner: &'a boa_interner::Interner,
    /// Stack used to build the tree bottom-up. Leaf nodes (literals) are pushed
    /// first, then parent nodes (arrays/objects) pop their children and push themselves.
    stack: Vec<JsonNode>,
}

impl<'a> JsonSourceVisitor<'a> {
    /// Creates a new `JsonSourceVisitor`.
    fn new(source_text: &'a boa_ast::SourceText, interner: &'a boa_interner::Interner) -> Self {
        Self {
            source_text,
            interner,
            stack: Vec::new(),
        }
    }

    /// Consumes the visitor and returns the final `JsonNode` tree.
    fn finish(mut self) -> Option<JsonNode> {
        self.stack.pop()
    }
}

impl<'ast> boa_ast::visitor::Visitor<'ast> for JsonSourceVisitor<'_> {
    type BreakTy = std::convert::Infallible;

    fn visit_literal(
        &mut self,
        node: &'ast boa_ast::expression::literal::Literal,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        let span = node.linear_span();
        let code_points = self.source_text.get_code_points_from_span(span);
        let text = String::from_utf16_lossy(code_points);
        self.stack.push(JsonNode::Primitive(text));
        std::ops::ControlFlow::Continue(())
    }

    fn visit_array_literal(
        &mut self,
        node: &'ast boa_ast::expression::literal::ArrayLiteral,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        let count = node.as_ref().len();
        let base = self.stack.len();

        // Visit each element, which pushes child nodes onto the stack
        for elem in node.as_ref() {
            if let Some(expr) = elem {
                self.visit_expression(expr)?;
            } else {
                // Sparse element (should not happen in JSON)
                self.stack.push(JsonNode::Primitive("null".to_string()));
            }
        }

        // Pop the children that were just pushed and collect into array
        let children: Vec<JsonNode> = self.stack.drain(base..).collect();
        debug_assert_eq!(children.len(), count);
        self.stack.push(JsonNode::Array(children));
        std::ops::ControlFlow::Continue(())
    }

    fn visit_object_literal(
        &mut self,
        node: &'ast boa_ast::expression::literal::ObjectLiteral,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        use boa_ast::expression::literal::PropertyDefinition;

        let base = self.stack.len();
        let mut keys: Vec<String> = Vec::new();

        for prop in node.properties() {
            if let PropertyDefinition::Property(name, value) = prop {
                let key = if let Some(ident) = name.literal() {
                    self.interner.resolve_expect(ident.sym()).to_string()
                } else {
                    String::new()
                };
                keys.push(key);
                // Visit the value expression, which pushes the child node
                self.visit_expression(value)?;
            }
        }

        // Pop the value nodes and zip with keys
        let values: Vec<JsonNode> = self.stack.drain(base..).collect();
        debug_assert_eq!(keys.len(), values.len());
        let entries: Vec<(String, JsonNode)> = keys.into_iter().zip(values).collect();
        self.stack.push(JsonNode::Object(entries));
        std::ops::ControlFlow::Continue(())
    }

    fn visit_unary(
        &mut self,
        node: &'ast boa_ast::expression::operator::Unary,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        use boa_ast::expression::operator::unary::UnaryOp;
        use boa_ast::visitor::VisitWith;

        if node.op() == UnaryOp::Minus
            && let boa_ast::Expression::Literal(lit) = node.target()
        {
            let span = lit.linear_span();
            let code_points = self.source_text.get_code_points_from_span(span);
            let num_text = String::from_utf16_lossy(code_points);
            self.stack.push(JsonNode::Primitive(format!("-{num_text}")));
            return std::ops::ControlFlow::Continue(());
        }

        // Default: recurse into children
        node.visit_with(self)
    }

    fn visit_parenthesized(
        &mut self,
        node: &'ast boa_ast::expression::Parenthesized,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        // Unwrap parentheses and visit inner expression
        self.visit_expression(node.expression())
    }
}

/// JavaScript `JSON` global object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Json;

impl IntrinsicObject for Json {
    fn init(realm: &Realm) {
        let to_string_tag = JsSymbol::to_string_tag();
        let attribute = Attribute::READONLY | Attribute::NON_ENUMERABLE | Attribute::CONFIGURABLE;

        BuiltInBuilder::with_intrinsic::<Self>(realm)
            .static_method(Self::parse, js_string!("parse"), 2)
            .static_method(Self::stringify, js_string!("stringify"), 3)
            .static_method(Self::raw_json, js_string!("rawJSON"), 1)
            .static_method(Self::is_raw_json, js_string!("isRawJSON"), 1)
            .static_property(to_string_tag, Self::NAME, attribute)
            .build();
    }

    fn get(intrinsics: &Intrinsics) -> JsObject {
        intrinsics.objects().json()
    }
}

impl BuiltInObject for Json {
    const NAME: JsString = StaticJsStrings::JSON;
}

impl Json {
    /// `JSON.parse( text[, reviver] )`
    ///
    /// This `JSON` method parses a JSON string, constructing the JavaScript value or object described by the string.
    ///
    /// An optional `reviver` function can be provided to perform a transformation on the resulting object before it is returned.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///  - [MDN documentation][mdn]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.parse
    /// [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/JSON/parse
    pub(crate) fn parse(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
        // 1. Let jsonString be ? ToString(text).
        let text = args.first().cloned().unwrap_or_default().to_string(context)?;

        // 2. Parse ! StringToCodePoints(jsonString) as a JSON text as specified in ECMA-404.
        //    Throw a SyntaxError exception if it is not a valid JSON text as defined in that specification.
        //
        // codemode-runtime patch: the check was `serde_json::from_str`, which refuses valid JSON
        // texts: an escaped lone surrogate (`JSON.parse('"\\ud800"')`), a number too large for
        // a double (`1e400`, Infinity in V8) and, before it, any text holding a lone surrogate
        // (the conversion to a Rust string failed). `validate_json_text` checks the ECMA-404
        // grammar on the UTF-16 text, and a lone surrogate (only possible inside a string, the
        // grammar allows nothing but ASCII elsewhere) reaches the script parser as an escape.
        // codemode-runtime patch: the code units are read in place, not one by one through the
        // string's iterator; a Latin-1 text is checked and built from its bytes in place;
        // it was widened to UTF-16 first (a copy of twice its size, most of the peak memory of
        // parsing a large tool result).
        // codemode-runtime patch: and that it nests at most `RuntimeLimits::json_depth_limit`
        // arrays and objects deep.
        let variant = text.as_str().variant();
        let max_depth = context.runtime_limits().json_depth_limit();
        match variant {
            JsStrVariant::Latin1(bytes) => {
                validate_json_text(bytes, max_depth).map_err(|e| e.into_error(bytes))
            }
            JsStrVariant::Utf16(units) => {
                validate_json_text(units, max_depth).map_err(|e| e.into_error(units))
            }
        }?;

        // Check if a reviver is provided, to determine if we need source text tracking
        let has_reviver = args.get_or_undefined(1).is_callable();

        // codemode-runtime patch: without a reviver, the value is built directly from the
        // validated text (`JsonBuilder`), instead of the text being parsed, compiled and run as
        // a script below. The work is charged to the instruction budget (one instruction per 8
        // code units), so the budget still bounds a loop of large parses, deterministically.
        if !has_reviver {
            context.charge_work(text.len() / 8)?;
            return match variant {
                JsStrVariant::Latin1(bytes) => JsonBuilder::new(bytes, context).value(context),
                JsStrVariant::Utf16(units) => JsonBuilder::new(units, context).value(context),
            };
        }

        // The script path below reads UTF-16: a Latin-1 text is widened in one pass.
        let units: Cow<'_, [u16]> = match variant {
            JsStrVariant::Latin1(bytes) => Cow::Owned(bytes.iter().map(|&b| u16::from(b)).collect()),
            JsStrVariant::Utf16(units) => Cow::Borrowed(units),
        };

        // A lone surrogate (only possible inside a string, the grammar allows nothing but
        // ASCII elsewhere) reaches the script parser as an escape.
        let mut json_string = String::with_capacity(units.len());
        for unit in char::decode_utf16(units.iter().copied()) {
            match unit {
                Ok(c) => json_string.push(c),
                Err(e) => json_string.push_str(&format!("\\u{:04x}", e.unpaired_surrogate())),
            }
        }

        // 3. Let scriptString be the string-concatenation of "(", jsonString, and ");".
        let script_string = format!("({json_string});");

        // 4-10. Parse and evaluate the script
        let source = Source::from_bytes(&script_string);
        let mut parser = Parser::new(source);
        parser.set_json_parse();

        // Use parse_script_with_source to get SourceText for span-based source extraction
        let (script, source_text) =
            parser.parse_script_with_source(&Scope::new_global(), context.interner_mut())?;

        // Build the source tree from the AST if a reviver is present.
        // This walks the parsed AST and extracts source text from LinearSpan information,
        // avoiding the need to re-parse the JSON string separately.
        let source_tree = if has_reviver {
            let expr = script.statements().statements().first().and_then(|item| {
                if let boa_ast::StatementListItem::Statement(stmt) = item
                    && let boa_ast::Statement::Expression(expr) = stmt.as_ref()
                {
                    return Some(expr);
                }
                None
            });
            expr.and_then(|e| {
                use boa_ast::visitor::Visitor;
                let mut visitor = JsonSourceVisitor::new(&source_text, context.interner());
                let _ = visitor.visit_expression(e);
                visitor.finish()
            })
        } else {
            None
        };

        let code_block = {
            let in_with = context.vm.frame().environments.has_object_environment();
            let spanned_source_text = SpannedSourceText::new_source_only(
                crate::spanned_source_text::SourceText::new(source_text),
            );
            let mut compiler = ByteCompiler::new(
                js_string!("<json>"),
                script.strict(),
                true,
                context.realm().scope().clone(),
                context.realm().scope().clone(),
                false,
                false,
                context.interner_mut(),
                in_with,
                spanned_source_text,
                SourcePath::Json,
            );
            compiler.compile_statement_list(script.statements(), true, false);
            Gc::new(compiler.finish())
        };

        let realm = context.realm().clone();

        let env_fp = context.vm.frame().environments.len() as u32;
        context.vm.push_frame_with_stack(
            CallFrame::new(
                code_block,
                None,
                context.vm.frame().environments.clone(),
                realm,
            )
            .with_env_fp(env_fp)
            .with_flags(CallFrameFlags::EXIT_EARLY),
            JsValue::undefined(),
            JsValue::null(),
        );

        context.realm().resize_global_env();
        let record = context.run();
        context.vm.pop_frame();

        let unfiltered = record.consume()?;

        // 11. If IsCallable(reviver) is true, then
        if let Some(obj) = args.get_or_undefined(1).as_callable() {
            // a. Let root be ! OrdinaryObjectCreate(%Object.prototype%).
            let root = JsObject::with_object_proto(context.intrinsics());

            // b. Let rootName be the empty String.
            // c. Perform ! CreateDataPropertyOrThrow(root, rootName, unfiltered).
            root.create_data_property_or_throw(js_string!(), unfiltered, context)
                .js_expect("CreateDataPropertyOrThrow should never throw here")?;

            // d. Return ? InternalizeJSONProperty(root, rootName, reviver).
            Self::internalize_json_property(
                &root,
                js_string!(),
                &obj,
                source_tree.as_ref(),
                context,
            )
        } else {
            // 12. Else,
            // a. Return unfiltered.
            Ok(unfiltered)
        }
    }

    /// `25.5.1.1 InternalizeJSONProperty ( holder, name, reviver )`
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-internalizejsonproperty
    fn internalize_json_property(
        holder: &JsObject,
        name: JsString,
        reviver: &JsObject,
        source_node: Option<&JsonNode>,
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. Let val be ? Get(holder, name).
        let val = holder.get(name.clone(), context)?;

        // 2. If Type(val) is Object, then
        if let Some(obj) = val.as_object() {
            // a. Let isArray be ? IsArray(val).
            // b. If isArray is true, then
            if obj.is_array_abstract()? {
                // i. Let I be 0.
                // ii. Let len be ? LengthOfArrayLike(val).
                // iii. Repeat, while I < len,
                let len = obj.length_of_array_like(context)? as i64;
                let children = match source_node {
                    Some(JsonNode::Array(children)) => Some(children),
                    _ => None,
                };
                for i in 0..len {
                    let child_node = children.and_then(|c| c.get(i as usize));
                    // 1. Let prop be ! ToString(𝔽(I)).
                    // 2. Let newElement be ? InternalizeJSONProperty(val, prop, reviver).
                    let new_element = Self::internalize_json_property(
                        &obj,
                        i.into(),
                        reviver,
                        child_node,
                        context,
                    )?;

                    // 3. If newElement is undefined, then
                    if new_element.is_undefined() {
                        // a. Perform ? val.[[Delete]](prop).
                        obj.__delete__(
                            &i.into(),
                            &mut InternalMethodPropertyContext::new(context),
                        )?;
                    }
                    // 4. Else,
                    else {
                        // a. Perform ? CreateDataProperty(val, prop, newElement).
                        obj.create_data_property(i, new_element, context)?;
                    }
                }
            }
            // c. Else,
            else {
                // i. Let keys be ? EnumerableOwnPropertyNames(val, key).
                let keys = obj.enumerable_own_property_names(PropertyNameKind::Key, context)?;
                let entries = match source_node {
                    Some(JsonNode::Object(entries)) => Some(entries),
                    _ => None,
                };

                // ii. For each String P of keys, do
                for p in keys {
                    // This is safe, because EnumerableOwnPropertyNames with 'key' type only returns strings.
                    let p = p
                        .as_string()
                        .js_expect("EnumerableOwnPropertyNames only returns strings")?;

                    let p_std = p.to_std_string_escaped();
                    let child_node =
                        entries.and_then(|e| e.iter().rfind(|(k, _)| k == &p_std).map(|(_, v)| v));

                    // 1. Let newElement be ? InternalizeJSONProperty(val, P, reviver).
                    let new_element = Self::internalize_json_property(
                        &obj,
                        p.clone(),
                        reviver,
                        child_node,
                        context,
                    )?;

                    // 2. If newElement is undefined, then
                    if new_element.is_undefined() {
                        // a. Perform ? val.[[Delete]](P).
                        obj.__delete__(
                            &p.into(),
                            &mut InternalMethodPropertyContext::new(context),
                        )?;
                    }
                    // 3. Else,
                    else {
                        // a. Perform ? CreateDataProperty(val, P, newElement).
                        obj.create_data_property(p, new_element, context)?;
                    }
                }
            }
        }

        // Build the context object for the reviver call.
        // For primitive JSON values: context = { source: "<original text>" }
        // For objects/arrays or modified values: context = {} (no source property)
        // Per spec, source is only provided when the value is still the same
        // primitive that was produced by parsing the original JSON text.
        let ctx_obj = JsObject::with_object_proto(context.intrinsics());
        if let Some(JsonNode::Primitive(source_text)) = source_node {
            // Check if the current value matches what the source text produces.
            // If the reviver modified the value, it won't match and we skip source.
            let value_matches = match source_text.as_str() {
                "null" => val.is_null(),
                "true" => val.as_boolean() == Some(true),
                "false" => val.as_boolean() == Some(false),
                s if s.starts_with('"') => {
                    // String: compare parsed string value
                    if let Some(js_str) = val.as_string() {
                        serde_json::from_str::<String>(s)
                            .is_ok_and(|parsed| js_str.to_std_string_escaped() == parsed)
                    } else {
                        false
                    }
                }
                s => {
                    // Number: compare parsed number value
                    // Exact comparison is intentional: we want to detect if the
                    // value was replaced by the reviver, not approximate equality.
                    #[allow(clippy::float_cmp)]
                    if let Some(n) = val.as_number() {
                        s.parse::<f64>().is_ok_and(|parsed| n == parsed)
                    } else {
                        false
                    }
                }
            };
            if value_matches {
                ctx_obj.create_data_property_or_throw(
                    js_string!("source"),
                    JsValue::from(js_string!(source_text.as_str())),
                    context,
                )?;
            }
        }

        // 3. Return ? Call(reviver, holder, « name, val, context »).
        reviver.call(
            &holder.clone().into(),
            &[name.into(), val, ctx_obj.into()],
            context,
        )
    }

    /// `JSON.rawJSON ( text )`
    ///
    /// Creates a raw JSON object from the given text.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.rawjson
    pub(crate) fn raw_json(
        _: &JsValue,
        args: &[JsValue],
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. Let jsonString be ? ToString(text).
        let json_string = args.get_or_undefined(0).to_string(context)?;

        // 2. Throw a SyntaxError exception if jsonString is the empty String, or if
        //    either the first or last code unit of jsonString is any of 0x0009
        //    (CHARACTER TABULATION), 0x000A (LINE FEED), 0x000D (CARRIAGE RETURN), or
        //    0x0020 (SPACE).
        let std_string = json_string
            .to_std_string()
            .map_err(|e| JsNativeError::syntax().with_message(e.to_string()))?;

        if std_string.is_empty() {
            return Err(JsNativeError::syntax()
                .with_message("JSON.rawJSON text must not be the empty string")
                .into());
        }

        let first = std_string.as_bytes()[0];
        let last = std_string.as_bytes()[std_string.len() - 1];
        if matches!(first, b'\t' | b'\n' | b'\r' | b' ')
            || matches!(last, b'\t' | b'\n' | b'\r' | b' ')
        {
            return Err(JsNativeError::syntax()
                .with_message("JSON.rawJSON text must not start or end with whitespace")
                .into());
        }

        // 3. Parse StringToCodePoints(jsonString) as a JSON text as specified in ECMA-404.
        //    Throw a SyntaxError exception if it is not a valid JSON text as defined in that
        //    specification, or if its outermost value is an object or array.
        let parsed: serde_json::Value = serde_json::from_str(&std_string)
            .map_err(|e| JsNativeError::syntax().with_message(e.to_string()))?;

        // Must not be an object or array
        match parsed {
            serde_json::Value::Object(_) | serde_json::Value::Array(_) => {
                return Err(JsNativeError::syntax()
                    .with_message("JSON.rawJSON text must not be an object or array")
                    .into());
            }
            _ => {}
        }

        // 3. Let internalSlotsList be « [[IsRawJSON]] ».
        // 4. Let obj be OrdinaryObjectCreate(null, internalSlotsList).
        let obj = JsObject::from_proto_and_data(None::<JsObject>, RawJson);

        // 5. Perform ! CreateDataPropertyOrThrow(obj, "rawJSON", jsonString).
        obj.create_data_property_or_throw(js_string!("rawJSON"), json_string, context)
            .js_expect("CreateDataPropertyOrThrow should never throw here")?;

        // 6. Perform ! SetIntegrityLevel(obj, frozen).
        obj.set_integrity_level(IntegrityLevel::Frozen, context)
            .js_expect("SetIntegrityLevel should never throw here")?;

        // 7. Return obj.
        Ok(obj.into())
    }

    /// `JSON.isRawJSON ( O )`
    ///
    /// Checks if the given value is a raw JSON object.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.israwjson
    #[allow(clippy::unnecessary_wraps)]
    pub(crate) fn is_raw_json(
        _: &JsValue,
        args: &[JsValue],
        _context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. If Type(O) is Object and O has an [[IsRawJSON]] internal slot, return true.
        // 2. Return false.
        let value = args.get_or_undefined(0);
        let result = value.as_object().is_some_and(|obj| obj.is::<RawJson>());
        Ok(result.into())
    }

    /// `JSON.stringify( value[, replacer[, space]] )`
    ///
    /// This `JSON` method converts a JavaScript object or value to a JSON string.
    ///
    /// This method optionally replaces values if a `replacer` function is specified or
    /// optionally including only the specified properties if a replacer array is specified.
    ///
    /// An optional `space` argument can be supplied of type `String` or `Number` that's used to insert
    /// white space into the output JSON string for readability purposes.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///  - [MDN documentation][mdn]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.stringify
    /// [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/JSON/stringify
    pub(crate) fn stringify(
        _: &JsValue,
        args: &[JsValue],
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // codemode-runtime patch: the serializer writes into one output buffer (`JsonOut`)
        // instead of building a `JsString` for every value and every member, and reads the own
        // data properties of ordinary objects and arrays in place (see `own_data_value`), so
        // a value serialises with no intermediate strings. The algorithm and the order of every
        // observable step (Get, toJSON, the replacer, ToNumber/ToString of wrappers) are the
        // specification's, as before.

        // 1. Let indent be the empty String.
        // 2. Let PropertyList and ReplacerFunction be undefined.
        let mut property_list = None;
        let mut replacer_function = None;

        let replacer = args.get_or_undefined(1);

        // 4. If Type(replacer) is Object, then
        if let Some(replacer_obj) = replacer.as_object() {
            // a. If IsCallable(replacer) is true, then
            if replacer_obj.is_callable() {
                // i. Set ReplacerFunction to replacer.
                replacer_function = Some(replacer_obj.clone());
            // b. Else,
            } else {
                // i. Let isArray be ? IsArray(replacer).
                // ii. If isArray is true, then
                if replacer_obj.is_array_abstract()? {
                    // 1. Set PropertyList to a new empty List.
                    let mut property_set = indexmap::IndexSet::new();

                    // 2. Let len be ? LengthOfArrayLike(replacer).
                    let len = replacer_obj.length_of_array_like(context)?;

                    // 3. Let k be 0.
                    let mut k = 0;

                    // 4. Repeat, while k < len,
                    while k < len {
                        // a. Let prop be ! ToString(𝔽(k)).
                        // b. Let v be ? Get(replacer, prop).
                        let v = replacer_obj.get(k, context)?;

                        // c. Let item be undefined.
                        // d. If Type(v) is String, set item to v.
                        // e. Else if Type(v) is Number, set item to ! ToString(v).
                        // f. Else if Type(v) is Object, then
                        // g. If item is not undefined and item is not currently an element of PropertyList, then
                        // i. Append item to the end of PropertyList.
                        if let Some(s) = v.as_string() {
                            property_set.insert(s);
                        } else if v.is_number() {
                            property_set.insert(
                                v.to_string(context)
                                    .js_expect("ToString cannot fail on number value")?,
                            );
                        } else if let Some(obj) = v.as_object()
                            && (obj.is::<JsString>() || obj.is::<Align4<f64>>())
                        {
                            // i. If v has a [[StringData]] or [[NumberData]] internal slot, set item to ? ToString(v).
                            property_set.insert(v.to_string(context)?);
                        }

                        // h. Set k to k + 1.
                        k += 1;
                    }
                    property_list = Some(property_set.into_iter().collect());
                }
            }
        }

        let mut space = args.get_or_undefined(2).clone();

        // 5. If Type(space) is Object, then
        if let Some(space_obj) = space.as_object() {
            // a. If space has a [[NumberData]] internal slot, then
            if space_obj.is::<Align4<f64>>() {
                // i. Set space to ? ToNumber(space).
                space = space.to_number(context)?.into();
            }
            // b. Else if space has a [[StringData]] internal slot, then
            else if space_obj.is::<JsString>() {
                // i. Set space to ? ToString(space).
                space = space.to_string(context)?.into();
            }
        }

        // 6. If Type(space) is Number, then
        let gap: Vec<u16> = if space.is_number() {
            // a. Let spaceMV be ! ToIntegerOrInfinity(space).
            // b. Set spaceMV to min(10, spaceMV).
            // c. If spaceMV < 1, let gap be the empty String; otherwise let gap be the String value containing spaceMV occurrences of the code unit 0x0020 (SPACE).
            let spaces = match space
                .to_integer_or_infinity(context)
                .js_expect("ToIntegerOrInfinity cannot fail on number")?
            {
                IntegerOrInfinity::PositiveInfinity => 10,
                IntegerOrInfinity::NegativeInfinity => 0,
                IntegerOrInfinity::Integer(i) => i.clamp(0, 10) as usize,
            };
            vec![u16::from(b' '); spaces]
        // 7. Else if Type(space) is String, then
        } else if let Some(s) = space.as_string() {
            // a. If the length of space is 10 or less, let gap be space; otherwise let gap be the substring of space from 0 to 10.
            s.iter().take(10).collect()
        // 8. Else,
        } else {
            // a. Let gap be the empty String.
            Vec::new()
        };

        let value = args.get_or_undefined(0).clone();

        // 9. Let wrapper be ! OrdinaryObjectCreate(%Object.prototype%).
        // 10. Perform ! CreateDataPropertyOrThrow(wrapper, the empty String, value).
        // (The wrapper is only observable as the `this` of the replacer function.)
        let wrapper = if replacer_function.is_some() {
            let wrapper = JsObject::with_object_proto(context.intrinsics());
            wrapper
                .create_data_property_or_throw(js_string!(), value.clone(), context)
                .js_expect("CreateDataPropertyOrThrow should never fail here")?;
            Some(wrapper)
        } else {
            None
        };

        // 11. Let state be the Record { [[ReplacerFunction]]: ReplacerFunction, [[Stack]]: stack, [[Indent]]: indent, [[Gap]]: gap, [[PropertyList]]: PropertyList }.
        let mut state = StateRecord {
            replacer_function,
            stack: Vec::new(),
            stack_keys: Vec::new(),
            indent: Vec::new(),
            gap,
            property_list,
            out: JsonOut::Latin1(Vec::new()),
            to_json: PropertyKey::from(js_string!("toJSON")),
            max_depth: context.runtime_limits().json_depth_limit(),
        };

        // 12. Return ? SerializeJSONProperty(state, the empty String, wrapper).
        // (Step 1 of SerializeJSONProperty, Get(wrapper, ""), is `value`.)
        let empty = js_string!();
        if Self::serialize_json_value(
            &mut state,
            JsonKey::String(&empty),
            wrapper.as_ref(),
            value,
            context,
        )? {
            // codemode-runtime patch: with the `fuzz` feature the work is charged to the
            // instruction budget (one instruction per 8 code units written, as `JSON.parse`
            // charges per 8 read), so the budget still bounds a loop of large serialisations.
            context.charge_work(state.out.len() / 8)?;
            Ok(state.out.finish().into())
        } else {
            Ok(JsValue::undefined())
        }
    }

    /// `25.5.2.1 SerializeJSONProperty ( state, key, holder )`, from step 2: `value` is
    /// `Get(holder, key)`, read by the caller. Writes the serialisation to `state.out` and
    /// returns `true`, or writes nothing and returns `false` where the specification returns
    /// undefined. `holder` is only read for the replacer function's `this` (`None` for the
    /// root when there is no replacer function).
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-serializejsonproperty
    fn serialize_json_value(
        state: &mut StateRecord,
        key: JsonKey<'_>,
        holder: Option<&JsObject>,
        mut value: JsValue,
        context: &mut Context,
    ) -> JsResult<bool> {
        // 2. If Type(value) is Object or BigInt, then
        //    (codemode-runtime patch: skipped where GetV would return undefined without running
        //    any code, `has_no_to_json`.)
        let looked_up = value
            .as_object()
            .is_some_and(|object| Self::has_no_to_json(&object, &state.to_json));
        if (value.is_object() && !looked_up) || value.is_bigint() {
            // a. Let toJSON be ? GetV(value, "toJSON").
            let to_json = value.get_v(state.to_json.clone(), context)?;

            // b. If IsCallable(toJSON) is true, then
            if let Some(obj) = to_json.as_callable() {
                // i. Set value to ? Call(toJSON, value, « key »).
                value = obj.call(&value, &[key.to_js_string().into()], context)?;
            }
        }

        // 3. If state.[[ReplacerFunction]] is not undefined, then
        if let Some(obj) = &state.replacer_function {
            // a. Set value to ? Call(state.[[ReplacerFunction]], holder, « key, value »).
            let this = holder.map_or_else(JsValue::undefined, |h| h.clone().into());
            value = obj.call(&this, &[key.to_js_string().into(), value], context)?;
        }

        // 4. If Type(value) is Object, then
        if let Some(obj) = value.as_object() {
            // a. If value has a [[NumberData]] internal slot, then
            if obj.is::<Align4<f64>>() {
                // i. Set value to ? ToNumber(value).
                value = value.to_number(context)?.into();
            }
            // b. Else if value has a [[StringData]] internal slot, then
            else if obj.is::<JsString>() {
                // i. Set value to ? ToString(value).
                value = value.to_string(context)?.into();
            }
            // c. Else if value has a [[BooleanData]] internal slot, then
            else if let Some(boolean) = obj.downcast_ref::<bool>() {
                // i. Set value to value.[[BooleanData]].
                value = (*boolean).into();
            }
            // d. Else if value has a [[BigIntData]] internal slot, then
            else if let Some(bigint) = obj.downcast_ref::<JsBigInt>() {
                // i. Set value to value.[[BigIntData]].
                value = bigint.clone().into();
            }
            // e. Else if value has a [[IsRawJSON]] internal slot, then
            else if obj.is::<RawJson>() {
                // i. Return the value of the "rawJSON" property of value.
                let raw = obj.get(js_string!("rawJSON"), context)?;
                return Ok(match raw.as_string() {
                    Some(raw) => {
                        state.out.push_js_str(raw.as_str());
                        true
                    }
                    None => false,
                });
            }
        }

        match value.variant() {
            // 5. If value is null, return "null".
            JsVariant::Null => state.out.push_ascii(b"null"),
            // 6. If value is true, return "true".
            JsVariant::Boolean(true) => state.out.push_ascii(b"true"),
            // 7. If value is false, return "false".
            JsVariant::Boolean(false) => state.out.push_ascii(b"false"),
            // 8. If Type(value) is String, return QuoteJSONString(value).
            JsVariant::String(s) => state.out.push_quoted(s.as_str()),
            // 9. If Type(value) is Number, then
            //    a. If value is finite, return ! ToString(value).
            JsVariant::Integer32(n) => state.out.push_i32(n),
            JsVariant::Float64(n) if n.is_finite() => state.out.push_f64(n),
            //    b. Return "null".
            JsVariant::Float64(_) => state.out.push_ascii(b"null"),
            // 10. If Type(value) is BigInt, throw a TypeError exception.
            JsVariant::BigInt(_) => {
                return Err(JsNativeError::typ()
                    .with_message("Do not know how to serialize a BigInt")
                    .into());
            }
            // 11. If Type(value) is Object and IsCallable(value) is false, then
            JsVariant::Object(obj) if !obj.is_callable() => {
                // a. Let isArray be ? IsArray(value).
                // b. If isArray is true, return ? SerializeJSONArray(state, value).
                // c. Return ? SerializeJSONObject(state, value).
                if obj.is_array_abstract()? {
                    Self::serialize_json_array(state, key, &obj, context)?;
                } else {
                    Self::serialize_json_object(state, key, &obj, context)?;
                }
            }
            // 12. Return undefined.
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Steps 1 to 4 of `SerializeJSONObject` and `SerializeJSONArray`: the cycle check, then
    /// the indent grows by the gap. Returns the length of the indent to step back to.
    fn enter_json_container(
        state: &mut StateRecord,
        key: JsonKey<'_>,
        value: &JsObject,
    ) -> JsResult<usize> {
        // 1. If state.[[Stack]] contains value, throw a TypeError exception because the structure is cyclical.
        // codemode-runtime patch: with V8's message, which walks the circle.
        if let Some(start) = state.stack.iter().position(|o| JsObject::equals(o, value)) {
            return Err(JsNativeError::typ()
                .with_message(Self::circular_message(state, start, key))
                .into());
        }
        // codemode-runtime patch: the serialiser recurses once per level; past the host's
        // nesting limit (`RuntimeLimits::json_depth_limit`) the value is refused.
        if state.stack.len() >= state.max_depth {
            return Err(JsNativeError::range()
                .with_message(format!(
                    "the value is nested more than {} levels deep",
                    state.max_depth
                ))
                .into());
        }
        // 2. Append value to state.[[Stack]].
        state.stack.push(value.clone());
        state.stack_keys.push(key.to_cycle_key());
        // 3. Let stepback be state.[[Indent]].
        let stepback = state.indent.len();
        // 4. Set state.[[Indent]] to the string-concatenation of state.[[Indent]] and state.[[Gap]].
        state.indent.extend_from_slice(&state.gap);
        Ok(stepback)
    }

    /// codemode-runtime patch: V8's TypeError for a cycle (its `JsonStringifier::
    /// ConstructCircularStructureErrorMessage`): the object the circle starts at, up to two
    /// steps after it, an ellipsis if more than one more step is left out, the last step, and
    /// the key that closes the circle.
    fn circular_message(
        state: &StateRecord,
        start: usize,
        closing: JsonKey<'_>,
    ) -> String {
        const PREFIX_LINES: usize = 2;
        const POSTFIX_LINES: usize = 1;
        let constructor = crate::value::v8_text::constructor_name;
        let line = |index: usize| {
            format!(
                "\n    |     {} -> object with constructor '{}'",
                state.stack_keys[index].text(),
                constructor(&state.stack[index])
            )
        };
        let size = state.stack.len();
        let mut message = format!(
            "Converting circular structure to JSON\n    --> starting at object with constructor '{}'",
            constructor(&state.stack[start])
        );
        let mut index = start + 1;
        let prefix_end = size.min(index + PREFIX_LINES);
        while index < prefix_end {
            message.push_str(&line(index));
            index += 1;
        }
        if size > index + POSTFIX_LINES {
            message.push_str("\n    |     ...");
        }
        index = index.max(size - POSTFIX_LINES);
        while index < size {
            message.push_str(&line(index));
            index += 1;
        }
        message.push_str(&format!(
            "\n    --- {} closes the circle",
            closing.to_cycle_key().text()
        ));
        message
    }

    /// codemode-runtime patch: one member of an object or an array is a step of a native loop,
    /// charged to the budget; once the text is half the heap bound, the bound is checked at
    /// every member. `JSON.stringify` of an array with `length = 1e8` ran natively for 13 s and
    /// wrote 477 MiB (`null,` per hole), past the bound and out of reach of the budget. A
    /// smaller text is not checked while it is written: the value it serialises and the text
    /// together may pass the bound for the moment (an 8 MiB string as the run's result), and
    /// the next instruction checks what is left.
    fn json_member_step(state: &StateRecord, context: &mut Context) -> JsResult<()> {
        context.charge_element_step()?;
        let bytes = match &state.out {
            JsonOut::Latin1(v) => v.len(),
            JsonOut::Utf16(v) => v.len() * 2,
        };
        if bytes >= context.heap_bound() / 2 {
            context.check_heap()?;
        }
        Ok(())
    }

    /// The separator before a member or element: "," after the first, then with a gap a line
    /// feed and the indent.
    fn write_json_separator(state: &mut StateRecord, first: bool) {
        if !first {
            state.out.push_ascii(b",");
        }
        if !state.gap.is_empty() {
            state.out.push_ascii(b"\n");
            state.out.push_units(&state.indent);
        }
    }

    /// The end of a container: with a gap and at least one member, a line feed and the
    /// stepped-back indent, then `close`; the indent steps back and the value leaves the stack.
    fn leave_json_container(state: &mut StateRecord, stepback: usize, empty: bool, close: u8) {
        // 12. Set state.[[Indent]] to stepback.
        state.indent.truncate(stepback);
        if !empty && !state.gap.is_empty() {
            state.out.push_ascii(b"\n");
            state.out.push_units(&state.indent);
        }
        state.out.push_ascii(&[close]);
        // 11. Remove the last element of state.[[Stack]].
        state.stack.pop();
        state.stack_keys.pop();
    }

    /// codemode-runtime patch: `true` when `GetV(object, "toJSON")` is undefined without running
    /// any code: no `key` on the object or on its prototypes, each an ordinary object or an
    /// array (their [[Get]] of a string key is the ordinary one). `false` means the caller asks
    /// [[Get]].
    fn has_no_to_json(object: &JsObject, key: &PropertyKey) -> bool {
        let mut current = object.clone();
        loop {
            if !(current.is_ordinary() || current.is_array()) {
                return false;
            }
            let prototype = {
                let borrowed = current.borrow();
                let shape = &borrowed.properties().shape;
                if shape.lookup(key).is_some() {
                    return false;
                }
                shape.prototype()
            };
            match prototype {
                Some(prototype) => current = prototype,
                None => return true,
            }
        }
    }

    /// codemode-runtime patch: `Get(object, key)` for an own data property of an ordinary object
    /// or an array, read in place: `Some(value)` exactly when the ordinary [[Get]] would return
    /// that own data property's value without running any code; `None` (not an own data
    /// property, an accessor, an exotic object) means the caller asks [[Get]].
    fn own_data_value(object: &JsObject, key: &JsonMemberKey) -> Option<JsValue> {
        let borrowed = object.borrow();
        let properties = borrowed.properties();
        match key {
            JsonMemberKey::Index(index) => match &properties.indexed_properties {
                IndexedProperties::SparseProperty(map) => {
                    let descriptor = map.get(index)?;
                    if descriptor.is_accessor_descriptor() {
                        return None;
                    }
                    descriptor.value().cloned()
                }
                IndexedProperties::SparseElement(map) => map.get(index).cloned(),
                _ => properties.get_dense_property(*index),
            },
            JsonMemberKey::String(name, slot) => {
                // A slot is only valid for the shape it was read from. A shared shape never
                // changes its keys (a change makes a new shape, and the snapshot keeps the old
                // one alive, so its address is not reused); a unique shape changes in place, so
                // it is looked up again.
                let slot = match slot {
                    Some((shape, slot)) if shape.to_addr_usize() == properties.shape.to_addr_usize() => *slot,
                    _ => properties.shape.lookup(&PropertyKey::from(name.clone()))?,
                };
                if slot.attributes.is_accessor_descriptor() {
                    return None;
                }
                properties.storage.get(slot.index as usize).cloned()
            }
        }
    }

    /// The keys an ordinary object or array `value` serialises (step 6 of `SerializeJSONObject`,
    /// `EnumerableOwnPropertyNames(value, key)`), read from its property storage, with the slots
    /// their values are in: integer keys in ascending order, then string keys in creation order.
    fn own_enumerable_keys(value: &JsObject) -> Vec<JsonMemberKey> {
        let borrowed = value.borrow();
        let properties = borrowed.properties();
        let mut keys = Vec::new();
        match &properties.indexed_properties {
            IndexedProperties::DenseI32(v) => keys.extend((0..v.len() as u32).map(JsonMemberKey::Index)),
            IndexedProperties::DenseF64(v) => keys.extend((0..v.len() as u32).map(JsonMemberKey::Index)),
            IndexedProperties::DenseElement(v) => {
                keys.extend((0..v.len() as u32).map(JsonMemberKey::Index));
            }
            IndexedProperties::SparseElement(map) => {
                let mut indexes: Vec<u32> = map.keys().copied().collect();
                indexes.sort_unstable();
                keys.extend(indexes.into_iter().map(JsonMemberKey::Index));
            }
            IndexedProperties::SparseProperty(map) => {
                let mut indexes: Vec<u32> = map
                    .iter()
                    .filter(|(_, d)| d.enumerable().unwrap_or(false))
                    .map(|(i, _)| *i)
                    .collect();
                indexes.sort_unstable();
                keys.extend(indexes.into_iter().map(JsonMemberKey::Index));
            }
        }
        let shape = &properties.shape;
        let shared = shape.is_shared();
        for (name, slot) in shape.string_keys_with_slots() {
            if slot.attributes.contains(SlotAttributes::ENUMERABLE) {
                let slot = shared.then(|| (shape.clone(), slot));
                keys.push(JsonMemberKey::String(name, slot));
            }
        }
        keys
    }

    /// `25.5.2.4 SerializeJSONObject ( state, value )`
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-serializejsonobject
    fn serialize_json_object(
        state: &mut StateRecord,
        key: JsonKey<'_>,
        value: &JsObject,
        context: &mut Context,
    ) -> JsResult<()> {
        // 1-4. (cycle check, stack, indent)
        let stepback = Self::enter_json_container(state, key, value)?;

        // 5. If state.[[PropertyList]] is not undefined, then
        //    a. Let K be state.[[PropertyList]].
        // 6. Else,
        //    a. Let K be ? EnumerableOwnPropertyNames(value, key).
        let in_place = value.is_ordinary() || value.is_array();
        let keys: Vec<JsonMemberKey> = if let Some(list) = &state.property_list {
            list.iter().map(|k| JsonMemberKey::String(k.clone(), None)).collect()
        } else if in_place {
            Self::own_enumerable_keys(value)
        } else {
            value
                .enumerable_own_property_names(PropertyNameKind::Key, context)?
                .into_iter()
                .map(|k| {
                    k.as_string()
                        .map(|k| JsonMemberKey::String(k, None))
                        .js_expect("EnumerableOwnPropertyNames only returns strings")
                })
                .collect::<Result<_, _>>()?
        };

        state.out.push_ascii(b"{");
        let mut first = true;
        // 8. For each element P of K, do
        for key in &keys {
            Self::json_member_step(state, context)?;
            // a. Let strP be ? SerializeJSONProperty(state, P, value).
            //    (Its step 1, Get(value, P), read in place when that is the same.)
            let member = match in_place.then(|| Self::own_data_value(value, key)).flatten() {
                Some(member) => member,
                None => value.get(key.to_property_key(), context)?,
            };
            let mark = state.out.len();
            Self::write_json_separator(state, first);
            // b. If strP is not undefined, then
            //    i. Let member be QuoteJSONString(P).
            //    ii. Set member to the string-concatenation of member and ":".
            //    iii. If state.[[Gap]] is not the empty String, then
            //       1. Set member to the string-concatenation of member and the code unit 0x0020 (SPACE).
            //    iv. Set member to the string-concatenation of member and strP.
            //    v. Append member to partial.
            // (written before strP, and taken back if strP is undefined)
            match key {
                JsonMemberKey::String(name, _) => state.out.push_quoted(name.as_str()),
                JsonMemberKey::Index(index) => {
                    state.out.push_ascii(b"\"");
                    state.out.push_u64(u64::from(*index));
                    state.out.push_ascii(b"\"");
                }
            }
            state.out.push_ascii(b":");
            if !state.gap.is_empty() {
                state.out.push_ascii(b" ");
            }
            let holder = Some(value);
            if Self::serialize_json_value(state, key.as_json_key(), holder, member, context)? {
                first = false;
            } else {
                state.out.truncate(mark);
            }
        }

        // 9-13. ("{}" with no member; otherwise the members, separated and indented)
        Self::leave_json_container(state, stepback, first, b'}');
        Ok(())
    }

    /// `25.5.2.5 SerializeJSONArray ( state, value )`
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-serializejsonarray
    fn serialize_json_array(
        state: &mut StateRecord,
        key: JsonKey<'_>,
        value: &JsObject,
        context: &mut Context,
    ) -> JsResult<()> {
        // 1-4. (cycle check, stack, indent)
        let stepback = Self::enter_json_container(state, key, value)?;

        // 6. Let len be ? LengthOfArrayLike(value).
        let len = value.length_of_array_like(context)?;
        let in_place = value.is_ordinary() || value.is_array();

        state.out.push_ascii(b"[");
        // 7. Let index be 0.
        let mut index = 0;
        // 8. Repeat, while index < len,
        while index < len {
            Self::json_member_step(state, context)?;
            // a. Let strP be ? SerializeJSONProperty(state, ! ToString(𝔽(index)), value).
            //    (Its step 1, Get(value, index), read in place when that is the same.)
            let element = match u32::try_from(index) {
                Ok(i) if in_place => Self::own_data_value(value, &JsonMemberKey::Index(i)),
                _ => None,
            };
            let element = match element {
                Some(element) => element,
                None => value.get(index, context)?,
            };
            Self::write_json_separator(state, index == 0);
            // b. If strP is undefined, then
            //    i. Append "null" to partial.
            // c. Else,
            //    i. Append strP to partial.
            let key = JsonKey::Element(index);
            if !Self::serialize_json_value(state, key, Some(value), element, context)? {
                state.out.push_ascii(b"null");
            }
            // d. Set index to index + 1.
            index += 1;
        }

        // 9-13. ("[]" when empty; otherwise the elements, separated and indented)
        Self::leave_json_container(state, stepback, len == 0, b']');
        Ok(())
    }
}

struct StateRecord {
    replacer_function: Option<JsObject>,
    /// The objects being serialised, outermost first (state.[[Stack]]).
    stack: Vec<JsObject>,
    /// codemode-runtime patch: the key each object of `stack` was reached by, put into words
    /// only for V8's cycle message.
    stack_keys: Vec<CycleKey>,
    indent: Vec<u16>,
    gap: Vec<u16>,
    property_list: Option<Vec<JsString>>,
    /// codemode-runtime patch: the text written so far.
    out: JsonOut,
    /// The key `toJSON`, built once.
    to_json: PropertyKey,
    /// The most arrays and objects that may be open at once (`RuntimeLimits::json_depth_limit`).
    max_depth: usize,
}

/// codemode-runtime patch: the key a value is serialised under (the `key` argument of `toJSON`
/// and of the replacer function), turned into a string only when one of them needs it.
#[derive(Clone, Copy)]
enum JsonKey<'a> {
    String(&'a JsString),
    /// An integer key of an object.
    Index(u64),
    /// codemode-runtime patch: an array's element (V8's cycle message says "index 1" for it,
    /// "property '1'" for an object's integer key).
    Element(u64),
}

impl JsonKey<'_> {
    fn to_js_string(self) -> JsString {
        match self {
            Self::String(s) => s.clone(),
            Self::Index(i) | Self::Element(i) => i.into(),
        }
    }

    /// codemode-runtime patch: the key, kept for a cycle message.
    fn to_cycle_key(self) -> CycleKey {
        match self {
            Self::String(s) => CycleKey::String(s.clone()),
            Self::Index(i) => CycleKey::Index(i),
            Self::Element(i) => CycleKey::Element(i),
        }
    }
}

/// codemode-runtime patch: a [`JsonKey`] that outlives its member, on the serialiser's stack.
enum CycleKey {
    String(JsString),
    Index(u64),
    Element(u64),
}

impl CycleKey {
    /// The key as V8's cycle message names it: "property 'self'", "index 1", "<anonymous>"
    /// (the empty key).
    fn text(&self) -> String {
        match self {
            Self::String(s) if s.is_empty() => "<anonymous>".to_string(),
            Self::String(s) => format!("property '{}'", s.to_std_string_escaped()),
            Self::Index(i) => format!("property '{i}'"),
            Self::Element(i) => format!("index {i}"),
        }
    }
}

/// codemode-runtime patch: a key of an object being serialised, with the shape and slot its
/// value was in when the keys were listed (own data properties of ordinary objects with a
/// shared shape), or none (read with [[Get]], or looked up again).
enum JsonMemberKey {
    String(JsString, Option<(crate::object::shape::Shape, Slot)>),
    Index(u32),
}

impl JsonMemberKey {
    fn to_property_key(&self) -> PropertyKey {
        match self {
            Self::String(s, _) => PropertyKey::from(s.clone()),
            Self::Index(i) => PropertyKey::from(*i),
        }
    }

    fn as_json_key(&self) -> JsonKey<'_> {
        match self {
            Self::String(s, _) => JsonKey::String(s),
            Self::Index(i) => JsonKey::Index(u64::from(*i)),
        }
    }
}

/// codemode-runtime patch: the output of `JSON.stringify`, built in one buffer: Latin-1 while
/// every code unit written fits in a byte (the result is then a Latin-1 string, half the size),
/// UTF-16 from the first one that does not.
enum JsonOut {
    Latin1(Vec<u8>),
    Utf16(Vec<u16>),
}

impl JsonOut {
    fn len(&self) -> usize {
        match self {
            Self::Latin1(v) => v.len(),
            Self::Utf16(v) => v.len(),
        }
    }

    fn truncate(&mut self, len: usize) {
        match self {
            Self::Latin1(v) => v.truncate(len),
            Self::Utf16(v) => v.truncate(len),
        }
    }

    fn widen(&mut self) {
        if let Self::Latin1(v) = self {
            let wide = v.iter().map(|&b| u16::from(b)).collect();
            *self = Self::Utf16(wide);
        }
    }

    /// Latin-1 (or ASCII) code units.
    fn push_ascii(&mut self, bytes: &[u8]) {
        match self {
            Self::Latin1(v) => v.extend_from_slice(bytes),
            Self::Utf16(v) => v.extend(bytes.iter().map(|&b| u16::from(b))),
        }
    }

    fn push_units(&mut self, units: &[u16]) {
        if let Self::Latin1(v) = self {
            if units.iter().all(|&u| u <= 0xFF) {
                v.extend(units.iter().map(|&u| u as u8));
                return;
            }
            self.widen();
        }
        if let Self::Utf16(v) = self {
            v.extend_from_slice(units);
        }
    }

    fn push_js_str(&mut self, s: JsStr<'_>) {
        match s.variant() {
            JsStrVariant::Latin1(bytes) => self.push_ascii(bytes),
            JsStrVariant::Utf16(units) => self.push_units(units),
        }
    }

    fn push_u64(&mut self, mut n: u64) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.push_ascii(&digits[at..]);
    }

    fn push_i32(&mut self, n: i32) {
        if n < 0 {
            self.push_ascii(b"-");
        }
        self.push_u64(u64::from(n.unsigned_abs()));
    }

    /// A finite number, as `Number::toString` writes it (-0 as "0").
    fn push_f64(&mut self, n: f64) {
        if n == 0.0 {
            self.push_ascii(b"0");
        } else if n.fract() == 0.0 && n.abs() < 1e15 {
            if n < 0.0 {
                self.push_ascii(b"-");
            }
            self.push_u64(n.abs() as u64);
        } else {
            self.push_ascii(ryu_js::Buffer::new().format(n).as_bytes());
        }
    }

    /// `25.5.2.2 QuoteJSONString ( value )`: the string in double quotes, with `"`, `\`, the
    /// control characters and lone surrogates escaped; runs that need no escape are copied
    /// as they are.
    fn push_quoted(&mut self, value: JsStr<'_>) {
        /// The escape of a code unit below 0x80, if it needs one.
        fn escape(unit: u16) -> Option<&'static [u8]> {
            const CONTROL: [&[u8]; 32] = [
                b"\\u0000", b"\\u0001", b"\\u0002", b"\\u0003", b"\\u0004", b"\\u0005",
                b"\\u0006", b"\\u0007", b"\\b", b"\\t", b"\\n", b"\\u000b", b"\\f", b"\\r",
                b"\\u000e", b"\\u000f", b"\\u0010", b"\\u0011", b"\\u0012", b"\\u0013",
                b"\\u0014", b"\\u0015", b"\\u0016", b"\\u0017", b"\\u0018", b"\\u0019",
                b"\\u001a", b"\\u001b", b"\\u001c", b"\\u001d", b"\\u001e", b"\\u001f",
            ];
            match unit {
                0..=0x1F => Some(CONTROL[unit as usize]),
                0x22 => Some(b"\\\""),
                0x5C => Some(b"\\\\"),
                _ => None,
            }
        }
        self.push_ascii(b"\"");
        match value.variant() {
            JsStrVariant::Latin1(bytes) => {
                let mut start = 0;
                for (i, &b) in bytes.iter().enumerate() {
                    if let Some(escaped) = escape(u16::from(b)) {
                        self.push_ascii(&bytes[start..i]);
                        self.push_ascii(escaped);
                        start = i + 1;
                    }
                }
                self.push_ascii(&bytes[start..]);
            }
            JsStrVariant::Utf16(units) => {
                let mut start = 0;
                let mut i = 0;
                while i < units.len() {
                    let unit = units[i];
                    let escaped: Option<[u8; 6]> = match unit {
                        0xD800..=0xDBFF if matches!(units.get(i + 1), Some(0xDC00..=0xDFFF)) => {
                            // A surrogate pair: copied as it is.
                            i += 2;
                            continue;
                        }
                        0xD800..=0xDFFF => {
                            let hex = |shift: u16| to_hex_digit((unit >> shift) & 0xF) as u8;
                            Some([b'\\', b'u', hex(12), hex(8), hex(4), hex(0)])
                        }
                        _ => None,
                    };
                    if let Some(escaped) = escaped {
                        self.push_units(&units[start..i]);
                        self.push_ascii(&escaped);
                        start = i + 1;
                    } else if let Some(escaped) = escape(unit) {
                        self.push_units(&units[start..i]);
                        self.push_ascii(escaped);
                        start = i + 1;
                    }
                    i += 1;
                }
                self.push_units(&units[start..]);
            }
        }
        self.push_ascii(b"\"");
    }

    fn finish(self) -> JsString {
        match self {
            Self::Latin1(v) => JsString::from(JsStr::latin1(&v)),
            Self::Utf16(v) => JsString::from(&v[..]),
        }
    }
}

/// codemode-runtime patch: builds the value of a JSON text that `validate_json_text` accepted,
/// directly from its code units (`JSON.parse` without a reviver): no intermediate Rust string,
/// `serde_json` tree or script. Objects get their members as `CreateDataProperty` gives them
/// (a repeated key keeps its first position and takes the last value; `__proto__` is an own
/// property), numbers are read with Rust's correctly rounded `f64` parser (`1e400` is
/// Infinity, `-0` is -0), escapes (lone surrogates too) are decoded to their code units. Keys
/// without escapes are built once per text (records repeat them). Nesting is bounded by the
/// validation (`JSON_PARSE_MAX_DEPTH`), so the recursion is too.
struct JsonBuilder<'t, U: JsonUnit> {
    text: &'t [U],
    pos: usize,
    /// Keys without escapes, each with its id (the order it was first seen in).
    keys: rustc_hash::FxHashMap<&'t [U], (JsString, u32)>,
    /// codemode-runtime patch: the shapes of the objects built so far, by their key lists.
    shapes: JsonShapes,
    /// codemode-runtime patch: the members of the objects being built, innermost last.
    members: Vec<(JsString, JsValue)>,
    /// codemode-runtime patch: the elements of the arrays being built, innermost last.
    elements: Vec<JsValue>,
    /// codemode-runtime patch: short string values by a hash of their units, a direct-mapped
    /// cache (a miss replaces the slot's entry, so it never grows): a value records repeat — a
    /// status, a tag, a currency — is then one string, as V8's JSON parser internalizes short
    /// values. Allocated at the first short value.
    values: Vec<Option<(&'t [U], JsString)>>,
    scratch: Vec<u16>,
}

/// codemode-runtime patch: the shapes of the objects one `JSON.parse` builds, as a tree of key
/// lists: node 0 is the empty ordinary object, and a node's child by a key id is its shape with
/// that key added as a data property. Records with the same keys in the same order then walk
/// the same nodes (one compare per key after the first record) and are created at their final
/// shape with their values in one block, as V8's JSON parser follows map transitions; the shapes
/// are the ones `CreateDataProperty` reaches (object literals share them).
struct JsonShapes {
    nodes: Vec<JsonShapeNode>,
    children: rustc_hash::FxHashMap<(u32, u32), u32>,
}

struct JsonShapeNode {
    template: crate::object::shape::shared_shape::template::ObjectTemplate,
    /// The child this node was left by last: (key id, node).
    last: Option<(u32, u32)>,
}

impl JsonShapes {
    /// No shared shape: the object is built member by member.
    const NONE: u32 = u32::MAX;

    /// The tree with its root: the realm's ordinary-object template.
    fn new(context: &Context) -> Self {
        Self {
            nodes: vec![JsonShapeNode {
                template: context.intrinsics().templates().ordinary_object().clone(),
                last: None,
            }],
            children: rustc_hash::FxHashMap::default(),
        }
    }

    /// The node after `node` when the key `key` (id `id`) is added.
    fn step(&mut self, node: u32, id: u32, key: &JsString) -> u32 {
        if node == Self::NONE {
            return node;
        }
        let Some(entry) = self.nodes.get(node as usize) else {
            return Self::NONE;
        };
        if let Some((last_id, child)) = entry.last
            && last_id == id
        {
            return child;
        }
        let child = match self.children.get(&(node, id)) {
            Some(&child) => child,
            None => {
                let child = self.add(node, key);
                self.children.insert((node, id), child);
                child
            }
        };
        if let Some(entry) = self.nodes.get_mut(node as usize) {
            entry.last = Some((id, child));
        }
        child
    }

    /// A new node for `key` added to `node`'s shape, or `NONE` where the key is an index or
    /// already there (a repeated key), or where the shape would turn unique.
    fn add(&mut self, node: u32, key: &JsString) -> u32 {
        let Some(entry) = self.nodes.get(node as usize) else {
            return Self::NONE;
        };
        let key = PropertyKey::from(key.clone());
        if matches!(key, PropertyKey::Index(_)) || entry.template.shape().lookup(&key).is_some() {
            return Self::NONE;
        }
        let mut template = entry.template.clone();
        if !template.data_property(key) {
            return Self::NONE;
        }
        let Ok(child) = u32::try_from(self.nodes.len()) else {
            return Self::NONE;
        };
        self.nodes.push(JsonShapeNode {
            template,
            last: None,
        });
        child
    }

    /// The template of `node`'s shape, if it has one.
    fn template(
        &self,
        node: u32,
    ) -> Option<&crate::object::shape::shared_shape::template::ObjectTemplate> {
        self.nodes.get(node as usize).map(|entry| &entry.template)
    }
}

/// codemode-runtime patch: the longest string value (in code units, without escapes) the
/// builder looks up in its cache of values, and the cache's slots.
const JSON_SHORT_VALUE_MAX: usize = 10;
const JSON_VALUE_CACHE_SLOTS: usize = 256;

/// codemode-runtime patch: a code unit of a text `JSON.parse` reads in place: a Latin-1 byte or
/// a UTF-16 unit.
trait JsonUnit: Copy + Eq + std::hash::Hash {
    /// The unit as UTF-16.
    fn unit(self) -> u16;

    /// The string of these units (Latin-1 where they all fit).
    fn js_string(units: &[Self]) -> JsString;
}

impl JsonUnit for u8 {
    fn unit(self) -> u16 {
        u16::from(self)
    }

    fn js_string(units: &[Self]) -> JsString {
        JsString::from(JsStr::latin1(units))
    }
}

impl JsonUnit for u16 {
    fn unit(self) -> u16 {
        self
    }

    fn js_string(units: &[Self]) -> JsString {
        if units.iter().all(|&u| u <= 0xFF) {
            let bytes: Vec<u8> = units.iter().map(|&u| u as u8).collect();
            JsString::from(JsStr::latin1(&bytes))
        } else {
            JsString::from(units)
        }
    }
}

/// The units of `text` as UTF-16, for a message.
fn lossy<U: JsonUnit>(text: &[U]) -> String {
    let units: Vec<u16> = text.iter().map(|&u| u.unit()).collect();
    String::from_utf16_lossy(&units)
}

impl<'t, U: JsonUnit> JsonBuilder<'t, U> {
    fn new(text: &'t [U], context: &Context) -> Self {
        Self {
            text,
            pos: 0,
            keys: rustc_hash::FxHashMap::default(),
            shapes: JsonShapes::new(context),
            members: Vec::new(),
            elements: Vec::new(),
            values: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// The unit at `i`, as UTF-16.
    fn at(&self, i: usize) -> Option<u16> {
        self.text.get(i).map(|&u| u.unit())
    }

    fn error(&self) -> JsError {
        // Not reached for a validated text; an error, never a panic, if it were.
        JsNativeError::syntax()
            .with_message(format!("Unexpected token in JSON at position {}", self.pos))
            .into()
    }

    fn peek(&self) -> Option<u16> {
        self.at(self.pos)
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(0x09 | 0x0A | 0x0D | 0x20)) {
            self.pos += 1;
        }
    }

    fn expect(&mut self, unit: u16) -> JsResult<()> {
        self.skip_ws();
        if self.peek() == Some(unit) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error())
        }
    }

    fn hex(&self, at: usize) -> JsResult<u16> {
        let digits = self.text.get(at..at + 4).ok_or_else(|| self.error())?;
        let mut value = 0u16;
        for &d in digits {
            let digit = char::from_u32(u32::from(d.unit()))
                .and_then(|c| c.to_digit(16))
                .ok_or_else(|| self.error())?;
            value = value * 16 + digit as u16;
        }
        Ok(value)
    }

    /// The key starting at the quote at `self.pos`, from the key cache with its id when it has
    /// no escape (records repeat their keys).
    fn key(&mut self) -> JsResult<(JsString, Option<u32>)> {
        let start = self.pos + 1;
        let Ok(end) = self.plain_end()? else {
            return Ok((self.string()?, None));
        };
        let raw = &self.text[start..end];
        self.pos = end + 1;
        if let Some((s, id)) = self.keys.get(raw) {
            return Ok((s.clone(), Some(*id)));
        }
        let id = u32::try_from(self.keys.len()).ok();
        let s = U::js_string(raw);
        if let Some(id) = id {
            self.keys.insert(raw, (s.clone(), id));
        }
        Ok((s, id))
    }

    /// codemode-runtime patch: where the string starting at the quote at `self.pos` stops
    /// being plain: `Ok` with its closing quote's index when it has no escape, `Err` with its
    /// first backslash's index.
    fn plain_end(&self) -> JsResult<Result<usize, usize>> {
        let mut i = self.pos + 1;
        loop {
            match self.at(i) {
                Some(0x22) => return Ok(Ok(i)),
                Some(0x5C) => return Ok(Err(i)),
                Some(_) => i += 1,
                None => return Err(self.error()),
            }
        }
    }

    /// The object of the members from `base` on: at the shape of `node` with its values in one
    /// block, or (`JsonShapes::NONE`: a repeated key, an index, a key with escapes) from the
    /// ordinary-object template as `CreateDataProperty` gives them.
    fn object(&mut self, base: usize, node: u32, context: &Context) -> JsObject {
        let members = self.members.drain(base..);
        if let Some(template) = self.shapes.template(node) {
            let mut storage = crate::object::ObjectStorage::with_capacity(members.len());
            for (_, value) in members {
                storage.push(value);
            }
            return template.create(crate::builtins::OrdinaryObject, storage);
        }
        let object = context.intrinsics().templates().ordinary_object().create(
            crate::builtins::OrdinaryObject,
            crate::object::ObjectStorage::new(),
        );
        {
            let mut borrowed = object.borrow_mut();
            for (key, value) in members {
                borrowed.insert(
                    key,
                    PropertyDescriptor::builder()
                        .value(value)
                        .writable(true)
                        .enumerable(true)
                        .configurable(true),
                );
            }
            // Values past the two an object holds grew a block by doubling.
            borrowed.properties_mut().storage.shrink_to_fit();
        }
        object
    }

    /// The string value starting at the quote at `self.pos`.
    fn string(&mut self) -> JsResult<JsString> {
        let start = self.pos + 1;
        // Fast path: no escape before the closing quote.
        let mut i = match self.plain_end()? {
            Ok(end) => {
                let raw = &self.text[start..end];
                self.pos = end + 1;
                if raw.len() <= JSON_SHORT_VALUE_MAX {
                    return Ok(self.short_value(raw));
                }
                return Ok(U::js_string(raw));
            }
            Err(backslash) => backslash,
        };
        // With escapes: decoded into the scratch buffer.
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        out.extend(self.text[start..i].iter().map(|&u| u.unit()));
        loop {
            match self.at(i) {
                Some(0x22) => {
                    self.pos = i + 1;
                    let s = u16::js_string(&out);
                    self.scratch = out;
                    return Ok(s);
                }
                Some(0x5C) => {
                    let unit = match self.at(i + 1) {
                        Some(0x62) => 0x08,
                        Some(0x66) => 0x0C,
                        Some(0x6E) => 0x0A,
                        Some(0x72) => 0x0D,
                        Some(0x74) => 0x09,
                        Some(0x75) => {
                            let unit = self.hex(i + 2)?;
                            i += 4;
                            unit
                        }
                        Some(unit @ (0x22 | 0x5C | 0x2F)) => unit,
                        _ => return Err(self.error()),
                    };
                    out.push(unit);
                    i += 2;
                }
                Some(unit) => {
                    out.push(unit);
                    i += 1;
                }
                None => return Err(self.error()),
            }
        }
    }

    /// The string of a short value's units, from the cache of values when it was seen last in
    /// its slot.
    fn short_value(&mut self, raw: &'t [U]) -> JsString {
        use std::hash::{BuildHasher, BuildHasherDefault};
        if self.values.is_empty() {
            self.values.resize(JSON_VALUE_CACHE_SLOTS, None);
        }
        let hash = BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(raw);
        let slot = &mut self.values[(hash as usize) % JSON_VALUE_CACHE_SLOTS];
        match slot {
            Some((seen, s)) if *seen == raw => s.clone(),
            _ => {
                let s = U::js_string(raw);
                *slot = Some((raw, s.clone()));
                s
            }
        }
    }

    fn number(&mut self) -> JsResult<JsValue> {
        let start = self.pos;
        let mut i = start;
        let mut integer = true;
        while let Some(unit) = self.at(i) {
            match unit {
                0x30..=0x39 | 0x2D => {}
                0x2B | 0x2E | 0x45 | 0x65 => integer = false,
                _ => break,
            }
            i += 1;
        }
        self.pos = i;
        let digits = &self.text[start..i];
        let is_minus_zero =
            digits.len() == 2 && digits[0].unit() == 0x2D && digits[1].unit() == 0x30;
        // Integers of up to 9 digits are exact in an i32 (but `-0` is a double).
        if integer && digits.len() <= 10 && !is_minus_zero {
            let (negative, magnitude) = match digits.split_first() {
                Some((first, rest)) if first.unit() == 0x2D => (true, rest),
                _ => (false, digits),
            };
            if !magnitude.is_empty() && magnitude.len() <= 9 {
                let mut n: i32 = 0;
                for &d in magnitude {
                    n = n * 10 + i32::from(d.unit() - 0x30);
                }
                return Ok(JsValue::new(if negative { -n } else { n }));
            }
        }
        let ascii: String = digits.iter().map(|&u| char::from(u.unit() as u8)).collect();
        let n: f64 = ascii.parse().map_err(|_| self.error())?;
        Ok(JsValue::new(n))
    }

    fn value(&mut self, context: &mut Context) -> JsResult<JsValue> {
        // codemode-runtime patch: one parse can build a heap many times the text's size.
        context.check_heap()?;
        self.skip_ws();
        match self.peek() {
            Some(0x7B) => {
                self.pos += 1;
                self.skip_ws();
                if self.peek() == Some(0x7D) {
                    self.pos += 1;
                    return Ok(self.object(self.members.len(), 0, context).into());
                }
                let base = self.members.len();
                let mut node = 0;
                loop {
                    self.skip_ws();
                    if self.peek() != Some(0x22) {
                        return Err(self.error());
                    }
                    let (key, id) = self.key()?;
                    node = match id {
                        Some(id) => self.shapes.step(node, id, &key),
                        None => JsonShapes::NONE,
                    };
                    self.expect(0x3A)?;
                    let value = self.value(context)?;
                    self.members.push((key, value));
                    self.skip_ws();
                    match self.peek() {
                        Some(0x2C) => self.pos += 1,
                        Some(0x7D) => {
                            self.pos += 1;
                            return Ok(self.object(base, node, context).into());
                        }
                        _ => return Err(self.error()),
                    }
                }
            }
            Some(0x5B) => {
                self.pos += 1;
                let base = self.elements.len();
                self.skip_ws();
                if self.peek() != Some(0x5D) {
                    loop {
                        let item = self.value(context)?;
                        context.check_heap_growth(crate::heap::doubling_bytes(
                            self.elements.len(),
                            self.elements.capacity(),
                            size_of::<JsValue>(),
                        ))?;
                        self.elements.push(item);
                        self.skip_ws();
                        match self.peek() {
                            Some(0x2C) => self.pos += 1,
                            Some(0x5D) => break,
                            _ => return Err(self.error()),
                        }
                    }
                }
                self.pos += 1;
                // The array's own storage (a `ThinVec`), allocated once at its size.
                let mut items = thin_vec::ThinVec::with_capacity(self.elements.len() - base);
                items.extend(self.elements.drain(base..));
                Ok(Array::create_array_from_dense(items, context).into())
            }
            Some(0x22) => Ok(self.string()?.into()),
            Some(0x74) => {
                self.pos += 4;
                Ok(JsValue::new(true))
            }
            Some(0x66) => {
                self.pos += 5;
                Ok(JsValue::new(false))
            }
            Some(0x6E) => {
                self.pos += 4;
                Ok(JsValue::null())
            }
            Some(0x2D | 0x30..=0x39) => self.number(),
            _ => Err(self.error()),
        }
    }
}

/// codemode-runtime patch: the deepest nesting of arrays and objects `JSON.parse` accepts, as
/// before (`serde_json`'s recursion limit): the text is then parsed by the script parser, which
/// recurses once per level.
const JSON_PARSE_MAX_DEPTH: usize = 128;

/// codemode-runtime patch: checks that `text` is a JSON text (ECMA-404), without recursion, and
/// says where it is not, in the words V8 uses.
/// codemode-runtime patch (PATCHED.md, "V8's error messages"): the Workers runtime's V8 follows
/// a message ending "at position N" with the line and column of N ("at position 9 (line 1
/// column 10)").
fn with_line_and_column<U: JsonUnit>(message: String, text: &[U]) -> String {
    let Some(position) = message
        .rsplit_once("at position ")
        .and_then(|(_, n)| n.parse::<usize>().ok())
    else {
        return message;
    };
    let before = &text[..position.min(text.len())];
    let line = 1 + before.iter().filter(|unit| unit.unit() == 0x0A).count();
    let line_start = before
        .iter()
        .rposition(|unit| unit.unit() == 0x0A)
        .map_or(0, |newline| newline + 1);
    let column = position - line_start + 1;
    format!("{message} (line {line} column {column})")
}

/// codemode-runtime patch: why `validate_json_text` refused a text: its grammar (V8's words,
/// a `SyntaxError`) or its nesting past the host's limit (`RuntimeLimits::json_depth_limit`, a
/// `RangeError`; the sandbox scanned the text for it before every `JSON.parse`).
enum JsonTextError {
    Syntax(String),
    TooDeep(usize),
}

impl From<String> for JsonTextError {
    fn from(message: String) -> Self {
        Self::Syntax(message)
    }
}

impl JsonTextError {
    fn into_error<U: JsonUnit>(self, text: &[U]) -> JsNativeError {
        match self {
            Self::Syntax(message) => {
                JsNativeError::syntax().with_message(with_line_and_column(message, text))
            }
            Self::TooDeep(max) => JsNativeError::range()
                .with_message(format!("JSON nested more than {max} levels deep")),
        }
    }
}

fn validate_json_text<U: JsonUnit>(text: &[U], max_depth: usize) -> Result<(), JsonTextError> {
    fn is_ws(unit: u16) -> bool {
        matches!(unit, 0x09 | 0x0A | 0x0D | 0x20)
    }
    fn digits<U: JsonUnit>(text: &[U], mut i: usize) -> usize {
        while text.get(i).is_some_and(|u| (0x30..=0x39).contains(&u.unit())) {
            i += 1;
        }
        i
    }
    // The unit at `i`, as UTF-16.
    let at = |i: usize| text.get(i).map(|&u| u.unit());
    // V8's words for a unit it did not expect (`JsonParser::ReportUnexpectedToken`): a
    // number, a string, or the token with the text around it (whole if it is short, else ten
    // units either side, marked with "...").
    let unexpected = |i: usize| -> String {
        const CONTEXT: usize = 10;
        const SHORT: usize = 21;
        let Some(unit) = at(i) else {
            return "Unexpected end of JSON input".to_string();
        };
        if unit == 0x2D || (0x30..=0x39).contains(&unit) {
            return format!("Unexpected number in JSON at position {i}");
        }
        if unit == 0x22 {
            return format!("Unexpected string in JSON at position {i}");
        }
        let whole = lossy(text);
        if ["[object Object]", "undefined", "Infinity", "NaN"].contains(&whole.as_str()) {
            return format!("\"{whole}\" is not valid JSON");
        }
        let shown = char::from_u32(u32::from(unit)).unwrap_or('\u{fffd}');
        let len = text.len();
        let around = if len < SHORT {
            format!("\"{whole}\"")
        } else if i < CONTEXT {
            format!("\"{}\"...", lossy(&text[..i + CONTEXT]))
        } else if i < len - CONTEXT {
            format!(
                "...\"{}\"...",
                lossy(&text[i - CONTEXT..i + CONTEXT])
            )
        } else {
            format!("...\"{}\"", lossy(&text[i - CONTEXT..]))
        };
        format!("Unexpected token '{shown}', {around} is not valid JSON")
    };
    let skip_ws = |mut i: usize| {
        while at(i).is_some_and(is_ws) {
            i += 1;
        }
        i
    };
    // A string starting at the quote at `i`; the index after its closing quote.
    let string = |mut i: usize| -> Result<usize, String> {
        i += 1;
        loop {
            match at(i) {
                None => return Err(format!("Unterminated string in JSON at position {i}").into()),
                Some(0x22) => return Ok(i + 1),
                Some(0x5C) => match at(i + 1) {
                    Some(0x22 | 0x5C | 0x2F | 0x62 | 0x66 | 0x6E | 0x72 | 0x74) => i += 2,
                    Some(0x75) => {
                        let is_hex = |u: &u16| {
                            char::from_u32(u32::from(*u)).is_some_and(|c| c.is_ascii_hexdigit())
                        };
                        // V8 names the first unit that is not a hex digit.
                        if let Some(bad) = (i + 2..i + 6).find(|&k| !at(k).is_some_and(|u| is_hex(&u))) {
                            return Err(format!("Bad Unicode escape in JSON at position {bad}").into());
                        }
                        i += 6;
                    }
                    _ => return Err(format!("Bad escaped character in JSON at position {}", i + 1)),
                },
                Some(unit) if unit < 0x20 => {
                    return Err(format!("Bad control character in string literal in JSON at position {i}").into());
                }
                Some(_) => i += 1,
            }
        }
    };
    // The containers around the current position: `[` or `{`.
    let mut open: Vec<u16> = Vec::new();
    let mut i = 0;
    loop {
        // A value starts at `i` (after white space).
        i = skip_ws(i);
        match at(i) {
            Some(bracket @ (0x7B | 0x5B)) => {
                // The host's nesting limit counts every container, an empty one too.
                if open.len() >= max_depth {
                    return Err(JsonTextError::TooDeep(max_depth));
                }
                i = skip_ws(i + 1);
                let close = if bracket == 0x7B { 0x7D } else { 0x5D };
                if at(i) == Some(close) {
                    i += 1;
                } else {
                    if open.len() >= JSON_PARSE_MAX_DEPTH {
                        return Err(format!(
                            "JSON nested more than {JSON_PARSE_MAX_DEPTH} levels deep at position {i}"
                        ).into());
                    }
                    open.push(bracket);
                    if bracket == 0x7B {
                        if at(i) != Some(0x22) {
                            return Err(format!(
                                "Expected property name or '}}' in JSON at position {i}"
                            ).into());
                        }
                        i = skip_ws(string(i)?);
                        if at(i) != Some(0x3A) {
                            return Err(format!("Expected ':' after property name in JSON at position {i}").into());
                        }
                        i += 1;
                    }
                    continue;
                }
            }
            Some(0x22) => i = string(i)?,
            Some(first @ (0x74 | 0x66 | 0x6E)) => {
                let word: &[u16] = match first {
                    0x74 => &[0x74, 0x72, 0x75, 0x65],
                    0x66 => &[0x66, 0x61, 0x6C, 0x73, 0x65],
                    _ => &[0x6E, 0x75, 0x6C, 0x6C],
                };
                for (offset, expected) in word.iter().enumerate() {
                    if at(i + offset) != Some(*expected) {
                        return Err(unexpected(i + offset).into());
                    }
                }
                i += word.len();
            }
            Some(first @ (0x2D | 0x30..=0x39)) => {
                if first == 0x2D {
                    i += 1;
                    if !at(i).is_some_and(|u| (0x30..=0x39).contains(&u)) {
                        return Err(format!("No number after minus sign in JSON at position {i}").into());
                    }
                }
                i = if at(i) == Some(0x30) { i + 1 } else { digits(text, i) };
                // A leading zero followed by a digit: V8 stops at the digit.
                if at(i).is_some_and(|u| (0x30..=0x39).contains(&u)) {
                    return Err(unexpected(i).into());
                }
                if at(i) == Some(0x2E) {
                    let end = digits(text, i + 1);
                    if end == i + 1 {
                        return Err(format!("Unterminated fractional number in JSON at position {end}").into());
                    }
                    i = end;
                }
                if matches!(at(i), Some(0x65 | 0x45)) {
                    i += 1;
                    if matches!(at(i), Some(0x2B | 0x2D)) {
                        i += 1;
                    }
                    let end = digits(text, i);
                    if end == i {
                        return Err(format!("Exponent part is missing a number in JSON at position {i}").into());
                    }
                    i = end;
                }
            }
            _ => return Err(unexpected(i).into()),
        }
        // A value ended at `i`: close containers, or find where the next value starts.
        loop {
            i = skip_ws(i);
            match open.last().copied() {
                None => {
                    return if i == text.len() {
                        Ok(())
                    } else {
                        Err(format!("Unexpected non-whitespace character after JSON at position {i}").into())
                    };
                }
                Some(bracket) => {
                    let close = if bracket == 0x7B { 0x7D } else { 0x5D };
                    match at(i) {
                        Some(unit) if unit == close => {
                            open.pop();
                            i += 1;
                        }
                        Some(0x2C) => {
                            i = skip_ws(i + 1);
                            if bracket == 0x7B {
                                if at(i) != Some(0x22) {
                                    return Err(format!(
                                        "Expected double-quoted property name in JSON at position {i}"
                                    ).into());
                                }
                                i = skip_ws(string(i)?);
                                if at(i) != Some(0x3A) {
                                    return Err(format!(
                                        "Expected ':' after property name in JSON at position {i}"
                                    ).into());
                                }
                                i += 1;
                            }
                            break;
                        }
                        _ if bracket == 0x5B => {
                            return Err(format!("Expected ',' or ']' after array element in JSON at position {i}").into());
                        }
                        _ => {
                            return Err(format!(
                                "Expected ',' or '}}' after property value in JSON at position {i}"
                            ).into());
                        }
                    }
                }
            }
        }
    }
}

