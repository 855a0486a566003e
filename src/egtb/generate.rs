//! The retrograde generator.
//!
//! Slices are solved smallest first: by number of pieces, then by number
//! of men (a promotion turns a man into a king, so the slice it leads to
//! has one man fewer and is done before). A slice and its colour flip
//! ([`Material::swap`]) are solved together, since a move of one leads
//! into the other (the opponent is to move after it, and positions are
//! stored with White to move).
//!
//! Inside a pair of slices the work is cut into *blocks*, sets of
//! positions closed under the moves that keep the budget running
//! (see the module docs of [`super`]):
//!
//! - where no endgame limit applies, a man move resets the budget, so
//!   only king moves stay in the block: a block is one configuration of
//!   the men (and its flip). Men only go forward, so configurations are
//!   taken in falling order of [`progress`]; a man move then always leads
//!   into a block already solved, at its full budget.
//! - where a limit applies (a lone king against at most three kings, or
//!   against a king and a man), man moves keep the budget running, and
//!   the whole slice pair is one block.
//!
//! In a block, every position is first looked at once: no move is a loss
//! at once (`Loss(0)`); a position with a capture is decided by its
//! captures alone (they lead into solved slices, so it is `Win(1)`,
//! `Loss(1)` or a draw); other positions learn from their budget-resetting
//! moves (a man move, a promotion) whether one of them wins (`Win(1)`) or
//! draws, and count their other moves. Then the values spread backwards,
//! one level at a time, by the predecessors of each decided position
//! ("un-moves": the opponent's king, or man in a limit slice, stepping
//! back): a predecessor of a loss at level `d` is a win at `d + 1`; a
//! predecessor all of whose moves are wins for the opponent, the last at
//! level `d`, is a loss at `d + 1`. Level 30 is the last one that matters.

use super::index::{neighbours, progress, Board, Material, Slice};
use super::store;
use super::value::{value_of, Value, Wdl, BROKEN, CAPTURE, MAX_BUDGET, UNKNOWN};
use crate::moves::MoveList;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::czech::{self, Czech};
use crate::rules::Rules;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One slice's values, every position present (captures too).
#[derive(Clone, Debug)]
pub struct Table {
    /// The slice.
    pub slice: Slice,
    /// One byte per index.
    pub vals: Vec<u8>,
}

/// Solved slices in memory, by [`Material::code`].
#[derive(Default)]
pub struct Tables {
    t: Vec<Option<Table>>,
}

impl Tables {
    /// No slice yet.
    pub fn new() -> Self {
        Tables {
            t: (0..4096).map(|_| None).collect(),
        }
    }
    /// The table of a material, if present.
    pub fn get(&self, m: Material) -> Option<&Table> {
        self.t.get(m.code()).and_then(|t| t.as_ref())
    }
    /// Adds (or replaces) a table.
    pub fn insert(&mut self, t: Table) {
        let c = t.slice.mat.code();
        if c < self.t.len() {
            self.t[c] = Some(t);
        }
    }
    /// The value of a board with White to move, if its slice is here.
    #[inline(always)]
    pub fn value(&self, b: &Board) -> Option<Value> {
        let t = self.get(b.material())?;
        let i = t.slice.index(b)?;
        value_of(*t.vals.get(i as usize)?)
    }
    #[inline(always)]
    fn byte(&self, code: usize, i: u64) -> u8 {
        match &self.t[code] {
            Some(t) => t.vals[i as usize],
            None => BROKEN,
        }
    }
    #[inline(always)]
    fn set(&mut self, code: usize, i: u64, v: u8) {
        if let Some(t) = &mut self.t[code] {
            t.vals[i as usize] = v;
        }
    }
}

/// The budget a position starts with right after a capture or a
/// promotion produced it (or after a man move, where no limit applies).
pub fn full_budget(after: &Position<Czech>) -> u32 {
    czech::endgame_limit(after, Czech::material_mark(after))
        .map_or(MAX_BUDGET, |l| l.min(MAX_BUDGET))
}

/// The result for the player who moved into `after` by a move that
/// resets the budget, looked up in `tables`. `None` if the slice is missing.
pub fn reset_result(tables: &Tables, after: &Position<Czech>) -> Option<Wdl> {
    let b = Board::from_position(after);
    if b.wm | b.wk == 0 {
        return Some(Wdl::Win);
    }
    Some(match tables.value(&b)?.at(full_budget(after)) {
        Wdl::Win => Wdl::Loss,
        Wdl::Draw => Wdl::Draw,
        Wdl::Loss => Wdl::Win,
    })
}

