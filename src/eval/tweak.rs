//! Changes to a game's evaluation numbers at run time, for tuning by
//! matches: `dama match --engine option.evaltweak=king=330,squares=120`
//! plays the changed evaluation against the shipped one without a
//! rebuild. A change that wins its match is then written into the game's
//! evaluation file (`eval/<game>.rs`), where the shipped numbers live.
//!
//! Only the numbers every game has are tweakable: the worth of a man and
//! of a king, the mobility weights of both, the bonus for having the
//! move, the square tables as a whole (in percent), and the learned
//! region patterns of the games that have them (in percent;
//! `patterns=0` plays without them). A game's own terms (its `adjust`
//! step) are changed in its file.

use super::{params, Evaluate, Evaluator, Params};
use crate::piece::Kind;
use std::fmt;
use std::str::FromStr;

/// A set of changes to [`Params`]; the default changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tweak {
    /// Worth of a man, replacing the game's.
    pub man: Option<i32>,
    /// Worth of a king, replacing the game's.
    pub king: Option<i32>,
    /// Mobility weight of men (per empty square reached).
    pub mob_man: Option<i32>,
    /// Mobility weight of kings.
    pub mob_king: Option<i32>,
    /// Bonus for having the move.
    pub tempo: Option<i32>,
    /// The square tables of every kind, scaled to this percent (100: as
    /// they are).
    pub squares: i32,
    /// The region patterns ([`super::regions`]) scaled to this percent
    /// of their weight in play (100: as the game plays them, see
    /// [`super::Evaluate::PATTERN_PERCENT`]; 0, or a value that scales
    /// them to under 1 %: not read at all). Games without patterns
    /// ignore it.
    pub patterns: i32,
}

impl Default for Tweak {
    fn default() -> Self {
        Tweak::NONE
    }
}

/// Why a tweak text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TweakError {
    /// An item that is not `key=value`, or an unknown key.
    #[error("'{0}' is not a tweak (expected key=value with key man, king, mobman, mobking, tempo, squares or patterns)")]
    Item(String),
    /// A value that is not an integer in range.
    #[error("'{key}={value}': the value must be an integer from {min} to {max}")]
    Value {
        /// The key.
        key: &'static str,
        /// The value given.
        value: String,
        /// Smallest value.
        min: i32,
        /// Largest value.
        max: i32,
    },
}

/// Each key, its range and where it goes.
const KEYS: [(&str, i32, i32); 7] = [
    ("man", -1000, 1000),
    ("king", -3000, 3000),
    ("mobman", -100, 100),
    ("mobking", -100, 100),
    ("tempo", -500, 500),
    ("squares", 0, 500),
    ("patterns", 0, 500),
];

impl Tweak {
    /// No change.
    pub const NONE: Tweak = Tweak {
        man: None,
        king: None,
        mob_man: None,
        mob_king: None,
        tempo: None,
        squares: 100,
        patterns: 100,
    };

    /// `p` with the changes applied (the square scale is applied where
    /// the tables are built, see [`Evaluator::tweaked`]).
    pub fn apply(&self, p: &Params) -> Params {
        let mut q = *p;
        let (m, k) = (Kind::Man.index(), Kind::King.index());
        if let Some(v) = self.man {
            q.material[m] = v;
        }
        if let Some(v) = self.king {
            q.material[k] = v;
        }
        if let Some(v) = self.mob_man {
            q.mobility[m] = v;
        }
        if let Some(v) = self.mob_king {
            q.mobility[k] = v;
        }
        if let Some(v) = self.tempo {
            q.tempo = v;
        }
        q
    }

    /// The percent scales, by key.
    fn scale(&mut self, key: &str) -> &mut i32 {
        if key == "patterns" {
            &mut self.patterns
        } else {
            &mut self.squares
        }
    }

    fn slot(&mut self, key: &str) -> Option<&mut Option<i32>> {
        match key {
            "man" => Some(&mut self.man),
            "king" => Some(&mut self.king),
            "mobman" => Some(&mut self.mob_man),
            "mobking" => Some(&mut self.mob_king),
            "tempo" => Some(&mut self.tempo),
            _ => None,
        }
    }
}

impl FromStr for Tweak {
    type Err = TweakError;

    /// `key=value` items separated by commas (or spaces); empty or
    /// `<empty>` for no change.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut t = Tweak::NONE;
        let s = s.trim();
        if s.is_empty() || s == "<empty>" {
            return Ok(t);
        }
        for item in s.split([',', ' ']).filter(|i| !i.is_empty()) {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| TweakError::Item(item.to_string()))?;
            let k = k.to_ascii_lowercase();
            let &(key, min, max) = KEYS
                .iter()
                .find(|(name, _, _)| *name == k)
                .ok_or_else(|| TweakError::Item(item.to_string()))?;
            let n = v
                .parse::<i32>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| TweakError::Value {
                    key,
                    value: v.to_string(),
                    min,
                    max,
                })?;
            match t.slot(key) {
                Some(slot) => *slot = Some(n),
                None => *t.scale(key) = n,
            }
        }
        Ok(t)
    }
}

