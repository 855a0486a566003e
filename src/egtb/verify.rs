//! The verification pass: every stored value agrees with its successors.
//!
//! Independent of how the generator got there, a value must satisfy the
//! recurrence of [`super`] over the moves of its position, as the move
//! generator (not the generator's un-moves) makes them: `Win(w)` is one
//! more than the least `Loss` among the budget-keeping successors (or 1
//! for a reset into a lost position), `Loss(l)` one more than the
//! greatest `Win` when every move loses, anything beyond 30 a draw.
//! Capture positions are not stored; the loader works them out.

use super::generate::{file_of, keeps_budget, load_table, over_runs, reset_result, Tables};
use super::index::Board;
use super::value::{value_of, CAPTURE};
use super::{Material, Value, Wdl, MAX_BUDGET};
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::czech::Czech;
use std::path::Path;

/// What a verification found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Slices checked.
    pub slices: usize,
    /// Positions whose value was checked (capture positions excluded).
    pub checked: u64,
    /// The first few disagreements, as `material index: stored, expected`.
    pub errors: Vec<String>,
    /// Number of disagreements.
    pub bad: u64,
}

/// The value the successors give a quiet position (or one without moves).
pub fn expected(tables: &Tables, pos: &Position<Czech>, limit: bool) -> Option<Value> {
    let mut list = MoveList::new();
    crate::movegen::generate(pos, &mut list);
    if list.is_empty() {
        return Some(Value::Loss(0));
    }
    let mut win = u32::MAX;
    let mut lose = 0u32;
    let mut all_lose = true;
    for m in list.iter() {
        let after = pos.after(m);
        if keeps_budget(m, limit) {
            match tables.value(&Board::from_position(&after))? {
                Value::Loss(l) => {
                    win = win.min(u32::from(l) + 1);
                    all_lose = false;
                }
                Value::Win(w) => lose = lose.max(u32::from(w) + 1),
                Value::Draw => all_lose = false,
            }
        } else {
            match reset_result(tables, &after)? {
                Wdl::Win => win = 1,
                Wdl::Draw => all_lose = false,
                Wdl::Loss => lose = lose.max(1),
            }
        }
    }
    Some(if win <= MAX_BUDGET {
        Value::Win(win as u8)
    } else if all_lose && lose <= MAX_BUDGET {
        Value::Loss(lose as u8)
    } else {
        Value::Draw
    })
}

/// Checks every slice of up to `pieces` pieces in `dir` on up to
/// `threads` threads (the report is the same whatever their number);
/// `report` hears each slice as it is done.
pub fn verify(
    dir: &Path,
    pieces: u32,
    threads: usize,
    report: &mut dyn FnMut(Material, u64),
) -> Result<Report, String> {
    let mut tables = Tables::new();
    let mut out = Report::default();
    for n in 2..=pieces.min(7) {
        let mut mats = Material::all(n);
        mats.sort_by_key(|m| (m.men(), (*m).min(m.swap()), *m));
        for m in mats {
            let path = file_of(dir, m);
            if !path.exists() {
                return Err(format!("{} is missing", path.display()));
            }
            let t = load_table(&tables, &path, m, threads)?;
            out.slices += 1;
            tables.insert(t);
        }
        // Every slice of this size is in; check them (they lead into each other).
        for m in Material::all(n) {
            let Some(t) = tables.get(m) else { continue };
            let limit = m.has_limit();
            let tables = &tables;
            // Each run of indices: positions checked, disagreements, the first few.
            let runs = over_runs(t.vals.len(), threads, |run| {
                let (mut checked, mut bad, mut errors) = (0u64, 0u64, Vec::new());
                for i in run {
                    let byte = t.vals[i];
                    if byte & CAPTURE != 0 {
                        continue;
                    }
                    let (Some(stored), Some(b)) = (value_of(byte), t.slice.board(i as u64)) else {
                        continue;
                    };
                    checked += 1;
                    let want = expected(tables, &b.to_position(), limit);
                    if want != Some(stored) {
                        bad += 1;
                        if errors.len() < MAX_ERRORS {
                            errors.push(format!(
                                "{m} {i} ({}): stored {stored:?}, successors say {want:?}",
                                b.to_position()
                            ));
                        }
                    }
                }
                (checked, bad, errors)
            });
            let mut checked = 0;
            for (c, bad, errors) in runs {
                checked += c;
                out.bad += bad;
                let room = MAX_ERRORS - out.errors.len();
                out.errors.extend(errors.into_iter().take(room));
            }
            out.checked += checked;
            report(m, checked);
        }
    }
    Ok(out)
}

/// The most disagreements a [`Report`] spells out.
const MAX_ERRORS: usize = 10;
