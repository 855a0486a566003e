//! Probing: a position's value under perfect play with its counters.
//!
//! The stored value says how much budget a win needs (see [`super`]);
//! the probe works out the position's budget from the game's counters
//! ([`budget`]) and compares. Capture positions are not stored: a
//! capture always resets the counters and lands in a smaller slice, so
//! the probe plays each capture and probes the result at its full
//! budget, recursively (a few plies at most, one per piece).

use super::generate::{file_of, full_budget};
use super::index::{Board, Material, Slice};
use super::store::Stored;
use super::value::{Value, Wdl, MAX_BUDGET, TB_WIN};
use crate::bitboard::Bits;
use crate::game::Counters;
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::czech::{self, Czech};
use crate::search::Tablebase;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The plies left before a draw rule ends the game (RULES.md §1): the
/// 15-moves rule's and, where one applies, the endgame limit's, the
/// smaller. In a game `since_progress <= since_material` always holds,
/// and then this is the budget the stored values are counted in.
pub fn budget(pos: &Position<Czech>, c: &Counters) -> u32 {
    let progress = MAX_BUDGET.saturating_sub(c.since_progress);
    match czech::endgame_limit(pos, c.material_mark) {
        Some(l) => progress.min(l.saturating_sub(c.since_material)),
        None => progress,
    }
}

/// What a probe found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The result for the side to move, with its counters.
    pub wdl: Wdl,
    /// The value in budgets (the least budget that wins or loses).
    pub value: Value,
    /// The position's budget.
    pub budget: u32,
}

struct Slot {
    path: PathBuf,
    /// The slice the file is named for.
    mat: Material,
    /// The slice, or why its file could not be read.
    data: OnceLock<Result<Stored, String>>,
}

/// The databases of one directory, each slice read on its first probe.
pub struct Egtb {
    dir: PathBuf,
    slots: Vec<Option<Slot>>,
    max_pieces: u32,
}

impl std::fmt::Debug for Egtb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Egtb({}, {} pieces)",
            self.dir.display(),
            self.max_pieces
        )
    }
}

impl Egtb {
    /// The databases in `dir` (files `czech-<material>.egtb`). Nothing is
    /// read yet; [`Egtb::max_pieces`] is the most pieces for which every
    /// slice is present.
    pub fn open(dir: &Path) -> Result<Egtb, String> {
        if !dir.is_dir() {
            return Err(format!("{}: not a directory", dir.display()));
        }
        let mut slots: Vec<Option<Slot>> = (0..4096).map(|_| None).collect();
        let mut max_pieces = 0;
        let mut complete = true;
        for n in 2..=7 {
            let mats = Material::all(n);
            let mut all = true;
            for m in mats {
                let path = file_of(dir, m);
                if path.is_file() {
                    slots[m.code()] = Some(Slot {
                        path,
                        mat: m,
                        data: OnceLock::new(),
                    });
                } else {
                    all = false;
                }
            }
            complete &= all;
            if complete {
                max_pieces = n;
            }
        }
        Ok(Egtb {
            dir: dir.to_path_buf(),
            slots,
            max_pieces,
        })
    }

    /// Checks the header and length of every slice file a probe may read
    /// (those of the piece counts the directory covers completely;
    /// [`Stored::check_header`]): a few bytes a file, so a directory
    /// with a truncated or misnamed file is refused when it is chosen
    /// rather than found wanting in the middle of a game. The first bad
    /// file is named, with the command that checks every file in full.
    ///
    /// # Errors
    ///
    /// The first file whose header or length is wrong.
    pub fn check_files(&self) -> Result<(), String> {
        // Only the slices a probe may read: those of the piece counts
        // the directory covers completely.
        let used = self
            .slots
            .iter()
            .flatten()
            .filter(|slot| slot.mat.pieces() <= self.max_pieces);
        for slot in used {
            Stored::check_header(&slot.path, slot.mat).map_err(|e| {
                format!(
                    "{e}; dama egtb verify --dir {} checks every file",
                    self.dir.display()
                )
            })?;
        }
        Ok(())
    }

    /// The most pieces the directory covers completely (0 if none).
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A slice, read on first use (`None` if missing or unreadable).
    fn stored(&self, m: Material) -> Option<&Stored> {
        let slot = self.slots.get(m.code())?.as_ref()?;
        slot.data
            .get_or_init(|| Stored::read(&slot.path))
            .as_ref()
            .ok()
    }

