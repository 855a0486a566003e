//! International draughts: twenty men a side on the 10×10 board, men
//! that capture backwards, flying kings worth about three men, and the
//! FMJD endgame limits.
//!
//! - Men gain as they advance, slowly in the first ranks (the tempo of
//!   the game: a side that runs out of safe moves loses them) and more
//!   in the last three (a man there is a king in waiting).
//! - The centre (files `d`–`g`, ranks 4–7, squares such as 22, 23, 27,
//!   28, 29, 32, 33) is worth holding; the edge files less.
//! - Formation: men on 47, 48 and 49 guard the back rank against
//!   breakthroughs; `adjust` charges an army that leans on one wing
//!   (men on files `a`–`e` against `f`–`j`), and pays for men that
//!   nothing can stop from crowning.
//! - Kings like the long diagonal 46–5 (`a1`–`j10`) and the centre.
//! - `adjust` knows the ends the draw rules make hopeless: a lone king
//!   against at most three pieces with a king is a draw by the endgame
//!   classes, so the material edge is worth little there; against four
//!   pieces or more (no class, only the 25-move rule) it pays for closing
//!   the net: the squares the lone king can reach, and who holds the long
//!   diagonal (`cage`); and when the 25-move rule comes close every
//!   advantage fades towards the draw. As in Scan's evaluation, a side
//!   ahead against a king is worth an eighth with three pieces or fewer
//!   and half with as many kings and at most a man more (`drawish`).
//! - Region patterns ([`regions`]: the men of sixteen 4×4 windows),
//!   learned from self-play on top of these hand-set numbers, then
//!   fitted in two phases to the scores of a match's games (`dama
//!   selfplay`/`dama tune --variant international --patterns`; README,
//!   "Learned region patterns (international)"), read how men stand
//!   together.

use super::regions;
use super::shapes::{Centre, Kings, Men, Squares};
use super::{Context, Evaluate, Params};
use crate::bitboard::Bits;
use crate::geometry::Geometry;
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::international::International;
use crate::rules::Rules;

/// Worth of a man.
pub const MAN: i32 = 100;
/// Worth of a king.
pub const KING: i32 = 320;

/// Men by rank (slowly at first, steeply in the last three), the guard
/// on the back rank, the centre block (files `d`–`g`, ranks 4–7) and the
/// files beside it, a cost on the edges; kings on the long diagonal and
/// towards the centre.
const SQUARES: Squares<10> = Squares {
    men: Men {
        // A man never stands on the last rank.
        rank: [0, 1, 3, 5, 8, 12, 18, 28, 44, 0],
        // 47 (`c1`), 48 (`e1`), 49 (`g1`).
        guard: [0, 0, 6, 0, 9, 0, 6, 0, 2, 0],
        edge: -5,
        block: [3, 6],
        centre: 6,
        flank: 2,
        centre_div: 0,
    },
    kings: Kings {
        main: 12, // the long diagonal 46–5
        anti: 0,
        beside: 0,
        centre: Centre::Sum(3),
    },
};

/// The square table of the 10×10 games, for White.
pub fn square(kind: Kind, f: i32, r: i32, files: i32, ranks: i32) -> i32 {
    SQUARES.value(kind, f, r, files, ranks)
}

/// The International numbers.
pub const PARAMS: Params = Params {
    material: [MAN, KING, 0, 0],
    square,
    mobility: [1, 1, 0, 0],
    tempo: 4,
};

/// Men of `c` on the left wing (files `a`–`e`) minus the right.
/// Counted set-wise (the evaluation runs at every leaf).
fn wing_lean<R: Rules>(pos: &Position<R>, c: Color) -> i32 {
    const { assert!(R::Geo::BOARD.files == 10, "the wings of a 10×10 board") };
    let men = pos.pieces(c, Kind::Man);
    2 * (men & R::Geo::WEST).count() as i32 - men.count() as i32
}

/// Men of `c` that no opponent piece can stop from crowning (see
/// `eval::runaways`), looked at when the opponent has at most eight
/// pieces.
pub fn runaways<R: Rules>(pos: &Position<R>, c: Color) -> i32 {
    super::runaways(pos, c, 8, 180)
}

/// How well the pieces of `!lone` hold a lone king of `lone` that no
/// endgame class protects (four pieces or more against it, so only the
/// 25-move rule limits the hunt): the squares it can fly to shrink as
/// the net closes, and holding the long diagonal 46–5 keeps it off the
/// one line from which it cannot be trapped. Without this a shallow
/// search sees every quiet king move as equal and wanders until the
/// 25-move rule or a careless sacrifice draws a won game.
fn cage<R: Rules>(pos: &Position<R>, lone: Color) -> i32 {
    let empty = !pos.occupied() & R::Geo::ALL;
    let (_, room) = super::mobility(pos, lone, empty, &[0, 1, 0, 0]);
    let mut s = 6 * (18 - room.min(18) as i32);
    let diagonal = crate::geometry::long_diagonal::<R::Geo>();
    if !(pos.color(lone) & diagonal).is_empty() {
        s -= 40;
    } else if !(pos.pieces(!lone, Kind::King) & diagonal).is_empty() {
        s += 20;
    }
    s
}

