//! The playing app in a real browser: headless Chromium driven over
//! WebDriver, playing as people do (clicks on squares, drags, keys,
//! buttons) against a `dama serve` started for each test.
//!
//! Skipped, with a line saying so, when Chromium or chromedriver is not
//! installed; `.ci/run` installs both and sets DAMA_BROWSER_TESTS=require.

#![cfg(feature = "serve")]

#[path = "app/browser.rs"]
mod harness;
mod scratch;
#[path = "app/server.rs"]
mod server;

use fantoccini::wd::WindowHandle;
use harness::{available, Browser, Driver, Server};
use serde_json::Value;
use std::time::Duration;

macro_rules! need_browser {
    () => {
        if !available() {
            return;
        }
    };
}

/// The squares of a move text (`c3xe5xc7` → c3, [e5, c7]).
fn squares(text: &str) -> (String, Vec<String>) {
    let v: Vec<String> = text.split(['-', 'x']).map(str::to_string).collect();
    (v[0].clone(), v[1..].to_vec())
}

/// Opens the page with a game against the computer saved in the browser
/// (the page's own save format), as after a reload.
async fn saved_game(b: &Browser, fen: &str, level: u8, human: &str) {
    saved_game_of(b, "czech", fen, level, human).await;
}

/// [`saved_game`] in the game `variant`.
async fn saved_game_of(b: &Browser, variant: &str, fen: &str, level: u8, human: &str) {
    b.js(&format!(
        "Object.keys(localStorage).filter(k => k.startsWith('dama.tab:')).forEach(k => localStorage.removeItem(k)); localStorage.setItem('dama.game', JSON.stringify({{mode: 'solo', variant: '{variant}', level: {level}, human: '{human}', start: '{fen}', moves: []}})); return true;"
    ))
    .await;
    b.c.refresh().await.expect("reload");
    b.wait_state().await;
}

/// The y coordinate of a square on the screen (0 at the top).
async fn square_y(b: &Browser, sq: &str) -> f64 {
    b.js(&format!(
        "return Number(document.querySelector('#board rect[data-square=\"{sq}\"]').getAttribute('y'));"
    ))
    .await
    .as_f64()
    .unwrap()
}

#[tokio::test]
async fn a_whole_game_against_level_1_played_by_clicks_to_its_result() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    b.new_game("czech", 1, "white").await;
    for _ in 0..300 {
        b.wait_my_turn().await;
        if b.exists("#status.over").await {
            break;
        }
        // Ask for a hint, then for its whole path, as a player would.
        b.click("#hint").await;
        b.until(
            "the hinted piece",
            "return document.querySelector('[data-hint]') !== null;",
        )
        .await;
        b.click("#hint").await;
        let text = b
            .js("const e = document.querySelector('[data-hint-path]'); return e ? e.dataset.hintPath : null;")
            .await;
        let text = text.as_str().expect("the hint's path").to_string();
        let (from, path) = squares(&text);
        b.play_by_clicks(&from, &path).await;
    }
    b.until(
        "the result",
        "return document.querySelector('#status.over') !== null;",
    )
    .await;
    let status = b.text("#status").await;
    assert!(
        status.starts_with("You won") || status.starts_with("Draw"),
        "{status}"
    );
    assert!(status.contains(':'), "the rule is named: {status}");
    assert!(
        b.js("return document.getElementById('resign').disabled;")
            .await
            == Value::Bool(true)
    );
    b.close().await;
}

#[tokio::test]
async fn a_move_by_dragging_the_piece() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    b.new_game("czech", 1, "white").await;
    b.drag("c3", "d4", false).await;
    b.until("the man on d4", "return app.state.record[0] === 'c3-d4';")
        .await;
    assert_eq!(b.piece("c3").await, None);
    b.close().await;
}

