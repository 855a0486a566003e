//! Properties that must hold in every position of every game, checked
//! with proptest (fixed seed, so a run is reproducible) on random
//! playouts from the start positions and on random set-ups, in every game:
//!
//! - FEN out → in gives the same position (and key), and every FEN a
//!   game writes on its way to the end reads back (counters and all);
//! - every legal move's text reads back as the same move;
//! - playing a move in a [`Game`] and undoing it restores position and key;
//! - the incrementally kept key equals the key computed from scratch;
//! - perft equals the sum of its divide lines, bulk or not;
//! - the bulk move count equals the number of legal moves;
//! - Czech draughts: the legal moves (texts, captured squares, promotion)
//!   equal those of the naive reference rules in `common::czech_ref`.
//!
//! And the parsers never panic: any string given to the FEN reader, the
//! move reader, a game's position reader or the move resolver comes back
//! as `Ok` or `Err`, and a refused move leaves a game as it was.

mod common;

use common::czech_ref;
use dama::explain::{self, Illegal, MoveError};
use dama::geometry::Geometry;
use dama::movegen::count_moves;
use dama::perft::{divide, perft};
use dama::position::SetupError;
use dama::rules::Precedence;
use dama::{
    dispatch, Color, Czech, Game, GameOptions, Gothic, Kind, Knights, Medieval, MoveText, Ossetian,
    Piece, Position, Rules, Setup, Square, SquareText, Variant,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// The seed of every property here (change it to explore other cases).
const SEED: u64 = 0x6461_6d61_2024;

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(SEED),
        failure_persistence: None,
        ..Config::default()
    }
}

/// Most moves of one position read back one by one.
const READ_BACK_MAX: usize = 64;

/// Every invariant of one position.
fn check_position<R: Rules>(pos: &Position<R>, perft_depth: u32) {
    let fen = pos.to_string();
    // FEN out -> in.
    let back: Position<R> = fen
        .parse()
        .unwrap_or_else(|e| panic!("{}: own FEN {fen} unreadable: {e}", R::VARIANT));
    assert_eq!(&back, pos, "{fen}");
    assert_eq!(back.key(), pos.key(), "{fen}");
    assert_eq!(pos.key(), pos.compute_key(), "{fen}: key");

    let legal = pos.legal_moves();
    assert_eq!(count_moves(pos), legal.len(), "{fen}: count_moves");
    let mut game = Game::<R>::from_position(*pos, Default::default(), GameOptions::default());
    // Reading a move back generates the moves again: in the rare position
    // with hundreds of captures (flying pieces of Medieval battle), read
    // back an evenly spread sample of them.
    let stride = legal.len().div_ceil(READ_BACK_MAX).max(1);
    for (i, m) in legal.iter().enumerate() {
        let text = m.to_string();
        if i % stride == 0 {
            // The text reads back as this very move.
            let read = explain::parse_move(pos, &text)
                .unwrap_or_else(|e| panic!("{fen}: {text} does not read back: {e}"));
            assert_eq!(read, *m, "{fen}: {text}");
            assert_eq!(read.to_string(), text, "{fen}: {text}");
        }
        // The incremental key after the move.
        let after = pos.after(m);
        assert_eq!(after.key(), after.compute_key(), "{fen}: key after {text}");
        assert_eq!(after.side(), !pos.side());
        // Play and undo in a game.
        game.push(*m);
        assert_eq!(*game.position(), after, "{fen}: {text}");
        assert_eq!(game.undo().ok(), Some(*m), "{fen}: {text}");
        assert_eq!(game.position(), pos, "{fen}: undo {text}");
        assert_eq!(game.position().key(), pos.key(), "{fen}: undo {text}");
    }
    // Perft against divide, bulk and not.
    if perft_depth > 0 {
        let bulk = perft(pos, perft_depth, true);
        assert_eq!(perft(pos, perft_depth, false), bulk, "{fen}: bulk");
        let lines = divide(pos, perft_depth, true);
        assert_eq!(lines.len(), legal.len(), "{fen}: divide lines");
        assert_eq!(
            lines.iter().map(|(_, n)| n).sum::<u64>(),
            bulk,
            "{fen}: divide"
        );
    }
}

