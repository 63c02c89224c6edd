//! `models.*` and `image()` natively: the `models` connector over the OpenAI-compatible client
//! and the Workers AI provider, each over a scripted peer that plays the provider's side (the
//! request shapes are pinned here; the integration suite runs the same calls against a real
//! local server and a Workers AI binding in workerd).

mod common;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use async_trait::async_trait;
use codemode_runtime::images::{encode_base64, ImageStore};
use codemode_runtime::model::ExecuteOutput;
use codemode_runtime::models::config::{self as models_config, ModelsConfig};
use codemode_runtime::models::workers_ai::{AiBinding, AiOutput};
use codemode_runtime::remote::http::{HttpClient, HttpRequest, HttpResponse};
use codemode_runtime::{Connector, Store};
use common::*;
use serde_json::{json, Value};

/// A real (if tiny) PNG's first bytes: signature and IHDR with the size.
fn png(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    bytes.extend(width.to_be_bytes());
    bytes.extend(height.to_be_bytes());
    bytes.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
    bytes
}

type Answer = Box<dyn Fn(&str, &Value) -> (u16, String)>;

/// An OpenAI-compatible peer: answers by path and body, counts requests and how many were in
/// flight at once (each request yields once before answering, so concurrent ones overlap).
struct Peer {
    answer: RefCell<Answer>,
    sent: RefCell<Vec<(String, Value)>>,
    in_flight: Cell<usize>,
    most_in_flight: Cell<usize>,
}

impl Peer {
    fn new() -> Rc<Self> {
        Rc::new(Self {
            answer: RefCell::new(Box::new(openai_answer)),
            sent: RefCell::new(Vec::new()),
            in_flight: Cell::new(0),
            most_in_flight: Cell::new(0),
        })
    }

    fn paths(&self) -> Vec<String> {
        self.sent.borrow().iter().map(|(p, _)| p.clone()).collect()
    }
}

