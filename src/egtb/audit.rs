//! Auditing played games against the databases: which moves threw a
//! database win away, or turned a drawn position into a lost one.
//!
//! Engine matches in Czech draughts end in small endings more often
//! than not, and a draw by an endgame limit says nothing about whether
//! the position was won. Once a game reaches the material the databases
//! cover, every position has an exact result under the rules (with its
//! counters, see [`super`]), so every move can be judged: a move is an
//! *error* when the mover's result after it is worse than before it.
//! That is the measure of how much a player leaves on the board in the
//! endings, and of what the databases are worth to it.

use super::probe::Egtb;
use super::Wdl;
use crate::game::{Counters, Game};
use crate::piece::Color;
use crate::position::Position;
use crate::rules::czech::Czech;

/// One move that made its player's result worse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slip {
    /// The ply of the move in the game (0: the first move played).
    pub ply: usize,
    /// Its move number (as in the FEN's `F` field and in PDN).
    pub number: u32,
    /// Who played it.
    pub side: Color,
    /// The move, in the game's notation.
    pub text: String,
    /// The FEN before the move, with its counters.
    pub fen: String,
    /// The mover's result before the move.
    pub before: Wdl,
    /// The mover's result after it.
    pub after: Wdl,
}

/// What the databases say about one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Audit {
    /// The first ply whose position the databases cover (`None`: the
    /// game never got there).
    pub reached: Option<usize>,
    /// The result there, from White's side.
    pub first: Option<Wdl>,
    /// The moves that made their player's result worse, in order.
    pub slips: Vec<Slip>,
}

/// The result for the side to move, or `None` outside the databases.
fn result(tb: &Egtb, pos: &Position<Czech>, c: &Counters) -> Option<Wdl> {
    if pos.occupied().count_ones() > tb.max_pieces() {
        return None;
    }
    tb.probe(pos, c).map(|p| p.wdl)
}

fn flip(w: Wdl) -> Wdl {
    match w {
        Wdl::Win => Wdl::Loss,
        Wdl::Loss => Wdl::Win,
        Wdl::Draw => Wdl::Draw,
    }
}

fn rank(w: Wdl) -> u8 {
    match w {
        Wdl::Loss => 0,
        Wdl::Draw => 1,
        Wdl::Win => 2,
    }
}

/// Judges every move of `game` played where the databases cover the
/// position before it. Repetition is not in the values (see [`super`]),
/// so a win given away by a threefold repetition shows only in the
/// game's result, not as a slip.
pub fn audit(tb: &Egtb, game: &Game<Czech>) -> Audit {
    let mut out = Audit::default();
    let mut walk = game.clone();
    if walk.undo_n(walk.len()).is_err() {
        return out;
    }
    let mut now = result(tb, walk.position(), &walk.counters());
    if let Some(w) = now {
        out.reached = Some(0);
        out.first = Some(white_view(w, walk.position().side()));
    }
    for (ply, m) in game.moves().enumerate() {
        let (side, fen, number) = (
            walk.position().side(),
            walk.fen(),
            walk.counters().ply / 2 + 1,
        );
        walk.push(*m);
        let then = result(tb, walk.position(), &walk.counters());
        if out.reached.is_none() {
            if let Some(w) = then {
                out.reached = Some(ply + 1);
                out.first = Some(white_view(w, walk.position().side()));
            }
        }
        if let (Some(before), Some(after)) = (now, then.map(flip)) {
            if rank(after) < rank(before) {
                out.slips.push(Slip {
                    ply,
                    number,
                    side,
                    text: m.to_string(),
                    fen,
                    before,
                    after,
                });
            }
        }
        now = then;
    }
    out
}

fn white_view(w: Wdl, side: Color) -> Wdl {
    if side == Color::White {
        w
    } else {
        flip(w)
    }
}