/// The score `s` (White's side) shrunk where the side ahead meets a king
/// with material that rarely beats one: three pieces or fewer (a
/// flying king sweeps or blocks so few), or as many kings as the
/// opponent and at most one man more. Scan's evaluation makes the same
/// cuts (by 8 and by 2): without them the search trades into such
/// endings as if a man up were still worth a man. Against a lone king
/// the lone-king cut of [`adjust`] comes on top (by 16 more): such ends
/// are draws by the endgame limits anyway.
fn drawish<R: Rules>(pos: &Position<R>, s: i32) -> i32 {
    let ahead = match s.signum() {
        1 => Color::White,
        -1 => Color::Black,
        _ => return s,
    };
    let their_kings = pos.pieces(!ahead, Kind::King).count();
    if their_kings == 0 {
        return s;
    }
    let kings = pos.pieces(ahead, Kind::King).count();
    let men = pos.pieces(ahead, Kind::Man).count();
    let their_men = pos.pieces(!ahead, Kind::Man).count();
    if kings + men <= 3 {
        s / 8
    } else if kings == their_kings && men.abs_diff(their_men) <= 1 {
        s / 2
    } else {
        s
    }
}

/// Whether [`drawish`] shrinks the score of a side ahead with too
/// little to win against the opponent's king (with men or without).
const DRAWISH: bool = true;

/// Formation, endgame knowledge and the pull of the 25-move rule, from
/// White's side.
pub fn adjust<R: Rules>(pos: &Position<R>, white: i32, cx: &Context) -> i32 {
    // The cut comes first, on the sum alone, so that `adjust` stays two
    // straight lines that meet at 0 (as `dama tune` reads it).
    let mut s = if DRAWISH { drawish(pos, white) } else { white };
    // An army leaning on one wing leaves the other open.
    s -= 3 * (wing_lean(pos, Color::White).abs() - wing_lean(pos, Color::Black).abs());
    let kings = pos.kind(Kind::King);
    for lone in Color::ALL {
        let l = pos.color(lone);
        if l.count() != 1 || (l & kings).is_empty() {
            continue;
        }
        let o = pos.color(!lone);
        let stronger = match lone {
            Color::White => s < 0,
            Color::Black => s > 0,
        };
        if !stronger || (o & kings).is_empty() {
            continue;
        }
        // Against a lone flying king three pieces (one a king) rarely
        // win and fewer never do within the classes' limits.
        match o.count() {
            1..=3 => s /= 16,
            4 => s /= 2,
            _ => {}
        }
        if o.count() >= 4 {
            let drive = cage(pos, lone);
            s += if lone == Color::Black { drive } else { -drive };
        }
    }
    s += runaways(pos, Color::White) - runaways(pos, Color::Black);
    let u = cx.urgency();
    if u > 128 {
        s = s * (256 - u + 32) / 160;
    }
    s
}

/// The learned region patterns: one signed byte a weight, window by
/// window ([`regions`]), in two phases (the full board's worths, then
/// the ending's; `dama tune --phased`).
pub const PATTERN_TABLE: regions::Table =
    regions::Table(include_bytes!("international_patterns.bin"));

const _: () = assert!(PATTERN_TABLE.fits(&regions::layout::<International>()));

/// Whether the engine plays with [`PATTERN_TABLE`]: only once a match
/// (SPRT) has accepted it.
pub const SHIP_PATTERNS: bool = true;

impl Evaluate for International {
    const PARAMS: Params = PARAMS;
    const PATTERNS: Option<regions::Table> = if SHIP_PATTERNS {
        Some(PATTERN_TABLE)
    } else {
        None
    };
    const LEVEL_NODES_PERCENT: u64 = 60;
    const BENCH_DEPTH_CUT: u32 = 2;
    const BENCH_POSITIONS: &'static [&'static str] = &[crate::rules::international::START_FEN];

    #[inline(always)]
    fn adjust(pos: &Position<Self>, white: i32, cx: &Context) -> i32 {
        adjust(pos, white, cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position<International> {
        fen.parse().unwrap()
    }

    #[test]
    fn drawish_material_is_cut() {
        // Three pieces against a king: an eighth, whichever side is ahead.
        let three = pos("W:WK1,30,35:BK46,20");
        assert_eq!(drawish(&three, 400), 50);
        // Black ahead with five pieces, three men more: no cut.
        let ahead = pos("W:WK1,30:BK46,20,15,10,5");
        assert_eq!(drawish(&ahead, -400), -400);
        // Black ahead with three: an eighth.
        assert_eq!(drawish(&pos("W:WK1,30,35,40:BK46,20,15"), -400), -50);
        // A king each and a man more: half.
        let kings = pos("W:WK1,30,35,40,45:BK46,20,15,10");
        assert_eq!(drawish(&kings, 120), 60);
        // Two men more, or an opponent without a king: no cut.
        assert_eq!(drawish(&pos("W:WK1,30,35,40,45:BK46,20,15"), 120), 120);
        assert_eq!(drawish(&pos("W:WK1,30,35,40,45:B20,15,10"), 120), 120);
        assert_eq!(drawish(&kings, 0), 0);
    }
}
