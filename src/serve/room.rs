//! A room: a table, its seats, who is connected, and the computer that
//! moves when it is its turn.
//!
//! A game against the computer is a room too (a "solo" room, kept in
//! memory for as long as its page is connected; the browser keeps the
//! record and replays it on return). A friend room has two seats, each
//! taken by a browser that holds the seat's secret, and is stored.
//!
//! Each room has a driver task that decides, after every change, who
//! moves next: the player (nothing to do), the computer in a solo game,
//! or the computer for a friend whose connection dropped, once the wait
//! has passed while the other player is there. Changes are announced on
//! a `watch` channel; each connected page renders its own view of the
//! room when it hears one.

use super::engine::Engine;
use super::messages::{RoomView, SeatView, StateView};
use super::store::{now_secs, RoomRecord, Store};
use super::table::{Refusal, Table};
use super::view::{self, Context};
use crate::any::MoveInfo;
use crate::piece::Color;
use crate::square::Square;
use crate::variant::Variant;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Who sits where.
#[derive(Clone, Debug)]
pub enum Seats {
    /// A player against the computer.
    Solo {
        /// The player's colour.
        human: Color,
    },
    /// Two friends; a seat's secret, once someone has taken it.
    Friends {
        /// White's and Black's secrets.
        tokens: [Option<String>; 2],
    },
}

/// The state of a room, behind its lock.
#[derive(Debug)]
pub struct RoomState {
    table: Table,
    seats: Seats,
    level: u8,
    present: [u32; 2],
    absent_since: [Instant; 2],
    thinking: Option<(Arc<AtomicBool>, Color)>,
    created: u64,
    updated: u64,
    closed: bool,
}

/// A room and its change announcements.
#[derive(Debug)]
pub struct Room {
    code: Option<String>,
    wait: Duration,
    state: Mutex<RoomState>,
    changes: watch::Sender<u64>,
}

/// What the driver does next.
enum Plan {
    /// The room is gone.
    Closed,
    /// Wait for a change.
    Idle,
    /// Wait for a change or until then (a takeover is due).
    Until(Instant),
    /// Search a move for `color`.
    Think {
        game: Box<crate::any::AnyGame>,
        color: Color,
        level: u8,
        version: u64,
        stop: Arc<AtomicBool>,
    },
}

impl Room {
    fn make(code: Option<String>, wait: Duration, state: RoomState) -> Arc<Room> {
        let (changes, _) = watch::channel(0);
        Arc::new(Room {
            code,
            wait,
            state: Mutex::new(state),
            changes,
        })
    }

    /// A game against the computer at `level`, the player playing `human`.
    pub fn solo(table: Table, human: Color, level: u8) -> Arc<Room> {
        let now = now_secs();
        Room::make(
            None,
            Duration::ZERO,
            RoomState {
                table,
                seats: Seats::Solo { human },
                level: level.clamp(1, 5),
                present: [0; 2],
                absent_since: [Instant::now(); 2],
                thinking: None,
                created: now,
                updated: now,
                closed: false,
            },
        )
    }

    /// A friend room. `level` is the computer's level when it moves for
    /// an absent player, `wait` the time it waits before it does.
    pub fn friends(
        code: String,
        table: Table,
        tokens: [Option<String>; 2],
        level: u8,
        wait: Duration,
        created: u64,
        updated: u64,
    ) -> Arc<Room> {
        Room::make(
            Some(code),
            wait,
            RoomState {
                table,
                seats: Seats::Friends { tokens },
                level: level.clamp(1, 5),
                present: [0; 2],
                absent_since: [Instant::now(); 2],
                thinking: None,
                created,
                updated,
                closed: false,
            },
        )
    }

    /// Rebuilds a stored friend room (its moves replayed by the rules).
    pub fn restore(r: &RoomRecord, level: u8, wait: Duration) -> Result<Arc<Room>, Refusal> {
        let variant: Variant = r.variant.parse().map_err(|e| format!("{e}"))?;
        let mut table = Table::replay(variant, r.start.as_deref(), &r.moves)?;
        if let Some(c) = r.resigned {
            table.resign(c)?;
        }
        Ok(Room::friends(
            r.code.clone(),
            table,
            r.tokens.clone(),
            level,
            wait,
            r.created,
            r.updated,
        ))
    }