impl fmt::Display for Tweak {
    /// The canonical text, which [`Tweak::from_str`] reads back;
    /// `<empty>` for no change.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut items = Vec::new();
        let mut t = *self;
        for (key, _, _) in KEYS {
            match t.slot(key) {
                Some(Some(v)) => items.push(format!("{key}={v}")),
                Some(None) => {}
                None => {
                    let v = *t.scale(key);
                    if v != 100 {
                        items.push(format!("{key}={v}"));
                    }
                }
            }
        }
        if items.is_empty() {
            f.write_str("<empty>")
        } else {
            f.write_str(&items.join(","))
        }
    }
}

impl<R: Evaluate> Evaluator<R> {
    /// Builds the tables of game `R` from its own numbers changed by
    /// `t` (for tuning by matches).
    pub fn tweaked(t: &Tweak) -> Self {
        Self::build(
            &t.apply(params::<R>()),
            t.squares,
            R::PATTERN_PERCENT * t.patterns / 100,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_back() {
        let t: Tweak = "king=330, squares=120,tempo=-3".parse().unwrap();
        assert_eq!(t.king, Some(330));
        assert_eq!(t.squares, 120);
        assert_eq!(t.tempo, Some(-3));
        assert_eq!(t.to_string(), "king=330,tempo=-3,squares=120");
        assert_eq!(t.to_string().parse::<Tweak>(), Ok(t));
        let p: Tweak = "patterns=0".parse().unwrap();
        assert_eq!((p.patterns, p.squares), (0, 100));
        assert_eq!(p.to_string(), "patterns=0");
        assert_eq!("<empty>".parse::<Tweak>(), Ok(Tweak::NONE));
        assert_eq!(Tweak::NONE.to_string(), "<empty>");
    }

    #[test]
    fn refuses_bad_items() {
        let e = "king".parse::<Tweak>().unwrap_err().to_string();
        assert!(e.starts_with("'king' is not a tweak"), "{e}");
        let e = "queen=3".parse::<Tweak>().unwrap_err().to_string();
        assert!(e.starts_with("'queen=3' is not a tweak"), "{e}");
        let e = "king=3001".parse::<Tweak>().unwrap_err().to_string();
        assert_eq!(
            e,
            "'king=3001': the value must be an integer from -3000 to 3000"
        );
    }

    /// No tweak plays the game's own evaluation; Czech's patterns at
    /// `10000 / PATTERN_PERCENT` percent are the full learned table the
    /// tuner reads, and at half their weight they change the scores.
    #[test]
    fn no_tweak_is_the_games_own_evaluation() {
        use crate::eval::Context;
        use crate::rules::czech::Czech;
        use crate::rules::international::International;
        let own = Evaluator::<Czech>::new();
        let none = Evaluator::<Czech>::tweaked(&Tweak::NONE);
        let full = Evaluator::<Czech>::with_params(params::<Czech>());
        let percent = <Czech as Evaluate>::PATTERN_PERCENT;
        assert_eq!(10_000 % percent, 0, "a whole percent gives the full table");
        let whole = Evaluator::<Czech>::tweaked(&Tweak {
            patterns: 10_000 / percent,
            ..Tweak::NONE
        });
        let half = Evaluator::<Czech>::tweaked(&Tweak {
            patterns: 50,
            ..Tweak::NONE
        });
        let mut differ = 0;
        for pos in crate::testkit::random_positions::<Czech>(5, 80, 300) {
            let c = Context::NONE;
            assert_eq!(none.evaluate(&pos, &c), own.evaluate(&pos, &c), "{pos}");
            assert_eq!(whole.evaluate(&pos, &c), full.evaluate(&pos, &c), "{pos}");
            differ += usize::from(own.evaluate(&pos, &c) != half.evaluate(&pos, &c));
        }
        assert!(
            differ > 100,
            "the patterns at half weight change {differ} scores"
        );
        let own = Evaluator::<International>::new();
        let none = Evaluator::<International>::tweaked(&Tweak::NONE);
        for pos in crate::testkit::random_positions::<International>(6, 100, 300) {
            let c = Context::NONE;
            assert_eq!(none.evaluate(&pos, &c), own.evaluate(&pos, &c), "{pos}");
        }
    }
}