#[tokio::test]
async fn a_game_started_and_a_move_played_with_the_keyboard_alone() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    b.find("#start").await;
    // Tab to the start button, Enter.
    for _ in 0..30 {
        if b.js("return document.activeElement && document.activeElement.id === 'start';")
            .await
            == Value::Bool(true)
        {
            break;
        }
        b.keys("\u{e004}").await; // Tab
    }
    b.keys("\u{e007}").await; // Enter
    b.wait_state().await;
    // The start button is hidden with the choice: the board takes the focus.
    b.until(
        "the board to take the focus",
        "return document.activeElement && document.activeElement.id === 'board';",
    )
    .await;
    // Tab away and round the page back to the board; its focus is visible.
    b.keys("\u{e004}").await;
    assert_ne!(
        b.js("return document.activeElement.id;").await,
        Value::String("board".into())
    );
    for _ in 0..30 {
        if b.js("return document.activeElement && document.activeElement.id === 'board';")
            .await
            == Value::Bool(true)
        {
            break;
        }
        b.keys("\u{e004}").await;
    }
    assert_eq!(
        b.js("return document.activeElement.id;").await,
        Value::String("board".into())
    );
    assert_ne!(
        b.js("return getComputedStyle(document.getElementById('board')).outlineStyle;")
            .await,
        Value::String("none".into()),
        "the focused board shows its focus"
    );
    // The cursor starts on a1: right twice and up twice is c3.
    b.keys("\u{e014}\u{e014}\u{e013}\u{e013}").await; // → → ↑ ↑
    assert!(b.exists("#board [data-cursor=\"c3\"]").await);
    b.keys(" ").await; // Space selects
    assert!(b.exists("#board [data-selected=\"c3\"]").await);
    b.keys("\u{e00c}").await; // Esc cancels
    assert!(!b.exists("#board [data-selected]").await);
    b.keys("\u{e007}").await; // Enter selects again
    b.keys("\u{e014}\u{e013}").await; // → ↑: d4
    b.keys("\u{e007}").await; // Enter plays
    b.until("c3-d4 played", "return app.state.record[0] === 'c3-d4';")
        .await;
    b.close().await;
}

#[tokio::test]
async fn the_keyboard_cursor_starts_from_the_corner_on_a_new_board() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    b.new_game("international", 1, "white").await;
    b.js("document.getElementById('board').focus(); return true;")
        .await;
    // To the far corner of the 10×10 board.
    for _ in 0..9 {
        b.keys("\u{e014}\u{e013}").await; // → ↑
    }
    assert!(b.exists("#board [data-cursor=\"j10\"]").await);
    b.click("#new").await;
    b.new_game("czech", 1, "white").await;
    b.js("document.getElementById('board').focus(); return true;")
        .await;
    // On the 8×8 board the cursor is drawn from a1 again, not left off it.
    b.keys("\u{e014}").await; // →
    assert!(b.exists("#board [data-cursor=\"b1\"]").await);
    b.close().await;
}

#[tokio::test]
async fn an_illegal_attempt_shakes_the_piece_and_says_why() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    saved_game(&b, "W:Wd4,a1:Bh8,g7", 1, "white").await;
    // The shake lasts half a second: a watcher notes it, so that a slow
    // machine reading the page later still sees that it happened.
    b.js("window.shook = []; new MutationObserver((ms) => ms.forEach((m) => { const sq = m.target.getAttribute('data-square'); if (m.target.classList.contains('shake') && !window.shook.includes(sq)) window.shook.push(sq); })).observe(document.getElementById('board'), { attributes: true, attributeFilter: ['class'], subtree: true }); return true;").await;
    // A man stepping back.
    b.click_square("d4").await;
    b.click_square("c3").await;
    b.until(
        "the reason",
        "return document.getElementById('message').textContent.length > 0;",
    )
    .await;
    assert_eq!(b.text("#message").await, "Men do not move backwards");
    assert_eq!(
        b.js("return window.shook;").await,
        serde_json::json!(["d4"]),
        "the piece shakes"
    );
    // Off the diagonals.
    b.click_square("d4").await;
    b.click_square("d6").await;
    b.until(
        "the reason",
        "return document.getElementById('message').textContent.startsWith('D4-d6');",
    )
    .await;
    assert_eq!(
        b.text("#message").await,
        "D4-d6 is not a diagonal move: the pieces move only along the diagonals"
    );
    // A blocked man.
    saved_game(&b, "W:Wa1,b2:Bh8", 1, "white").await;
    b.click_square("a1").await;
    b.until(
        "the reason",
        "return document.getElementById('message').textContent.length > 0;",
    )
    .await;
    assert_eq!(b.text("#message").await, "The man on a1 has no move");
    b.close().await;
}

#[tokio::test]
async fn a_capture_shows_its_path_and_rings_and_is_compulsory() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    saved_game(&b, "W:Wc3,h2:Bd4,f6,a7", 1, "white").await;
    // The piece that must capture is marked before any choice.
    assert!(b.exists("#board [data-must=\"c3\"]").await);
    assert!(b.text("#status").await.contains("capturing is compulsory"));
    // Another piece: refused, with the reason.
    b.click_square("h2").await;
    b.until(
        "the reason",
        "return document.getElementById('message').textContent.length > 0;",
    )
    .await;
    assert_eq!(
        b.text("#message").await,
        "Capturing is compulsory: c3 can capture"
    );
    // The capturing piece: its dashed path, the red rings, the dot.
    b.click_square("c3").await;
    assert!(
        b.exists("#board .capture-path[data-path=\"c3xe5xg7\"]")
            .await
    );
    assert!(b.exists("#board .capture-ring[data-captured=\"d4\"]").await);
    assert!(b.exists("#board .capture-ring[data-captured=\"f6\"]").await);
    assert!(b.exists("#board .dot[data-dot=\"g7\"]").await);
    b.click_square("g7").await;
    b.until("the capture", "return app.state.record[0] === 'c3xe5xg7';")
        .await;
    assert_eq!(b.piece("d4").await, None);
    assert_eq!(b.piece("f6").await, None);
    b.close().await;
}

