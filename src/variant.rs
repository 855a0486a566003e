//! The games by name, for the edges of the program.
//!
//! Inside the library every game is its own type. Where a user names the
//! game at run time (the command line, the protocol, a PDN file), the
//! [`Variant`] enum says which, and the [`dispatch!`](crate::dispatch)
//! macro calls generic code with the right type. Both are made from the
//! registry ([`crate::games`]), so they never need editing by hand.
//!
//! ```
//! use dama::Variant;
//! let v: Variant = "Gothic".parse().unwrap();
//! assert_eq!(v.title(), "Gothic draughts");
//! assert_eq!(Variant::default(), Variant::Czech);
//! assert_eq!(Variant::Czech.pdn_game_type(), Some(29));
//! // Generic code with the type of a game chosen at run time:
//! use dama::geometry::Geometry;
//! let files = dama::dispatch!(v, R => <R as dama::Mechanics>::Geo::files());
//! assert_eq!(files, 8);
//! ```

use std::fmt;
use std::str::FromStr;

/// Generates [`Variant`] from the registry's lines.
#[doc(hidden)]
#[macro_export]
macro_rules! __variant {
    ({} $($(#[$meta:meta])* $module:ident :: $game:ident, $name:literal, $title:literal, $pdn:expr;)*) => {
        /// One of the games, chosen at run time (made from the registry,
        /// [`crate::games`]; the first is the default).
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum Variant {
            $($(#[$meta])* $game,)*
        }

        impl Variant {
            /// How many games there are.
            pub const COUNT: usize = [$($name),*].len();
            /// Every game, in the registry's order.
            pub const ALL: [Variant; Self::COUNT] = [$(Variant::$game),*];
            /// The game's rules in a player's words, as an HTML fragment
            /// (`src/games/<name>.html`: the app's rules page, and the
            /// text of `dama play`'s `rules` command).
            pub const fn rules_html(self) -> &'static str {
                match self {
                    $(Variant::$game => include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/games/", $name, ".html")),)*
                }
            }
            /// The names of every game, in the registry's order (the
            /// values of the protocol's `variant` option).
            pub const NAMES: [&'static str; Self::COUNT] = [$($name),*];
            /// The name used in notation, options and files.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Variant::$game => $name,)*
                }
            }
            /// The game's full English name.
            pub const fn title(self) -> &'static str {
                match self {
                    $(Variant::$game => $title,)*
                }
            }
            /// The number of the game in PDN's `GameType` tag, if it has one.
            pub const fn pdn_game_type(self) -> Option<u32> {
                match self {
                    $(Variant::$game => $pdn,)*
                }
            }
        }
    };
}

/// Runs generic code with the game type of a [`Variant`]:
/// `dispatch!(variant, R => perft::<R>(...))` binds `R` to the type.
///
/// ```
/// use dama::{dispatch, perft, Position, Variant};
/// let nodes = dispatch!(Variant::Ossetian, R => perft::perft(&Position::<R>::start(), 2, true));
/// assert_eq!(nodes, 51);
/// ```
#[macro_export]
macro_rules! dispatch {
    ($variant:expr, $r:ident => $body:expr) => {
        $crate::games!(__dispatch { ($variant) $r ($body) })
    };
}

/// The arms of [`dispatch!`], one per game of the registry.
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch {
    ({ ($variant:expr) $r:ident ($body:expr) }
     $($(#[$meta:meta])* $module:ident :: $game:ident, $name:literal, $title:literal, $pdn:expr;)*) => {
        match $variant {
            $($crate::Variant::$game => {
                type $r = $crate::rules::$module::$game;
                $body
            })*
        }
    };
}

/// `pub use` of every game type of the registry.
#[doc(hidden)]
#[macro_export]
macro_rules! __game_types {
    ({} $($(#[$meta:meta])* $module:ident :: $game:ident, $name:literal, $title:literal, $pdn:expr;)*) => {
        $(pub use $crate::rules::$module::$game;)*
    };
}

crate::games!(__variant {});

impl Default for Variant {
    /// The first game of the registry (Czech draughts).
    fn default() -> Self {
        Variant::ALL[0]
    }
}

impl Variant {
    /// The names of the games joined for a message: `czech, gothic, …
    /// ossetian or medieval` with `last` = `"or"`.
    pub fn names_joined(last: &str) -> String {
        let n = Self::NAMES.len();
        match n {
            0 => String::new(),
            1 => Self::NAMES[0].to_string(),
            _ => format!(
                "{} {last} {}",
                Self::NAMES[..n - 1].join(", "),
                Self::NAMES[n - 1]
            ),
        }
    }
}

/// A line of command-line help: `{what}: czech, gothic, …, medieval{tail}`,
/// where `{default}` in `tail` stands for the default game's name.
pub fn help_line(what: &str, tail: &str) -> String {
    format!(
        "{what}: {}{}",
        Variant::NAMES.join(", "),
        tail.replace("{default}", Variant::default().name())
    )
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown game name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{0}' (expected {names})", names = Variant::names_joined("or"))]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    /// A game by its name, in any case.
    ///
    /// # Errors
    ///
    /// [`UnknownVariant`] when no game has that name.
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Mechanics;

    #[test]
    fn each_game_knows_its_variant() {
        for v in Variant::ALL {
            assert_eq!(crate::dispatch!(v, R => <R as Mechanics>::VARIANT), v);
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
        assert!(UnknownVariant("chess".into()).to_string().starts_with(
            "unknown game 'chess' (expected czech, gothic, knights, ossetian, medieval"
        ));
    }
}
