mod common;
use common::*;
use serde_json::json;

#[test]
fn smoke() {
    let f = fixture();
    let out = f.execute("return 1 + 1");
    assert_eq!(completed(&out), json!(2), "{out:#?}");
    let out = f.execute("const n = await counter.bump({by: 2}); text('hi'); console.log('x', {a:1}); return n * 10");
    assert_eq!(completed(&out), json!(20), "{out:#?}");
    println!("{}", out.report());
}
