//! The five games by name, for the edges of the program.
//!
//! Inside the library every game is its own type. Where a user names the
//! game at run time (the command line, the protocol, a PDN file), the
//! [`Variant`] enum says which, and the `dispatch!` macro calls generic
//! code with the right type.

use std::fmt;
use std::str::FromStr;

/// One of the five games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// Czech draughts (Česká dáma).
    Czech,
    /// Gothic draughts.
    Gothic,
    /// Knight's draughts.
    Knights,
    /// Ossetian draughts.
    Ossetian,
    /// Medieval battle.
    Medieval,
}

impl Variant {
    /// Every game, in the order of RULES.md.
    pub const ALL: [Variant; 5] = [
        Variant::Czech,
        Variant::Gothic,
        Variant::Knights,
        Variant::Ossetian,
        Variant::Medieval,
    ];
    /// The name used in notation and options.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Czech => "czech",
            Variant::Gothic => "gothic",
            Variant::Knights => "knights",
            Variant::Ossetian => "ossetian",
            Variant::Medieval => "medieval",
        }
    }
    /// The game's full English name.
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Czech => "Czech draughts",
            Variant::Gothic => "Gothic draughts",
            Variant::Knights => "Knight's draughts",
            Variant::Ossetian => "Ossetian draughts",
            Variant::Medieval => "Medieval battle",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown game name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{0}' (expected czech, gothic, knights, ossetian or medieval)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// Runs generic code with the game type of a [`Variant`]:
/// `dispatch!(variant, R => perft::<R>(...))` binds `R` to the type.
#[macro_export]
macro_rules! dispatch {
    ($variant:expr, $r:ident => $body:expr) => {
        match $variant {
            $crate::Variant::Czech => {
                type $r = $crate::rules::Czech;
                $body
            }
            $crate::Variant::Gothic => {
                type $r = $crate::rules::Gothic;
                $body
            }
            $crate::Variant::Knights => {
                type $r = $crate::rules::Knights;
                $body
            }
            $crate::Variant::Ossetian => {
                type $r = $crate::rules::Ossetian;
                $body
            }
            $crate::Variant::Medieval => {
                type $r = $crate::rules::Medieval;
                $body
            }
        }
    };
}