#[tokio::test]
async fn two_paths_to_one_square_are_told_apart_by_the_first_landing() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    saved_game(&b, "W:WKd8:Bd2,e3,g3,c7", 1, "white").await;
    b.click_square("d8").await;
    b.click_square("h4").await;
    assert!(b.text("#message").await.starts_with("Two paths lead to h4"));
    assert!(b.exists("#board [data-waypoint=\"a5\"]").await);
    assert!(b.exists("#board [data-waypoint=\"b6\"]").await);
    b.click_square("b6").await;
    b.click_square("h4").await;
    b.until(
        "the capture",
        "return app.state.record[0] === 'd8xb6xf2xh4';",
    )
    .await;
    assert_eq!(b.piece("h4").await, Some(("white".into(), "king".into())));
    for gone in ["c7", "e3", "g3"] {
        assert_eq!(b.piece(gone).await, None, "{gone} was taken");
    }
    b.close().await;
}

#[tokio::test]
async fn hint_shows_the_piece_then_the_path() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    b.new_game("czech", 3, "white").await;
    b.click("#hint").await;
    b.until(
        "the hinted piece",
        "return document.querySelector('[data-hint]') !== null;",
    )
    .await;
    assert!(b.text("#message").await.contains("is worth moving"));
    assert!(!b.exists("#board [data-hint-path]").await, "no path yet");
    b.click("#hint").await;
    assert!(b.exists("#board [data-hint-path]").await);
    assert!(b.text("#message").await.starts_with("Hint: play "));
    b.close().await;
}

#[tokio::test]
async fn a_player_without_a_move_passes_with_the_pass_button() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    // Ossetian: White's man on a7 (the last rank) can neither step nor
    // capture; Black's man on d4 can step.
    saved_game_of(&b, "ossetian", "W:Wa7:Bd4", 1, "white").await;
    b.until(
        "the Pass button",
        "return !document.getElementById('pass').hidden;",
    )
    .await;
    assert_eq!(b.text("#status").await, "You have no move: press Pass.");
    // A tap on the blocked man says why nothing moves.
    b.click_square("a7").await;
    b.until(
        "the reason",
        "return document.getElementById('message').textContent.length > 0;",
    )
    .await;
    assert_eq!(b.text("#message").await, "You have no move and must pass");
    b.click("#pass").await;
    // The pass is played, the computer replies, and White passes again.
    b.until(
        "the pass and the reply",
        "return app.state.record.length >= 2 && app.state.turn === 'white';",
    )
    .await;
    assert_eq!(b.record().await[0], "pass");
    b.wait_my_turn().await;
    assert!(
        b.js("return !document.getElementById('pass').hidden;")
            .await
            == Value::Bool(true)
    );
    // In a game with a move to make, no Pass button.
    b.click("#new").await;
    b.new_game("czech", 1, "white").await;
    assert!(b.js("return document.getElementById('pass').hidden;").await == Value::Bool(true));
    b.close().await;
}

#[tokio::test]
async fn resigning_asks_first_and_names_the_rule() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    b.new_game("czech", 1, "white").await;
    b.click("#resign").await;
    assert!(
        b.js("return document.getElementById('confirm-resign').open;")
            .await
            == Value::Bool(true)
    );
    b.click("#resign-no").await;
    assert!(
        b.js("return document.getElementById('confirm-resign').open;")
            .await
            == Value::Bool(false)
    );
    assert!(!b.exists("#status.over").await, "playing on");
    b.click("#resign").await;
    b.click("#resign-yes").await;
    b.until(
        "the result",
        "return document.querySelector('#status.over') !== null;",
    )
    .await;
    assert_eq!(
        b.text("#status").await,
        "You lost. Black wins: white resigned (0-1)."
    );
    // The resignation is saved with the game: a reload shows it over.
    b.c.refresh().await.unwrap();
    b.wait_state().await;
    assert_eq!(
        b.text("#status").await,
        "You lost. Black wins: white resigned (0-1)."
    );
    b.close().await;
}

#[tokio::test]
async fn a_connection_that_falls_silent_is_replaced_and_play_goes_on() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    b.new_game("czech", 1, "white").await;
    // The connection stays open but nothing comes through any more (as
    // after a phone changed networks); the page's pings, here every
    // 300 ms and answered within 600 ms, find it dead.
    silence_the_connection(&b, "300").await;
    a_new_connection(&b, 2).await;
    play_goes_on(b).await;
}

