//! The engine's options: their names, types, ranges and defaults.
//!
//! One table ([`SPECS`]) serves the handshake (`option …` lines),
//! `setoption` (checking a value) and PROTOCOL.md (which lists the same
//! values; a test compares them), so the three cannot drift apart.

use crate::eval::tweak::Tweak;
use crate::game::GameOptions;
use crate::variant::Variant;

/// The type and range of an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An integer in `min..=max`.
    Spin {
        /// Default value.
        default: u64,
        /// Smallest value.
        min: u64,
        /// Largest value.
        max: u64,
    },
    /// A text (a path); `<empty>` for none.
    Text,
    /// One of a list of words.
    Combo {
        /// Default value.
        default: &'static str,
        /// The allowed words.
        values: &'static [&'static str],
    },
}

/// Which option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Name {
    /// `variant`: the game.
    Variant,
    /// `level`: playing strength 1–5.
    Level,
    /// `hash`: transposition table size in MiB.
    Hash,
    /// `moveoverhead`: time kept in reserve per move, in ms.
    MoveOverhead,
    /// `nocapturelimit`: plies without capture that end Gothic draughts and Medieval battle.
    NoCaptureLimit,
    /// `movelimit`: plies after which Knight's draughts ends.
    MoveLimit,
    /// `multipv`: number of principal variations reported.
    MultiPv,
    /// `egtbpath`: the directory of the Czech endgame databases (kept by the engine, not here).
    EgtbPath,
    /// `threads`: threads of a search.
    Threads,
    /// `evaltweak`: changes to the evaluation's numbers, for tuning by matches.
    EvalTweak,
    /// `contempt`: how much below zero a draw scores for the engine, in hundredths of a man.
    Contempt,
}

/// One option: its name on the wire, its type and what it does.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// Which option.
    pub name: Name,
    /// Its name in `setoption` and `option` lines.
    pub wire: &'static str,
    /// Type, range and default.
    pub kind: Kind,
}

/// Every option, in handshake order.
pub const SPECS: [Spec; 11] = [
    Spec {
        name: Name::Variant,
        wire: "variant",
        kind: Kind::Combo {
            default: Variant::ALL[0].name(),
            values: &Variant::NAMES,
        },
    },
    Spec {
        name: Name::Level,
        wire: "level",
        kind: Kind::Spin {
            default: 5,
            min: 1,
            max: 5,
        },
    },
    Spec {
        name: Name::Hash,
        wire: "hash",
        // 64 MiB: about 5 million entries (five to a 64-byte bucket), room for a few seconds of
        // search on one thread before the table starts replacing.
        kind: Kind::Spin {
            default: 64,
            min: 1,
            max: 1024,
        },
    },
    Spec {
        name: Name::MoveOverhead,
        wire: "moveoverhead",
        kind: Kind::Spin {
            default: 30,
            min: 0,
            max: 5000,
        },
    },
    Spec {
        name: Name::NoCaptureLimit,
        wire: "nocapturelimit",
        kind: Kind::Spin {
            default: 30,
            min: 1,
            max: 1000,
        },
    },
    Spec {
        name: Name::MoveLimit,
        wire: "movelimit",
        kind: Kind::Spin {
            default: 200,
            min: 1,
            max: 10000,
        },
    },
    Spec {
        name: Name::MultiPv,
        wire: "multipv",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 64,
        },
    },
    Spec {
        name: Name::EgtbPath,
        wire: "egtbpath",
        kind: Kind::Text,
    },
    Spec {
        name: Name::Threads,
        wire: "threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 64,
        },
    },
    Spec {
        name: Name::EvalTweak,
        wire: "evaltweak",
        kind: Kind::Text,
    },
    Spec {
        name: Name::Contempt,
        wire: "contempt",
        kind: Kind::Spin {
            default: 0,
            min: 0,
            max: 100,
        },
    },
];

impl Spec {
    /// The handshake line: `option name level type spin default 5 min 1 max 5`.
    pub fn line(&self) -> String {
        match self.kind {
            Kind::Spin { default, min, max } => format!(
                "option name {} type spin default {default} min {min} max {max}",
                self.wire
            ),
            Kind::Combo { default, values } => {
                let mut s = format!("option name {} type combo default {default}", self.wire);
                for v in values {
                    s.push_str(" var ");
                    s.push_str(v);
                }
                s
            }
            Kind::Text => format!("option name {} type string default <empty>", self.wire),
        }
    }
    /// The allowed values in words, for error messages.
    pub fn allowed(&self) -> String {
        match self.kind {
            Kind::Spin { min, max, .. } => format!("an integer from {min} to {max}"),
            Kind::Combo { values, .. } => format!("one of {}", values.join(", ")),
            Kind::Text if self.name == Name::EvalTweak => {
                "key=value items (man, king, mobman, mobking, tempo, squares, patterns), or <empty>"
                    .to_string()
            }
            Kind::Text => "a directory of Czech endgame databases, or <empty>".to_string(),
        }
    }
}