/// Czech: the generator against the reference rules.
fn check_against_reference(pos: &Position<Czech>) {
    let fen = pos.to_string();
    let board = czech_ref::Board::from_fen(&fen);
    let mut ours: Vec<(String, Vec<String>, bool)> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            (
                m.to_string(),
                m.captured().iter().map(|s| s.to_string()).collect(),
                m.promotion().is_some(),
            )
        })
        .collect();
    let mut theirs: Vec<(String, Vec<String>, bool)> = board
        .legal()
        .iter()
        .map(|m| {
            (
                m.text(),
                m.captured.iter().map(|&s| czech_ref::name(s)).collect(),
                m.promotes,
            )
        })
        .collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs, "{fen}: moves against the reference rules");
}

/// Plays `choices` from the start (each a pick among the legal moves),
/// checking every position on the way; returns the positions.
fn playout<R: Rules>(choices: &[u32]) -> Vec<Position<R>> {
    let mut pos = Position::<R>::start();
    let mut seen = vec![pos];
    for (i, &c) in choices.iter().enumerate() {
        check_position(&pos, if i % 8 == 7 { 2 } else { 0 });
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play(&legal[c as usize % legal.len()]);
        seen.push(pos);
    }
    check_position(&pos, 2);
    seen
}

/// A random position of game `R`: `cells` says, square by square, what
/// stands there: a piece on about one square in `sparse / 4`. Men that
/// would stand on their promotion rank are left out.
fn random_position<R: Rules>(cells: &[u8], black_to_move: bool, sparse: u8) -> Position<R> {
    let kinds: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|k| R::KINDS[k.index()])
        .collect();
    let mut pieces = Vec::new();
    let mut i = 0;
    for rank in 0..R::Geo::ranks() {
        for file in 0..R::Geo::files() {
            let sq = Square::new(file, rank).expect("on the board");
            if R::Geo::bit(sq).is_none() {
                continue;
            }
            let v = cells.get(i).copied().unwrap_or(255);
            i += 1;
            if v % sparse >= 4 {
                continue;
            }
            let color = if v % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let kind = if v % 4 < 2 {
                Kind::Man
            } else {
                kinds[(v as usize / 16) % kinds.len()]
            };
            pieces.push((SquareText::Name(sq), Piece { color, kind }));
        }
    }
    let mut setup = Setup {
        side: if black_to_move {
            Color::Black
        } else {
            Color::White
        },
        pieces,
        counter: None,
        since_material: None,
        since_class: None,
        limit: None,
        fullmove: None,
        king_runs: Default::default(),
    };
    loop {
        match Position::<R>::from_setup(&setup) {
            Ok(p) => return p,
            Err(
                SetupError::UnpromotedOnLastRank { square, .. } | SetupError::KingToMove(square),
            ) => setup.pieces.retain(|(s, _)| *s != SquareText::Name(square)),
            // More of a colour than a side starts with: the first ones kept.
            Err(SetupError::TooManyPieces { color, most, .. }) => {
                let mut kept = 0;
                setup.pieces.retain(|(_, p)| {
                    kept += u32::from(p.color == color);
                    p.color != color || kept <= most
                });
            }
            Err(e) => panic!("{}: random set-up refused: {e}", R::VARIANT),
        }
    }
}

/// The games whose properties below are listed by hand; the others, every
/// other game of [`Variant::ALL`], are run in a loop.
const BY_HAND: [Variant; 5] = [
    Variant::Czech,
    Variant::Gothic,
    Variant::Knights,
    Variant::Ossetian,
    Variant::Medieval,
];

/// The games not in [`BY_HAND`].
fn other_games() -> impl Iterator<Item = Variant> {
    Variant::ALL.into_iter().filter(|v| !BY_HAND.contains(v))
}

/// How sparse the random positions of a game of [`other_games`] are
/// (see [`random_position`]): the boards of 32 or 50 squares about 40 %
/// or a third full, Turkish's 64 squares about a sixth.
fn sparse(v: Variant) -> u8 {
    fn of<R: Rules>() -> u8 {
        match R::Geo::BOARD.playable_count() {
            0..=32 => 10,
            33..=50 => 12,
            _ => 24,
        }
    }
    dispatch!(v, R => of::<R>())
}

fn choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 0..80)
}

