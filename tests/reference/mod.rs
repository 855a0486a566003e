//! A reference move generator for every game of dama, written from the
//! rules texts (RULES.md, RULES-MAINSTREAM.md) alone, to check dama's
//! generator against.
//!
//! It is deliberately naive so that it is easy to see it is right: the
//! board is a plain array of cells (a "mailbox"), a square is a (file,
//! rank) pair, every piece's powers are written out per game as lists of
//! (file, rank) steps, and captures are found by a plain recursive search
//! on a copy of the board. Nothing here is shared with dama's `src/`
//! (not the geometry, not the FEN reader, not the move type), so a
//! misreading of the rules in one is unlikely to be repeated in the other.
//! Speed does not matter; clarity does.
//!
//! The rules as implemented (RULES.md, Common ground and §1–§5):
//! - the capturing piece's origin counts as empty during its move;
//! - captured pieces stay on the board until the move ends: they cannot
//!   be jumped twice, passed over or landed on;
//! - a piece that can go on capturing must; a flying piece must land on a
//!   square from which it can go on capturing, if there is one;
//! - chains with the same origin, destination and captured set are one
//!   move, written with the chain whose landing squares come first in
//!   file-then-rank order;
//! - Czech: if a king can capture, only king captures are legal;
//!   Gothic: only the captures taking the most pieces are legal;
//! - promotion when a piece ends its move on its last rank; in Knight's
//!   draughts a knight landing on the last rank is promoted and stops,
//!   even in the middle of a chain;
//! - Gothic and Ossetian: a player with pieces and no move passes when
//!   the opponent has pieces and a move.
//!
//! And the 10×10 games of RULES-MAINSTREAM.md §1, §3–§5 (International,
//! Killer, Breakthrough, Antidraughts): men step diagonally forward and
//! capture diagonally forward and backward, kings fly, only the captures
//! taking the most pieces are legal; Killer: a king whose capture ends
//! with a king taken stops right behind it; Breakthrough: a position in
//! which the opponent of the side to move has a king is over (no moves).
//! Their squares are written with the numbers 1–50 (1 = b10, 46 = a1),
//! and merged chains keep the path whose numbers come first.
//!
//! And the 8×8 games of RULES-MAINSTREAM.md §6–§11, all on the diagonals:
//! Brazilian (International's rules on 8×8), Russian (free choice; a man
//! reaching the last rank in a capture is a king at once and goes on as
//! one), English (Black first; men jump forward only, kings step and jump
//! short), Italian (a1 not playable; men jump forward only and never take
//! a king; kings short; precedence: most pieces, by a king, most kings,
//! the king met earliest), Spanish (a1 not playable; men jump forward
//! only, flying kings; most pieces, then most kings) and pool (Black
//! first; men jump backward too, flying kings, free choice, crowned only
//! at the end). Brazilian and Russian squares are written algebraically;
//! English, Italian, Spanish and pool moves are written with each game's
//! square numbers (N.2: 1 = b8, Italian 1 = a8, Spanish 1 = h1), and their
//! merged chains keep the path whose numbers come first. The precedence is applied
//! to the chains before duplicates are merged (0.4).

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fmt;

/// The five games.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Game {
    /// Czech draughts, §1.
    Czech,
    /// Gothic draughts, §2.
    Gothic,
    /// Knight's draughts, §3.
    Knights,
    /// Ossetian draughts, §4.
    Ossetian,
    /// Medieval battle, §5.
    Medieval,
    /// International draughts (RULES-MAINSTREAM §1).
    International,
    /// Killer draughts (RULES-MAINSTREAM §3).
    Killer,
    /// Breakthrough draughts (RULES-MAINSTREAM §4).
    Breakthrough,
    /// Antidraughts (RULES-MAINSTREAM §5).
    Antidraughts,
    /// Turkish draughts (RULES-MAINSTREAM §13).
    Turkish,
    /// Thai draughts (RULES-MAINSTREAM §12).
    Thai,
    /// Frisian draughts (RULES-MAINSTREAM §2).
    Frisian,
    /// Brazilian draughts (RULES-MAINSTREAM §6).
    Brazilian,
    /// Russian draughts (RULES-MAINSTREAM §7).
    Russian,
    /// English draughts (RULES-MAINSTREAM §8).
    English,
    /// Italian draughts (RULES-MAINSTREAM §9).
    Italian,
    /// Spanish draughts (RULES-MAINSTREAM §10).
    Spanish,
    /// Pool checkers (RULES-MAINSTREAM §11).
    Pool,
}

impl Game {
    /// All of them, in the order of RULES.md, then RULES-MAINSTREAM.md.
    pub const ALL: [Game; 18] = [
        Game::Czech,
        Game::Gothic,
        Game::Knights,
        Game::Ossetian,
        Game::Medieval,
        Game::International,
        Game::Killer,
        Game::Breakthrough,
        Game::Antidraughts,
        Game::Turkish,
        Game::Thai,
        Game::Frisian,
        Game::Brazilian,
        Game::Russian,
        Game::English,
        Game::Italian,
        Game::Spanish,
        Game::Pool,
    ];

    /// The 10×10 games on the dark squares, numbered 1–50.
    pub fn ten(self) -> bool {
        matches!(
            self,
            Game::International | Game::Killer | Game::Breakthrough | Game::Antidraughts
        )
    }

