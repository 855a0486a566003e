//! The registry: every game dama plays, one line each.
//!
//! A line gives the game's module and type (its rules in
//! `src/rules/<module>.rs`, its evaluation in `src/eval/<module>.rs`),
//! its name in notation, options and files, its title, and the number
//! PDN's `GameType` tag gives it (`None` where it has none). The first
//! line is the default game.
//!
//! Everything that lists the games is made from these lines: the
//! run-time [`Variant`](crate::Variant) enum with its names, titles and
//! `GameType` numbers, [`dispatch!`](crate::dispatch) from a variant to
//! its type, [`AnyGame`](crate::AnyGame) and
//! [`AnySearcher`](crate::AnySearcher), the re-exports of the game
//! types, the protocol's `variant` option values and every message that
//! names the games. Adding a game is its rules file, its evaluation file
//! (declared with `pub mod` in `rules/mod.rs` and `eval/mod.rs`), its
//! tests and one line here; a game registered without its rules or
//! evaluation does not compile, and a rules file must name its
//! [`Variant`](crate::Variant), which exists only once the line is here.
//!
//! `games!(callback { arguments })` hands the list to the macro
//! `$crate::callback!`, which generates what it needs; the callbacks are
//! in `variant.rs` and `any.rs`.

/// Calls `$crate::$callback! { { args } lines… }` with the list of games.
#[doc(hidden)]
#[macro_export]
macro_rules! games {
    ($callback:ident { $($args:tt)* }) => {
        $crate::$callback! {
            { $($args)* }
            /// Czech draughts (Česká dáma).
            czech::Czech, "czech", "Czech draughts", Some(29);
            /// Gothic draughts (Altdeutsche Dame).
            gothic::Gothic, "gothic", "Gothic draughts", Some(101);
            /// Knight's draughts.
            knights::Knights, "knights", "Knight's draughts", Some(102);
            /// Ossetian draughts.
            ossetian::Ossetian, "ossetian", "Ossetian draughts", Some(103);
            /// Medieval battle.
            medieval::Medieval, "medieval", "Medieval battle", Some(104);
            /// International draughts (FMJD).
            international::International, "international", "International draughts", Some(20);
            /// Killer draughts.
            killer::Killer, "killer", "Killer draughts", None;
            /// Breakthrough draughts.
            breakthrough::Breakthrough, "breakthrough", "Breakthrough draughts", Some(96);
            /// Antidraughts (losing draughts).
            antidraughts::Antidraughts, "antidraughts", "Antidraughts", Some(98);
            /// Brazilian draughts.
            brazilian::Brazilian, "brazilian", "Brazilian draughts", Some(26);
            /// Russian draughts (shashki).
            russian::Russian, "russian", "Russian draughts", Some(25);
            /// English draughts (American checkers).
            english::English, "english", "English draughts", Some(21);
            /// Italian draughts.
            italian::Italian, "italian", "Italian draughts", Some(22);
            /// Spanish draughts.
            spanish::Spanish, "spanish", "Spanish draughts", Some(24);
            /// Pool checkers.
            pool::Pool, "pool", "Pool checkers", Some(23);
            /// Turkish draughts (Dama).
            turkish::Turkish, "turkish", "Turkish draughts", Some(30);
            /// Thai draughts (Mak-hos).
            thai::Thai, "thai", "Thai draughts", Some(31);
            /// Frisian draughts.
            frisian::Frisian, "frisian", "Frisian draughts", Some(40);
        }
    };
}