/// Plays `choices` as a game (to its end by the rules, or the last
/// choice) and reads back every FEN the game writes on the way: the
/// engine never refuses its own FEN, and reads it as the same game,
/// counters and all.
fn game_fens_read_back<R: Rules>(choices: &[u32]) {
    let mut game = Game::<R>::default();
    for &c in choices {
        let fen = game.fen();
        let back = Game::<R>::from_fen(&fen, GameOptions::default())
            .unwrap_or_else(|e| panic!("{}: own FEN {fen} refused: {e}", R::VARIANT));
        // The same game: the same FEN written back, and the endgame
        // class kept since the material appeared with its count (the
        // counters a game does not use may differ: they are not written).
        assert_eq!(back.fen(), fen, "{}", R::VARIANT);
        let class = |g: &Game<R>| (g.counters().class, g.counters().since_class);
        assert_eq!(class(&back), class(&game), "{}: {fen}", R::VARIANT);
        let legal = game.position().legal_moves();
        if game.status() != dama::Status::InPlay || legal.is_empty() {
            break;
        }
        game.push(legal[c as usize % legal.len()]);
    }
}

/// Long games, to reach the endings whose counters a FEN carries.
fn long_choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 100..400)
}

fn cells() -> impl Strategy<Value = (Vec<u8>, bool)> {
    (prop::collection::vec(any::<u8>(), 100), any::<bool>())
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn czech_playouts(c in choices()) {
        for pos in playout::<Czech>(&c) {
            check_against_reference(&pos);
        }
    }

    #[test]
    fn gothic_playouts(c in choices()) {
        playout::<Gothic>(&c);
    }

    #[test]
    fn knights_playouts(c in choices()) {
        playout::<Knights>(&c);
    }

    #[test]
    fn ossetian_playouts(c in choices()) {
        playout::<Ossetian>(&c);
    }

    #[test]
    fn medieval_playouts(c in choices()) {
        playout::<Medieval>(&c);
    }

    /// Every game's own FENs read back, endings included.
    #[test]
    fn every_games_fens_read_back(c in long_choices()) {
        for v in Variant::ALL {
            dispatch!(v, R => {
                game_fens_read_back::<R>(&c);
            });
        }
    }

    /// Every game not listed by hand.
    #[test]
    fn other_games_playouts(c in choices()) {
        for v in other_games() {
            dispatch!(v, R => {
                playout::<R>(&c);
            });
        }
    }
}

proptest! {
    #![proptest_config(config(500))]

    /// Random Czech positions are full of kings: the hard part of the rules.
    #[test]
    fn czech_random_positions((cells, black) in cells()) {
        let pos = random_position::<Czech>(&cells, black, 10);
        check_position(&pos, 2);
        check_against_reference(&pos);
        for m in pos.legal_moves() {
            check_against_reference(&pos.after(&m));
        }
    }

    #[test]
    fn other_games_random_positions((cells, black) in cells()) {
        check_position(&random_position::<Gothic>(&cells, black, 32), 2);
        check_position(&random_position::<Knights>(&cells, black, 32), 2);
        check_position(&random_position::<Ossetian>(&cells, black, 16), 2);
        check_position(&random_position::<Medieval>(&cells, black, 32), 2);
        for v in other_games() {
            dispatch!(v, R => check_position(&random_position::<R>(&cells, black, sparse(v)), 2));
        }
    }
}

// ---------------------------------------------------------------- refusals tell the truth