/// The value of a capture position (`pos` has captures in `list`): its
/// captures all reset the budget, so it is `Win(1)`, `Loss(1)` or a draw.
pub fn capture_value(
    tables: &Tables,
    pos: &Position<Czech>,
    list: &MoveList<Czech>,
) -> Option<Value> {
    let mut best = Wdl::Loss;
    for m in list.iter() {
        match reset_result(tables, &pos.after(m))? {
            Wdl::Win => return Some(Value::Win(1)),
            Wdl::Draw => best = Wdl::Draw,
            Wdl::Loss => {}
        }
    }
    Some(if best == Wdl::Draw {
        Value::Draw
    } else {
        Value::Loss(1)
    })
}

/// Whether a quiet move keeps the budget running in a slice of `mat`.
#[inline(always)]
pub(crate) fn keeps_budget(m: &crate::moves::Move<Czech>, limit: bool) -> bool {
    m.promotion().is_none() && (m.kind() == Kind::King || limit)
}

/// The boards (White to move, that is flipped) from which Black's last
/// move, a king move or (with `men`) a man move without promotion, led
/// to `b`.
fn predecessors(b: &Board, men: bool, out: &mut Vec<Board>) {
    out.clear();
    let nb = neighbours();
    let occ = b.occupied();
    let mut ks = b.bk;
    while ks != 0 {
        let s = ks.trailing_zeros() as usize;
        ks &= ks - 1;
        for (d, &first) in nb[s].iter().enumerate() {
            let mut t = first as usize;
            while t < 32 && occ & (1 << t) == 0 {
                let q = Board {
                    bk: b.bk ^ (1 << s) ^ (1 << t),
                    ..*b
                };
                out.push(q.flip());
                t = nb[t][d] as usize;
            }
        }
    }
    if men {
        let mut ms = b.bm;
        while ms != 0 {
            let s = ms.trailing_zeros() as usize;
            ms &= ms - 1;
            // A black man came down from a square towards rank 8 (NE, NW).
            for &t in &nb[s][..2] {
                let t = t as usize;
                if t < 32 && occ & (1 << t) == 0 {
                    let q = Board {
                        bm: b.bm ^ (1 << s) ^ (1 << t),
                        ..*b
                    };
                    out.push(q.flip());
                }
            }
        }
    }
}

/// The first look at one position (see the module docs): its byte, and
/// for a position left undecided its count of budget-keeping moves (bit
/// 7: one of its resets draws). Reads only slices already solved.
fn first_look(
    tables: &Tables,
    slice: &Slice,
    idx: u64,
    limit: bool,
    list: &mut MoveList<Czech>,
) -> Result<(u8, u8), String> {
    let Some(b) = slice.board(idx) else {
        return Ok((BROKEN, 0));
    };
    let missing = || format!("slice {} is missing", b.material());
    let pos = b.to_position();
    crate::movegen::generate(&pos, list);
    if list.is_empty() {
        return Ok((Value::Loss(0).encode(), 0));
    }
    if list[0].is_capture() {
        let v = capture_value(tables, &pos, list).ok_or_else(missing)?;
        return Ok((v.encode() | CAPTURE, 0));
    }
    let (mut n, mut draw) = (0u8, false);
    for m in list.iter() {
        if keeps_budget(m, limit) {
            n += 1;
            continue;
        }
        match reset_result(tables, &pos.after(m)).ok_or_else(missing)? {
            Wdl::Win => return Ok((Value::Win(1).encode(), 0)),
            Wdl::Draw => draw = true,
            Wdl::Loss => {}
        }
    }
    Ok(if n > 0 {
        (UNKNOWN, n | if draw { 128 } else { 0 })
    } else if draw {
        (Value::Draw.encode(), 0)
    } else {
        (Value::Loss(1).encode(), 0)
    })
}

/// The most threads the generator starts (more are taken as this many).
pub const MAX_THREADS: usize = 64;

/// Parts smaller than this are looked at on one thread (starting threads
/// costs more than it saves).
const PARALLEL_LEAST: u64 = 1 << 14;