    /// The games whose moves are written with their square numbers
    /// (`32-28`, `22x15x8`): the 10×10 games above, English, Italian,
    /// Spanish and pool (N.2; Frisian and Thai, numbered too, are written
    /// algebraically here).
    pub fn writes_numbers(self) -> bool {
        self.ten()
            || matches!(
                self,
                Game::English | Game::Italian | Game::Spanish | Game::Pool
            )
    }

    /// Files and ranks of the board.
    pub fn size(self) -> (i32, i32) {
        match self {
            Game::Czech | Game::Gothic | Game::Turkish | Game::Thai => (8, 8),
            Game::Brazilian
            | Game::Russian
            | Game::English
            | Game::Italian
            | Game::Spanish
            | Game::Pool => (8, 8),
            Game::Knights | Game::Medieval | Game::Frisian => (10, 10),
            Game::Ossetian => (7, 7),
            _ => (10, 10),
        }
    }

    /// True when a piece may stand on (file, rank).
    pub fn playable(self, f: i32, r: i32) -> bool {
        let (w, h) = self.size();
        let inside = f >= 0 && r >= 0 && f < w && r < h;
        match self {
            // a1 is dark; the dark squares are those with file + rank even.
            Game::Czech | Game::Thai | Game::Frisian => inside && (f + r) % 2 == 0,
            Game::Brazilian | Game::Russian | Game::English | Game::Pool => {
                inside && (f + r) % 2 == 0
            }
            // §9, §10: h1 is playable, a1 is not.
            Game::Italian | Game::Spanish => inside && (f + r) % 2 == 1,
            g if g.ten() => inside && (f + r) % 2 == 0,
            _ => inside,
        }
    }

    /// The start position of RULES.md, as FEN.
    pub fn start_fen(self) -> &'static str {
        match self {
            Game::Czech => "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
            Game::Gothic => "W:Wa1,a2,b1,b2,c1,c2,d1,d2,e1,e2,f1,f2,g1,g2,h1,h2:Ba7,a8,b7,b8,c7,c8,d7,d8,e7,e8,f7,f8,g7,g8,h7,h8",
            Game::Knights => "W:Wa3,a4,b3,b4,c3,c4,d3,d4,e3,e4,f3,f4,g3,g4,h3,h4,i3,i4,j3,j4:Ba7,a8,b7,b8,c7,c8,d7,d8,e7,e8,f7,f8,g7,g8,h7,h8,i7,i8,j7,j8",
            Game::Ossetian => "W:Wa1,a2,a3,b1,b2,b3,c1,c2,c3,d1,d2,d3,e1,e2,e3,f1,f2,f3,g1,g2,g3:Ba5,a6,a7,b5,b6,b7,c5,c6,c7,d5,d6,d7,e5,e6,e7,f5,f6,f7,g5,g6,g7",
            Game::Medieval => "W:WNa1,a3,b2,Nc1,c3,d2,Ne1,e3,f2,Ng1,g3,h2,Ni1,i3,j2:Ba9,b8,Nb10,c9,d8,Nd10,e9,f8,Nf10,g9,h8,Nh10,i9,j8,Nj10",
            Game::Turkish => "W:Wa2,a3,b2,b3,c2,c3,d2,d3,e2,e3,f2,f3,g2,g3,h2,h3:Ba6,a7,b6,b7,c6,c7,d6,d7,e6,e7,f6,f7,g6,g7,h6,h7",
            Game::Thai => "W:Wa1,b2,c1,d2,e1,f2,g1,h2:Ba7,b8,c7,d8,e7,f8,g7,h8",
            Game::Brazilian | Game::Russian => "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
            // §8, §11: Black moves first, White at the bottom.
            Game::English | Game::Pool => "B:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
            Game::Italian | Game::Spanish => "W:Wa2,b1,b3,c2,d1,d3,e2,f1,f3,g2,h1,h3:Ba6,a8,b7,c6,c8,d7,e6,e8,f7,g6,g8,h7",
            Game::Frisian => "W:Wa1,a3,b2,b4,c1,c3,d2,d4,e1,e3,f2,f4,g1,g3,h2,h4,i1,i3,j2,j4:Ba7,a9,b8,b10,c7,c9,d8,d10,e7,e9,f8,f10,g7,g9,h8,h10,i7,i9,j8,j10",
            _ => "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        }
    }