/// Makes the page's connection fall silent (it stays open, but nothing
/// comes through), with the heartbeat pinging after `every` ms of
/// silence and giving up 600 ms after a ping.
async fn silence_the_connection(b: &Browser, every: &str) {
    b.js(&format!(
        "window.dead = app.ws; app.ws.onmessage = () => {{}}; app.beat = {{ every: {every}, wait: 600 }}; return true;"
    ))
    .await;
}

/// Waits until the page has opened its `n`-th connection in place of
/// the silent one, then puts the usual beat back, so that a slow moment
/// of a loaded machine does not drop the new connection too.
async fn a_new_connection(b: &Browser, n: u32) {
    b.until(
        "a new connection",
        &format!("return app.ws !== null && app.ws !== window.dead && app.ws.readyState === 1 && app.opened >= {n};"),
    )
    .await;
    b.js("app.beat = { every: 10000, wait: 20000 }; return true;")
        .await;
}

/// The Czech game of the page goes on over the new connection (c3-d4
/// and the computer's answer); then the browser is closed.
async fn play_goes_on(b: Browser) {
    b.play_by_clicks("c3", &["d4".into()]).await;
    b.wait_my_turn().await;
    assert_eq!(b.record().await.len(), 2);
    b.close().await;
}

#[tokio::test]
async fn the_network_or_the_tab_coming_back_checks_the_connection_at_once() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    b.new_game("czech", 1, "white").await;
    for (round, event) in [
        (2, "window.dispatchEvent(new Event('online'))"),
        (3, "document.dispatchEvent(new Event('visibilitychange'))"),
    ] {
        // A connection gone silent, and a heartbeat that would not ping
        // for a long while by itself: nothing happens…
        silence_the_connection(&b, "1e9").await;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(
            b.js("return app.ws === window.dead && app.opened;").await,
            round - 1,
            "{event}"
        );
        // …until the network comes back (or the tab is shown again): the
        // page pings at once, and with no answer opens a new connection.
        b.js(&format!("{event}; return true;")).await;
        a_new_connection(&b, round).await;
    }
    play_goes_on(b).await;
}

#[tokio::test]
async fn a_room_asked_for_while_the_connection_is_down_is_made_once_it_is_up() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    b.until("the connection", "return app.opened > 0;").await;
    // Sent on an open connection that then drops before the answer: not
    // sent again on the next one (a second room would be made).
    assert_eq!(
        b.js("document.getElementById('create').click(); app.ws.close(); return app.want;")
            .await,
        Value::Null
    );
    b.until("the next connection", "return app.opened >= 2;")
        .await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(b.js("return app.state;").await, Value::Null, "no room made");
    // Closed, with the next try five seconds away, and the button pressed
    // at once: the page cannot send it now.
    assert_eq!(
        b.js("app.retry = 10; app.ws.close(); document.getElementById('create').click(); return app.want && app.want.t;")
            .await,
        "create"
    );
    b.until(
        "the page to say it is connecting",
        "return document.getElementById('setup-message').textContent === 'Connecting to the server…';",
    )
    .await;
    b.wait_state().await;
    // The room's seat replaces the request: a later connection joins it.
    assert_eq!(b.js("return app.want && app.want.t;").await, "join");
    assert_eq!(b.text("#room-code").await.len(), 6);
    assert_eq!(b.text("#setup-message").await, "");
    b.close().await;
}

#[tokio::test]
async fn undo_takes_back_the_move_and_the_reply() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    b.new_game("czech", 1, "white").await;
    assert!(
        b.js("return document.getElementById('undo').disabled;")
            .await
            == Value::Bool(true)
    );
    b.play_by_clicks("c3", &["d4".into()]).await;
    b.wait_my_turn().await;
    assert_eq!(b.record().await.len(), 2);
    b.click("#undo").await;
    b.until("the start again", "return app.state.record.length === 0;")
        .await;
    assert_eq!(b.piece("c3").await, Some(("white".into(), "man".into())));
    assert_eq!(b.piece("d4").await, None);
    b.close().await;
}

#[tokio::test]
async fn the_board_is_drawn_from_the_players_side_and_flips() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    b.new_game("czech", 1, "white").await;
    assert_eq!(
        square_y(&b, "a1").await,
        700.0,
        "a1 at the bottom for White"
    );
    b.click("#flip").await;
    assert_eq!(square_y(&b, "a1").await, 0.0, "flipped");
    b.click("#new").await;
    b.new_game("czech", 1, "black").await;
    assert_eq!(
        square_y(&b, "a1").await,
        0.0,
        "Black sees its own side at the bottom"
    );
    assert_eq!(square_y(&b, "h8").await, 700.0);
    b.close().await;
}