    /// Why a slice file read so far could not be used (the first such
    /// file, with its path), if one could not: a probe that found no
    /// value may have needed it.
    pub fn unreadable(&self) -> Option<String> {
        self.slots
            .iter()
            .flatten()
            .find_map(|slot| slot.data.get()?.as_ref().err().cloned())
    }

    /// The value of a position (any side to move), counters aside.
    pub fn value(&self, pos: &Position<Czech>) -> Option<Value> {
        let us = pos.side();
        if pos.color(us).is_empty() {
            return Some(Value::Loss(0));
        }
        if pos.color(!us).is_empty() {
            // A set-up position with no opponent: won at once.
            return Some(Value::Win(1));
        }
        let n = pos.occupied().count_ones();
        if n > self.max_pieces {
            return None;
        }
        let mut list = MoveList::new();
        crate::movegen::captures(pos, &mut list);
        if list.is_empty() {
            let b = Board::from_position(pos);
            let s = self.stored(b.material())?;
            let idx = Slice::new(b.material()).index(&b)?;
            return s.get(idx);
        }
        let mut best = Wdl::Loss;
        for m in list.iter() {
            let after = pos.after(m);
            let them = self.value(&after)?;
            let r = if after.color(after.side()).is_empty() {
                Wdl::Loss
            } else {
                them.at(full_budget(&after))
            };
            match r {
                Wdl::Loss => return Some(Value::Win(1)),
                Wdl::Draw => best = Wdl::Draw,
                Wdl::Win => {}
            }
        }
        Some(if best == Wdl::Draw {
            Value::Draw
        } else {
            Value::Loss(1)
        })
    }

    /// The result of a position with its counters under perfect play
    /// (repetition aside, see [`super`]), or `None` if not covered.
    pub fn probe(&self, pos: &Position<Czech>, counters: &Counters) -> Option<Probe> {
        let us = pos.side();
        if pos.color(us).is_empty() || pos.color(!us).is_empty() {
            let wdl = if pos.color(us).is_empty() {
                Wdl::Loss
            } else {
                Wdl::Win
            };
            return Some(Probe {
                wdl,
                value: self.value(pos)?,
                budget: budget(pos, counters),
            });
        }
        let value = self.value(pos)?;
        let b = budget(pos, counters);
        Some(Probe {
            wdl: value.at(b),
            value,
            budget: b,
        })
    }
}

impl Probe {
    /// The search's score of the probe (side to move's view).
    pub fn score(&self) -> i32 {
        let p = self;
        match (p.wdl, p.value) {
            (Wdl::Win, Value::Win(w)) => TB_WIN - i32::from(w),
            (Wdl::Win, _) => TB_WIN,
            (Wdl::Loss, Value::Loss(l)) => -TB_WIN + i32::from(l),
            (Wdl::Loss, _) => -TB_WIN,
            (Wdl::Draw, _) => 0,
        }
    }
}

impl Tablebase<Czech> for Egtb {
    fn max_pieces(&self) -> u32 {
        self.max_pieces
    }
    /// [`Probe::score`], except where the count was just reset: a value
    /// is a distance to the next reset (a man's move, a capture or a
    /// promotion: see [`super`]), so a position at its full budget was
    /// reached by a reset, and scores as a distance of 0. The winner then
    /// ranks a reset that keeps the win above every other winning move,
    /// which is what the values' recurrence counts it as (1 ply): without
    /// this, a king step to a position lost in 2 outranks a man's step
    /// into one lost in 4 in the next phase, and the winner can shuffle
    /// its king between won positions until the game is drawn by
    /// repetition. Each reset is for good (men do not step back, pieces
    /// do not come back), so the winning line ends.
    fn score(&self, pos: &Position<Czech>, counters: &Counters) -> Option<i32> {
        let p = Egtb::probe(self, pos, counters)?;
        let full = czech::endgame_limit(pos, counters.material_mark)
            .map_or(MAX_BUDGET, |l| l.min(MAX_BUDGET));
        Some(match p.wdl {
            Wdl::Win if p.budget >= full => TB_WIN,
            Wdl::Loss if p.budget >= full => -TB_WIN,
            _ => p.score(),
        })
    }
}