    /// The kinds the game uses.
    pub fn kinds(self) -> &'static [Kind] {
        match self {
            Game::Czech
            | Game::Gothic
            | Game::Knights
            | Game::Turkish
            | Game::Thai
            | Game::Frisian => &[Kind::Man, Kind::King],
            Game::Brazilian
            | Game::Russian
            | Game::English
            | Game::Italian
            | Game::Spanish
            | Game::Pool => &[Kind::Man, Kind::King],
            Game::Ossetian => &[Kind::Man],
            Game::Medieval => &[Kind::Man, Kind::Knight, Kind::Commander, Kind::King],
            _ => &[Kind::Man, Kind::King],
        }
    }

    /// What a kind becomes when it ends its move on its last rank.
    pub fn promotes_to(self, k: Kind) -> Option<Kind> {
        match (self, k) {
            (
                Game::Czech
                | Game::Gothic
                | Game::Knights
                | Game::Turkish
                | Game::Thai
                | Game::Frisian
                | Game::Brazilian
                | Game::Russian
                | Game::English
                | Game::Italian
                | Game::Spanish
                | Game::Pool,
                Kind::Man,
            ) => Some(Kind::King),
            (g, Kind::Man) if g.ten() => Some(Kind::King),
            (Game::Medieval, Kind::Man) => Some(Kind::Commander),
            (Game::Medieval, Kind::Knight) => Some(Kind::King),
            _ => None,
        }
    }

    /// Turkish and Thai: a captured piece leaves the board at once.
    pub fn removes_at_once(self) -> bool {
        matches!(self, Game::Turkish | Game::Thai)
    }

    /// Knight's draughts and Thai: a man landing on the last rank in a
    /// capture is promoted and stops.
    pub fn promotion_stops(self) -> bool {
        matches!(self, Game::Knights | Game::Thai)
    }

    /// Gothic and Ossetian draughts: a blocked player passes.
    pub fn has_passes(self) -> bool {
        matches!(self, Game::Gothic | Game::Ossetian)
    }

    /// The number of a square in the games whose squares are numbered
    /// (RULES-MAINSTREAM N.2): from the top left (1 = b10 or b8, Italian
    /// 1 = a8), Spanish from the bottom right (1 = h1). `None` in the
    /// algebraic games.
    pub fn square_number(self, (f, r): Sq) -> Option<i32> {
        let (w, h) = self.size();
        match self {
            Game::Spanish => Some(r * (w / 2) + (w - 1 - f) / 2 + 1),
            g if g.ten() => Some((h - 1 - r) * (w / 2) + f / 2 + 1),
            Game::Frisian | Game::Thai | Game::English | Game::Pool | Game::Italian => {
                Some((h - 1 - r) * (w / 2) + f / 2 + 1)
            }
            _ => None,
        }
    }
}

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// Moves up the board.
    White,
    /// Moves down the board.
    Black,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    /// +1 for White (up the board), −1 for Black.
    pub fn forward(self) -> i32 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }
}

/// A piece kind (the plain piece is `Man`: a man, Knight's-draughts
/// knight, Ossetian piece or Medieval pawn).
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// The plain piece.
    Man,
    /// The king.
    King,
    /// Medieval battle's knight.
    Knight,
    /// Medieval battle's commander.
    Commander,
}

impl Kind {
    /// The FEN prefix.
    pub fn letter(self) -> &'static str {
        match self {
            Kind::Man => "",
            Kind::King => "K",
            Kind::Knight => "N",
            Kind::Commander => "C",
        }
    }
}

/// A square as (file, rank), both from 0.
pub type Sq = (i32, i32);

/// The algebraic name of a square (`a1`, `j10`).
pub fn name(s: Sq) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

/// Reads an algebraic square name.
pub fn parse_sq(t: &str) -> Option<Sq> {
    let mut ch = t.chars();
    let f = ch.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let r: i32 = ch.as_str().parse().ok()?;
    Some((f as i32 - 'a' as i32, r - 1))
}

/// The number of a square of the 10×10 games (1 = b10, 46 = a1).
pub fn number(s: Sq) -> i32 {
    let row = 9 - s.1;
    row * 5 + s.0 / 2 + 1
}

/// The square of a number of the 10×10 games.
pub fn numbered(n: i32) -> Sq {
    let row = (n - 1) / 5;
    let i = (n - 1) % 5;
    let file = if row % 2 == 0 { 2 * i + 1 } else { 2 * i };
    (file, 9 - row)
}

/// How a kind moves and captures, for one side: the steps (file, rank)
/// it moves by, whether it repeats them (slides), the steps it captures
/// along, and whether its captures fly (capture at a distance).
struct Powers {
    moves: Vec<Sq>,
    slides: bool,
    captures: Vec<Sq>,
    flies: bool,
}

