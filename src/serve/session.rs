//! One page's WebSocket connection: it reads the page's messages, acts
//! on the room it is attached to, and sends the room's view whenever
//! the room changes.
//!
//! A connection is attached to at most one room at a time (a solo game,
//! or a friend room as a player or a spectator). Every message is read
//! and checked before anything changes; a refused action gets a
//! `refused` or `error` reply and leaves the room as it was.
//!
//! A page that vanishes without closing its connection (a phone that
//! lost its network or was put to sleep) sends no close frame, and a
//! connection nobody writes to can look alive for many minutes. So the
//! server pings every third of the silence limit (`--silent-limit`, 30 s
//! by default; browsers answer pings themselves, even in a background
//! tab) and drops a connection that has sent nothing for that long: its
//! seat turns absent and the 45 s of a friend room begin.

use super::codes::{self, normalize_code};
use super::hub::Hub;
use super::messages::{ClientMsg, MoveView, ServerMsg};
use super::room::{Presence, Room};
use super::table::{clip, Table, MAX_PATH};
use crate::piece::Color;
use crate::square::Square;
use crate::variant::Variant;
use axum::extract::ws::{Message, WebSocket};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

/// What a connection is attached to.
struct Attached {
    presence: Presence,
    changes: watch::Receiver<u64>,
}

/// A connection's state.
pub struct Session {
    hub: Arc<Hub>,
    ip: IpAddr,
    origin: String,
    at: Option<Attached>,
    hints: mpsc::Sender<HintFound>,
    /// Which game this connection is on: changes with every room entered
    /// and every leave, so that a hint of a game left is not shown on
    /// the next (whose versions start again from 0).
    game: u64,
    /// The game and version (`game << 32 | version`) whose hint is being
    /// looked for ([`NO_HINT`]: none): one search per position and
    /// connection, while a hint for the next position need not wait.
    hint_pending: Arc<AtomicU64>,
    /// Hint searches of this connection still running or waiting for a
    /// slot: at most [`MAX_HINTS`], so that a client asking again and
    /// again (a new game and a hint, over and over) cannot fill the
    /// engine's queue.
    hints_live: Arc<AtomicUsize>,
    /// Set to stop the last hint search asked for: when another is
    /// asked, or the game is left (its answer would be dropped).
    hint_stop: Arc<AtomicBool>,
}

/// Hint searches of one connection at once (see [`Session::hints_live`]).
const MAX_HINTS: usize = 2;

type Reply = Result<Option<ServerMsg>, String>;

/// Sends `m`, false when the connection failed or could not take it
/// within `limit` (a peer that stopped reading, its buffers full).
async fn sent(socket: &mut WebSocket, m: Message, limit: std::time::Duration) -> bool {
    matches!(
        tokio::time::timeout(limit, socket.send(m)).await,
        Ok(Ok(()))
    )
}

/// A hint found: the move for the position `version` of the game `game`.
pub struct HintFound {
    game: u64,
    version: u64,
    mv: MoveView,
}

/// No hint pending (see [`Session::hint_pending`]).
const NO_HINT: u64 = u64::MAX;

/// Marks a connection's hint for one version of the game as pending,
/// and counts it as live, while it lives.
struct HintPending(Arc<AtomicU64>, u64, Arc<AtomicUsize>);

impl Drop for HintPending {
    fn drop(&mut self) {
        // Only its own mark: a hint for a later version may be pending.
        let _ = self
            .0
            .compare_exchange(self.1, NO_HINT, Ordering::AcqRel, Ordering::Acquire);
        self.2.fetch_sub(1, Ordering::AcqRel);
    }
}

fn parse_variant(s: &str) -> Result<Variant, String> {
    s.parse::<Variant>().map_err(|e| e.to_string())
}

fn parse_level(n: u8) -> Result<u8, String> {
    if (1..=5).contains(&n) {
        Ok(n)
    } else {
        Err(format!("level {n} does not exist: choose 1 to 5"))
    }
}

fn parse_color(s: &str) -> Result<Color, String> {
    match s {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        "random" => Ok(random_color()),
        _ => Err(format!(
            "'{}' is not a colour: choose white, black or random",
            clip(s)
        )),
    }
}