/// A Gothic game against level 1 as White after c2-c3 and the reply:
/// its record.
async fn gothic_after_c2_c3(b: &Browser) -> Vec<String> {
    b.new_game("gothic", 1, "white").await;
    b.play_by_clicks("c2", &["c3".into()]).await;
    b.wait_my_turn().await;
    b.record().await
}

/// The Gothic game of [`gothic_after_c2_c3`] in a first tab, then a
/// second tab opened on the app: the game's record, both windows and
/// the first tab's name.
async fn a_second_tab(b: &Browser) -> (Vec<String>, WindowHandle, WindowHandle, Value) {
    let gothic = gothic_after_c2_c3(b).await;
    let first = b.c.window().await.unwrap();
    let first_name = b.js("return sessionStorage.getItem('dama.tab');").await;
    let second = b.c.new_window(true).await.unwrap().handle;
    b.c.switch_to_window(second.clone()).await.unwrap();
    b.c.goto(&b.base).await.unwrap();
    b.wait_state().await;
    (gothic, first, second, first_name)
}

#[tokio::test]
async fn a_reload_continues_the_game() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    let before = gothic_after_c2_c3(&b).await;
    assert_eq!(before.len(), 2);
    b.c.refresh().await.unwrap();
    b.wait_state().await;
    assert_eq!(b.record().await, before);
    assert_eq!(b.text("#game-title").await, "Gothic draughts · level 1");
    assert_eq!(b.piece("c3").await, Some(("white".into(), "man".into())));
    b.close().await;
}

#[tokio::test]
async fn two_tabs_of_one_browser_keep_their_own_games() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    // A new tab continues the game saved last, then starts its own.
    let (gothic, first, second, first_name) = a_second_tab(&b).await;
    assert_eq!(b.text("#game-title").await, "Gothic draughts · level 1");
    assert_eq!(b.record().await, gothic);
    // The same as a copy of the first tab (a duplicated tab starts with
    // the other's sessionStorage, its name included, and is opened, not
    // reloaded).
    b.js(&format!(
        "sessionStorage.setItem('dama.tab', {first_name}); return true;"
    ))
    .await;
    b.c.goto(&b.base).await.unwrap();
    b.wait_state().await;
    assert_eq!(b.record().await, gothic);
    assert_ne!(
        b.js("return sessionStorage.getItem('dama.tab');").await,
        first_name
    );
    b.click("#new").await;
    b.new_game("czech", 1, "white").await;
    b.play_by_clicks("c3", &["d4".into()]).await;
    b.wait_my_turn().await;
    let czech = b.record().await;
    // Each tab's reload brings back its own game, under its own name.
    b.c.switch_to_window(first).await.unwrap();
    b.c.refresh().await.unwrap();
    b.wait_state().await;
    assert_eq!(
        b.js("return sessionStorage.getItem('dama.tab');").await,
        first_name
    );
    assert_eq!(b.text("#game-title").await, "Gothic draughts · level 1");
    assert_eq!(b.record().await, gothic);
    b.c.switch_to_window(second).await.unwrap();
    b.c.refresh().await.unwrap();
    b.wait_state().await;
    assert_eq!(b.text("#game-title").await, "Czech draughts · level 1");
    assert_eq!(b.record().await, czech);
    // After New game a reload shows the choice, not the other tab's game.
    b.click("#new").await;
    b.c.refresh().await.unwrap();
    b.until(
        "the choice of a game",
        "return typeof app !== 'undefined' && app.opened > 0 && app.want === null && app.state === null && !document.getElementById('setup').hidden;",
    )
    .await;
    b.close().await;
}

#[tokio::test]
async fn a_copied_tab_that_says_it_was_reloaded_still_takes_a_name_of_its_own() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    let (gothic, first, _, first_name) = a_second_tab(&b).await;
    // A copy of the first tab whose navigation says "reload", as some
    // browsers report for a duplicate of a tab that was last reloaded:
    // the first look keeps the name, the question to the other pages
    // finds the first tab holding it.
    b.js(&format!(
        "sessionStorage.setItem('dama.tab', {first_name}); return true;"
    ))
    .await;
    b.c.refresh().await.unwrap();
    b.wait_state().await;
    b.until(
        "a name of its own",
        &format!("return sessionStorage.getItem('dama.tab') !== {first_name};"),
    )
    .await;
    assert_eq!(b.record().await, gothic);
    // Its own game from now on: the first tab's stays as it was.
    b.click("#new").await;
    b.new_game("czech", 1, "white").await;
    b.play_by_clicks("c3", &["d4".into()]).await;
    b.wait_my_turn().await;
    b.c.switch_to_window(first).await.unwrap();
    b.c.refresh().await.unwrap();
    b.wait_state().await;
    assert_eq!(
        b.js("return sessionStorage.getItem('dama.tab');").await,
        first_name
    );
    assert_eq!(b.text("#game-title").await, "Gothic draughts · level 1");
    assert_eq!(b.record().await, gothic);
    b.close().await;
}

