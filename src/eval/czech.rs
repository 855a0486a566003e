//! Czech draughts: men that only go forward, flying kings worth about
//! three men, and endgames that the draw rules often decide.
//!
//! - Men gain as they advance (a man on the sixth rank is a king in
//!   waiting) and keep a guard on the back rank (`c1`, `e1` stop the
//!   opponent's men from crowning), and prefer the centre to the edges.
//! - Kings like the long diagonal `a1`–`h8`: from it a king cannot be
//!   shut in, and a lone king on it holds three kings (the short limit).
//! - `adjust` knows the endings the draw rules make hopeless: a lone
//!   king against at most two kings (or king and man) is a draw by the
//!   short limit, so the material edge is worth little; a side with a
//!   king can trade down to that king, so an edge of fewer than three
//!   spare pieces counts half; and when the
//!   15-moves rule comes close every advantage fades towards the draw.
//! - A man that nothing can stop from crowning (no opponent king, no
//!   opponent piece in the triangle ahead) is nearly a king already.

use super::regions;
use super::shapes::{checkers, Centre, Kings, Men, Squares, CHECKERS};
use super::weights::Weights;
use super::{Context, Evaluate, Params};
use crate::bitboard::Bits;
use crate::geometry::Geometry;
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::czech::Czech;
use crate::rules::Rules;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 300;

/// The 8×8 squares, with the back-rank guard on `a1`, `c1`, `e1`, `g1`,
/// and kings that like the long diagonal `a1`–`h8` more (14) and the
/// diagonals beside it a little (5).
const SQUARES: Squares<8> = Squares {
    men: Men {
        guard: [6, 0, 18, 0, 18, 0, 8, 0],
        ..CHECKERS.men
    },
    kings: Kings {
        main: 14,
        anti: 5,
        beside: 5,
        centre: Centre::Ring,
    },
};

/// The Czech numbers set by hand.
pub const HAND: Params = checkers(MAN, KING, |k, f, r, files, ranks| {
    SQUARES.value(k, f, r, files, ranks)
});

/// The numbers learned from self-play games (`dama selfplay`, `dama
/// tune`; README, "Learned evaluation (Czech)"), as written by the tuner.
pub const LEARNED_WEIGHTS: Weights = super::czech_weights::LEARNED;

/// [`LEARNED_WEIGHTS`] as the evaluation's numbers.
pub const LEARNED: Params = Params {
    material: [LEARNED_WEIGHTS.man, LEARNED_WEIGHTS.king, 0, 0],
    square: learned_square,
    mobility: [LEARNED_WEIGHTS.mob_man, LEARNED_WEIGHTS.mob_king, 0, 0],
    tempo: LEARNED_WEIGHTS.tempo,
};

fn learned_square(k: Kind, f: i32, r: i32, _files: i32, _ranks: i32) -> i32 {
    LEARNED_WEIGHTS.square(k, f, r)
}

/// Whether the engine plays with the learned numbers: only once a match
/// (SPRT) has accepted them against the hand-set ones.
pub const SHIP_LEARNED: bool = true;

/// The Czech numbers the engine plays with: [`LEARNED`] or [`HAND`].
pub const PARAMS: Params = if SHIP_LEARNED { LEARNED } else { HAND };

/// The learned region patterns (`dama tune --patterns`; README,
/// "Learned evaluation (Czech)"): one signed byte a weight, window by
/// window ([`regions`]), in two phases (`--phased`: the full board's
/// worths, then the ending's), fitted in the seventeenth round to the
/// match engines' scores (README, "Seventeenth round"). Two phases
/// fitted to the games' results had played level (README, "Eighth
/// round").
pub const PATTERN_TABLE: regions::Table = regions::Table(include_bytes!("czech_patterns.bin"));
const _: () = assert!(PATTERN_TABLE.fits(&regions::layout::<Czech>()));

/// Whether the engine plays with [`PATTERN_TABLE`]: only once a match
/// (SPRT) has accepted it.
pub const SHIP_PATTERNS: bool = true;

/// What the patterns weigh in play, in percent of the learned table.
/// The first table, fitted to games of 1 000–2 000 nodes a move, played
/// best at 80 % (an SPRT at 2 s + 0.02 s a game, README "Search
/// techniques (SPRT)"): a deeper search sees for itself some of what the
/// patterns guess. The table of today was fitted from that one at 80 %
/// to the games of matches, most at 2 s + 0.02 s (README, "Learned
/// evaluation (Czech)"), so it plays as learned.
pub const PATTERN_PERCENT: i32 = 100;

/// What a king gains in worth for each piece fewer than
/// [`PHASE_FROM`] on the board (hundredths of a man).
const KING_PHASE: i32 = 5;
/// What a man gains for each rank it stands beyond [`MAN_PHASE_RANK`]
/// (counted from its own back rank, 0 to 6) and each piece fewer than
/// [`PHASE_FROM`] on the board (hundredths of a man).
const MAN_PHASE: i32 = 2;
/// The last rank (from the own back rank) on which a man gains nothing.
const MAN_PHASE_RANK: i32 = 3;
/// The number of pieces below which kings and advanced men gain worth.
const PHASE_FROM: i32 = 16;