const ORTHOGONAL: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: [Sq; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT_LEAPS: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Frisian lines: the diagonals, and ranks and files over dark squares only.
fn frisian_lines() -> Vec<Sq> {
    let mut v = DIAGONAL.to_vec();
    v.extend([(0, 2), (2, 0), (0, -2), (-2, 0)]);
    v
}

fn eight() -> Vec<Sq> {
    ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect()
}

/// Each game's pieces, read off RULES.md. `fw` is the side's forward.
fn powers(game: Game, kind: Kind, side: Side) -> Powers {
    let fw = side.forward();
    match (game, kind) {
        // §1: a man steps and captures diagonally forward only.
        (Game::Czech, Kind::Man) => {
            let d = vec![(1, fw), (-1, fw)];
            Powers {
                moves: d.clone(),
                slides: false,
                captures: d,
                flies: false,
            }
        }
        // §1: the king flies on the diagonals.
        (Game::Czech, Kind::King) => Powers {
            moves: DIAGONAL.to_vec(),
            slides: true,
            captures: DIAGONAL.to_vec(),
            flies: true,
        },
        // §2: forward, sideways, diagonally forward; short jumps the same way.
        (Game::Gothic, Kind::Man) => {
            let d = vec![(0, fw), (1, 0), (-1, 0), (1, fw), (-1, fw)];
            Powers {
                moves: d.clone(),
                slides: false,
                captures: d,
                flies: false,
            }
        }
        // §2: the king moves like a chess queen and captures at a distance.
        (Game::Gothic, Kind::King) => Powers {
            moves: eight(),
            slides: true,
            captures: eight(),
            flies: true,
        },
        // §3: the four forward knight leaps (±1, +2) and (±2, +1).
        (Game::Knights, Kind::Man) => {
            let d = vec![(1, 2 * fw), (-1, 2 * fw), (2, fw), (-2, fw)];
            Powers {
                moves: d.clone(),
                slides: false,
                captures: d,
                flies: false,
            }
        }
        // §3: a king leaps like a chess knight in all eight directions.
        (Game::Knights, Kind::King) => Powers {
            moves: KNIGHT_LEAPS.to_vec(),
            slides: false,
            captures: KNIGHT_LEAPS.to_vec(),
            flies: false,
        },
        // §4: one step forward (straight or diagonal); short jumps in all eight.
        (Game::Ossetian, Kind::Man) => Powers {
            moves: vec![(0, fw), (1, fw), (-1, fw)],
            slides: false,
            captures: eight(),
            flies: false,
        },
        // §5: the pawn steps and jumps diagonally forward.
        (Game::Medieval, Kind::Man) => {
            let d = vec![(1, fw), (-1, fw)];
            Powers {
                moves: d.clone(),
                slides: false,
                captures: d,
                flies: false,
            }
        }
        // §5: the knight steps and jumps one square forward or sideways.
        (Game::Medieval, Kind::Knight) => {
            let d = vec![(0, fw), (1, 0), (-1, 0)];
            Powers {
                moves: d.clone(),
                slides: false,
                captures: d,
                flies: false,
            }
        }
        // §5: the commander flies on the four diagonals.
        (Game::Medieval, Kind::Commander) => Powers {
            moves: DIAGONAL.to_vec(),
            slides: true,
            captures: DIAGONAL.to_vec(),
            flies: true,
        },
        // §5: the king flies in all eight directions.
        (Game::Medieval, Kind::King) => Powers {
            moves: eight(),
            slides: true,
            captures: eight(),
            flies: true,
        },
        // RULES-MAINSTREAM §1: men step diagonally forward and jump
        // diagonally forward and backward.
        (g, Kind::Man) if g.ten() => Powers {
            moves: vec![(1, fw), (-1, fw)],
            slides: false,
            captures: DIAGONAL.to_vec(),
            flies: false,
        },
        // §1: flying kings.
        (g, Kind::King) if g.ten() => Powers {
            moves: DIAGONAL.to_vec(),
            slides: true,
            captures: DIAGONAL.to_vec(),
            flies: true,
        },
        // §13: forward and sideways, the same for short jumps.
        (Game::Turkish, Kind::Man) => {
            let d = vec![(0, fw), (1, 0), (-1, 0)];
            Powers {
                moves: d.clone(),
                slides: false,
                captures: d,
                flies: false,
            }
        }
        // §13: a rook that captures at a distance.
        (Game::Turkish, Kind::King) => Powers {
            moves: ORTHOGONAL.to_vec(),
            slides: true,
            captures: ORTHOGONAL.to_vec(),
            flies: true,
        },
        // §12: as a Czech man.
        (Game::Thai, Kind::Man) => {
            let d = vec![(1, fw), (-1, fw)];
            Powers {
                moves: d.clone(),
                slides: false,
                captures: d,
                flies: false,
            }
        }
        // §12: flies on the diagonals (landing right behind, see `chains`).
        (Game::Thai, Kind::King) => Powers {
            moves: DIAGONAL.to_vec(),
            slides: true,
            captures: DIAGONAL.to_vec(),
            flies: true,
        },
        // §2: diagonally forward; short jumps in eight directions, along
        // ranks and files to the next dark square (two squares away).
        (Game::Frisian, Kind::Man) => Powers {
            moves: vec![(1, fw), (-1, fw)],
            slides: false,
            captures: frisian_lines(),
            flies: false,
        },
        // §2: flies on the diagonals, captures at a distance in eight.
        (Game::Frisian, Kind::King) => Powers {
            moves: DIAGONAL.to_vec(),
            slides: true,
            captures: frisian_lines(),
            flies: true,
        },
        // §6, §7, §11: men as in International draughts, diagonally
        // forward; short jumps forward and backward.
        (Game::Brazilian | Game::Russian | Game::Pool, Kind::Man) => Powers {
            moves: vec![(1, fw), (-1, fw)],
            slides: false,
            captures: DIAGONAL.to_vec(),
            flies: false,
        },
        // §6, §7, §10, §11: flying kings.
        (Game::Brazilian | Game::Russian | Game::Spanish | Game::Pool, Kind::King) => Powers {
            moves: DIAGONAL.to_vec(),
            slides: true,
            captures: DIAGONAL.to_vec(),
            flies: true,
        },
        // §8, §9, §10: men step and jump diagonally forward only.
        (Game::English | Game::Italian | Game::Spanish, Kind::Man) => {
            let d = vec![(1, fw), (-1, fw)];
            Powers {
                moves: d.clone(),
                slides: false,
                captures: d,
                flies: false,
            }
        }
        // §8, §9: kings step one square and jump short, in the four
        // diagonal directions.
        (Game::English | Game::Italian, Kind::King) => Powers {
            moves: DIAGONAL.to_vec(),
            slides: false,
            captures: DIAGONAL.to_vec(),
            flies: false,
        },
        (g, k) => panic!("{g:?} has no {k:?}"),
    }
}

/// A position: the game, a cell per square and the side to move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    /// The game.
    pub game: Game,
    cells: Vec<Option<(Side, Kind)>>,
    /// Who is to move.
    pub side: Side,
    /// Frisian: each side's king run (square, count), White's first.
    pub runs: [Option<(Sq, u8)>; 2],
}

