//! Load: many friend rooms played at once over loopback by simulated
//! pages making legal moves. Measures the round trip of a move (sent
//! until the mover receives the new state; no computer thinking is
//! involved), checks that no game is lost, and reads the server's
//! memory. Each simulated player waits 100–400 ms before its move, so
//! that 200 rooms make a steady load of several hundred moves a second
//! rather than a stampede of every page at once.
//!
//! Ignored by default (it is a measurement); `.ci/run` runs it small:
//! `DAMA_LOAD_ROOMS=40 DAMA_LOAD_PLIES=20 cargo test --release --test load -- --ignored`.
//! The README's figures come from `DAMA_LOAD_ROOMS=200 DAMA_LOAD_PLIES=60`.

#![cfg(feature = "serve")]

mod scratch;
#[path = "app/server.rs"]
mod server;
#[path = "app/ws.rs"]
mod ws;

use serde_json::{json, Value};
use server::Server;
use std::time::{Duration, Instant};
use ws::Page;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays one room: both pages alternate legal moves (a simple choice
/// that varies by room) until `plies` moves or the end of the game.
/// Returns the round trips in microseconds and the final record length.
async fn play_room(url: String, room: usize, plies: usize) -> Result<(Vec<u64>, usize), String> {
    let mut a = Page::open(&url).await;
    let (code, _, ca) = a.create("czech").await;
    let mut b = Page::open(&url).await;
    let seat = b.join(&code, None).await;
    if seat["t"] != "seat" {
        return Err(format!("join refused: {seat}"));
    }
    let seated = |s: &Value| {
        s["room"]["seats"][0]["taken"] == true && s["room"]["seats"][1]["taken"] == true
    };
    a.until_state(seated).await;
    b.until_state(seated).await;
    let (mut w, mut k) = if ca == "white" { (a, b) } else { (b, a) };
    let mut times = Vec::with_capacity(plies);
    let mut played = 0;
    for ply in 0..plies {
        let (mover, other) = if ply % 2 == 0 {
            (&mut w, &mut k)
        } else {
            (&mut k, &mut w)
        };
        let st = mover
            .until_state(|s| {
                s["result"] != Value::Null || s["moves"].as_array().is_some_and(|m| !m.is_empty())
            })
            .await;
        if st["result"] != Value::Null {
            break;
        }
        // A player thinks before moving (100–400 ms here, far less than
        // people do), so the server sees a steady load, not a stampede.
        tokio::time::sleep(Duration::from_millis(
            100 + ((room * 37 + ply * 53) % 300) as u64,
        ))
        .await;
        let moves = st["moves"].as_array().unwrap();
        let m = &moves[(room * 7 + ply * 3) % moves.len()];
        let mut path = vec![m["from"].clone()];
        path.extend(m["path"].as_array().unwrap().iter().cloned());
        let version = st["version"].as_u64().unwrap();
        let t = Instant::now();
        mover.send(json!({"t": "move", "path": path})).await;
        mover
            .until_state(|s| s["version"].as_u64() != Some(version))
            .await;
        times.push(t.elapsed().as_micros() as u64);
        played += 1;
        other
            .until_state(|s| s["version"].as_u64() != Some(version))
            .await;
    }
    let st = w.state.clone().unwrap();
    let len = st["record"].as_array().map_or(0, Vec::len);
    if len != played {
        return Err(format!(
            "room {code}: {played} moves played, {len} recorded"
        ));
    }
    Ok((times, len))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn many_friend_rooms_at_once() {
    let rooms = env_or("DAMA_LOAD_ROOMS", 200);
    let plies = env_or("DAMA_LOAD_PLIES", 60);
    let s = Server::start(&["--joins-per-minute", "100000", "--max-connections", "5000"]);
    let url = s.ws_url();
    let t = Instant::now();
    let tasks: Vec<_> = (0..rooms)
        .map(|r| tokio::spawn(play_room(url.clone(), r, plies)))
        .collect();
    let mut all = Vec::new();
    let mut lost = Vec::new();
    let mut moves = 0;
    let mut peak_rss = 0;
    for (i, task) in tasks.into_iter().enumerate() {
        match task.await {
            Ok(Ok((times, n))) => {
                all.extend(times);
                moves += n;
            }
            Ok(Err(e)) => lost.push(format!("room {i}: {e}")),
            Err(e) => lost.push(format!("room {i}: {e}")),
        }
        peak_rss = peak_rss.max(s.memory_kib().1);
    }
    let wall = t.elapsed();
    all.sort_unstable();
    let pct = |p: f64| all[((all.len() as f64 * p) as usize).min(all.len() - 1)] as f64 / 1000.0;
    let (rss, hwm) = s.memory_kib();
    println!(
        "load: {rooms} rooms, {moves} moves in {:.1} s; round trip p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; \
         server memory {} MiB now, {} MiB peak; games lost: {}",
        wall.as_secs_f64(),
        pct(0.5),
        pct(0.99),
        pct(1.0),
        rss / 1024,
        hwm.max(peak_rss) / 1024,
        lost.len()
    );
    assert!(lost.is_empty(), "games lost: {lost:?}");
    assert_eq!(all.len(), moves);
    assert!(wall < Duration::from_secs(600));
}
