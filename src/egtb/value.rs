//! Values: what is stored for a position (the least budget that wins or
//! loses, or a draw), its one-byte code, and the bytes the generator
//! keeps in memory beside the values.

/// The most plies a budget can hold (15 moves of each player).
pub const MAX_BUDGET: u32 = 30;

/// A position's value for the side to move, in budgets (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Drawn at every budget.
    Draw,
    /// Won when the budget is at least this (1–30).
    Win(u8),
    /// Lost when the budget is at least this (0–30; 0: no move at all).
    Loss(u8),
}

/// A result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move wins.
    Win,
    /// Nobody wins.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Value {
    /// The one-byte code: 0 draw, 1–30 win, 128 + l loss.
    pub fn encode(self) -> u8 {
        match self {
            Value::Draw => 0,
            Value::Win(w) => w,
            Value::Loss(l) => 128 | l,
        }
    }

    /// The value of a code (`None` for a byte that is no value).
    pub fn decode(b: u8) -> Option<Value> {
        match b {
            0 => Some(Value::Draw),
            1..=30 => Some(Value::Win(b)),
            128..=158 => Some(Value::Loss(b - 128)),
            _ => None,
        }
    }

    /// The result with `budget` plies left before a draw rule.
    pub fn at(self, budget: u32) -> Wdl {
        match self {
            Value::Win(w) if budget >= u32::from(w) => Wdl::Win,
            Value::Loss(l) if budget >= u32::from(l) => Wdl::Loss,
            _ => Wdl::Draw,
        }
    }
}

/// A database win's score for the search: below the scores of wins the
/// search sees to the end (`Score::WIN_BOUND` and up), above any
/// evaluation. Fewer plies of budget needed scores higher, so the search
/// steps to the successor with the least value, which is the line that
/// never repeats (see the module docs); a loser prefers the most.
pub const TB_WIN: i32 = 28_000;

/// In memory only: the position has a capture (its value is still there).
pub(crate) const CAPTURE: u8 = 64;
/// In memory only: not decided yet.
pub(crate) const UNKNOWN: u8 = 0xFE;
/// In memory only: not a position (two men on one square).
pub(crate) const BROKEN: u8 = 0xFF;

/// The value of an in-memory byte (`None` for broken or unknown).
#[inline(always)]
pub(crate) fn value_of(b: u8) -> Option<Value> {
    if b >= UNKNOWN {
        return None;
    }
    Value::decode(b & !CAPTURE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for v in (1..=30)
            .map(Value::Win)
            .chain((0..=30).map(Value::Loss))
            .chain([Value::Draw])
        {
            assert_eq!(Value::decode(v.encode()), Some(v));
        }
        assert_eq!(Value::decode(31), None);
        assert_eq!(Value::decode(255), None);
        assert_eq!(Value::Win(5).at(4), Wdl::Draw);
        assert_eq!(Value::Win(5).at(5), Wdl::Win);
        assert_eq!(Value::Loss(0).at(0), Wdl::Loss);
        assert_eq!(Value::Loss(3).at(2), Wdl::Draw);
    }
}