/// A legal move as the reference sees it.
#[derive(Clone, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub struct RefMove {
    /// The notation: `c3-d4`, `c3xe5xc7` or `pass`.
    pub text: String,
    /// The captured squares, in file-then-rank order.
    pub captured: Vec<String>,
    /// The FEN letter of the kind the piece becomes (`K`, `C`), if it promotes.
    pub promotion: Option<&'static str>,
    from: Option<Sq>,
    path: Vec<Sq>,
    caps: Vec<Sq>,
    kind: Kind,
}

impl RefMove {
    /// True for a pass.
    pub fn is_pass(&self) -> bool {
        self.from.is_none()
    }
    /// Number of pieces captured.
    pub fn count(&self) -> usize {
        self.caps.len()
    }
}

impl fmt::Display for RefMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// One capture chain: the landing squares and the captured squares, in order.
#[derive(Clone, Debug)]
struct Chain {
    path: Vec<Sq>,
    caps: Vec<Sq>,
}

impl Chain {
    fn prefixed(mut self, land: Sq, victim: Sq) -> Chain {
        self.path.insert(0, land);
        self.caps.insert(0, victim);
        self
    }
}

/// Why a FEN could not be read by the reference.
#[derive(Debug)]
pub struct BadFen(pub String);

impl Board {
    /// A square's name in this game's notation.
    pub fn sq_name(&self, s: Sq) -> String {
        match self.game.square_number(s) {
            Some(n) if self.game.writes_numbers() => n.to_string(),
            _ => name(s),
        }
    }

    fn idx(&self, s: Sq) -> usize {
        let (w, _) = self.game.size();
        (s.1 * w + s.0) as usize
    }

    /// True when the square is on this game's board.
    pub fn on(&self, s: Sq) -> bool {
        self.game.playable(s.0, s.1)
    }

    /// The piece on a square.
    pub fn at(&self, s: Sq) -> Option<(Side, Kind)> {
        if self.on(s) {
            self.cells[self.idx(s)]
        } else {
            None
        }
    }

    /// Puts (or clears) a piece.
    pub fn set(&mut self, s: Sq, p: Option<(Side, Kind)>) {
        let i = self.idx(s);
        self.cells[i] = p;
    }

    /// An empty board.
    pub fn empty(game: Game, side: Side) -> Board {
        let (w, h) = game.size();
        Board {
            game,
            cells: vec![None; (w * h) as usize],
            side,
            runs: [None, None],
        }
    }

    /// Every square of the board, file by file then rank by rank.
    pub fn squares(&self) -> Vec<Sq> {
        let (w, h) = self.game.size();
        let mut v = Vec::new();
        for f in 0..w {
            for r in 0..h {
                if self.on((f, r)) {
                    v.push((f, r));
                }
            }
        }
        v
    }

    /// The squares of one side's pieces.
    pub fn pieces_of(&self, side: Side) -> Vec<Sq> {
        self.squares()
            .into_iter()
            .filter(|&s| matches!(self.at(s), Some((c, _)) if c == side))
            .collect()
    }

    /// The last rank of a side (its promotion rank).
    pub fn last_rank(&self, side: Side) -> i32 {
        match side {
            Side::White => self.game.size().1 - 1,
            Side::Black => 0,
        }
    }

    /// Reads `SIDE:W<pieces>:B<pieces>` (extra `H`/`F` fields ignored).
    pub fn from_fen(game: Game, fen: &str) -> Result<Board, BadFen> {
        let mut fields = fen.split(':');
        let side = match fields.next().map(str::trim) {
            Some("W") => Side::White,
            Some("B") => Side::Black,
            other => return Err(BadFen(format!("side {other:?}"))),
        };
        let mut b = Board::empty(game, side);
        for field in fields {
            let field = field.trim();
            // Frisian king runs: `MW2@d8`.
            if let Some(run) = field.strip_prefix('M') {
                let i = if run.starts_with('W') { 0 } else { 1 };
                let (n, sq) = run[1..]
                    .split_once('@')
                    .ok_or_else(|| BadFen(field.into()))?;
                let n: u8 = n.parse().map_err(|_| BadFen(field.into()))?;
                let s = parse_sq(sq).ok_or_else(|| BadFen(field.into()))?;
                b.runs[i] = Some((s, n));
                continue;
            }
            let color = match field.chars().next() {
                Some('W') => Side::White,
                Some('B') => Side::Black,
                _ => continue,
            };
            for item in field[1..]
                .split(',')
                .map(str::trim)
                .filter(|i| !i.is_empty())
            {
                let (kind, sq) = match &item[..1] {
                    "K" => (Kind::King, &item[1..]),
                    "N" => (Kind::Knight, &item[1..]),
                    "C" => (Kind::Commander, &item[1..]),
                    _ => (Kind::Man, item),
                };
                let s = if sq.bytes().all(|b| b.is_ascii_digit()) && game.ten() {
                    numbered(sq.parse().map_err(|_| BadFen(item.to_string()))?)
                } else {
                    parse_sq(sq).ok_or_else(|| BadFen(item.to_string()))?
                };
                if !b.on(s) || b.at(s).is_some() {
                    return Err(BadFen(item.to_string()));
                }
                b.set(s, Some((color, kind)));
            }
        }
        Ok(b)
    }