#[tokio::test]
async fn a_page_back_from_the_cache_finds_its_name_taken_and_moves_on() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    let (gothic, first, second, first_name) = a_second_tab(&b).await;
    // The first page goes into the back-forward cache (the events it
    // would get; headless Chromium does not cache a page whose socket is
    // open): its open mark is gone and it answers no question.
    b.c.switch_to_window(first.clone()).await.unwrap();
    b.js("window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })); return true;")
        .await;
    // Meanwhile a copy of its tab is opened: nothing says the name is
    // taken, so the copy keeps it (and the game saved under it).
    b.c.switch_to_window(second.clone()).await.unwrap();
    b.js(&format!(
        "sessionStorage.setItem('dama.tab', {first_name}); return true;"
    ))
    .await;
    b.c.goto(&b.base).await.unwrap();
    b.wait_state().await;
    assert_eq!(
        b.js("return sessionStorage.getItem('dama.tab');").await,
        first_name
    );
    assert_eq!(b.record().await, gothic);
    // The first page comes back: it asks, the copy answers, and the
    // first page moves to a name of its own with its game.
    b.c.switch_to_window(first).await.unwrap();
    b.js("window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); return true;")
        .await;
    b.until(
        "a name of its own",
        &format!("return sessionStorage.getItem('dama.tab') !== {first_name};"),
    )
    .await;
    let new_name = b.js("return sessionStorage.getItem('dama.tab');").await;
    assert_eq!(
        b.js("return localStorage.getItem('dama.open:' + sessionStorage.getItem('dama.tab')) !== null;")
            .await,
        true
    );
    // From now on each keeps its own game: a move here does not reach
    // the copy's.
    let from = b.js("return app.state.moves[0].from;").await;
    let path: Vec<String> =
        serde_json::from_value(b.js("return app.state.moves[0].path;").await).unwrap();
    b.play_by_clicks(from.as_str().unwrap(), &path).await;
    b.wait_my_turn().await;
    let moved = b.record().await;
    assert_eq!(moved.len(), 4);
    b.c.refresh().await.unwrap();
    b.wait_state().await;
    assert_eq!(
        b.js("return sessionStorage.getItem('dama.tab');").await,
        new_name
    );
    assert_eq!(b.record().await, moved);
    b.c.switch_to_window(second).await.unwrap();
    b.c.refresh().await.unwrap();
    b.wait_state().await;
    assert_eq!(
        b.js("return sessionStorage.getItem('dama.tab');").await,
        first_name
    );
    assert_eq!(b.record().await, gothic);
    b.close().await;
}

#[tokio::test]
async fn every_game_can_be_chosen_and_shows_its_own_pieces() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    let names = b
        .js("return Array.from(document.querySelectorAll('#variant option')).map(o => o.value);")
        .await;
    // Every game of the registry, Czech draughts first.
    assert_eq!(names, serde_json::json!(dama::Variant::NAMES));
    assert_eq!(names[0], "czech");
    for (game, kind) in [
        ("knights", "knight"),
        ("medieval", "pawn"),
        ("ossetian", "piece"),
    ] {
        b.new_game(game, 1, "white").await;
        assert!(
            b.exists(&format!("#board .piece[data-kind=\"{kind}\"]"))
                .await,
            "{game}"
        );
        b.click("#new").await;
    }
    // A numbered board carries its square numbers (international: 1 on
    // the dark square at the top left, 50 at the bottom right from
    // White's side); a named board carries letters on its edges.
    b.new_game("international", 1, "white").await;
    let labels = b
        .js("return Array.from(document.querySelectorAll('#board .sq-number')).map(t => t.textContent);")
        .await;
    assert_eq!(labels.as_array().map(Vec::len), Some(50));
    assert!(b.exists("#board .sq-number[data-number=\"50\"]").await);
    assert!(!b.exists("#board .coord").await);
    let (one_y, fifty_y) = (
        b.js("return document.querySelector('#board .sq-number[data-number=\"1\"]').getAttribute('y');")
            .await,
        b.js("return document.querySelector('#board .sq-number[data-number=\"50\"]').getAttribute('y');")
            .await,
    );
    let y = |v: &serde_json::Value| v.as_str().and_then(|s| s.parse::<f64>().ok()).unwrap();
    assert!(y(&one_y) < y(&fifty_y), "square 1 at the top for White");
    b.click("#new").await;
    b.new_game("czech", 1, "white").await;
    assert!(b.exists("#board .coord").await);
    assert!(!b.exists("#board .sq-number").await);
    b.close().await;
}