/// `text` resolved in `pos`: a legal move, or a reason that holds.
fn check_refusal<R: Rules>(pos: &Position<R>, text: &str) {
    let fen = pos.to_string();
    let legal = pos.legal_moves();
    let origins = |pred: &dyn Fn(&dama::Move<R>) -> bool| {
        let mut v: Vec<Square> = legal
            .iter()
            .filter(|m| pred(m))
            .filter_map(|m| m.from())
            .collect();
        v.sort_by_key(|s| s.file_rank_key());
        v.dedup();
        v
    };
    let all_captures = !legal.is_empty() && legal.iter().all(|m| m.is_capture());
    let why = match explain::parse_move(pos, text) {
        Ok(m) => {
            assert!(legal.contains(&m), "{fen}: {text} gave {m}, not legal");
            return;
        }
        Err(MoveError::Parse(_)) => return,
        Err(MoveError::Illegal(why)) => why,
    };
    let ctx = format!("{}: {fen}: {text}: {why}", R::VARIANT);
    match &why {
        Illegal::NotOnBoard(s) => assert!(
            s.file() >= R::Geo::files() || s.rank() >= R::Geo::ranks(),
            "{ctx}"
        ),
        Illegal::LightSquare(s) => assert!(R::Geo::bit(s.square()).is_none(), "{ctx}"),
        Illegal::NoSuchNumber(n) => assert!(
            n.parse::<u32>()
                .is_ok_and(|n| n > R::Geo::BOARD.playable_count()),
            "{ctx}"
        ),
        Illegal::NoPiece(s) => assert!(pos.piece_at(s.square()).is_none(), "{ctx}"),
        Illegal::NotYourPiece {
            square,
            owner,
            side,
        } => {
            assert_eq!(
                pos.piece_at(square.square()).map(|p| p.color),
                Some(*owner),
                "{ctx}"
            );
            assert_eq!(*side, pos.side(), "{ctx}");
            assert_ne!(owner, side, "{ctx}");
        }
        Illegal::Occupied(s) => assert!(pos.piece_at(s.square()).is_some(), "{ctx}"),
        Illegal::KingMoveLimit(n) => {
            assert_eq!(*n, R::KING_MOVE_LIMIT, "{ctx}");
            assert!(
                !dama::bitboard::Bits::is_empty(pos.restricted_king()),
                "{ctx}"
            );
        }
        Illegal::CaptureCompulsory(v) => {
            assert!(all_captures, "{ctx}");
            assert_eq!(*v, origins(&|_| true), "{ctx}");
        }
        Illegal::KingMustCapture(v) => {
            assert!(R::KING_FIRST && all_captures, "{ctx}");
            assert!(legal.iter().all(|m| m.kind() == Kind::King), "{ctx}");
            assert_eq!(*v, origins(&|_| true), "{ctx}");
        }
        Illegal::MustTakeMost(n) => {
            assert!(
                R::RANKING.contains(&Precedence::MostPieces) && all_captures,
                "{ctx}"
            );
            assert!(legal.iter().all(|m| m.capture_count() == *n), "{ctx}");
        }
        Illegal::Precedence(_) => {
            assert!(!R::RANKING.is_empty() && all_captures, "{ctx}");
        }
        Illegal::MayNotCapture { .. } => {
            assert!(R::PREY.iter().any(|&p| p & 0b1111 != 0b1111), "{ctx}");
        }
        Illegal::CaptureMustGoOn { at, moves } => {
            assert!(all_captures && !moves.is_empty(), "{ctx}");
            for t in moves {
                let m = legal
                    .iter()
                    .find(|m| m.to_string() == *t)
                    .unwrap_or_else(|| panic!("{ctx}: {t}"));
                assert!(m.path()[..m.path().len() - 1].contains(at), "{ctx}");
            }
        }
        Illegal::NoSuchCapture { from, moves } => {
            assert!(all_captures, "{ctx}");
            let mut mine: Vec<String> = legal
                .iter()
                .filter(|m| m.from() == Some(from.square()))
                .map(|m| m.to_string())
                .collect();
            mine.sort();
            assert!(!mine.is_empty(), "{ctx}");
            assert_eq!(*moves, mine, "{ctx}");
        }
        Illegal::NothingToCapture => assert!(!legal.iter().any(|m| m.is_capture()), "{ctx}"),
        Illegal::Ambiguous(v) => {
            assert!(v.len() >= 2, "{ctx}");
            for t in v {
                assert!(legal.iter().any(|m| m.to_string() == *t), "{ctx}: {t}");
            }
        }
        Illegal::MustPass => assert!(legal.len() == 1 && legal[0].is_pass(), "{ctx}"),
        Illegal::CannotPass => assert!(!legal.is_empty() && !legal[0].is_pass(), "{ctx}"),
        Illegal::NoMoves => assert!(legal.is_empty(), "{ctx}"),
        Illegal::Blocked { at, .. } => assert!(pos.piece_at(at.square()).is_some(), "{ctx}"),
        Illegal::SameSquare(_)
        | Illegal::Backwards(_)
        | Illegal::NotDiagonal { .. }
        | Illegal::NotHowItMoves(_)
        | Illegal::NoSuchMove(_) => assert!(!all_captures, "{ctx}"),
    }
}

/// Move texts on the squares of `R`'s board: 2 to 4 squares, or a pass.
fn texts_for(files: u8, ranks: u8, raw: &[(u8, u8, u8)]) -> Vec<String> {
    let mut out = Vec::new();
    for chunk in raw.chunks(4) {
        let n = 2 + chunk[0].2 as usize % 3;
        let sep = match chunk[0].2 / 3 % 3 {
            0 => "-",
            1 => "x",
            _ => ":",
        };
        let sq: Vec<String> = chunk
            .iter()
            .cycle()
            .take(n)
            .map(|&(f, r, _)| {
                Square::new(f % files, r % ranks)
                    .expect("on the board")
                    .to_string()
            })
            .collect();
        out.push(sq.join(sep));
    }
    out.push("pass".into());
    out
}

