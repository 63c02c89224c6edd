//! [`AiBinding`] over a Workers AI binding object (`env.AI`, or the one the package is given):
//! `run(model, inputs)` is called as JavaScript calls it, and what it resolves to is read back as
//! JSON, or as bytes when it is a stream or a buffer (image models that answer the image itself).

use async_trait::async_trait;
use serde_json::Value;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::error::Error;
use crate::models::config as models_config;
use crate::models::workers_ai::{AiBinding, AiOutput};
use crate::models::ModelsConnector;
use crate::runtime::Clock;

/// The `models` connector a `CODEMODE_MODELS` declaration (`declaration`, JSON text; blank for
/// none) describes, in either host: a Workers AI binding is looked up by name in `env`, an
/// OpenAI-compatible endpoint is reached with `fetch`, `secret` answers the secrets it names,
/// and generated images go to `store`.
pub fn models_connector(
    declaration: &str,
    secret: &dyn Fn(&str) -> Option<String>,
    env: &JsValue,
    store: std::rc::Rc<super::SqlStore>,
    clock: Clock,
) -> Result<Option<ModelsConnector>, Error> {
    let Some(config) = models_config::parse(declaration, secret)? else {
        return Ok(None);
    };
    let binding = |name: &str| {
        let value = js_sys::Reflect::get(env, &JsValue::from_str(name)).ok()?;
        JsAiBinding::new(value).map(|b| Box::new(b) as Box<dyn AiBinding>)
    };
    models_config::connector(
        config,
        &binding,
        std::rc::Rc::new(super::FetchClient),
        store,
        clock,
    )
    .map(Some)
}

/// A binding object with a `run` method.
pub struct JsAiBinding {
    binding: JsValue,
}

impl JsAiBinding {
    /// `None` unless `binding` is an object with a `run` function.
    pub fn new(binding: JsValue) -> Option<Self> {
        let run = js_sys::Reflect::get(&binding, &JsValue::from_str("run")).ok()?;
        run.is_function().then_some(Self { binding })
    }
}

fn message(error: &JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "the binding failed".to_string())
}

/// What `run` resolved to: bytes for a stream, a buffer or a typed array; JSON otherwise.
async fn read_answer(answer: JsValue) -> Result<AiOutput, String> {
    if answer.is_instance_of::<web_sys_stream::ReadableStream>() {
        let response =
            web_sys_stream::Response::new_with_stream(&answer).map_err(|e| message(&e))?;
        let buffer = JsFuture::from(response.array_buffer().map_err(|e| message(&e))?)
            .await
            .map_err(|e| message(&e))?;
        return Ok(AiOutput::Bytes(js_sys::Uint8Array::new(&buffer).to_vec()));
    }
    if answer.is_instance_of::<js_sys::ArrayBuffer>()
        || answer.is_instance_of::<js_sys::Uint8Array>()
    {
        return Ok(AiOutput::Bytes(js_sys::Uint8Array::new(&answer).to_vec()));
    }
    let text = js_sys::JSON::stringify(&answer)
        .ok()
        .and_then(|t| t.as_string())
        .unwrap_or_else(|| "null".to_string());
    serde_json::from_str(&text)
        .map(AiOutput::Json)
        .map_err(|e| format!("the binding's answer is not JSON ({e})"))
}

#[async_trait(?Send)]
impl AiBinding for JsAiBinding {
    async fn run(&self, model: &str, inputs: Value) -> Result<AiOutput, String> {
        let run: js_sys::Function = js_sys::Reflect::get(&self.binding, &JsValue::from_str("run"))
            .map_err(|e| message(&e))?
            .unchecked_into();
        let inputs = js_sys::JSON::parse(&inputs.to_string()).map_err(|e| message(&e))?;
        let returned = run
            .call2(&self.binding, &JsValue::from_str(model), &inputs)
            .map_err(|e| message(&e))?;
        let answer = JsFuture::from(js_sys::Promise::resolve(&returned))
            .await
            .map_err(|e| message(&e))?;
        read_answer(answer).await
    }
}

/// The two Web classes read above, bound by hand (web-sys is not in the tree).
mod web_sys_stream {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_name = ReadableStream)]
        pub type ReadableStream;

        #[wasm_bindgen(js_name = Response)]
        pub type Response;

        #[wasm_bindgen(constructor, catch, js_class = "Response")]
        pub fn new_with_stream(body: &JsValue) -> Result<Response, JsValue>;

        #[wasm_bindgen(method, catch, js_name = arrayBuffer)]
        pub fn array_buffer(this: &Response) -> Result<js_sys::Promise, JsValue>;
    }
}