/// The endgame's worth beyond the learned numbers, White's less Black's.
/// The learned worths are one number each for the whole game, fitted
/// mostly on positions with many pieces; two of them grow as the board
/// empties. A flying king: the fewer pieces are left, the fewer can trap
/// it or close its lines. An advanced man: the fewer pieces are left,
/// the fewer can stop it, and the nearer its crowning is to deciding the
/// game. It is part of the sum that [`adjust`] scales (the tuner keeps it
/// as a fixed part).
#[inline(always)]
pub fn endgame_phase<R: Rules>(pos: &Position<R>) -> i32 {
    let n = pos.occupied().count() as i32;
    if n >= PHASE_FROM {
        return 0;
    }
    let kings = pos.kind(Kind::King);
    let d = (pos.color(Color::White) & kings).count() as i32
        - (pos.color(Color::Black) & kings).count() as i32;
    let last = R::Geo::ranks() as i32 - 1;
    let mut ranks = 0;
    for m in pos.pieces(Color::White, Kind::Man).iter() {
        ranks += (R::Geo::square(m).rank() as i32 - MAN_PHASE_RANK).max(0);
    }
    for m in pos.pieces(Color::Black, Kind::Man).iter() {
        ranks -= (last - R::Geo::square(m).rank() as i32 - MAN_PHASE_RANK).max(0);
    }
    (d * KING_PHASE + ranks * MAN_PHASE) * (PHASE_FROM - n)
}

/// Endgame knowledge and the pull of the 15-moves rule, from White's
/// side: `white` is the evaluation's sum so far, [`endgame_phase`] included.
pub fn adjust<R: Rules>(pos: &Position<R>, white: i32, cx: &Context) -> i32 {
    let mut s = white;
    for lone in Color::ALL {
        let l = pos.color(lone);
        if l.count() != 1 || (l & pos.kind(Kind::King)).is_empty() {
            continue;
        }
        let o = pos.color(!lone);
        let kings = (o & pos.kind(Kind::King)).count();
        let men = (o & pos.kind(Kind::Man)).count();
        // Only the stronger side's edge shrinks.
        let stronger = match lone {
            Color::White => s < 0,
            Color::Black => s > 0,
        };
        if !stronger {
            continue;
        }
        if (men == 0 && kings <= 2) || (kings == 1 && men <= 1) {
            // Two kings cannot catch a flying king within the short limit.
            s /= 16;
        } else if men == 0 && kings == 3 {
            // Three kings win only against a king off the long diagonal,
            // and only within the limit: little on it, half off it.
            if (l & crate::geometry::long_diagonal::<R::Geo>()).is_empty() {
                s /= 2;
            } else {
                s /= 8;
            }
        }
    }
    // A side with a king can give its other pieces for as many of the
    // opponent's and be left with the king: the stronger side then needs
    // three pieces to spare, or the short limit draws (above).
    let kings = pos.kind(Kind::King);
    if s != 0 {
        let strong = if s > 0 { Color::White } else { Color::Black };
        let w = pos.color(!strong);
        let (nw, ns) = (w.count() as i32, pos.color(strong).count() as i32);
        if nw >= 2 && !(w & kings).is_empty() && ns - (nw - 1) <= 2 {
            s /= 2;
        }
    }
    s += runaways(pos, Color::White) - runaways(pos, Color::Black);
    let u = cx.urgency();
    if u > 128 {
        // The no-progress draw comes close: fade towards 0.
        s = s * (256 - u + 32) / 160;
    }
    s
}

/// Men of `c` that no opponent piece can stop from crowning (see
/// [`super::runaways`]), looked at when the opponent has at most nine
/// pieces.
fn runaways<R: Rules>(pos: &Position<R>, c: Color) -> i32 {
    super::runaways(pos, c, 9, 150)
}

impl Evaluate for Czech {
    const PARAMS: Params = PARAMS;
    const PATTERNS: Option<regions::Table> = if SHIP_PATTERNS {
        Some(PATTERN_TABLE)
    } else {
        None
    };
    const PATTERN_PERCENT: i32 = PATTERN_PERCENT;
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
        "W:Wa1,a3,c1,c3,d2,e1,f4,g1:Bb8,c5,c7,d6,e7,f8,h6,h8",
        "W:Wa1,a5,b2,c1,d2,e1,e3,h2:Bb8,c7,d8,f8,g5,g7,h6,h8",
        "W:Wa1,b4,c1,c5,d4,e1,g1,g3:Ba7,b8,c7,f6,f8,g5,g7,h8",
        "W:Wa1,a5,b2,c1,c3,e3,f4,f6,g3,h2:Ba3,b6,c7,d6,d8,f8,h4,h6,h8",
    ];

    #[inline(always)]
    fn adjust(pos: &Position<Self>, white: i32, cx: &Context) -> i32 {
        adjust(pos, white + endgame_phase(pos), cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phase(fen: &str) -> i32 {
        endgame_phase(&fen.parse::<Position<Czech>>().unwrap())
    }

    #[test]
    fn endgame_worth_grows_as_the_board_empties() {
        // 5 pieces: each side 11 pieces short of 16. White's man on its
        // 7th rank is 3 ranks beyond the 4th, Black's on its 5th is 1;
        // the kings cancel.
        assert_eq!(phase("W:Wc7,Kc1:Bd4,Kh8,a7"), (3 - 1) * MAN_PHASE * 11);
        // The board turned round with the colours swapped: the negation.
        assert_eq!(phase("B:We5,Ka1,h2:Bf2,Kf8"), -(3 - 1) * MAN_PHASE * 11);
        // A man on its 4th rank or below gains nothing; a king does.
        assert_eq!(phase("W:Wc3,Kd4:Bf6"), KING_PHASE * 13);
        // From 16 pieces on, nothing.
        let full = "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";
        assert_eq!(phase(full), 0);
    }
}
