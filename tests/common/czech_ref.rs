//! A deliberately naive second implementation of the Czech draughts move
//! rules (RULES.md §1 and Common ground), used to cross-check the
//! bitboard generator on positions no published table covers.
//!
//! It shares no code with the library: an 8×8 array of squares, moves
//! found by walking the board one square at a time, capture chains by
//! plain recursion with the captured pieces left on the board as
//! blockers, the "land where you can go on" rule for kings, the king
//! priority, and duplicate chains merged by (origin, destination,
//! captured set) keeping the path that comes first in file-then-rank
//! order. Slow and simple on purpose.

use std::collections::BTreeSet;

/// (file, rank), both 0..8.
pub type Sq = (i8, i8);

/// A piece: (white?, king?).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct P {
    pub white: bool,
    pub king: bool,
}

/// A board with the side to move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pub sq: [[Option<P>; 8]; 8],
    pub white_to_move: bool,
}

/// A move as the reference sees it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefMove {
    pub from: Sq,
    pub path: Vec<Sq>,
    pub captured: BTreeSet<Sq>,
    pub promotes: bool,
}

pub fn name(s: Sq) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

impl RefMove {
    /// `c3-d4` or `c3xe5xc7`.
    pub fn text(&self) -> String {
        let sep = if self.captured.is_empty() { "-" } else { "x" };
        let mut t = name(self.from);
        for &p in &self.path {
            t.push_str(sep);
            t.push_str(&name(p));
        }
        t
    }
    pub fn to(&self) -> Sq {
        *self.path.last().unwrap()
    }
}

fn on(s: Sq) -> bool {
    (0..8).contains(&s.0) && (0..8).contains(&s.1)
}

