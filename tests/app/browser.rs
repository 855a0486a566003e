//! What the browser tests stand on: a `dama serve` of their own
//! ([`crate::server`]), a chromedriver of their own, and browsers (headless Chromium) that act
//! as a player would: clicks on squares, drags, keys, buttons.
//!
//! Without Chromium and chromedriver installed the tests say that they
//! were skipped and why, and pass; with `DAMA_BROWSER_TESTS=require`
//! (set by `.ci/run`) a missing browser fails them instead.

#![allow(dead_code)]

use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MouseActions, PointerAction, TouchActions,
    MOUSE_BUTTON_LEFT,
};
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;

pub use crate::server::{free_port, temp_dir, Server, TempDir};
use std::time::{Duration, Instant};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// True when the browser tests can run; otherwise says why they are
/// skipped (or fails, when CI requires them).
pub fn available() -> bool {
    let ok = std::path::Path::new(CHROMIUM).exists() && std::path::Path::new(CHROMEDRIVER).exists();
    if !ok {
        let why = format!(
            "browser tests SKIPPED: {CHROMIUM} and {CHROMEDRIVER} are needed \
             (Debian: apt-get install chromium chromium-driver)"
        );
        if std::env::var("DAMA_BROWSER_TESTS").as_deref() == Ok("require") {
            panic!("{why}, and DAMA_BROWSER_TESTS=require");
        }
        eprintln!("{why}");
    }
    ok
}

/// A chromedriver of the test's own, with the profile folders of the
/// browsers it opened.
pub struct Driver {
    child: Child,
    port: u16,
    pub url: String,
    /// The browsers' profiles, removed when the driver is dropped, after
    /// it has shut their browsers down (fields are dropped after
    /// [`Driver::drop`]).
    profiles: Mutex<Vec<TempDir>>,
}

impl Driver {
    pub fn start() -> Driver {
        let port = free_port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        // Made first, so that a chromedriver that does not start is
        // stopped too.
        let d = Driver {
            child,
            port,
            url: format!("http://127.0.0.1:{port}"),
            profiles: Mutex::new(Vec::new()),
        };
        let t = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                t.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        d
    }

    /// Asks chromedriver to shut down: it ends every session, each
    /// Chromium closing cleanly, and exits. (Killed instead, it leaves
    /// its browsers running, holding their profiles, and its own and
    /// their folders in the temporary directory.) True when it exited.
    fn shut_down(&mut self) -> bool {
        // Gone already: its port may belong to someone else by now.
        if let Ok(Some(_)) = self.child.try_wait() {
            return true;
        }
        let asked = TcpStream::connect(("127.0.0.1", self.port)).and_then(|mut s| {
            s.set_read_timeout(Some(Duration::from_secs(30)))?;
            s.set_write_timeout(Some(Duration::from_secs(5)))?;
            write!(
                s,
                "GET /shutdown HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
                self.port
            )?;
            // The answer comes once the sessions are closed.
            let mut answer = Vec::new();
            let _ = s.read_to_end(&mut answer);
            Ok(())
        });
        if asked.is_err() {
            return false;
        }
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(10) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }
}