/// The peer's answers: a classification scores a label by whether the text mentions it; text
/// generation echoes the prompt's first word; images are PNGs of the asked size.
fn openai_answer(path: &str, body: &Value) -> (u16, String) {
    match path {
        "/v1/chat/completions" if body["response_format"]["type"] == "json_schema" => {
            let input: Value =
                serde_json::from_str(body["messages"][1]["content"].as_str().unwrap_or("{}"))
                    .unwrap_or_default();
            let labels: Vec<String> = input["labels"]
                .as_array()
                .map(|l| {
                    l.iter()
                        .filter_map(|x| x.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            let results: Vec<Value> = input["texts"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .iter()
                .map(|text| {
                    let text = text.as_str().unwrap_or_default();
                    let hits: Vec<f64> = labels
                        .iter()
                        .map(|l| if text.contains(l.as_str()) { 3.0 } else { 1.0 })
                        .collect();
                    let sum: f64 = hits.iter().sum();
                    Value::Object(
                        labels
                            .iter()
                            .zip(&hits)
                            .map(|(l, h)| (l.clone(), json!(h / sum)))
                            .collect(),
                    )
                })
                .collect();
            let content = json!({"results": results}).to_string();
            (200, chat(&content, 40, 12))
        }
        "/v1/chat/completions" => {
            let prompt = body["messages"]
                .as_array()
                .and_then(|m| m.last())
                .and_then(|m| m["content"].as_str())
                .unwrap_or_default()
                .to_string();
            let first = prompt.split_whitespace().next().unwrap_or_default();
            (200, chat(&format!("summary: {first}"), 9, 2))
        }
        "/v1/images/generations" => {
            let (w, h) = body["size"]
                .as_str()
                .and_then(|s| s.split_once('x'))
                .map(|(w, h)| (w.parse().unwrap_or(256), h.parse().unwrap_or(256)))
                .unwrap_or((256, 256));
            let n = body["n"].as_u64().unwrap_or(1);
            let data: Vec<Value> = (0..n)
                .map(|_| json!({"b64_json": encode_base64(&png(w, h))}))
                .collect();
            (200, json!({"created": 1, "data": data}).to_string())
        }
        _ => (
            404,
            json!({"error": {"message": "no such route"}}).to_string(),
        ),
    }
}

fn chat(content: &str, prompt_tokens: u64, completion_tokens: u64) -> String {
    json!({
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens}
    })
    .to_string()
}

/// Pending once, then ready: lets every concurrent request start before any answers.
async fn yield_once() {
    let mut yielded = false;
    std::future::poll_fn(|cx| {
        if yielded {
            std::task::Poll::Ready(())
        } else {
            yielded = true;
            cx.waker().wake_by_ref();
            std::task::Poll::Pending
        }
    })
    .await
}

#[async_trait(?Send)]
impl HttpClient for Peer {
    async fn send(&self, request: HttpRequest, _timeout_ms: u64) -> Result<HttpResponse, String> {
        let path = request
            .url
            .strip_prefix("http://models.test")
            .unwrap_or(&request.url)
            .to_string();
        let body: Value = request
            .body
            .as_deref()
            .and_then(|b| serde_json::from_str(b).ok())
            .unwrap_or_default();
        self.sent.borrow_mut().push((path.clone(), body.clone()));
        self.in_flight.set(self.in_flight.get() + 1);
        self.most_in_flight
            .set(self.most_in_flight.get().max(self.in_flight.get()));
        yield_once().await;
        yield_once().await;
        self.in_flight.set(self.in_flight.get() - 1);
        let (status, body) = (self.answer.borrow())(&path, &body);
        Ok(HttpResponse {
            status,
            headers: vec![("content-type".into(), "application/json".into())],
            body,
        })
    }
}

const OPENAI: &str = r#"{"provider": "openai", "baseUrl": "http://models.test/v1", "apiKey": {"secret": "KEY"},
  "models": [{"id": "chat-1", "task": ["text-generation", "text-classification"], "description": "chat"},
             {"id": "painter", "task": "text-to-image"}]}"#;

fn parse(text: &str) -> ModelsConfig {
    models_config::parse(text, &|name| (name == "KEY").then(|| "sk-test".to_string()))
        .expect("parses")
        .expect("declared")
}

/// A fixture whose runtime has `models` over `peer`.
fn with_models(peer: &Rc<Peer>, config: &str) -> Fixture {
    let mut f = fixture();
    let connector = models_config::connector(
        parse(config),
        &|_| None,
        peer.clone(),
        f.store.clone(),
        still_clock(),
    )
    .expect("connector");
    f.runtime = f.restarted(vec![Box::new(connector)]);
    f
}

#[test]
fn classify_batches_go_four_at_a_time_and_are_journaled_with_usage() {
    let peer = Peer::new();
    let f = with_models(&peer, OPENAI);
    let out = f.execute(
        "const texts = Array.from({length: 30}, (_, i) => i % 3 ? 'all fine ' + i : 'urgent: server down ' + i);\n\
         const batches = []; for (let i = 0; i < texts.length; i += 3) batches.push(texts.slice(i, i + 3));\n\
         const results = await Promise.all(batches.map(b => models.classify({texts: b, labels: ['urgent', 'fine']})));\n\
         return results.flat().map(r => r[0].label).join(',')",
    );
    let labels = completed(&out);
    assert_eq!(labels.as_str().unwrap().split(',').count(), 30);
    assert!(labels
        .as_str()
        .unwrap()
        .starts_with("urgent,fine,fine,urgent"));
    assert_eq!(peer.paths().len(), 10, "one request per call");
    assert_eq!(
        peer.most_in_flight.get(),
        4,
        "at most four model calls at once"
    );
    let sent = peer.sent.borrow();
    let body = &sent[0].1;
    assert_eq!(body["model"], "chat-1");
    assert_eq!(
        body["response_format"]["json_schema"]["name"],
        "classification"
    );
    let record = &calls(&out)[0];
    assert_eq!(record.connector, "models");
    let usage = record.usage.as_ref().expect("usage on the call record");
    assert_eq!(
        (usage.model.as_str(), usage.total_tokens),
        ("chat-1", Some(52))
    );
    let journal = f.store.journal(out.execution_id()).expect("journal");
    assert_eq!(journal.len(), 10);
    assert!(journal.iter().all(|e| e.usage.is_some()));
}

#[test]
fn a_replay_after_an_approval_never_asks_the_model_again() {
    let peer = Peer::new();
    let f = with_models(&peer, OPENAI);
    let out = f.execute(
        "const t = await models.generateText({prompt: 'hello world', maxTokens: 5});\n\
         const n = await notes.createNote({text: t.text});\n\
         return [t.text, t.usage.totalTokens, n.text]",
    );
    let id = out.execution_id().to_string();
    assert_eq!(paused(&out).len(), 1);
    assert_eq!(peer.paths(), ["/v1/chat/completions"]);
    let sent = peer.sent.borrow()[0].1.clone();
    assert_eq!(sent["max_tokens"], 5);
    assert_eq!(
        sent["messages"],
        json!([{"role": "user", "content": "hello world"}])
    );
    let done = f.approve(&id);
    assert_eq!(
        completed(&done),
        json!(["summary: hello", 11, "summary: hello"])
    );
    assert_eq!(
        peer.paths().len(),
        1,
        "the replay delivered the journaled answer"
    );
}

#[test]
fn generated_and_literal_images_are_kept_apart_listed_and_deleted_with_their_run() {
    let peer = Peer::new();
    let f = with_models(&peer, OPENAI);
    let literal = encode_base64(&png(3, 2));
    let out = f.execute(&format!(
        "const [cover] = await models.generateImages({{prompt: 'a lighthouse', width: 512, height: 256}});\n\
         image(cover);\n\
         image('{literal}', {{mimeType: 'image/png'}});\n\
         const bytes = Uint8Array.from(atob('{literal}'), c => c.charCodeAt(0));\n\
         image(bytes.buffer);\n\
         return cover"
    ));
    let ExecuteOutput::Completed {
        result,
        report,
        images,
        ..
    } = &out
    else {
        panic!("not completed: {out:?}")
    };
    let id = out.execution_id();
    assert_eq!(result["type"], "image");
    assert_eq!(
        (result["width"].clone(), result["height"].clone()),
        (json!(512), json!(256))
    );
    let images = images.as_ref().expect("images");
    assert_eq!(images.len(), 3);
    assert_eq!(images[0].image.id, format!("{id}.g0i0"));
    assert_eq!(images[1].image.id, format!("{id}.o1"));
    assert_eq!(images[1].url, format!("images/{id}.o1"));
    assert!(
        report.contains(&format!("image 1/3: images/{id}.g0i0 (image/png, 512×256)")),
        "{report}"
    );
    assert!(report.contains("image 3/3: "), "{report}");
    let stored = f.store.load_image(&images[2].image.id).unwrap().unwrap();
    assert_eq!(stored.data, png(3, 2));
    // The record holds references only (the literal is in its code, not in its output).
    let output = serde_json::to_string(&f.record(id).output).unwrap();
    assert!(
        !output.contains(&literal) && output.contains("\"kind\":\"stored\""),
        "{output}"
    );
    assert_eq!(f.store.execution_images(id).unwrap().len(), 3);
    assert_eq!(f.state(id).images.as_deref(), Some(images.as_slice()));
    assert!(f.runtime.delete_execution(id).unwrap());
    assert_eq!(f.store.execution_images(id).unwrap().len(), 0);
}

#[test]
fn bad_inputs_and_bad_providers_reject_the_call_clearly_and_store_nothing() {
    let peer = Peer::new();
    let f = with_models(&peer, OPENAI);
    let message = |code: &str| -> String {
        let out = f.execute(&format!(
            "try {{ {code}; return 'no error' }} catch (e) {{ return String(e) }}"
        ));
        completed(&out).as_str().unwrap_or_default().to_string()
    };
    assert!(message("await models.classify({text: 'x', model: 'nope'})")
        .contains("unknown model `nope`"));
    assert!(message("await models.classify({})").contains("give `text`"));
    assert_eq!(
        message("image('not bytes')"),
        "TypeError: image(): image data is not a PNG, JPEG, GIF or WebP image (recognised by its bytes)"
    );
    assert!(message("image(new Uint8Array(5 * 1024 * 1024))").contains("at most 4194304"));
    assert!(message("image({type: 'image', id: 'x.o0'})").contains("no image `x.o0`"));
    for (status, body, expected) in [
        (
            500,
            "{\"error\": {\"message\": \"boom\"}}",
            "answered HTTP 500: boom",
        ),
        (
            429,
            "{\"error\": {\"message\": \"slow down\"}}",
            "rate-limiting requests (HTTP 429)",
        ),
        (200, "<html>oops", "malformed: not JSON"),
        (
            200,
            "{\"created\": 1, \"data\": [{\"b64_json\": \"bm90IGFuIGltYWdl\"}]}",
            "is not a PNG",
        ),
    ] {
        *peer.answer.borrow_mut() = Box::new(move |_, _| (status, body.to_string()));
        let text = message("await models.generateImages({prompt: 'x'})");
        assert!(text.contains(expected), "{status}: {text}");
    }
    let runs = f.runtime.execution_history(Some(50)).unwrap();
    for state in runs {
        assert!(f.store.execution_images(&state.id).unwrap().is_empty());
    }
}

#[test]
fn models_false_leaves_the_global_out_and_a_config_error_names_the_key() {
    let peer = Peer::new();
    let f = with_models(&peer, OPENAI);
    let out = f.execute("// @options: {\"models\": false}\nreturn typeof models");
    assert_eq!(completed(&out), json!("undefined"));
    assert_eq!(
        completed(
            &f.execute("return (await models.catalog({task: 'text-to-image'})).map(m => m.id)")
        ),
        json!(["painter"])
    );
    for (text, expected) in [
        ("{\"provider\": \"openai\"}", "`baseUrl` is required"),
        ("{\"provider\": \"nope\"}", "`provider` must be"),
        ("{\"provider\": \"workers-ai\", \"bogus\": 1}", "unknown key `bogus`"),
        (
            "{\"provider\": \"openai\", \"baseUrl\": \"http://x\", \"apiKey\": {\"secret\": \"MISSING\"}, \"models\": [{\"id\": \"a\", \"task\": \"text-generation\"}]}",
            "needs the secret `MISSING`",
        ),
        (
            "{\"provider\": \"openai\", \"baseUrl\": \"http://x\", \"models\": [{\"id\": \"a\", \"task\": \"dreaming\"}]}",
            "unknown task",
        ),
    ] {
        let error = models_config::parse(text, &|_| None).expect_err(text);
        assert_eq!(error.code(), "INVALID_CONFIG");
        assert!(error.to_string().contains(expected), "{text}: {error}");
    }
    assert!(models_config::parse("  ", &|_| None).unwrap().is_none());
}

/// A Workers AI binding with the shapes of `env.AI.run` per model.
struct Binding {
    runs: RefCell<Vec<(String, Value)>>,
}

#[async_trait(?Send)]
impl AiBinding for Binding {
    async fn run(&self, model: &str, inputs: Value) -> Result<AiOutput, String> {
        self.runs
            .borrow_mut()
            .push((model.to_string(), inputs.clone()));
        match model {
            "@cf/huggingface/distilbert-sst-2-int8" => {
                let positive = if inputs["text"].as_str().unwrap_or_default().contains("love") {
                    0.9
                } else {
                    0.2
                };
                Ok(AiOutput::Json(json!([
                    {"label": "NEGATIVE", "score": 1.0 - positive},
                    {"label": "POSITIVE", "score": positive}
                ])))
            }
            "@cf/meta/llama-3.1-8b-instruct" => Ok(AiOutput::Json(json!({
                "response": "fine", "usage": {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4}
            }))),
            "@cf/black-forest-labs/flux-1-schnell" => Ok(AiOutput::Json(
                json!({"image": encode_base64(&png(1024, 1024))}),
            )),
            "@cf/stabilityai/stable-diffusion-xl-base-1.0" => Ok(AiOutput::Bytes(png(
                inputs["width"].as_u64().unwrap_or(1024) as u32,
                64,
            ))),
            other => Err(format!("AiError: No such model {other} or task")),
        }
    }
}

#[test]
fn workers_ai_takes_each_models_own_shapes() {
    let binding = Rc::new(Binding {
        runs: RefCell::new(Vec::new()),
    });
    struct Shared(Rc<Binding>);
    #[async_trait(?Send)]
    impl AiBinding for Shared {
        async fn run(&self, model: &str, inputs: Value) -> Result<AiOutput, String> {
            self.0.run(model, inputs).await
        }
    }
    let mut f = fixture();
    let config = parse("{\"provider\": \"workers-ai\"}");
    let shared = binding.clone();
    let connector = models_config::connector(
        config,
        &move |name| (name == "AI").then(|| Box::new(Shared(shared.clone())) as Box<dyn AiBinding>),
        Peer::new(),
        f.store.clone(),
        still_clock(),
    )
    .expect("connector");
    assert_eq!(connector.name(), "models");
    f.runtime = f.restarted(vec![Box::new(connector)]);
    let out = f.execute(
        "const s = await models.classify({texts: ['I love it', 'meh']});\n\
         const t = await models.generateText({prompt: 'hi'});\n\
         const [flux] = await models.generateImages({prompt: 'a cat', width: 512});\n\
         const [sdxl] = await models.generateImages({prompt: 'a dog', width: 512, model: '@cf/stabilityai/stable-diffusion-xl-base-1.0'});\n\
         return [s.map(r => r[0].label), t.text, flux.width, sdxl.width]",
    );
    assert_eq!(
        completed(&out),
        json!([["POSITIVE", "NEGATIVE"], "fine", 1024, 512])
    );
    let runs = binding.runs.borrow();
    assert_eq!(runs[0].1, json!({"text": "I love it"}));
    assert_eq!(
        runs[2].1,
        json!({"messages": [{"role": "user", "content": "hi"}]})
    );
    assert_eq!(runs[3].1, json!({"prompt": "a cat"}), "FLUX takes no size");
    assert_eq!(runs[4].1, json!({"prompt": "a dog", "width": 512}));
    let missing = models_config::connector(
        parse("{\"provider\": \"workers-ai\", \"binding\": \"AI2\"}"),
        &|_| None,
        Peer::new(),
        f.store.clone(),
        still_clock(),
    );
    assert!(missing
        .err()
        .unwrap()
        .to_string()
        .contains("no Workers AI binding named `AI2`"));
}