    /// The canonical FEN: each side's squares by file, then rank (by
    /// number on the numbered boards).
    pub fn fen(&self) -> String {
        if self.game.ten() {
            return self.fen_numbered();
        }
        self.fen_algebraic()
    }

    fn fen_numbered(&self) -> String {
        let mut out = String::from(match self.side {
            Side::White => "W",
            Side::Black => "B",
        });
        for side in [Side::White, Side::Black] {
            out.push(':');
            out.push(if side == Side::White { 'W' } else { 'B' });
            let mut sq = self.pieces_of(side);
            sq.sort_by_key(|&s| number(s));
            let items: Vec<String> = sq
                .into_iter()
                .map(|s| format!("{}{}", self.at(s).unwrap().1.letter(), number(s)))
                .collect();
            out.push_str(&items.join(","));
        }
        out
    }

    /// The FEN with algebraic squares, each side's by file, then rank.
    pub fn fen_algebraic(&self) -> String {
        let mut out = String::from(match self.side {
            Side::White => "W",
            Side::Black => "B",
        });
        for side in [Side::White, Side::Black] {
            out.push(':');
            out.push(if side == Side::White { 'W' } else { 'B' });
            let items: Vec<String> = self
                .pieces_of(side)
                .into_iter()
                .map(|s| format!("{}{}", self.at(s).unwrap().1.letter(), name(s)))
                .collect();
            out.push_str(&items.join(","));
        }
        for (i, run) in self.runs.iter().enumerate() {
            if let Some((s, n)) = run {
                out.push_str(&format!(":M{}{n}@{}", ["W", "B"][i], name(*s)));
            }
        }
        out
    }

    /// All complete capture chains that continue from `at`, the moving
    /// piece having already captured `taken`. Empty when it cannot capture.
    /// `self` is the board with the moving piece lifted off its origin.
    ///
    /// `prev` is the step of the jump that led to `at` (Turkish: never
    /// straight back).
    fn chains(&self, side: Side, kind: Kind, at: Sq, taken: &[Sq], prev: Option<Sq>) -> Vec<Chain> {
        let p = powers(self.game, kind, side);
        let at_once = self.game.removes_at_once();
        // Italian (§9): a man never captures a king.
        let prey = |k: Kind| !(self.game == Game::Italian && kind == Kind::Man && k == Kind::King);
        let is_victim = |s: Sq| {
            matches!(self.at(s), Some((c, k)) if c != side && prey(k)) && !taken.contains(&s)
        };
        // Empty, or (removal at once) a piece already taken.
        let free = |s: Sq| self.at(s).is_none() || (at_once && taken.contains(&s));
        let mut out = Vec::new();
        for &(df, dr) in &p.captures {
            if self.game == Game::Turkish && prev == Some((-df, -dr)) {
                continue;
            }
            if p.flies {
                // Empty squares, then the piece, then empty landing squares.
                let mut s = (at.0 + df, at.1 + dr);
                while self.on(s) && free(s) {
                    s = (s.0 + df, s.1 + dr);
                }
                if !self.on(s) || !is_victim(s) {
                    continue;
                }
                let victim = s;
                let mut lands = Vec::new();
                let mut l = (victim.0 + df, victim.1 + dr);
                while self.on(l) && free(l) {
                    lands.push(l);
                    if self.game == Game::Thai {
                        break; // Thai kings land right behind.
                    }
                    l = (l.0 + df, l.1 + dr);
                }
                let mut now_taken = taken.to_vec();
                now_taken.push(victim);
                let goes_on: Vec<(Sq, Vec<Chain>)> = lands
                    .iter()
                    .map(|&l| (l, self.chains(side, kind, l, &now_taken, Some((df, dr)))))
                    .collect();
                if goes_on.iter().any(|(_, c)| !c.is_empty()) {
                    // It must land where it can go on, and go on.
                    for (l, cs) in goes_on {
                        for c in cs {
                            out.push(c.prefixed(l, victim));
                        }
                    }
                } else {
                    // Killer: a king taken last stops the capturing king
                    // right behind it.
                    let halt = self.game == Game::Killer
                        && matches!(self.at(victim), Some((_, Kind::King)));
                    for l in lands {
                        out.push(Chain {
                            path: vec![l],
                            caps: vec![victim],
                        });
                        if halt {
                            break;
                        }
                    }
                }
            } else {
                // A short jump (or a knight's two equal leaps).
                let over = (at.0 + df, at.1 + dr);
                let land = (at.0 + 2 * df, at.1 + 2 * dr);
                if !self.on(over) || !is_victim(over) || !self.on(land) || !free(land) {
                    continue;
                }
                let promoted_here = self.game.promotion_stops()
                    && kind == Kind::Man
                    && land.1 == self.last_rank(side);
                // Russian (§7): a man reaching the last rank is a king at
                // once and goes on capturing as a king.
                let crowned_here = self.game == Game::Russian
                    && kind == Kind::Man
                    && land.1 == self.last_rank(side);
                let goes_on_as = if crowned_here { Kind::King } else { kind };
                let mut now_taken = taken.to_vec();
                now_taken.push(over);
                let rest = if promoted_here {
                    Vec::new()
                } else {
                    self.chains(side, goes_on_as, land, &now_taken, Some((df, dr)))
                };
                if rest.is_empty() {
                    out.push(Chain {
                        path: vec![land],
                        caps: vec![over],
                    });
                } else {
                    for c in rest {
                        out.push(c.prefixed(land, over));
                    }
                }
            }
        }
        out
    }