/// Why `setoption` refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No such option.
    #[error("setoption: unknown option '{0}' (options: variant, level, hash, moveoverhead, nocapturelimit, movelimit, multipv, egtbpath, threads, evaltweak, contempt)")]
    Unknown(String),
    /// A value outside the option's range or list.
    #[error("setoption: {option} must be {allowed}, not '{value}'")]
    BadValue {
        /// The option.
        option: &'static str,
        /// What it accepts.
        allowed: String,
        /// What was given.
        value: String,
    },
    /// An `egtbpath` directory with a file that is not a whole database
    /// file: which one, and why.
    #[error("setoption: egtbpath: {0}")]
    Egtb(String),
    /// An `evaltweak` item that cannot be read: which one, and why.
    #[error("setoption: evaltweak: {0}")]
    Tweak(#[from] crate::eval::tweak::TweakError),
}

/// The values of every option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The game.
    pub variant: Variant,
    /// Playing strength 1–5.
    pub level: u8,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Time kept in reserve per move, in ms.
    pub overhead_ms: u64,
    /// The rule options.
    pub rules: GameOptions,
    /// Number of principal variations.
    pub multipv: usize,
    /// Threads of a search.
    pub threads: usize,
    /// Changes to the evaluation's numbers.
    pub tweak: Tweak,
    /// Contempt for a draw, in hundredths of a man.
    pub contempt: i32,
}

fn spin_default(name: Name) -> u64 {
    match SPECS.iter().find(|s| s.name == name).map(|s| s.kind) {
        Some(Kind::Spin { default, .. }) => default,
        _ => unreachable!("{name:?} is a spin option in SPECS"),
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: Variant::ALL[0],
            level: spin_default(Name::Level) as u8,
            hash_mb: spin_default(Name::Hash) as usize,
            overhead_ms: spin_default(Name::MoveOverhead),
            rules: GameOptions {
                no_capture_limit: spin_default(Name::NoCaptureLimit) as u32,
                move_limit: spin_default(Name::MoveLimit) as u32,
            },
            multipv: spin_default(Name::MultiPv) as usize,
            threads: spin_default(Name::Threads) as usize,
            tweak: Tweak::NONE,
            contempt: spin_default(Name::Contempt) as i32,
        }
    }
}

impl Options {
    /// Sets an option from its wire name and value text (names and
    /// combo values are case-insensitive). Returns which option it was;
    /// on error nothing changes.
    pub fn set(&mut self, name: &str, value: &str) -> Result<Name, OptionError> {
        let Some(spec) = SPECS.iter().find(|s| s.wire.eq_ignore_ascii_case(name)) else {
            return Err(OptionError::Unknown(super::command::quote(name)));
        };
        let bad = || OptionError::BadValue {
            option: spec.wire,
            allowed: spec.allowed(),
            value: super::command::quote(value),
        };
        match spec.kind {
            Kind::Text if spec.name == Name::EvalTweak => {
                self.tweak = value.parse()?;
            }
            // The engine opens the directory (the options stay `Copy`).
            Kind::Text => {}
            Kind::Combo { .. } => {
                self.variant = value.parse().map_err(|_| bad())?;
            }
            Kind::Spin { min, max, .. } => {
                let n: u64 = value
                    .parse()
                    .ok()
                    .filter(|n| (min..=max).contains(n))
                    .ok_or_else(bad)?;
                match spec.name {
                    Name::Level => self.level = n as u8,
                    Name::Hash => self.hash_mb = n as usize,
                    Name::MoveOverhead => self.overhead_ms = n,
                    Name::NoCaptureLimit => self.rules.no_capture_limit = n as u32,
                    Name::MoveLimit => self.rules.move_limit = n as u32,
                    Name::MultiPv => self.multipv = n as usize,
                    Name::Threads => self.threads = n as usize,
                    Name::Contempt => self.contempt = n as i32,
                    Name::Variant | Name::EgtbPath | Name::EvalTweak => {
                        unreachable!("not a spin")
                    }
                }
            }
        }
        Ok(spec.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_the_rules_book() {
        let o = Options::default();
        assert_eq!(o.rules, GameOptions::default());
        assert_eq!(o.level, 5);
        assert_eq!(o.multipv, 1);
    }

    #[test]
    fn set_checks_range_and_keeps_value_on_error() {
        let mut o = Options::default();
        assert_eq!(o.set("Level", "2"), Ok(Name::Level));
        assert_eq!(o.level, 2);
        let e = o.set("level", "6").unwrap_err();
        assert_eq!(
            e.to_string(),
            "setoption: level must be an integer from 1 to 5, not '6'"
        );
        assert_eq!(o.level, 2);
        let e = o.set("variant", "chess").unwrap_err().to_string();
        assert!(e.contains("variant must be one of czech, gothic, knights, ossetian, medieval,"));
        assert!(e.ends_with("not 'chess'"), "{e}");
        assert_eq!(o.set("variant", "GOTHIC"), Ok(Name::Variant));
        assert_eq!(o.variant, Variant::Gothic);
        assert!(matches!(o.set("speed", "1"), Err(OptionError::Unknown(_))));
    }
}
