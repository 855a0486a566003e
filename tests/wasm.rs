//! The JavaScript API, run in a browser: `cargo test --release --target
//! wasm32-unknown-unknown --no-default-features --features wasm --test wasm`
//! with `wasm-bindgen-test-runner` as the runner (see README.md).
#![cfg(all(target_arch = "wasm32", feature = "wasm"))]

use dama::wasm::Game;
use js_sys::{Array, Reflect};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("a property")
}

fn text(v: &JsValue, key: &str) -> String {
    get(v, key).as_string().unwrap_or_default()
}

fn strings(v: &JsValue) -> Vec<String> {
    Array::from(v)
        .iter()
        .map(|x| x.as_string().unwrap())
        .collect()
}

#[wasm_bindgen_test]
fn every_variant_starts() {
    let names: Vec<String> = Game::variants()
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    let registry: Vec<&str> = dama::Variant::ALL.iter().map(|v| v.name()).collect();
    assert_eq!(names, registry);
    assert_eq!(names[0], "czech");
    for n in &names {
        let g = Game::new(n, None).unwrap();
        assert_eq!(&g.variant(), n);
        assert!(g.legal_moves().length() > 0, "{n}");
        assert!(!get(&g.status(), "over").as_bool().unwrap());
    }
    assert!(Game::new("chess", None).is_err());
}

#[wasm_bindgen_test]
fn moves_with_paths_captures_and_promotion() {
    let g = Game::new("czech", Some("W:Wc3,Kh2:Bd4,f6,Kb8".into())).unwrap();
    let moves = g.legal_moves();
    assert_eq!(moves.length(), 1);
    let m = moves.get(0);
    assert_eq!(text(&m, "text"), "c3xe5xg7");
    assert_eq!(text(&m, "from"), "c3");
    assert_eq!(strings(&get(&m, "path")), ["e5", "g7"]);
    assert_eq!(strings(&get(&m, "captured")), ["d4", "f6"]);
    assert_eq!(text(&m, "piece"), "man");
    assert!(get(&m, "promotion").is_null());
    assert_eq!(strings(&g.must_capture()), ["c3"]);

    let g = Game::new("czech", Some("W:Wg7:Bb6".into())).unwrap();
    let m = g.check("g7-h8").unwrap();
    assert_eq!(text(&m, "promotion"), "king");
}

#[wasm_bindgen_test]
fn play_refuse_undo_and_fen() {
    let mut g = Game::new("czech", None).unwrap();
    let start = g.fen();
    let m = g.play("c3-d4").unwrap();
    assert_eq!(text(&m, "text"), "c3-d4");
    assert_eq!(g.side_to_move(), "black");
    let e = g.play("d4-e5").unwrap_err();
    let msg: JsValue = e.into();
    let msg = text(&msg, "message");
    assert!(
        msg.contains("not yours") || msg.contains("no piece"),
        "{msg}"
    );
    assert_eq!(strings(&g.moves()), ["c3-d4"]);
    g.undo(None).unwrap();
    assert_eq!(g.fen(), start);
    assert!(g.undo(None).is_err());
    let p = g.piece_at("c3");
    assert_eq!(text(&p, "color"), "white");
    assert!(g.piece_at("c4").is_null());
    assert!(!g.is_playable("c4"));
}

#[wasm_bindgen_test]
fn status_names_the_rule() {
    let mut g = Game::new("czech", Some("W:Wc3:Bd4".into())).unwrap();
    g.play("c3xe5").unwrap();
    let s = g.status();
    assert!(get(&s, "over").as_bool().unwrap());
    assert_eq!(text(&s, "result"), "white");
    assert_eq!(text(&s, "rule"), "no-pieces");
    assert!(g.play("e5-f6").is_err());
}

#[wasm_bindgen_test]
fn the_engine_answers_by_level_and_by_nodes() {
    let mut g = Game::new("czech", Some("W:Wc3,e3:Bd4,h8".into())).unwrap();
    g.set_seed(1);
    let r = g.best_move(None, Some(2_000));
    let m = text(&get(&r, "move"), "text");
    assert!(m == "c3xe5" || m == "e3xc5", "{m}");
    assert!(get(&r, "nodes").as_f64().unwrap() <= 2_000.0);
    let mut g = Game::new("gothic", None).unwrap();
    let r = g.best_move(Some(1), None);
    let m = text(&get(&r, "move"), "text");
    g.play(&m).unwrap();
    let h = g.hint(1);
    assert!(g.check(&text(&h, "text")).is_ok());
}