    fn make_move(&self, from: Sq, kind: Kind, path: Vec<Sq>, caps: Vec<Sq>) -> RefMove {
        let to = *path.last().unwrap();
        let last = self.last_rank(self.side);
        // Russian: crowned where it reached the last rank, wherever it ends.
        let crowned =
            to.1 == last || (self.game == Game::Russian && path.iter().any(|s| s.1 == last));
        let promotion = if crowned {
            self.game.promotes_to(kind)
        } else {
            None
        };
        let sep = if caps.is_empty() { "-" } else { "x" };
        let mut text = self.sq_name(from);
        for &s in &path {
            text.push_str(sep);
            text.push_str(&self.sq_name(s));
        }
        let mut sorted_caps = caps.clone();
        sorted_caps.sort();
        RefMove {
            text,
            captured: sorted_caps.iter().map(|&s| name(s)).collect(),
            promotion: promotion.map(|k| k.letter()),
            from: Some(from),
            path,
            caps,
            kind,
        }
    }

    /// Every capture chain of the side to move, one move each: chains
    /// that share origin, destination and captured set are not merged yet.
    fn capture_chains(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        // The board with the moving piece lifted off its origin.
        let mut lifted = self.clone();
        for from in self.pieces_of(self.side) {
            let (_, kind) = self.at(from).unwrap();
            lifted.set(from, None);
            for c in lifted.chains(self.side, kind, from, &[], None) {
                out.push(self.make_move(from, kind, c.path, c.caps));
            }
            lifted.set(from, self.at(from));
        }
        out
    }

    /// Chains with the same origin, destination and captured set as one
    /// move, keeping the path that comes first: by square numbers on the
    /// numbered boards (N.4), otherwise in file-then-rank order (squares
    /// as (file, rank) pairs compare exactly so).
    fn merged(&self, chains: Vec<RefMove>) -> Vec<RefMove> {
        let order = |p: &[Sq]| -> Vec<i32> {
            p.iter()
                .map(|&(f, r)| self.game.square_number((f, r)).unwrap_or(f * 100 + r))
                .collect()
        };
        let mut merged: BTreeMap<(Sq, Sq, Vec<Sq>), RefMove> = BTreeMap::new();
        for m in chains {
            let mut set = m.caps.clone();
            set.sort();
            let key = (m.from.unwrap(), *m.path.last().unwrap(), set);
            match merged.get(&key) {
                Some(old) if order(&old.path) <= order(&m.path) => {}
                _ => {
                    merged.insert(key, m);
                }
            }
        }
        merged.into_values().collect()
    }

    /// Every capture of the side to move, duplicates merged, before the
    /// game's filters (majority, king priority).
    pub fn all_captures(&self) -> Vec<RefMove> {
        self.merged(self.capture_chains())
    }

    /// The number of capture chains of the side to move before merging
    /// (a measure of how hard the position is for a generator).
    pub fn chain_count(&self) -> usize {
        let mut lifted = self.clone();
        let mut n = 0;
        for from in self.pieces_of(self.side) {
            let (_, kind) = self.at(from).unwrap();
            lifted.set(from, None);
            n += lifted.chains(self.side, kind, from, &[], None).len();
            lifted.set(from, self.at(from));
        }
        n
    }