    /// The room code (friend rooms).
    pub fn code(&self) -> Option<&str> {
        self.code.as_deref()
    }

    fn lock(&self) -> MutexGuard<'_, RoomState> {
        // A panic while the lock was held cannot leave a half-made move
        // (moves are made on a copy), so a poisoned lock is still good.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Announces a change to every page and the driver.
    fn announce(&self) {
        self.changes.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// Listens to the room's changes.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// The record to store (friend rooms only).
    pub fn record(&self) -> Option<RoomRecord> {
        let s = self.lock();
        let Seats::Friends { tokens } = &s.seats else {
            return None;
        };
        let g = s.table.game();
        let resigned = match g.status() {
            crate::game::Status::Over(o) if o.rule == crate::game::EndRule::Resignation => {
                Some(g.side_to_move())
            }
            _ => None,
        };
        Some(RoomRecord {
            code: self.code.clone()?,
            variant: g.variant().name().to_string(),
            start: s.table.start_fen(),
            moves: g.moves(),
            tokens: tokens.clone(),
            resigned,
            created: s.created,
            updated: s.updated,
        })
    }

    /// Seconds since anything happened, and whether anyone is connected.
    pub fn idle(&self) -> (u64, bool) {
        let s = self.lock();
        (
            now_secs().saturating_sub(s.updated),
            s.present.iter().any(|&n| n > 0),
        )
    }

    /// Ends the room: the driver stops, a running search is stopped.
    pub fn close(&self) {
        {
            let mut s = self.lock();
            s.closed = true;
            if let Some((stop, _)) = &s.thinking {
                stop.store(true, Ordering::Relaxed);
            }
        }
        self.announce();
    }

    /// The seat a secret belongs to.
    pub fn seat_of(&self, token: &str) -> Option<Color> {
        let s = self.lock();
        match &s.seats {
            Seats::Friends { tokens } => Color::ALL
                .into_iter()
                .find(|c| tokens[c.index()].as_deref() == Some(token)),
            Seats::Solo { .. } => None,
        }
    }

    /// Takes a free seat (friend rooms): its colour and new secret.
    pub fn take_free_seat(&self, token: String) -> Option<Color> {
        let taken = {
            let mut s = self.lock();
            let Seats::Friends { tokens } = &mut s.seats else {
                return None;
            };
            let c = Color::ALL
                .into_iter()
                .find(|c| tokens[c.index()].is_none())?;
            tokens[c.index()] = Some(token);
            s.updated = now_secs();
            c
        };
        self.announce();
        Some(taken)
    }

    /// A page is connected to `seat` until the guard is dropped.
    pub fn attach(self: &Arc<Self>, seat: Option<Color>) -> Presence {
        if let Some(c) = seat {
            let mut s = self.lock();
            s.present[c.index()] += 1;
            if s.present[c.index()] == 1 {
                Self::resume_wait(&mut s, c, Instant::now());
            }
            // A player back from an absence: the computer stops moving
            // for them (a search already running is dropped).
            if matches!(s.seats, Seats::Friends { .. })
                && s.thinking.as_ref().is_some_and(|(_, t)| *t == c)
            {
                Self::stop_thinking(&mut s);
            }
        }
        self.announce();
        Presence {
            room: Arc::clone(self),
            seat,
        }
    }

    /// `back` has just returned. The other player's absence counts
    /// towards the computer's takeover only while someone is there to
    /// wait for them: if both were away, the wait the other has left goes
    /// on from now, not from when they left (so the one who returns
    /// sees the countdown instead of the computer moving at once).
    fn resume_wait(s: &mut RoomState, back: Color, now: Instant) {
        let other = (!back).index();
        if s.present[other] > 0 {
            return;
        }
        // The wait ran from the other's departure until `back` left too.
        let waited = s.absent_since[back.index()].saturating_duration_since(s.absent_since[other]);
        s.absent_since[other] = now.checked_sub(waited).unwrap_or(now);
    }

    fn both_seated(s: &RoomState) -> bool {
        match &s.seats {
            Seats::Solo { .. } => true,
            Seats::Friends { tokens } => tokens.iter().all(Option::is_some),
        }
    }

    /// When the computer starts moving for an absent `c` (friend rooms):
    /// only once both have sat down, while `c` is away and the other is there.
    fn takeover_at(&self, s: &RoomState, c: Color) -> Option<Instant> {
        match &s.seats {
            Seats::Friends { .. }
                if Self::both_seated(s)
                    && s.present[c.index()] == 0
                    && s.present[(!c).index()] > 0 =>
            {
                Some(s.absent_since[c.index()] + self.wait)
            }
            _ => None,
        }
    }

    fn plan(&self) -> Plan {
        let mut s = self.lock();
        if s.closed {
            return Plan::Closed;
        }
        if s.thinking.is_some() || !s.table.in_play() {
            return Plan::Idle;
        }
        let side = s.table.game().side_to_move();
        let computer = match &s.seats {
            Seats::Solo { human } => *human != side,
            Seats::Friends { .. } => match self.takeover_at(&s, side) {
                Some(at) if at <= Instant::now() => true,
                Some(at) => return Plan::Until(at),
                None => false,
            },
        };
        if !computer {
            return Plan::Idle;
        }
        let stop = Arc::new(AtomicBool::new(false));
        s.thinking = Some((Arc::clone(&stop), side));
        Plan::Think {
            game: Box::new(s.table.game().clone()),
            color: side,
            level: s.level,
            version: s.table.version(),
            stop,
        }
    }

    /// The room's driver: plays the computer's moves until the room closes.
    /// `saved` is called after each change worth storing.
    pub async fn drive(self: Arc<Self>, engine: Arc<Engine>, store: Option<Arc<Store>>) {
        let mut rx = self.subscribe();
        loop {
            match self.plan() {
                Plan::Closed => return,
                Plan::Idle => {
                    if rx.changed().await.is_err() {
                        return;
                    }
                }
                Plan::Until(at) => {
                    tokio::select! {
                        _ = tokio::time::sleep_until(at.into()) => {}
                        r = rx.changed() => if r.is_err() { return },
                    }
                }
                Plan::Think {
                    game,
                    color,
                    level,
                    version,
                    stop,
                } => {
                    self.announce();
                    let found = engine.best_move(*game, level, Arc::clone(&stop)).await;
                    let played = {
                        let mut s = self.lock();
                        s.thinking = None;
                        match found {
                            Some(m)
                                if !stop.load(Ordering::Relaxed)
                                    && s.table.version() == version =>
                            {
                                let ok = s.table.play_text(color, &m.text).is_ok();
                                if ok {
                                    s.updated = now_secs();
                                }
                                ok
                            }
                            _ => false,
                        }
                    };
                    if played {
                        if let (Some(st), Some(r)) = (&store, self.record()) {
                            st.save(r);
                        }
                    }
                    self.announce();
                    // Mark the announcement as seen: the driver's own
                    // change needs no second look.
                    rx.borrow_and_update();
                }
            }
        }
    }

    /// Stops a running search (the position is about to change).
    fn stop_thinking(s: &mut RoomState) {
        if let Some((stop, _)) = s.thinking.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Applies an action to the table under the lock, announcing and
    /// storing the change when it succeeds.
    fn act<T>(
        &self,
        store: Option<&Store>,
        f: impl FnOnce(&mut RoomState) -> Result<T, Refusal>,
    ) -> Result<T, Refusal> {
        let out = {
            let mut s = self.lock();
            let before = s.table.version();
            let out = f(&mut s)?;
            if s.table.version() != before {
                s.updated = now_secs();
            }
            out
        };
        if let (Some(st), Some(r)) = (store, self.record()) {
            st.save(r);
        }
        self.announce();
        Ok(out)
    }

    /// `seat` plays the move its taps describe.
    pub fn attempt(
        &self,
        store: Option<&Store>,
        seat: Color,
        path: &[Square],
    ) -> Result<MoveInfo, Refusal> {
        self.act(store, |s| {
            if !Self::both_seated(s) {
                return Err("wait for your friend to join".to_string());
            }
            if s.thinking.as_ref().is_some_and(|(_, c)| *c == seat) {
                return Err("the computer is moving for you".to_string());
            }
            s.table.attempt(seat, path)
        })
    }

    /// Why the piece on `sq` cannot move, `None` when it can.
    pub fn why_not(&self, seat: Color, sq: Square) -> Option<Refusal> {
        let s = self.lock();
        if !Self::both_seated(&s) {
            return Some("wait for your friend to join".to_string());
        }
        s.table.why_not(seat, sq)
    }

    /// Takes back the player's last move and the computer's reply (solo).
    pub fn undo(&self, seat: Color) -> Result<usize, Refusal> {
        self.act(None, |s| {
            if !matches!(s.seats, Seats::Solo { .. }) {
                return Err("moves cannot be taken back in a game with a friend".to_string());
            }
            Self::stop_thinking(s);
            s.table.undo_for(seat)
        })
    }

    /// `seat` resigns (on its own turn).
    pub fn resign(&self, store: Option<&Store>, seat: Color) -> Result<(), Refusal> {
        self.act(store, |s| {
            if !Self::both_seated(s) {
                return Err("wait for your friend to join".to_string());
            }
            s.table.resign(seat)
        })
    }

    /// A copy of the game, when `seat` is to move in a game in play
    /// against the computer.
    pub fn game_for_hint(&self, seat: Color) -> Result<(u64, crate::any::AnyGame), Refusal> {
        let s = self.lock();
        if !matches!(s.seats, Seats::Solo { .. }) {
            // As the help page has it: hints are for games against the
            // computer, not a helper in a game between friends.
            return Err("hints are given only in games against the computer".to_string());
        }
        if !s.table.in_play() {
            return Err("the game is over: there is nothing to hint".to_string());
        }
        if s.table.game().side_to_move() != seat || !Self::both_seated(&s) {
            return Err("a hint is given on your own turn".to_string());
        }
        Ok((s.table.version(), s.table.game().clone()))
    }

    /// The room as `viewer` sees it.
    pub fn view(&self, viewer: Option<Color>) -> StateView {
        let s = self.lock();
        let now = Instant::now();
        let room = match (&s.seats, &self.code) {
            (Seats::Friends { tokens }, Some(code)) => {
                let seat = |c: Color| {
                    let at = self.takeover_at(&s, c);
                    SeatView {
                        taken: tokens[c.index()].is_some(),
                        present: s.present[c.index()] > 0,
                        computer: at.is_some_and(|at| at <= now),
                        takeover_in: at
                            .filter(|&at| at > now)
                            .map(|at| (at - now).as_secs_f64().ceil() as u64),
                    }
                };
                Some(RoomView {
                    code: code.clone(),
                    seats: [seat(Color::White), seat(Color::Black)],
                    wait: self.wait.as_secs(),
                })
            }
            _ => None,
        };
        let can_undo = match (&s.seats, viewer) {
            (Seats::Solo { human }, Some(v)) if v == *human => s.table.can_undo(v),
            _ => false,
        };
        view::state(
            &s.table,
            Context {
                mode: if room.is_some() { "room" } else { "solo" },
                viewer,
                level: s.level,
                thinking: s.thinking.is_some(),
                can_undo,
                may_move: Self::both_seated(&s)
                    && !s.thinking.as_ref().is_some_and(|(_, c)| Some(*c) == viewer),
                room,
            },
        )
    }
}

/// A page's connection to a seat; dropping it marks the seat absent
/// (and ends a solo room, whose page was its only player).
#[derive(Debug)]
pub struct Presence {
    room: Arc<Room>,
    seat: Option<Color>,
}

impl Presence {
    /// The room.
    pub fn room(&self) -> &Arc<Room> {
        &self.room
    }
    /// The seat, `None` for a spectator.
    pub fn seat(&self) -> Option<Color> {
        self.seat
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        let solo = {
            let mut s = self.room.lock();
            if let Some(c) = self.seat {
                let n = &mut s.present[c.index()];
                *n = n.saturating_sub(1);
                if *n == 0 {
                    s.absent_since[c.index()] = Instant::now();
                }
                // The last player gone: the game waits, and a move the
                // computer is looking for an absent friend is not played.
                if matches!(s.seats, Seats::Friends { .. }) && s.present == [0, 0] {
                    Room::stop_thinking(&mut s);
                }
            }
            matches!(s.seats, Seats::Solo { .. })
        };
        if solo {
            self.room.close();
        } else {
            self.room.announce();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(wait: Duration) -> Arc<Room> {
        Room::friends(
            "ABCDEF".into(),
            Table::new(Variant::Czech),
            [Some("w".into()), Some("b".into())],
            1,
            wait,
            0,
            0,
        )
    }

    fn black_seat(r: &Room) -> SeatView {
        r.view(Some(Color::White))
            .room
            .expect("a friend room")
            .seats[1]
            .clone()
    }

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn the_wait_goes_on_from_where_it_stopped_while_both_were_away() {
        let r = room(45 * S);
        let mut s = r.lock();
        let t0 = Instant::now();
        // Black left at t0, White 20 s later; White is back at t0 + 100 s:
        // 20 s of Black's wait are gone, 25 s are left.
        s.absent_since = [t0 + 20 * S, t0];
        s.present = [1, 0];
        Room::resume_wait(&mut s, Color::White, t0 + 100 * S);
        assert_eq!(s.absent_since[1], t0 + 80 * S);
        assert_eq!(r.takeover_at(&s, Color::Black), Some(t0 + 125 * S));
        // Black left after White: nobody waited, the whole wait is left.
        s.absent_since = [t0, t0 + 20 * S];
        Room::resume_wait(&mut s, Color::White, t0 + 100 * S);
        assert_eq!(s.absent_since[1], t0 + 100 * S);
        // Black away for longer than the wait before White left: the
        // computer moves for Black at once, as it did before.
        s.absent_since = [t0 + 60 * S, t0];
        Room::resume_wait(&mut s, Color::White, t0 + 100 * S);
        assert_eq!(r.takeover_at(&s, Color::Black), Some(t0 + 85 * S));
        // Black there: nothing to resume.
        s.present = [1, 1];
        s.absent_since = [t0 + 20 * S, t0];
        Room::resume_wait(&mut s, Color::White, t0 + 100 * S);
        assert_eq!(s.absent_since[1], t0);
    }

    #[test]
    fn a_returning_friend_sees_the_others_countdown_not_the_computer() {
        let r = room(45 * S);
        let white = r.attach(Some(Color::White));
        drop(r.attach(Some(Color::Black)));
        drop(white);
        {
            // Black left 100 s ago, White 99 s ago.
            let now = Instant::now();
            let mut s = r.lock();
            s.absent_since = [now - 99 * S, now - 100 * S];
        }
        let _white = r.attach(Some(Color::White));
        let seat = black_seat(&r);
        assert!(!seat.computer, "the computer does not move at once");
        assert!(matches!(seat.takeover_in, Some(43..=44)), "{seat:?}");
        // While White stays, Black's absence is taken over after the wait.
        r.lock().absent_since[1] = Instant::now() - 46 * S;
        assert!(black_seat(&r).computer);
    }

    #[test]
    fn the_computer_stops_moving_for_an_absent_friend_when_the_other_leaves() {
        let r = room(45 * S);
        let white = r.attach(Some(Color::White));
        drop(r.attach(Some(Color::Black)));
        let stop = Arc::new(AtomicBool::new(false));
        r.lock().thinking = Some((Arc::clone(&stop), Color::Black));
        drop(white);
        assert!(stop.load(Ordering::Relaxed), "the search is stopped");
        assert!(r.lock().thinking.is_none());
        assert!(!r.view(None).thinking);
    }
}