impl Board {
    /// Reads the piece lists of a FEN (`W:Wa1,Kb2:Bc7`); no counters.
    pub fn from_fen(fen: &str) -> Board {
        let mut b = Board {
            sq: [[None; 8]; 8],
            white_to_move: true,
        };
        let mut fields = fen.split(':');
        b.white_to_move = fields.next().unwrap().trim() == "W";
        for f in fields {
            let f = f.trim();
            let white = match f.chars().next() {
                Some('W') => true,
                Some('B') => false,
                _ => continue,
            };
            for item in f[1..].split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let (king, s) = match item.strip_prefix('K') {
                    Some(rest) => (true, rest),
                    None => (false, item),
                };
                let file = (s.as_bytes()[0] - b'a') as usize;
                let rank: usize = s[1..].parse::<usize>().unwrap() - 1;
                b.sq[file][rank] = Some(P { white, king });
            }
        }
        b
    }

    fn at(&self, s: Sq) -> Option<P> {
        self.sq[s.0 as usize][s.1 as usize]
    }

    fn captures_from(&self, from: Sq, p: P, out: &mut Vec<RefMove>) {
        // The board as the moving piece sees it: its origin is empty.
        let mut view = self.clone();
        view.sq[from.0 as usize][from.1 as usize] = None;
        let mut path = Vec::new();
        let mut captured = BTreeSet::new();
        if p.king {
            view.king_chain(from, from, p, &mut path, &mut captured, out);
        } else {
            view.man_chain(from, from, p, &mut path, &mut captured, out);
        }
    }

    fn enemy(&self, s: Sq, p: P, captured: &BTreeSet<Sq>) -> bool {
        matches!(self.at(s), Some(q) if q.white != p.white) && !captured.contains(&s)
    }

    fn last_rank(p: P) -> i8 {
        if p.white {
            7
        } else {
            0
        }
    }

    /// Returns true if at least one jump was possible from `at`.
    fn man_chain(
        &self,
        from: Sq,
        at: Sq,
        p: P,
        path: &mut Vec<Sq>,
        captured: &mut BTreeSet<Sq>,
        out: &mut Vec<RefMove>,
    ) -> bool {
        let fwd = if p.white { 1 } else { -1 };
        let mut any = false;
        for df in [-1, 1] {
            let over = (at.0 + df, at.1 + fwd);
            let land = (at.0 + 2 * df, at.1 + 2 * fwd);
            if !on(land) || !self.enemy(over, p, captured) || self.at(land).is_some() {
                continue;
            }
            any = true;
            path.push(land);
            captured.insert(over);
            let promotes = land.1 == Self::last_rank(p);
            // A man reaching the last rank stops there (and promotes).
            if promotes || !self.man_chain(from, land, p, path, captured, out) {
                out.push(RefMove {
                    from,
                    path: path.clone(),
                    captured: captured.clone(),
                    promotes,
                });
            }
            captured.remove(&over);
            path.pop();
        }
        any
    }

    fn king_chain(
        &self,
        from: Sq,
        at: Sq,
        p: P,
        path: &mut Vec<Sq>,
        captured: &mut BTreeSet<Sq>,
        out: &mut Vec<RefMove>,
    ) -> bool {
        let mut any = false;
        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let mut s = (at.0 + df, at.1 + dr);
            while on(s) && self.at(s).is_none() {
                s = (s.0 + df, s.1 + dr);
            }
            if !on(s) || !self.enemy(s, p, captured) {
                continue;
            }
            let over = s;
            let mut lands = Vec::new();
            let mut l = (over.0 + df, over.1 + dr);
            while on(l) && self.at(l).is_none() {
                lands.push(l);
                l = (l.0 + df, l.1 + dr);
            }
            if lands.is_empty() {
                continue;
            }
            any = true;
            captured.insert(over);
            // Try every landing square for a continuation first.
            let mut goes_on = false;
            for &l in &lands {
                path.push(l);
                goes_on |= self.king_chain(from, l, p, path, captured, out);
                path.pop();
            }
            if !goes_on {
                for &l in &lands {
                    path.push(l);
                    out.push(RefMove {
                        from,
                        path: path.clone(),
                        captured: captured.clone(),
                        promotes: false,
                    });
                    path.pop();
                }
            }
            captured.remove(&over);
        }
        any
    }

    fn pieces(&self, white: bool) -> Vec<(Sq, P)> {
        let mut v = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                if let Some(p) = self.sq[f as usize][r as usize] {
                    if p.white == white {
                        v.push(((f, r), p));
                    }
                }
            }
        }
        v
    }

    /// Every legal move, duplicates merged.
    pub fn legal(&self) -> Vec<RefMove> {
        let us = self.white_to_move;
        let mut king_caps = Vec::new();
        let mut man_caps = Vec::new();
        for (s, p) in self.pieces(us) {
            if p.king {
                self.captures_from(s, p, &mut king_caps);
            } else {
                self.captures_from(s, p, &mut man_caps);
            }
        }
        let caps = if !king_caps.is_empty() {
            king_caps
        } else {
            man_caps
        };
        if !caps.is_empty() {
            let mut merged: Vec<RefMove> = Vec::new();
            for m in caps {
                match merged
                    .iter_mut()
                    .find(|x| x.from == m.from && x.to() == m.to() && x.captured == m.captured)
                {
                    Some(x) => {
                        if m.path < x.path {
                            *x = m;
                        }
                    }
                    None => merged.push(m),
                }
            }
            return merged;
        }
        let mut quiet = Vec::new();
        for (s, p) in self.pieces(us) {
            let dirs: &[(i8, i8)] = if p.king {
                &[(1, 1), (1, -1), (-1, 1), (-1, -1)]
            } else if us {
                &[(1, 1), (-1, 1)]
            } else {
                &[(1, -1), (-1, -1)]
            };
            for &(df, dr) in dirs {
                let mut t = (s.0 + df, s.1 + dr);
                while on(t) && self.at(t).is_none() {
                    quiet.push(RefMove {
                        from: s,
                        path: vec![t],
                        captured: BTreeSet::new(),
                        promotes: !p.king && t.1 == Self::last_rank(p),
                    });
                    if !p.king {
                        break;
                    }
                    t = (t.0 + df, t.1 + dr);
                }
            }
        }
        quiet
    }

    /// The board after a move.
    pub fn after(&self, m: &RefMove) -> Board {
        let mut b = self.clone();
        let mut p = b.at(m.from).unwrap();
        b.sq[m.from.0 as usize][m.from.1 as usize] = None;
        for c in &m.captured {
            b.sq[c.0 as usize][c.1 as usize] = None;
        }
        if m.promotes {
            p.king = true;
        }
        let t = m.to();
        b.sq[t.0 as usize][t.1 as usize] = Some(p);
        b.white_to_move = !b.white_to_move;
        b
    }

    /// The FEN of the board (canonical order: by file, then rank).
    pub fn fen(&self) -> String {
        let mut t = String::from(if self.white_to_move { "W" } else { "B" });
        for white in [true, false] {
            t.push_str(if white { ":W" } else { ":B" });
            let items: Vec<String> = self
                .pieces(white)
                .into_iter()
                .map(|(s, p)| format!("{}{}", if p.king { "K" } else { "" }, name(s)))
                .collect();
            t.push_str(&items.join(","));
        }
        t
    }
}

/// Perft by the reference rules (no bulk counting, nothing clever).
pub fn perft(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = b.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&b.after(m), depth - 1)).sum()
}
