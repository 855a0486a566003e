//! `dama serve` seen from a page's WebSocket, without a browser: seats
//! and secrets, bad and hostile messages, limits, room expiry, the
//! store across a restart, and the pages over HTTP.

#![cfg(feature = "serve")]

mod scratch;
#[path = "app/server.rs"]
mod server;
#[path = "app/ws.rs"]
mod ws;

use serde_json::{json, Value};
use server::Server;
use std::time::Duration;
use ws::Page;

/// A room with both seats taken: (white page, black page, code, tokens).
async fn seated(s: &Server) -> (Page, Page, String, String, String) {
    let mut a = Page::open(&s.ws_url()).await;
    let (code, ta, ca) = a.create("czech").await;
    let mut b = Page::open(&s.ws_url()).await;
    let seat = b.join(&code, None).await;
    let tb = seat["token"].as_str().unwrap().to_string();
    assert_ne!(seat["color"].as_str().unwrap(), ca);
    a.until_state(|s| {
        s["room"]["seats"][0]["taken"] == true && s["room"]["seats"][1]["taken"] == true
    })
    .await;
    b.until_state(|s| s["you"] != Value::Null).await;
    if ca == "white" {
        (a, b, code, ta, tb)
    } else {
        (b, a, code, tb, ta)
    }
}

#[tokio::test]
async fn only_the_seated_players_move_and_secrets_stay_with_their_owner() {
    let s = Server::start(&[]);
    let (mut w, mut b, code, tw, tb) = seated(&s).await;
    // A third page with the code watches and cannot move.
    let mut c = Page::open(&s.ws_url()).await;
    let seat = c.join(&code, None).await;
    assert_eq!(seat["color"], Value::Null);
    assert_eq!(seat["token"], Value::Null);
    let st = c.until("state").await;
    assert_eq!(st["you"], Value::Null);
    assert_eq!(st["moves"], json!([]), "a spectator gets no moves");
    c.send(json!({"t": "move", "path": ["c3", "d4"]})).await;
    let e = c.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("watching"), "{e}");
    // A forged secret is a spectator's too.
    let mut f = Page::open(&s.ws_url()).await;
    let seat = f
        .join(&code, Some("00000000000000000000000000000000"))
        .await;
    assert_eq!(seat["color"], Value::Null);
    // Black may not move on White's turn.
    b.send(json!({"t": "move", "path": ["f6", "e5"]})).await;
    let r = b.until("refused").await;
    assert_eq!(r["reason"], "it is white's turn");
    // Hints are for games against the computer.
    w.send(json!({"t": "hint"})).await;
    let e = w.until("error").await;
    assert_eq!(
        e["message"],
        "hints are given only in games against the computer"
    );
    w.send(json!({"t": "move", "path": ["c3", "d4"]})).await;
    b.until_state(|s| s["record"] == json!(["c3-d4"])).await;
    // No message to Black or the spectator ever holds White's secret.
    for p in [&b, &c, &f] {
        for m in &p.seen {
            assert!(!m.to_string().contains(&tw), "White's secret leaked: {m}");
        }
    }
    for m in &w.seen {
        assert!(!m.to_string().contains(&tb), "Black's secret leaked: {m}");
    }
    // Returning with the secret gives the seat back.
    w.close().await;
    let mut w2 = Page::open(&s.ws_url()).await;
    let seat = w2.join(&code.to_lowercase(), Some(&tw)).await;
    assert_eq!(seat["color"], "white");
}