/// The first look at every position of `p` into `vals` and `cnt`, on up
/// to `threads` threads, each taking one run of consecutive indices.
fn first_pass(
    tables: &Tables,
    p: &Part,
    limit: bool,
    threads: usize,
    vals: &mut [u8],
    cnt: &mut [u8],
) -> Result<(), String> {
    let run = |first: u64, vals: &mut [u8], cnt: &mut [u8]| -> Result<(), String> {
        let mut list = MoveList::new();
        for (i, (v, c)) in vals.iter_mut().zip(cnt.iter_mut()).enumerate() {
            (*v, *c) = first_look(tables, &p.slice, first + i as u64, limit, &mut list)?;
        }
        Ok(())
    };
    if threads <= 1 || p.len < PARALLEL_LEAST {
        return run(p.start, vals, cnt);
    }
    let chunk = (p.len as usize).div_ceil(threads);
    let run = &run;
    std::thread::scope(|scope| {
        let handles: Vec<_> = vals
            .chunks_mut(chunk)
            .zip(cnt.chunks_mut(chunk))
            .enumerate()
            .map(|(j, (v, c))| {
                let first = p.start + (j * chunk) as u64;
                scope.spawn(move || run(first, v, c))
            })
            .collect();
        first_error(handles)
    })
}

/// Joins every thread and keeps the first error (in the threads' order).
fn first_error(
    handles: Vec<std::thread::ScopedJoinHandle<'_, Result<(), String>>>,
) -> Result<(), String> {
    let mut out = Ok(());
    for h in handles {
        let r = h
            .join()
            .unwrap_or_else(|_| Err("a generator thread failed".into()));
        if out.is_ok() {
            out = r;
        }
    }
    out
}

/// Runs `f` over `0..len` cut into up to `threads` runs of consecutive
/// indices, one thread each (one run where `len` is small); the results
/// come back in index order.
pub(super) fn over_runs<T: Send>(
    len: usize,
    threads: usize,
    f: impl Fn(std::ops::Range<usize>) -> T + Sync,
) -> Vec<T> {
    let threads = threads.clamp(1, MAX_THREADS);
    if threads == 1 || (len as u64) < PARALLEL_LEAST {
        return vec![f(0..len)];
    }
    let chunk = len.div_ceil(threads);
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..len)
            .step_by(chunk)
            .map(|a| scope.spawn(move || f(a..(a + chunk).min(len))))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// A contiguous range of one slice inside a block.
#[derive(Clone, Copy, Debug)]
struct Part {
    code: usize,
    slice: Slice,
    start: u64,
    len: u64,
    base: usize,
}

/// What the generator reports as it goes.
#[derive(Clone, Debug)]
pub enum Event {
    /// The slices to make and their total size (positions).
    Plan {
        /// Slices to generate (not on disk yet).
        slices: Vec<Material>,
        /// Their positions, added up.
        positions: u64,
    },
    /// A slice is starting.
    Start(Material),
    /// Positions done since the last report.
    Advance(u64),
    /// A slice was already on disk and was loaded.
    Loaded(Material),
    /// A slice was written.
    Written {
        /// The material.
        mat: Material,
        /// Positions in the slice.
        positions: u64,
        /// Bytes of its file.
        bytes: u64,
        /// Seconds spent on the pair it belongs to.
        secs: f64,
    },
}

/// Solves the slices of one pair into `tables`.
struct Solver<'a> {
    tables: &'a mut Tables,
    report: &'a mut dyn FnMut(Event),
    preds: Vec<Board>,
    /// Threads for the first look at a block's positions.
    threads: usize,
}