fn random_color() -> Color {
    if codes::new_token().as_bytes()[0] % 2 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

fn parse_square(s: &str) -> Result<Square, String> {
    // The error names the text; a long text (only ever a malformed name,
    // as a name has at most three characters) is clipped.
    s.parse::<Square>().map_err(|e| {
        if s.chars().count() > 40 {
            format!("'{}' is not a square name (like c3)", clip(s))
        } else {
            e.to_string()
        }
    })
}

impl Session {
    /// A session for a page at `ip`, which reached the server at
    /// `origin` (`http://host:port`, or `https://…` behind a proxy).
    pub fn new(hub: Arc<Hub>, ip: IpAddr, origin: String) -> (Self, mpsc::Receiver<HintFound>) {
        let (hints, rx) = mpsc::channel(4);
        (
            Session {
                hub,
                ip,
                origin,
                at: None,
                hints,
                game: 0,
                hint_pending: Arc::new(AtomicU64::new(NO_HINT)),
                hints_live: Arc::new(AtomicUsize::new(0)),
                hint_stop: Arc::new(AtomicBool::new(false)),
            },
            rx,
        )
    }

    /// Runs the connection until the page goes away.
    pub async fn run(mut self, mut socket: WebSocket, mut hints: mpsc::Receiver<HintFound>) {
        let silent = self.hub.config().silent;
        let every = silent / 3;
        let mut ping = tokio::time::interval_at(Instant::now() + every, every);
        let mut heard = Instant::now();
        loop {
            let changed = async {
                match self.at.as_mut() {
                    Some(a) => a.changes.changed().await.is_ok(),
                    None => std::future::pending().await,
                }
            };
            let out: Option<ServerMsg> = tokio::select! {
                msg = socket.recv() => {
                    heard = Instant::now();
                    match msg {
                        Some(Ok(Message::Text(t))) => match self.handle(t.as_str()) {
                            Ok(reply) => reply,
                            Err(message) => Some(ServerMsg::Error { message }),
                        },
                        Some(Ok(Message::Binary(_))) => Some(ServerMsg::Error {
                            message: "binary messages are not understood; send JSON text".into(),
                        }),
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => None,
                        Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                    }
                },
                alive = changed => {
                    if alive {
                        self.at.as_mut().map(|a| {
                            a.changes.borrow_and_update();
                            ServerMsg::State(Box::new(a.presence.room().view(a.presence.seat())))
                        })
                    } else {
                        self.leave();
                        Some(ServerMsg::Error { message: "the room has closed".into() })
                    }
                },
                Some(h) = hints.recv() => {
                    (h.game == self.game).then_some(ServerMsg::Hint { version: h.version, mv: h.mv })
                },
                _ = ping.tick() => {
                    // Checked a tick early, so that a page gone silent is
                    // dropped within `silent` (a live one answers each ping
                    // at once, so it is never silent for two ticks).
                    if heard.elapsed() + every > silent
                        || !sent(&mut socket, Message::Ping(Vec::new().into()), silent).await
                    {
                        break;
                    }
                    None
                },
            };
            if let Some(m) = out {
                if !sent(&mut socket, Message::Text(m.to_json().into()), silent).await {
                    break;
                }
            }
        }
    }

    fn seat(&self) -> Result<(&Arc<Room>, Color), String> {
        let a = self
            .at
            .as_ref()
            .ok_or_else(|| "start a game or join a room first".to_string())?;
        let seat = a.presence.seat().ok_or_else(|| {
            "you are watching this game: only its two players can move".to_string()
        })?;
        Ok((a.presence.room(), seat))
    }

    /// Leaves the room the connection is in, if any: its seat turns
    /// absent, and nothing of its game is sent after this.
    fn leave(&mut self) {
        self.at = None;
        self.hint_stop.store(true, Ordering::Relaxed);
        self.game = self.game.wrapping_add(1) & 0xffff_ffff;
    }

    fn attach(&mut self, room: &Arc<Room>, seat: Option<Color>) {
        // Leave the old room first (its seat turns absent).
        self.leave();
        let mut changes = room.subscribe();
        changes.mark_changed();
        self.at = Some(Attached {
            presence: room.attach(seat),
            changes,
        });
    }

    fn link(&self, code: &str) -> String {
        format!("{}/?room={code}", self.origin)
    }

    /// Acts on one message.
    fn handle(&mut self, text: &str) -> Reply {
        let hub = Arc::clone(&self.hub);
        match ClientMsg::parse(text)? {
            ClientMsg::Ping => Ok(Some(ServerMsg::Pong)),
            ClientMsg::New {
                variant,
                level,
                color,
            } => {
                let v = parse_variant(&variant)?;
                let level = parse_level(level)?;
                let human = parse_color(&color)?;
                let room = Room::solo(Table::new(v), human, level);
                hub.spawn_driver(&room, false);
                self.attach(&room, Some(human));
                Ok(None)
            }
            ClientMsg::Resume {
                variant,
                level,
                human,
                start,
                moves,
                resigned,
            } => {
                let v = parse_variant(&variant)?;
                let level = parse_level(level)?;
                let human = match human.as_str() {
                    "random" => return Err("a saved game names the player's colour".into()),
                    h => parse_color(h)?,
                };
                let mut table = Table::replay(v, start.as_deref(), &moves)
                    .map_err(|e| format!("the saved game cannot be continued: {e}"))?;
                // The player's resignation, saved beside the moves. Where it
                // cannot apply (another colour, not the player's turn, a game
                // already over) the game is still worth continuing: it is
                // resumed as the moves leave it rather than lost.
                if resigned.as_deref() == Some(human.name()) {
                    let _ = table.resign(human);
                }
                let room = Room::solo(table, human, level);
                hub.spawn_driver(&room, false);
                self.attach(&room, Some(human));
                Ok(None)
            }
            ClientMsg::Move { path } => {
                if path.len() > MAX_PATH {
                    return Err(format!("a move has at most {MAX_PATH} squares"));
                }
                let squares = path
                    .iter()
                    .map(|s| parse_square(s))
                    .collect::<Result<Vec<_>, _>>()?;
                let (room, seat) = self.seat()?;
                match room.attempt(Some(hub.store()), seat, &squares) {
                    Ok(_) => Ok(None),
                    Err(reason) => Ok(Some(ServerMsg::Refused {
                        reason,
                        square: squares.first().map(|s| s.to_string()),
                    })),
                }
            }
            ClientMsg::Why { square } => {
                let sq = parse_square(&square)?;
                let (room, seat) = self.seat()?;
                Ok(room.why_not(seat, sq).map(|reason| ServerMsg::Refused {
                    reason,
                    square: Some(sq.to_string()),
                }))
            }
            ClientMsg::Hint => {
                let (room, seat) = self.seat()?;
                let (version, game) = room.game_for_hint(seat)?;
                // The game and the position, in one mark.
                let mark = (self.game << 32) | (version & 0xffff_ffff);
                if self.hint_pending.load(Ordering::Acquire) == mark
                    || self.hints_live.load(Ordering::Acquire) >= MAX_HINTS
                {
                    return Err("the hint asked for before is still being looked for".into());
                }
                self.hint_pending.store(mark, Ordering::Release);
                self.hints_live.fetch_add(1, Ordering::AcqRel);
                let pending = HintPending(
                    Arc::clone(&self.hint_pending),
                    mark,
                    Arc::clone(&self.hints_live),
                );
                // The hint asked before is for another position: stopped.
                self.hint_stop.store(true, Ordering::Relaxed);
                self.hint_stop = Arc::new(AtomicBool::new(false));
                let stop = Arc::clone(&self.hint_stop);
                let tx = self.hints.clone();
                let of = self.game;
                let engine = Arc::clone(hub.engine());
                tokio::spawn(async move {
                    let names = game.clone();
                    let found = engine.hint(game, stop).await;
                    // Cleared however the task ends (a panic included).
                    drop(pending);
                    if let Some(m) = found {
                        let mv = MoveView::of(&m, |k| names.kind_name(k));
                        let _ = tx
                            .send(HintFound {
                                game: of,
                                version,
                                mv,
                            })
                            .await;
                    }
                });
                Ok(None)
            }
            ClientMsg::Undo => {
                let (room, seat) = self.seat()?;
                match room.undo(seat) {
                    Ok(_) => Ok(None),
                    Err(reason) => Ok(Some(ServerMsg::Refused {
                        reason,
                        square: None,
                    })),
                }
            }
            ClientMsg::Resign => {
                let (room, seat) = self.seat()?;
                match room.resign(Some(hub.store()), seat) {
                    Ok(()) => Ok(None),
                    Err(reason) => Ok(Some(ServerMsg::Refused {
                        reason,
                        square: None,
                    })),
                }
            }
            ClientMsg::Create { variant } => {
                let v = parse_variant(&variant)?;
                if !hub.joins().allow(self.ip) {
                    return Err(
                        "too many rooms made or joined from your address: wait a minute".into(),
                    );
                }
                let token = codes::new_token();
                let color = random_color();
                let room = hub.create_room(v, color, token.clone())?;
                let code = room.code().unwrap_or_default().to_string();
                self.attach(&room, Some(color));
                Ok(Some(ServerMsg::Seat {
                    link: self.link(&code),
                    code,
                    color: Some(color.name()),
                    token: Some(token),
                }))
            }
            ClientMsg::Join { code, token } => {
                // A player returning to their seat (the code and the seat's
                // secret, as a page sends after each lost connection) is not
                // counted: the limit is there against guessing codes, and a
                // flaky network, or many players behind one address, should
                // not lock anyone out of their own game.
                let normal = normalize_code(&code);
                let room = normal.as_deref().and_then(|c| hub.room(c));
                let returning = room
                    .as_ref()
                    .zip(token.as_deref())
                    .is_some_and(|(r, t)| r.seat_of(t).is_some());
                if !returning && !hub.joins().allow(self.ip) {
                    return Err(
                        "too many rooms made or joined from your address: wait a minute".into(),
                    );
                }
                let code = normal.ok_or_else(|| {
                    format!(
                        "'{}' is not a room code: {}",
                        clip(&code),
                        codes::code_problem(&code)
                    )
                })?;
                let room = room.ok_or_else(|| format!("there is no room with the code {code}"))?;
                let (seat, token) = match token.as_deref().and_then(|t| room.seat_of(t)) {
                    Some(c) => (Some(c), token),
                    None => {
                        let t = codes::new_token();
                        match room.take_free_seat(t.clone()) {
                            Some(c) => {
                                hub.save(&room);
                                (Some(c), Some(t))
                            }
                            None => (None, None),
                        }
                    }
                };
                self.attach(&room, seat);
                Ok(Some(ServerMsg::Seat {
                    link: self.link(&code),
                    code,
                    color: seat.map(Color::name),
                    token,
                }))
            }
            ClientMsg::Leave => {
                // Every state of the old game was sent before this reply.
                self.leave();
                Ok(Some(ServerMsg::Left))
            }
        }
    }
}