    /// The legal captures: the game's filters applied to the chains,
    /// then duplicates merged (0.4: the precedence looks at each chain,
    /// Italian's at the order of its jumps).
    pub fn captures(&self) -> Vec<RefMove> {
        let mut caps = self.capture_chains();
        let is_king = |c: &Sq| matches!(self.at(*c), Some((_, Kind::King)));
        let kings = |m: &RefMove| m.caps.iter().filter(|c| is_king(c)).count();
        let by_king_first = |caps: &mut Vec<RefMove>| {
            if caps.iter().any(|m| m.kind == Kind::King) {
                caps.retain(|m| m.kind == Kind::King);
            }
        };
        if self.game == Game::Czech {
            by_king_first(&mut caps);
        }
        if matches!(
            self.game,
            Game::Gothic | Game::Turkish | Game::Brazilian | Game::Italian | Game::Spanish
        ) || self.game.ten()
        {
            let most = caps.iter().map(|m| m.count()).max().unwrap_or(0);
            caps.retain(|m| m.count() == most);
        }
        if self.game == Game::Italian {
            // §9: by a king, then most kings, then the king met earliest.
            by_king_first(&mut caps);
            let most = caps.iter().map(kings).max().unwrap_or(0);
            caps.retain(|m| kings(m) == most);
            let when = |m: &RefMove| -> Vec<usize> {
                (0..m.caps.len()).filter(|&i| is_king(&m.caps[i])).collect()
            };
            let earliest = caps.iter().map(when).min().unwrap_or_default();
            caps.retain(|m| when(m) == earliest);
        }
        if self.game == Game::Spanish {
            // §10: among the most pieces, the most kings.
            let most = caps.iter().map(kings).max().unwrap_or(0);
            caps.retain(|m| kings(m) == most);
        }
        if self.game == Game::Frisian {
            // Highest men + 2 × kings, then fewest kings, then by a king.
            let value = |m: &RefMove| m.count() + kings(m);
            let best = caps.iter().map(value).max().unwrap_or(0);
            caps.retain(|m| value(m) == best);
            let fewest = caps.iter().map(kings).min().unwrap_or(0);
            caps.retain(|m| kings(m) == fewest);
            by_king_first(&mut caps);
        }
        self.merged(caps)
    }

    /// The non-capturing moves.
    pub fn quiet_moves(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        let i = if self.side == Side::White { 0 } else { 1 };
        for from in self.pieces_of(self.side) {
            let (_, kind) = self.at(from).unwrap();
            // Frisian: a king with three quiet moves in a row rests.
            if matches!(self.runs[i], Some((s, 3)) if s == from) {
                continue;
            }
            let p = powers(self.game, kind, self.side);
            for &(df, dr) in &p.moves {
                let mut s = (from.0 + df, from.1 + dr);
                while self.on(s) && self.at(s).is_none() {
                    out.push(self.make_move(from, kind, vec![s], Vec::new()));
                    if !p.slides {
                        break;
                    }
                    s = (s.0 + df, s.1 + dr);
                }
            }
        }
        out
    }

    /// Captures if there are any, otherwise the plain moves (no pass).
    fn moves_without_pass(&self) -> Vec<RefMove> {
        let caps = self.captures();
        if caps.is_empty() {
            self.quiet_moves()
        } else {
            caps
        }
    }

    /// Every legal move, sorted by notation.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        if self.game == Game::Breakthrough
            && self
                .pieces_of(self.side.other())
                .iter()
                .any(|&s| matches!(self.at(s), Some((_, Kind::King))))
        {
            // The opponent has crowned a man: the game is over.
            return Vec::new();
        }
        let mut moves = self.moves_without_pass();
        if moves.is_empty() && self.game.has_passes() {
            let mut other = self.clone();
            other.side = self.side.other();
            let both_have_pieces =
                !self.pieces_of(Side::White).is_empty() && !self.pieces_of(Side::Black).is_empty();
            if both_have_pieces && !other.moves_without_pass().is_empty() {
                moves.push(RefMove {
                    text: "pass".into(),
                    captured: Vec::new(),
                    promotion: None,
                    from: None,
                    path: Vec::new(),
                    caps: Vec::new(),
                    kind: Kind::Man,
                });
            }
        }
        moves.sort();
        moves
    }

    /// The position after a move.
    pub fn after(&self, m: &RefMove) -> Board {
        let mut b = self.clone();
        if let Some(from) = m.from {
            let (side, kind) = b.at(from).unwrap();
            b.set(from, None);
            for &c in &m.caps {
                b.set(c, None);
            }
            let new_kind = self
                .game
                .promotes_to(kind)
                .filter(|_| m.promotion.is_some());
            b.set(
                *m.path.last().unwrap(),
                Some((side, new_kind.unwrap_or(kind))),
            );
        }
        b.side = self.side.other();
        if self.game == Game::Frisian {
            b.runs = self.runs_after(m, &b);
        }
        b
    }

    /// Frisian king runs after `m` (`b` is the board after it).
    fn runs_after(&self, m: &RefMove, b: &Board) -> [Option<(Sq, u8)>; 2] {
        let mut runs = self.runs;
        let us = if self.side == Side::White { 0 } else { 1 };
        let has_man = |side: Side| {
            b.pieces_of(side)
                .iter()
                .any(|&s| matches!(b.at(s), Some((_, Kind::Man))))
        };
        runs[us] = match m.from {
            Some(from) if m.caps.is_empty() && m.kind == Kind::King && has_man(self.side) => {
                let n = match self.runs[us] {
                    Some((s, n)) if s == from => n + 1,
                    _ => 1,
                };
                Some((*m.path.last().unwrap(), n))
            }
            _ => None,
        };
        let them = self.side.other();
        if let Some((s, _)) = runs[1 - us] {
            if m.caps.contains(&s) || !has_man(them) {
                runs[1 - us] = None;
            }
        }
        runs
    }

    /// Perft: the number of move sequences of `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.after(m).perft(depth - 1)).sum()
    }

    /// Perft split by root move.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.legal_moves()
            .iter()
            .map(|m| (m.text.clone(), self.after(m).perft(depth - 1)))
            .collect()
    }
}