impl Solver<'_> {
    fn locate(parts: &[Part], code: usize, idx: u64) -> Option<usize> {
        parts
            .iter()
            .find(|p| p.code == code && idx >= p.start && idx < p.start + p.len)
            .map(|p| p.base + (idx - p.start) as usize)
    }

    fn part_of(parts: &[Part], local: usize) -> (&Part, u64) {
        let p = parts
            .iter()
            .rev()
            .find(|p| p.base <= local)
            .unwrap_or(&parts[0]);
        (p, p.start + (local - p.base) as u64)
    }

    /// Solves one block; everything it leads to by resets is solved.
    fn block(&mut self, parts: &[Part], limit: bool) -> Result<(), String> {
        let total: usize = parts.iter().map(|p| p.len as usize).sum();
        // Moves left undecided (low 7 bits) and "has a drawing reset" (bit 7).
        let mut cnt = vec![0u8; total];
        let mut levels: Vec<Vec<u32>> = vec![Vec::new(); MAX_BUDGET as usize + 1];
        for p in parts {
            // The first look reads only solved slices and other blocks, so
            // it runs on all threads into a buffer; the values then go into
            // the table in index order, as a single thread would put them.
            let mut vals = vec![0u8; p.len as usize];
            let local = p.base..p.base + p.len as usize;
            first_pass(
                self.tables,
                p,
                limit,
                self.threads,
                &mut vals,
                &mut cnt[local],
            )?;
            for (i, &v) in vals.iter().enumerate() {
                self.tables.set(p.code, p.start + i as u64, v);
                if let Some(Value::Win(d) | Value::Loss(d)) = value_of(v) {
                    levels[d as usize].push((p.base + i) as u32);
                }
            }
            (self.report)(Event::Advance(p.len));
        }
        for d in 0..MAX_BUDGET as usize {
            let now = std::mem::take(&mut levels[d]);
            for &local in &now {
                let (p, idx) = Self::part_of(parts, local as usize);
                let Some(b) = p.slice.board(idx) else {
                    continue;
                };
                let lost = matches!(
                    value_of(self.tables.byte(p.code, idx)),
                    Some(Value::Loss(_))
                );
                predecessors(&b, limit, &mut self.preds);
                for q in &self.preds {
                    let qm = q.material();
                    let Some(qt) = self.tables.get(qm) else {
                        continue;
                    };
                    let Some(qi) = qt.slice.index(q) else {
                        continue;
                    };
                    let Some(ql) = Self::locate(parts, qm.code(), qi) else {
                        continue;
                    };
                    if self.tables.byte(qm.code(), qi) != UNKNOWN {
                        continue;
                    }
                    let next = d as u8 + 1;
                    if lost {
                        self.tables.set(qm.code(), qi, Value::Win(next).encode());
                        levels[next as usize].push(ql as u32);
                    } else {
                        cnt[ql] -= 1;
                        if cnt[ql] == 0 {
                            self.tables.set(qm.code(), qi, Value::Loss(next).encode());
                            levels[next as usize].push(ql as u32);
                        }
                    }
                }
            }
        }
        for p in parts {
            for i in 0..p.len {
                if self.tables.byte(p.code, p.start + i) == UNKNOWN {
                    self.tables.set(p.code, p.start + i, Value::Draw.encode());
                }
            }
        }
        Ok(())
    }

    /// Solves a slice and its flip (one table when they are the same).
    fn pair(&mut self, mat: Material) -> Result<(), String> {
        let other = mat.swap();
        let mats: Vec<Material> = if other == mat {
            vec![mat]
        } else {
            vec![mat, other]
        };
        for &m in &mats {
            let slice = Slice::new(m);
            self.tables.insert(Table {
                slice,
                vals: vec![UNKNOWN; slice.size as usize],
            });
        }
        let sa = Slice::new(mat);
        let sb = Slice::new(other);
        if mat.has_limit() {
            let mut parts = vec![Part {
                code: mat.code(),
                slice: sa,
                start: 0,
                len: sa.size,
                base: 0,
            }];
            if other != mat {
                parts.push(Part {
                    code: other.code(),
                    slice: sb,
                    start: 0,
                    len: sb.size,
                    base: sa.size as usize,
                });
            }
            return self.block(&parts, true);
        }
        // Men configurations, most advanced first.
        let mut order: Vec<(u32, u64)> = (0..sa.men_configs)
            .map(|c| (sa.men(c).map_or(0, |(w, b)| progress(w, b)), c))
            .collect();
        order.sort_by(|a, b| b.cmp(a));
        let mut done = vec![
            false;
            if other == mat {
                sa.men_configs as usize
            } else {
                0
            }
        ];
        for (&m, s) in mats.iter().zip([sa, sb]) {
            for c in 0..s.men_configs {
                if s.men(c).is_none() {
                    for i in 0..s.kings {
                        self.tables.set(m.code(), c * s.kings + i, BROKEN);
                    }
                    (self.report)(Event::Advance(s.kings));
                }
            }
        }
        for (_, c) in order {
            let k = sa.kings;
            let Some((wm, bm)) = sa.men(c) else {
                continue;
            };
            let c2 = sb
                .men_index(bm.reverse_bits(), wm.reverse_bits())
                .ok_or("men configuration out of range")?;
            if other == mat && done[c as usize] {
                continue;
            }
            let mut parts = vec![Part {
                code: mat.code(),
                slice: sa,
                start: c * k,
                len: k,
                base: 0,
            }];
            if other != mat || c2 != c {
                parts.push(Part {
                    code: other.code(),
                    slice: sb,
                    start: c2 * k,
                    len: k,
                    base: k as usize,
                });
            }
            if other == mat {
                done[c as usize] = true;
                done[c2 as usize] = true;
            }
            self.block(&parts, false)?;
        }
        Ok(())
    }
}