fn refusal_case<R: Rules>(cells: &[u8], black: bool, sparse: u8, raw: &[(u8, u8, u8)]) {
    let pos = random_position::<R>(cells, black, sparse);
    for t in texts_for(R::Geo::files(), R::Geo::ranks(), raw) {
        check_refusal(&pos, &t);
    }
    // Texts that start on a piece of the side to move, where most reasons live.
    let own: Vec<Square> = R::Geo::squares(pos.color(pos.side()));
    for (i, t) in texts_for(R::Geo::files(), R::Geo::ranks(), raw)
        .iter()
        .enumerate()
    {
        if let (Some(from), Some((_, rest))) =
            (own.get(i % own.len().max(1)), t.split_at_checked(2))
        {
            let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
            if !rest.is_empty() {
                check_refusal(&pos, &format!("{from}{rest}"));
            }
        }
    }
    // And every legal move written short (origin and destination only).
    for m in pos.legal_moves().iter().take(READ_BACK_MAX) {
        if let (Some(a), Some(b)) = (m.from(), m.to()) {
            let sep = if m.is_capture() { "x" } else { "-" };
            check_refusal(&pos, &format!("{a}{sep}{b}"));
        }
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn refusals_tell_the_truth(
        (cells, black) in cells(),
        raw in prop::collection::vec(any::<(u8, u8, u8)>(), 4..40),
    ) {
        refusal_case::<Czech>(&cells, black, 10, &raw);
        refusal_case::<Gothic>(&cells, black, 24, &raw);
        refusal_case::<Knights>(&cells, black, 24, &raw);
        refusal_case::<Ossetian>(&cells, black, 12, &raw);
        refusal_case::<Medieval>(&cells, black, 32, &raw);
        for v in other_games() {
            dispatch!(v, R => refusal_case::<R>(&cells, black, sparse(v), &raw));
        }
    }
}

// ---------------------------------------------------------------- parsers never panic

/// Text that looks like a FEN, to reach deep into the reader.
fn fen_like() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[WBwbKNCHFx:,. \"0-9a-k-]{0,60}",
        "[WB]:[WB][K]?[a-k][0-9]{1,2}(,[KNC]?[a-k][0-9]{1,3}){0,12}:[WB]([KNC]?[a-k][0-9]{1,2},?){0,12}(:[HF][0-9]{0,12})?",
        prop::collection::vec(any::<char>(), 1900..2100).prop_map(|v| v.into_iter().collect()),
    ]
}

/// Text that looks like a move.
fn move_like() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-kA-K0-9xX:\\- ]{0,24}",
        "[a-k][0-9]{1,2}([-x:][a-k][0-9]{1,2}){1,6}",
        "(pass|PASS|Pass| pass )",
        prop::collection::vec(any::<char>(), 190..260).prop_map(|v| v.into_iter().collect()),
    ]
}

fn any_position_reader(text: &str) {
    for v in Variant::ALL {
        dispatch!(v, R => {
            if let Ok(pos) = text.parse::<Position<R>>() {
                check_position(&pos, 0);
            }
        });
    }
}

fn any_move_reader(text: &str) {
    for v in Variant::ALL {
        dispatch!(v, R => {
            // A few plies in, so that both colours have moved.
            let mut game: Game<R> = Game::default();
            for _ in 0..3 {
                if let Some(&m) = game.position().legal_moves().last() {
                    game.push(m);
                }
            }
            let before = *game.position();
            let len = game.len();
            match game.play_text(text) {
                Ok(m) => assert_eq!(game.position(), &before.after(&m)),
                Err(_) => {
                    assert_eq!(game.position(), &before, "{v}: a refused move changed the game");
                    assert_eq!(game.len(), len);
                }
            }
        });
    }
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn fen_reader_never_panics(text in fen_like()) {
        let _ = text.parse::<Setup>();
        any_position_reader(&text);
    }

    #[test]
    fn move_reader_never_panics(text in move_like()) {
        let _ = text.parse::<MoveText>();
        any_move_reader(&text);
    }
}