#[tokio::test]
async fn bad_messages_get_an_error_and_change_nothing() {
    let s = Server::start(&[]);
    let mut p = Page::open(&s.ws_url()).await;
    p.send(json!({"t": "new", "variant": "czech", "level": 1, "color": "white"}))
        .await;
    let st = p.until("state").await;
    let version = st["version"].clone();
    for (bad, expect) in [
        ("not json", "cannot be read"),
        ("{}", "cannot be read"),
        (r#"{"t":"fly"}"#, "unknown variant"),
        (r#"{"t":"move","path":["c3"]}"#, "a piece and a square"),
        (
            r#"{"t":"move","path":["c3","z9"]}"#,
            "'z9' is off every board",
        ),
        (r#"{"t":"move","path":"c3-d4"}"#, "cannot be read"),
        (
            r#"{"t":"new","variant":"chess","level":1,"color":"white"}"#,
            "unknown game",
        ),
        (
            r#"{"t":"new","variant":"czech","level":9,"color":"white"}"#,
            "level 9",
        ),
        (
            r#"{"t":"new","variant":"czech","level":1,"color":"green"}"#,
            "not a colour",
        ),
        (r#"{"t":"join","code":"O0O0O0"}"#, "not a room code"),
        (
            r#"{"t":"join","code":"ABCDEF"}"#,
            "no room with the code ABCDEF",
        ),
        (
            r#"{"t":"resume","variant":"czech","level":1,"human":"white","moves":["c3-d4","c3-d4"]}"#,
            "move 2",
        ),
    ] {
        p.send_text(bad).await;
        let r = loop {
            let v = p.next().await.expect("a reply");
            if v["t"] == "error" || v["t"] == "refused" {
                break v;
            }
        };
        let text = r.to_string();
        assert!(text.contains(expect), "{bad}: {text}");
    }
    let long: Vec<String> = (0..40).map(|_| "c3".to_string()).collect();
    p.send(json!({"t": "move", "path": long})).await;
    assert!(p.until("error").await["message"]
        .as_str()
        .unwrap()
        .contains("at most"));
    p.send_binary(vec![1, 2, 3]).await;
    assert!(p.until("error").await["message"]
        .as_str()
        .unwrap()
        .contains("binary"));
    // The game is as it was: a refused move did not count.
    p.send(json!({"t": "ping"})).await;
    p.until("pong").await;
    assert_eq!(p.state.as_ref().unwrap()["version"], version);
    // A message over the size limit closes the connection; the server lives on.
    let huge = format!(r#"{{"t":"why","square":"{}"}}"#, "a".repeat(100_000));
    p.send_text(&huge).await;
    while p.next().await.is_some() {}
    let mut q = Page::open(&s.ws_url()).await;
    q.send(json!({"t": "ping"})).await;
    q.until("pong").await;
}

#[tokio::test]
async fn joins_are_rate_limited_per_address() {
    let s = Server::start(&["--joins-per-minute", "5"]);
    // A room made first: the first of the five.
    let mut owner = Page::open(&s.ws_url()).await;
    let (code, token, _) = owner.create("czech").await;
    let mut p = Page::open(&s.ws_url()).await;
    let mut refused = None;
    for i in 0..8 {
        p.send(json!({"t": "join", "code": "ABCDEF"})).await;
        let e = p.until("error").await;
        let m = e["message"].as_str().unwrap().to_string();
        if m.contains("too many") {
            refused = Some(i);
            break;
        }
        assert!(m.contains("no room with the code"), "{m}");
    }
    assert_eq!(refused, Some(4), "the sixth attempt in a minute is refused");
    // A player returning to their seat with its secret is not counted.
    owner.close().await;
    let mut back = Page::open(&s.ws_url()).await;
    assert_eq!(back.join(&code, Some(&token)).await["t"], "seat");
    // A wrong secret is a newcomer's join, and counted.
    let mut other = Page::open(&s.ws_url()).await;
    let e = other
        .join(&code, Some("00000000000000000000000000000000"))
        .await;
    assert!(e["message"].as_str().unwrap().contains("too many"), "{e}");
}

#[tokio::test]
async fn full_servers_refuse_clearly() {
    let s = Server::start(&["--max-rooms", "1", "--max-connections", "3"]);
    let mut a = Page::open(&s.ws_url()).await;
    a.create("czech").await;
    let mut b = Page::open(&s.ws_url()).await;
    b.send(json!({"t": "create", "variant": "czech"})).await;
    let e = b.until("error").await;
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("the server is full"),
        "{e}"
    );
    let _c = Page::open(&s.ws_url()).await;
    assert_eq!(Page::try_open(&s.ws_url()).await.err(), Some(503));
}

#[tokio::test]
async fn a_connection_that_goes_silent_is_dropped_and_its_seat_turns_absent() {
    // Pings every third of a second; a second of silence is too much.
    let s = Server::start(&["--silent-limit", "1s"]);
    let (mut w, mut b, _, _, _) = seated(&s).await;
    // Nothing reads Black's socket from now on, so it answers no ping (a
    // phone gone to sleep); White's page reads, and its client answers.
    let st = w
        .until_state(|s| s["room"]["seats"][1]["present"] == false)
        .await;
    assert_eq!(st["room"]["seats"][0]["present"], true);
    assert!(
        st["room"]["seats"][1]["takeover_in"].as_u64().is_some(),
        "{st}"
    );
    // White, answering, stays.
    let gone = tokio::time::timeout(
        Duration::from_secs(2),
        w.until_state(|s| s["room"]["seats"][0]["present"] == false),
    )
    .await;
    assert!(gone.is_err(), "White was dropped while answering pings");
    // Black's connection was closed by the server.
    while b.next().await.is_some() {}
}

#[tokio::test]
async fn idle_rooms_expire() {
    let s = Server::start(&["--room-ttl", "1s"]);
    let mut a = Page::open(&s.ws_url()).await;
    let (code, _, _) = a.create("czech").await;
    a.close().await;
    tokio::time::sleep(Duration::from_millis(3500)).await;
    let mut b = Page::open(&s.ws_url()).await;
    let e = b.join(&code, None).await;
    assert_eq!(e["t"], "error");
    assert!(e["message"].as_str().unwrap().contains("no room"), "{e}");
}

#[tokio::test]
async fn rooms_survive_a_crash_of_the_server() {
    let mut s = Server::start(&[]);
    let (mut w, b, code, tw, tb) = seated(&s).await;
    w.send(json!({"t": "move", "path": ["c3", "d4"]})).await;
    w.until_state(|s| s["record"] == json!(["c3-d4"])).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    drop(b);
    s.crash_and_restart();
    let mut w = Page::open(&s.ws_url()).await;
    assert_eq!(w.join(&code, Some(&tw)).await["color"], "white");
    let mut b = Page::open(&s.ws_url()).await;
    assert_eq!(b.join(&code, Some(&tb)).await["color"], "black");
    let st = b.until_state(|s| s["you"] == "black").await;
    assert_eq!(st["record"], json!(["c3-d4"]));
    b.send(json!({"t": "move", "path": ["f6", "e5"]})).await;
    w.until_state(|s| s["record"] == json!(["c3-d4", "f6-e5"]))
        .await;
}

#[tokio::test]
async fn a_solo_game_the_computer_answers_and_undo_resign() {
    let s = Server::start(&[]);
    let mut p = Page::open(&s.ws_url()).await;
    p.send(json!({"t": "new", "variant": "czech", "level": 1, "color": "black"}))
        .await;
    // The computer plays White's first move.
    let st = p
        .until_state(|s| s["record"].as_array().is_some_and(|r| r.len() == 1))
        .await;
    assert_eq!(st["you"], "black");
    assert!(!st["moves"].as_array().unwrap().is_empty());
    p.send(json!({"t": "hint"})).await;
    let h = p.until("hint").await;
    assert_eq!(h["version"], st["version"]);
    let m = st["moves"][0].clone();
    let mut path = vec![m["from"].clone()];
    path.extend(m["path"].as_array().unwrap().iter().cloned());
    p.send(json!({"t": "move", "path": path})).await;
    p.until_state(|s| s["record"].as_array().is_some_and(|r| r.len() == 3))
        .await;
    p.send(json!({"t": "undo"})).await;
    let st = p
        .until_state(|s| s["record"].as_array().is_some_and(|r| r.len() == 1))
        .await;
    assert_eq!(st["can_undo"], false);
    p.send(json!({"t": "undo"})).await;
    assert_eq!(
        p.until("refused").await["reason"],
        "there is no move of yours to take back"
    );
    p.send(json!({"t": "resign"})).await;
    let st = p.until_state(|s| s["result"] != Value::Null).await;
    assert_eq!(st["result"]["rule"], "resignation");
    assert_eq!(st["result"]["text"], "white wins: black resigned");
    // The page saves the resignation with the game: a reload (a new
    // connection resuming it) shows the game over, not in play.
    let record = st["record"].clone();
    let mut q = Page::open(&s.ws_url()).await;
    q.send(json!({"t": "resume", "variant": "czech", "level": 1, "human": "black", "moves": record, "resigned": "black"}))
        .await;
    let st = q.until_state(|_| true).await;
    assert_eq!(st["result"]["text"], "white wins: black resigned");
    assert_eq!(st["record"], record);
    // A resignation that cannot apply (not the player's, or not on their
    // turn) is left out: the game goes on rather than being lost.
    for (human, resigned) in [("black", "white"), ("white", "white")] {
        let mut q = Page::open(&s.ws_url()).await;
        q.send(json!({"t": "resume", "variant": "czech", "level": 1, "human": human, "moves": record, "resigned": resigned}))
            .await;
        let st = q.until_state(|_| true).await;
        assert_eq!(st["result"], Value::Null, "{human} {resigned}");
        // (The computer, to move in one of them, may already have replied.)
        let played = st["record"].as_array().unwrap();
        let saved = record.as_array().unwrap();
        assert_eq!(played[..saved.len()], saved[..]);
    }
}

#[tokio::test]
async fn leaving_is_answered_and_nothing_of_the_game_follows() {
    // One search at a time, and another page's level 5 search holding
    // it: the hint asked below waits until after the leave.
    let s = Server::start(&["--threads", "1"]);
    let mut q = Page::open(&s.ws_url()).await;
    q.send(json!({"t": "new", "variant": "czech", "level": 5, "color": "black"}))
        .await;
    q.until_state(|s| s["thinking"] == true).await;
    let mut p = Page::open(&s.ws_url()).await;
    p.send(json!({"t": "new", "variant": "czech", "level": 1, "color": "white"}))
        .await;
    let st = p.until("state").await;
    // A hint, a move and at once a leave: the hint and the computer's
    // reply may be on their way, but neither comes after `left`.
    p.send(json!({"t": "hint"})).await;
    p.send(json!({"t": "move", "path": ["c3", "d4"]})).await;
    p.send(json!({"t": "leave"})).await;
    p.until("left").await;
    // The next game starts at the same version as the first did.
    p.send(json!({"t": "new", "variant": "czech", "level": 1, "color": "white"}))
        .await;
    let next = p.until("state").await;
    assert_eq!(next["version"], st["version"]);
    assert_eq!(next["record"], json!([]));
    // A hint here, and a third game's: two hint searches of one page at
    // most wait for the engine (the first is still queued, stopped).
    p.send(json!({"t": "hint"})).await;
    p.send(json!({"t": "new", "variant": "czech", "level": 1, "color": "white"}))
        .await;
    p.until("state").await;
    p.send(json!({"t": "hint"})).await;
    assert_eq!(
        p.until("error").await["message"],
        "the hint asked for before is still being looked for"
    );
    // The other page's search ends; its hint is searched after the
    // hints queued before it (one slot, first come first served).
    q.until_state(|s| s["record"].as_array().is_some_and(|r| r.len() == 1))
        .await;
    q.send(json!({"t": "hint"})).await;
    q.until("hint").await;
    p.send(json!({"t": "undo"})).await;
    loop {
        let m = p.next().await.expect("an answer");
        assert_ne!(m["t"], "hint", "a hint of the game left: {m}");
        if m["t"] == "state" {
            assert_eq!(m["record"], json!([]), "a state of the game left: {m}");
            continue;
        }
        assert_eq!(m["t"], "refused", "{m}");
        break;
    }
}

#[tokio::test]
async fn the_pages_are_served() {
    let s = Server::start(&[]);
    let get = |path: &str| {
        let url = format!("{}{path}", s.url);
        async move {
            let out = tokio::process::Command::new("curl")
                .args(["-s", "-w", "\n%{http_code}", &url])
                .output()
                .await;
            match out {
                Ok(o) => String::from_utf8_lossy(&o.stdout).to_string(),
                Err(_) => String::new(),
            }
        }
    };
    if get("/").await.is_empty() {
        eprintln!("curl not installed: the HTTP page checks are skipped");
        return;
    }
    let index = get("/").await;
    assert!(index.contains("Play with friends by code") && index.ends_with("200"));
    for (path, needle) in [
        ("/rules", "/rules/medieval"),
        ("/rules/czech", "Czech draughts"),
        ("/rules/knights", "Knight"),
        ("/licence", "SVG"),
        ("/app.js", "never decides a rule"),
        ("/api/games", "\"medieval\""),
    ] {
        let body = get(path).await;
        assert!(
            body.contains(needle) && body.ends_with("200"),
            "{path}: {body:.200}"
        );
    }
    assert!(get("/rules/chess").await.ends_with("404"));
    assert!(get("/nothing").await.ends_with("404"));
    let qr = get("/qr/ABCD23").await;
    assert!(qr.contains("<svg") && qr.ends_with("200"));
    assert!(get("/qr/nonsense").await.ends_with("404"));
}