/// The file of a slice in `dir`.
pub fn file_of(dir: &Path, m: Material) -> PathBuf {
    dir.join(format!("czech-{m}.egtb"))
}

/// Generates every slice of up to `pieces` pieces into `dir`, skipping
/// (loading) those already there, with up to `threads` threads (at most
/// [`MAX_THREADS`]; the files are the same whatever their number).
/// Returns the tables in memory.
pub fn generate(
    dir: &Path,
    pieces: u32,
    threads: usize,
    report: &mut dyn FnMut(Event),
) -> Result<Tables, String> {
    if !(2..=6).contains(&pieces) {
        return Err(format!("--pieces must be 2 to 6, not {pieces}"));
    }
    if dir.exists() && !dir.is_dir() {
        return Err(format!("{}: not a directory", dir.display()));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut order: Vec<Material> = Vec::new();
    for n in 2..=pieces {
        let mut v: Vec<Material> = Material::all(n)
            .into_iter()
            .filter(|m| *m <= m.swap())
            .collect();
        v.sort_by_key(|m| (m.men(), *m));
        order.extend(v);
    }
    let todo: Vec<Material> = order
        .iter()
        .flat_map(|&m| {
            if m.swap() == m {
                vec![m]
            } else {
                vec![m, m.swap()]
            }
        })
        .filter(|&m| !file_of(dir, m).exists())
        .collect();
    let positions = todo.iter().map(|&m| Slice::new(m).size).sum();
    report(Event::Plan {
        slices: todo,
        positions,
    });
    let mut tables = Tables::new();
    for mat in order {
        let mats = if mat.swap() == mat {
            vec![mat]
        } else {
            vec![mat, mat.swap()]
        };
        if mats.iter().all(|&m| file_of(dir, m).exists()) {
            for &m in &mats {
                let t = load_table(&tables, &file_of(dir, m), m, threads)?;
                tables.insert(t);
                report(Event::Loaded(m));
            }
            continue;
        }
        let t0 = Instant::now();
        report(Event::Start(mat));
        let mut s = Solver {
            tables: &mut tables,
            report: &mut *report,
            preds: Vec::new(),
            threads: threads.clamp(1, MAX_THREADS),
        };
        s.pair(mat)?;
        for &m in &mats {
            let t = tables.get(m).ok_or("slice vanished")?;
            let bytes = store::write(&file_of(dir, m), m, &t.vals)?;
            report(Event::Written {
                mat: m,
                positions: t.slice.size,
                bytes,
                secs: t0.elapsed().as_secs_f64(),
            });
        }
    }
    Ok(tables)
}

/// Reads a slice file into a full table, working out the capture
/// positions (not stored) from the smaller slices in `tables`, on up to
/// `threads` threads (each a run of consecutive indices; the table is
/// the same whatever their number).
pub fn load_table(
    tables: &Tables,
    path: &Path,
    m: Material,
    threads: usize,
) -> Result<Table, String> {
    let stored = store::Stored::read(path)?;
    if stored.material() != m {
        return Err(format!(
            "{}: holds {}, not {m}",
            path.display(),
            stored.material()
        ));
    }
    let slice = Slice::new(m);
    let mut vals = stored.decode_all()?;
    let run = |first: usize, vals: &mut [u8]| -> Result<(), String> {
        let mut list = MoveList::new();
        for (i, v) in vals.iter_mut().enumerate() {
            let i = first + i;
            let Some(b) = slice.board(i as u64) else {
                *v = BROKEN;
                continue;
            };
            let pos = b.to_position();
            crate::movegen::captures(&pos, &mut list);
            if !list.is_empty() {
                let cv = capture_value(tables, &pos, &list)
                    .ok_or_else(|| format!("{}: a smaller slice is missing", path.display()))?;
                *v = cv.encode() | CAPTURE;
            } else if Value::decode(*v).is_none() {
                return Err(format!("{}: bad value {v} at {i}", path.display()));
            }
            list.clear();
        }
        Ok(())
    };
    let threads = threads.clamp(1, MAX_THREADS);
    if threads == 1 || (vals.len() as u64) < PARALLEL_LEAST {
        run(0, &mut vals)?;
    } else {
        let chunk = vals.len().div_ceil(threads);
        let run = &run;
        std::thread::scope(|scope| {
            let handles: Vec<_> = vals
                .chunks_mut(chunk)
                .enumerate()
                .map(|(j, v)| scope.spawn(move || run(j * chunk, v)))
                .collect();
            first_error(handles)
        })?;
    }
    Ok(Table { slice, vals })
}