impl Drop for Driver {
    /// Shuts chromedriver and its browsers down (also when the test
    /// failed and did not close its browsers); then the profiles go.
    fn drop(&mut self) {
        if !self.shut_down() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// One player's browser. Its profile folder is the driver's to remove,
/// once the browser is shut down; [`Browser::close`] ends the session
/// (and the browser) at once.
pub struct Browser {
    pub c: Client,
    pub base: String,
    pub profile: PathBuf,
}

/// How long a test waits for the page.
pub const WAIT: Duration = Duration::from_secs(20);

impl Browser {
    /// A headless Chromium with a fresh profile, `width`×`height` pixels
    /// (removed when the driver is dropped).
    pub async fn open(d: &Driver, base: &str, width: u32, height: u32) -> Browser {
        let profile = temp_dir("profile");
        let path = profile.to_path_buf();
        d.profiles.lock().unwrap().push(profile);
        Browser::open_with_profile(d, base, width, height, path).await
    }

    /// The same, with a given profile folder (its localStorage kept; the
    /// caller's to remove, after the driver is dropped).
    pub async fn open_with_profile(
        d: &Driver,
        base: &str,
        width: u32,
        height: u32,
        profile: PathBuf,
    ) -> Browser {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": CHROMIUM,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage",
                    format!("--window-size={width},{height}"),
                    format!("--user-data-dir={}", profile.display()),
                ]
            }),
        );
        // A loaded machine sometimes resets the first connection to a
        // chromedriver that is still starting Chromium: try a few times.
        let mut tries = 0;
        let c = loop {
            let conn = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(conn)
                .capabilities(caps.clone())
                .connect(&d.url)
                .await
            {
                Ok(c) => break c,
                Err(e) if tries < 4 => {
                    tries += 1;
                    eprintln!("browser session, try {tries}: {e}; trying again");
                    tokio::time::sleep(Duration::from_millis(500 * tries)).await;
                }
                Err(e) => panic!("a browser session: {e}"),
            }
        };
        c.set_window_size(width, height).await.ok();
        let b = Browser {
            c,
            base: base.to_string(),
            profile,
        };
        b.c.goto(base).await.expect("the page loads");
        b
    }

    pub async fn close(self) {
        let _ = self.c.close().await;
    }

    /// Runs JavaScript and returns its value.
    pub async fn js(&self, script: &str) -> Value {
        self.c
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script {script}: {e}"))
    }

    /// Waits until the script returns true.
    pub async fn until(&self, what: &str, script: &str) {
        let t = Instant::now();
        loop {
            if self.js(script).await == Value::Bool(true) {
                return;
            }
            if t.elapsed() > WAIT {
                let status = self.text("#status").await;
                let msg = self.text("#message").await;
                panic!("waited in vain for {what} ({script}); status {status:?}, message {msg:?}");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub async fn find(&self, css: &str) -> Element {
        self.c
            .wait()
            .at_most(WAIT)
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no {css}: {e}"))
    }

    pub async fn click(&self, css: &str) {
        self.find(css)
            .await
            .click()
            .await
            .unwrap_or_else(|e| panic!("click {css}: {e}"));
    }

    pub async fn text(&self, css: &str) -> String {
        let v = self
            .js(&format!(
                "const e = document.querySelector('{css}'); return e ? e.textContent : null;"
            ))
            .await;
        v.as_str().unwrap_or_default().to_string()
    }

    pub async fn exists(&self, css: &str) -> bool {
        self.js(&format!("return document.querySelector('{css}') !== null;"))
            .await
            == Value::Bool(true)
    }

    /// Starts a game against the computer from the choice on the first page.
    pub async fn new_game(&self, variant: &str, level: u8, color: &str) {
        self.find("#start").await;
        self.js(&format!(
            "document.getElementById('variant').value = '{variant}';
             document.querySelector('input[name=level][value=\"{level}\"]').click();
             document.querySelector('input[name=color][value=\"{color}\"]').click();
             return true;"
        ))
        .await;
        self.click("#start").await;
        self.wait_state().await;
    }

    /// Waits for the game's board.
    pub async fn wait_state(&self) {
        self.until("the board", "return typeof app !== 'undefined' && app.state !== null && document.querySelectorAll('#board .piece').length > 0;")
            .await;
    }

    /// The centre of a square in the window (scrolled into view).
    pub async fn centre_of(&self, sq: &str) -> (f64, f64) {
        self.find(&format!("#board rect[data-square=\"{sq}\"]"))
            .await;
        let v = self
            .js(&format!(
                "const e = document.querySelector('#board rect[data-square=\"{sq}\"]');
                 e.scrollIntoView({{block: 'nearest', inline: 'nearest'}});
                 const r = e.getBoundingClientRect();
                 return [r.left + r.width / 2, r.top + r.height / 2];"
            ))
            .await;
        (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
    }

    /// Clicks a square of the board where it is on the screen (on the
    /// piece standing there, if any), as a player's mouse does.
    pub async fn click_square(&self, sq: &str) {
        let (x, y) = self.centre_of(sq).await;
        let actions = MouseActions::new("mouse".into())
            .then(PointerAction::MoveTo {
                duration: None,
                x,
                y,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.c
            .perform_actions(actions)
            .await
            .unwrap_or_else(|e| panic!("click {sq}: {e}"));
        self.c.release_actions().await.ok();
    }

    /// The piece on a square: (colour, kind), or `None`.
    pub async fn piece(&self, sq: &str) -> Option<(String, String)> {
        let v = self
            .js(&format!(
                "const g = document.querySelector('#board .piece[data-square=\"{sq}\"]');
                 return g ? [g.dataset.color, g.dataset.kind] : null;"
            ))
            .await;
        let a = v.as_array()?;
        Some((a[0].as_str()?.to_string(), a[1].as_str()?.to_string()))
    }

    /// The game's version (changes with every move).
    pub async fn version(&self) -> u64 {
        self.js("return app.state ? app.state.version : -1;")
            .await
            .as_u64()
            .unwrap_or(0)
    }

    /// The moves played so far, as the page lists them.
    pub async fn record(&self) -> Vec<String> {
        let v = self
            .js("return Array.from(document.querySelectorAll('#record li')).map(l => l.textContent);")
            .await;
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Waits until it is this player's turn (or the game is over).
    pub async fn wait_my_turn(&self) {
        self.until(
            "my turn",
            "return app.state !== null && (app.state.result !== null || (app.state.turn === app.state.you && app.state.moves.length > 0));",
        )
        .await;
    }

    /// Drags the piece on `from` to `to` with the mouse, or with a
    /// finger when `touch`.
    pub async fn drag(&self, from: &str, to: &str, touch: bool) {
        let (ax, ay) = self.centre_of(from).await;
        let (bx, by) = self.centre_of(to).await;
        let steps = [
            PointerAction::MoveTo {
                duration: None,
                x: ax,
                y: ay,
            },
            PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            },
            PointerAction::MoveTo {
                duration: Some(Duration::from_millis(150)),
                x: (ax + bx) / 2.0,
                y: (ay + by) / 2.0,
            },
            PointerAction::MoveTo {
                duration: Some(Duration::from_millis(150)),
                x: bx,
                y: by,
            },
            PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            },
        ];
        let r = if touch {
            let mut t = TouchActions::new("finger".into());
            for s in steps {
                t = t.then(s);
            }
            self.c.perform_actions(t).await
        } else {
            let mut m = MouseActions::new("mouse".into());
            for s in steps {
                m = m.then(s);
            }
            self.c.perform_actions(m).await
        };
        r.expect("drag");
        self.c.release_actions().await.ok();
    }

    /// Presses keys on whatever has the focus, as a keyboard does: through
    /// the actions API, not by typing into an element (WebDriver refuses
    /// that when the focused element has just been hidden).
    pub async fn keys(&self, keys: &str) {
        let mut k = KeyActions::new("keyboard".into());
        for value in keys.chars() {
            k = k
                .then(KeyAction::Down { value })
                .then(KeyAction::Up { value });
        }
        self.c.perform_actions(k).await.expect("keys");
        self.c.release_actions().await.ok();
    }

    /// A PNG of the window.
    pub async fn screenshot(&self) -> Vec<u8> {
        self.c.screenshot().await.expect("screenshot")
    }

    /// Plays the move with these squares by clicks: the origin, then the
    /// destination; the first landing square too where the page asks for it.
    pub async fn play_by_clicks(&self, from: &str, path: &[String]) {
        let v = self.version().await;
        self.click_square(from).await;
        let to = path.last().expect("a destination").as_str();
        self.click_square(to).await;
        // Two paths to one square: the page asks for the first landing.
        tokio::time::sleep(Duration::from_millis(30)).await;
        if self.exists("#board [data-waypoint]").await {
            self.click_square(&path[0]).await;
            self.click_square(to).await;
        }
        self.until(
            "the move to be played",
            &format!("return app.state !== null && app.state.version !== {v};"),
        )
        .await;
    }
}