#[tokio::test]
async fn friends_play_through_a_room_code() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let a = Browser::open(&d, &server.url, 1100, 900).await;
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    a.click("#create").await;
    a.wait_state().await;
    let code = a.text("#room-code").await;
    assert_eq!(code.len(), 6);
    assert!(a
        .text("#status")
        .await
        .starts_with("Waiting for your friend"));
    assert!(a.exists("#room-qr[src]").await);
    // The friend types the code.
    b.find("#join-code")
        .await
        .send_keys(&code.to_lowercase())
        .await
        .unwrap();
    b.click("#join").await;
    b.wait_state().await;
    let ca = a.js("return app.state.you;").await;
    let cb = b.js("return app.state.you;").await;
    assert_ne!(ca, cb, "one white, one black");
    let (white, black) = if ca == "white" { (&a, &b) } else { (&b, &a) };
    // Each sees its own pieces at the bottom.
    assert_eq!(square_y(white, "a1").await, 700.0);
    assert_eq!(square_y(black, "a1").await, 0.0);
    // Black may not resign on White's turn.
    black
        .until("the friend's turn", "return app.state.room.seats[1].taken;")
        .await;
    // No Hint and no Undo between friends.
    for p in [white, black] {
        assert!(
            p.js("return document.getElementById('hint').hidden && document.getElementById('undo').hidden;")
                .await
                == Value::Bool(true)
        );
    }
    assert!(
        black
            .js("return document.getElementById('resign').disabled;")
            .await
            == Value::Bool(true)
    );
    white.wait_my_turn().await;
    white.play_by_clicks("c3", &["d4".into()]).await;
    black
        .until("White's move", "return app.state.record[0] === 'c3-d4';")
        .await;
    black.play_by_clicks("f6", &["e5".into()]).await;
    white
        .until("Black's move", "return app.state.record.length === 2;")
        .await;
    // A third browser with the code only watches.
    let c = Browser::open(&d, &format!("{}/?room={code}", server.url), 1100, 900).await;
    c.wait_state().await;
    assert!(c.text("#status").await.starts_with("You are watching"));
    c.click_square("d4").await;
    assert!(c.text("#message").await.starts_with("You are watching"));
    for x in [a, b, c] {
        x.close().await;
    }
}

#[tokio::test]
async fn a_closed_tab_is_replaced_by_the_computer_until_it_returns() {
    need_browser!();
    let server = Server::start(&["--reconnect-wait", "2"]);
    let d = Driver::start();
    let a = Browser::open(&d, &server.url, 1100, 900).await;
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    a.click("#create").await;
    a.wait_state().await;
    let code = a.text("#room-code").await;
    b.c.goto(&format!("{}/?room={code}", server.url))
        .await
        .unwrap();
    b.wait_state().await;
    a.until(
        "both seated",
        "return app.state.room.seats.every(s => s.taken && s.present);",
    )
    .await;
    let a_white = a.js("return app.state.you;").await == "white";
    let (white, black) = if a_white { (a, b) } else { (b, a) };
    // White closes its tab; the browser stays (another tab is open).
    let blank = white.c.new_window(true).await.unwrap();
    white.c.close_window().await.unwrap();
    white.c.switch_to_window(blank.handle).await.unwrap();
    // Black sees the countdown, then the computer moves for White.
    black
        .until("the countdown", "return document.querySelector('#seats li[data-seat=white] .countdown') !== null || app.state.room.seats[0].computer;")
        .await;
    black
        .until(
            "the computer's move for White",
            "return app.state.record.length === 1;",
        )
        .await;
    assert!(black
        .text("#seats")
        .await
        .contains("the computer moves for them"));
    black.wait_my_turn().await;
    let moves = black.js("return app.state.moves[0].text;").await;
    let (from, path) = squares(moves.as_str().unwrap());
    black.play_by_clicks(&from, &path).await;
    black
        .until(
            "the computer's second move for White",
            "return app.state.record.length === 3;",
        )
        .await;
    // White comes back in the same browser: the seat is White's again.
    white.c.goto(&white.base).await.unwrap();
    white.wait_state().await;
    assert_eq!(white.js("return app.state.you;").await, "white");
    black
        .until(
            "White back",
            "return app.state.room.seats[0].present && !app.state.room.seats[0].computer;",
        )
        .await;
    black.wait_my_turn().await;
    let moves = black.js("return app.state.moves[0].text;").await;
    let (from, path) = squares(moves.as_str().unwrap());
    black.play_by_clicks(&from, &path).await;
    white.wait_my_turn().await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        white.js("return app.state.record.length;").await,
        4,
        "the computer no longer moves for White"
    );
    white.close().await;
    black.close().await;
}

#[tokio::test]
async fn a_friend_game_goes_on_after_the_server_restarts() {
    need_browser!();
    let mut server = Server::start(&[]);
    let d = Driver::start();
    let a = Browser::open(&d, &server.url, 1100, 900).await;
    let b = Browser::open(&d, &server.url, 1100, 900).await;
    a.click("#create").await;
    a.wait_state().await;
    let code = a.text("#room-code").await;
    b.c.goto(&format!("{}/?room={code}", server.url))
        .await
        .unwrap();
    b.wait_state().await;
    let a_white = a.js("return app.state.you;").await == "white";
    let (white, black) = if a_white { (a, b) } else { (b, a) };
    white.wait_my_turn().await;
    white.play_by_clicks("c3", &["d4".into()]).await;
    black
        .until("White's move", "return app.state.record.length === 1;")
        .await;
    // And a game against the computer in a third browser.
    let solo = Browser::open(&d, &server.url, 1100, 900).await;
    solo.new_game("czech", 1, "white").await;
    solo.play_by_clicks("a3", &["b4".into()]).await;
    solo.wait_my_turn().await;
    let solo_record = solo.record().await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    server.crash_and_restart();
    solo.until(
        "reconnected",
        "return app.opened >= 2 && app.lostAt === null && app.state !== null;",
    )
    .await;
    solo.wait_my_turn().await;
    assert_eq!(solo.record().await, solo_record, "the solo game goes on");
    solo.close().await;
    // Both pages reconnect by themselves and take their seats again.
    black
        .until(
            "reconnected",
            "return app.ws !== null && app.ws.readyState === 1 && app.lostAt === null;",
        )
        .await;
    black.wait_my_turn().await;
    black.play_by_clicks("f6", &["e5".into()]).await;
    white
        .until(
            "the game going on",
            "return app.state.record.length === 2 && app.state.turn === 'white';",
        )
        .await;
    assert_eq!(white.js("return app.state.you;").await, "white");
    white.close().await;
    black.close().await;
}

#[tokio::test]
async fn the_page_fits_a_phone_and_a_finger_can_drag() {
    need_browser!();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 390, 844).await;
    b.new_game("czech", 1, "white").await;
    let fits = b
        .js("const w = window.innerWidth; const r = document.getElementById('board').getBoundingClientRect();
             return [document.documentElement.scrollWidth <= w, r.width <= w, r.width >= w * 0.8];")
        .await;
    assert_eq!(
        fits,
        serde_json::json!([true, true, true]),
        "the board fits the width"
    );
    let small = b
        .js("return Array.from(document.querySelectorAll('.buttons button')).filter(x => !x.hidden && x.getBoundingClientRect().height < 44).length;")
        .await;
    assert_eq!(small, 0, "buttons are large enough to tap");
    b.drag("c3", "d4", true).await;
    b.until("c3-d4 played", "return app.state.record[0] === 'c3-d4';")
        .await;
    b.close().await;
}

/// Retakes the screenshots of README (not a test of behaviour):
/// `cargo test --release --test browser -- --ignored screenshots`.
#[tokio::test]
#[ignore]
async fn screenshots() {
    need_browser!();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let server = Server::start(&[]);
    let d = Driver::start();
    let b = Browser::open(&d, &server.url, 1000, 760).await;
    b.find("#start").await;
    std::fs::write(dir.join("start.png"), b.screenshot().await).unwrap();
    saved_game(&b, "W:Wc1,c3,e1,g1,h2:Bd4,f6,b6,a7,h6,e7", 1, "white").await;
    b.click_square("c3").await;
    std::fs::write(dir.join("capture.png"), b.screenshot().await).unwrap();
    saved_game(&b, "W:Wc3,h2:Bd4", 1, "white").await;
    b.play_by_clicks("c3", &["e5".into()]).await;
    b.until(
        "the result",
        "return document.querySelector('#status.over') !== null;",
    )
    .await;
    std::fs::write(dir.join("finished.png"), b.screenshot().await).unwrap();
    b.click("#new").await;
    b.new_game("medieval", 1, "white").await;
    std::fs::write(dir.join("medieval.png"), b.screenshot().await).unwrap();
    b.close().await;
    let p = Browser::open(&d, &server.url, 390, 844).await;
    p.new_game("czech", 1, "white").await;
    p.click("#hint").await;
    p.until(
        "the hint",
        "return document.querySelector('[data-hint]') !== null;",
    )
    .await;
    std::fs::write(dir.join("phone.png"), p.screenshot().await).unwrap();
    p.close().await;
}
