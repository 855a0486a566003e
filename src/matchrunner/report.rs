//! What a match reports: the progress line while it runs, and the
//! summary at the end, as text for people and as JSON for scripts.
//!
//! The JSON is written by hand (a dozen fields do not justify a
//! serialization crate); infinite Elo bounds (a 100 % score) are `null`.

use super::stats::{Pentanomial, Sprt, SprtDecision, Tally};
use super::timecontrol::TimeControl;
use super::{MatchState, StopReason};
use crate::variant::Variant;
use std::fmt::Write;
use std::path::PathBuf;

/// One pairing's result, from the first engine's side.
#[derive(Clone, Debug, PartialEq)]
pub struct PairingSummary {
    /// The engine whose score is given.
    pub first: String,
    /// Its opponent.
    pub second: String,
    /// Wins, draws and losses of `first`.
    pub tally: Tally,
    /// The scores of `first` on the complete colour-swapped pairs.
    pub pairs: Pentanomial,
}

impl PairingSummary {
    /// Whether the Elo estimate comes from the pairs (there is at least
    /// one complete pair) rather than from the single games.
    pub fn by_pairs(&self) -> bool {
        self.pairs.pairs() > 0
    }
    /// The Elo difference: from the pairs when there are any, else from
    /// the games.
    pub fn elo(&self) -> f64 {
        if self.by_pairs() {
            self.pairs.elo()
        } else {
            self.tally.elo()
        }
    }
    /// The 95 % interval of [`elo`](Self::elo): from the variance of the
    /// pair scores when there are pairs, else from the games.
    pub fn elo_interval(&self) -> (f64, f64) {
        if self.by_pairs() {
            self.pairs.elo_interval()
        } else {
            self.tally.elo_interval()
        }
    }
    /// Half the width of the 95 % interval (infinite when a bound is).
    pub fn elo_error(&self) -> f64 {
        let (lo, hi) = self.elo_interval();
        (hi - lo) / 2.0
    }
}

/// The moment the SPRT decided.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtDecided {
    /// What it decided.
    pub decision: SprtDecision,
    /// Games counted then.
    pub games: usize,
    /// Complete pairs counted then.
    pub pairs: u32,
    /// The log likelihood ratio then.
    pub llr: f64,
}

/// The SPRT at the end of the match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtSummary {
    /// Its parameters.
    pub sprt: Sprt,
    /// The final log likelihood ratio, over every counted game (games
    /// that were running when the test decided included).
    pub llr: f64,
    /// Whether the ratio is computed on pairs (pentanomial) rather than
    /// on single games (trinomial, before the first pair is complete).
    pub by_pairs: bool,
    /// The decision: the one taken during the match, or where the final
    /// ratio stands.
    pub decision: SprtDecision,
    /// When the decision was taken, if it was.
    pub decided: Option<SprtDecided>,
}

/// How many games ended one way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The `Termination` id (`no-moves`, `repetition`, `time-forfeit`, …).
    pub id: String,
    /// For forfeits, the engine at fault.
    pub engine: Option<String>,
    /// Games.
    pub count: u32,
}

/// The result of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSummary {
    /// The game played.
    pub variant: Variant,
    /// The time control.
    pub tc: TimeControl,
    /// Each pairing's result.
    pub pairings: Vec<PairingSummary>,
    /// The SPRT, if one ran.
    pub sprt: Option<SprtSummary>,
    /// Games planned.
    pub planned: usize,
    /// Games finished and counted.
    pub finished: usize,
    /// Games abandoned (stopped in progress, or no engine started).
    pub abandoned: usize,
    /// Mean game length in plies.
    pub mean_plies: f64,
    /// How the games ended, most frequent first.
    pub reasons: Vec<Reason>,
    /// Why the match ended.
    pub stopped: StopReason,
    /// The PDN file written.
    pub pdn: Option<PathBuf>,
    /// A failure writing the PDN file, if any.
    pub pdn_error: Option<String>,
}

fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{x:+.1}")
    }
}

fn elo_text(p: &PairingSummary) -> String {
    let (lo, hi) = p.elo_interval();
    let err = p.elo_error();
    let pm = if err.is_finite() {
        format!("{err:.1}")
    } else {
        "inf".to_string()
    };
    let from = if p.by_pairs() {
        plural(p.pairs.pairs() as usize, "pair")
    } else {
        plural(p.tally.games() as usize, "game")
    };
    format!(
        "{} +/- {pm} (95%: {} .. {}) from {from}",
        signed(p.elo()),
        signed(lo),
        signed(hi)
    )
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// The progress line: games, W/D/L and Elo of the pairing just updated
/// (the Elo from its pairs once there are any).
pub fn progress_line(s: &MatchState) -> String {
    let ((a, b), t) = &s.pairings[s.last_pairing];
    let p = PairingSummary {
        first: String::new(),
        second: String::new(),
        tally: *t,
        pairs: s.pairs.get(s.last_pairing).copied().unwrap_or_default(),
    };
    let mut line = format!(
        "games {}/{}  {a} vs {b}: +{} ={} -{}  score {:.3}  Elo {} +/- {}",
        s.finished + s.abandoned,
        s.planned,
        t.wins,
        t.draws,
        t.losses,
        t.score(),
        signed(p.elo()),
        {
            let e = p.elo_error();
            if e.is_finite() {
                format!("{e:.0}")
            } else {
                "inf".into()
            }
        }
    );
    if let Some((llr, (lo, hi))) = s.llr {
        let _ = write!(line, "  LLR {llr:.2} [{lo:.2}, {hi:.2}]");
    }
    if let Some(d) = s.sprt_decided {
        let _ = write!(line, "  ({} after {} games)", d.decision.text(), d.games);
    }
    line
}

fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

fn json_num(x: f64) -> String {
    if x.is_finite() {
        let r = (x * 1e4).round() / 1e4;
        format!("{r}")
    } else {
        "null".to_string()
    }
}

impl StopReason {
    /// `completed`, `sprt` or `interrupted`.
    pub fn id(self) -> &'static str {
        match self {
            StopReason::Completed => "completed",
            StopReason::Sprt(_) => "sprt",
            StopReason::Interrupted => "interrupted",
        }
    }
}

impl MatchSummary {
    /// The summary for people.
    pub fn text(&self) -> String {
        let mut o = String::new();
        let _ = writeln!(
            o,
            "{} games of {} at {} ({} planned, {} abandoned), {:.0} plies on average",
            self.finished,
            self.variant.title(),
            self.tc,
            self.planned,
            self.abandoned,
            self.mean_plies
        );
        for p in &self.pairings {
            let t = &p.tally;
            let _ = writeln!(
                o,
                "Score of {} vs {}: {} - {} - {} [{:.3}] {} games",
                p.first,
                p.second,
                t.wins,
                t.losses,
                t.draws,
                t.score(),
                t.games()
            );
            let _ = writeln!(
                o,
                "  Elo difference: {}, LOS {:.1}%",
                elo_text(p),
                t.los() * 100.0
            );
            let c = p.pairs.counts;
            let _ = writeln!(
                o,
                "  Ptnml(0-2): [{}, {}, {}, {}, {}], {}",
                c[0],
                c[1],
                c[2],
                c[3],
                c[4],
                plural(p.pairs.pairs() as usize, "pair")
            );
        }
        if let Some(s) = &self.sprt {
            let (lo, hi) = s.sprt.bounds();
            let _ = writeln!(
                o,
                "SPRT (elo0 {}, elo1 {}, alpha {}, beta {}) on {}: LLR {:.2} [{:.2}, {:.2}]: {}",
                s.sprt.elo0,
                s.sprt.elo1,
                s.sprt.alpha,
                s.sprt.beta,
                if s.by_pairs { "pairs" } else { "games" },
                s.llr,
                lo,
                hi,
                s.decision.text()
            );
            if let Some(d) = &s.decided {
                let later = self.finished.saturating_sub(d.games);
                let _ = writeln!(
                    o,
                    "  decided after {} ({}) at LLR {:.2}; {}",
                    plural(d.games, "game"),
                    plural(d.pairs as usize, "pair"),
                    d.llr,
                    match later {
                        0 => "no game was running then".to_string(),
                        1 => "the 1 game running then was finished and counted".to_string(),
                        n => format!("the {n} games running then were finished and counted"),
                    }
                );
            }
        }
        if !self.reasons.is_empty() {
            let items: Vec<String> = self
                .reasons
                .iter()
                .map(|r| match &r.engine {
                    Some(e) => format!("{} ({e}) {}", r.id, r.count),
                    None => format!("{} {}", r.id, r.count),
                })
                .collect();
            let _ = writeln!(o, "Games ended by: {}", items.join(", "));
        }
        match self.stopped {
            StopReason::Completed => {}
            StopReason::Sprt(d) => {
                let after = match self.sprt.and_then(|s| s.decided) {
                    Some(x) => format!(
                        " after {} ({})",
                        plural(x.games, "game"),
                        plural(x.pairs as usize, "pair")
                    ),
                    None => String::new(),
                };
                let _ = writeln!(o, "Stopped early: SPRT {}{after}", d.text());
            }
            StopReason::Interrupted => {
                let _ = writeln!(o, "Interrupted: the summary covers the finished games");
            }
        }
        if let Some(p) = &self.pdn {
            let _ = writeln!(o, "Games written to {}", p.display());
        }
        if let Some(e) = &self.pdn_error {
            let _ = writeln!(o, "Warning: writing the PDN file failed: {e}");
        }
        o
    }

    /// The summary as one JSON object.
    pub fn json(&self) -> String {
        let mut o = String::from("{");
        let _ = write!(
            o,
            "\"variant\":{},\"time_control\":{},\"planned\":{},\"finished\":{},\"abandoned\":{},\"mean_plies\":{},\"stopped\":{}",
            json_str(self.variant.name()),
            json_str(&self.tc.to_string()),
            self.planned,
            self.finished,
            self.abandoned,
            json_num(self.mean_plies),
            json_str(self.stopped.id())
        );
        o.push_str(",\"pairings\":[");
        for (i, p) in self.pairings.iter().enumerate() {
            if i > 0 {
                o.push(',');
            }
            let t = &p.tally;
            let (lo, hi) = p.elo_interval();
            let c = p.pairs.counts;
            let _ = write!(
                o,
                "{{\"first\":{},\"second\":{},\"games\":{},\"wins\":{},\"draws\":{},\"losses\":{},\"score\":{},\"pairs\":{},\"ptnml\":[{},{},{},{},{}],\"elo_from\":{},\"elo\":{},\"elo_error\":{},\"elo_low\":{},\"elo_high\":{},\"los\":{}}}",
                json_str(&p.first),
                json_str(&p.second),
                t.games(),
                t.wins,
                t.draws,
                t.losses,
                json_num(t.score()),
                p.pairs.pairs(),
                c[0],
                c[1],
                c[2],
                c[3],
                c[4],
                json_str(if p.by_pairs() { "pairs" } else { "games" }),
                json_num(p.elo()),
                json_num(p.elo_error()),
                json_num(lo),
                json_num(hi),
                json_num(t.los())
            );
        }
        o.push(']');
        match &self.sprt {
            Some(s) => {
                let (lo, hi) = s.sprt.bounds();
                let decision = match s.decision {
                    SprtDecision::Continue => "none",
                    SprtDecision::AcceptH1 => "H1",
                    SprtDecision::AcceptH0 => "H0",
                };
                let decided = match &s.decided {
                    Some(d) => format!(
                        "{{\"games\":{},\"pairs\":{},\"llr\":{}}}",
                        d.games,
                        d.pairs,
                        json_num(d.llr)
                    ),
                    None => "null".into(),
                };
                let _ = write!(
                    o,
                    ",\"sprt\":{{\"elo0\":{},\"elo1\":{},\"alpha\":{},\"beta\":{},\"model\":{},\"llr\":{},\"lower\":{},\"upper\":{},\"accepted\":{},\"decided\":{}}}",
                    json_num(s.sprt.elo0),
                    json_num(s.sprt.elo1),
                    json_num(s.sprt.alpha),
                    json_num(s.sprt.beta),
                    json_str(if s.by_pairs { "pentanomial" } else { "trinomial" }),
                    json_num(s.llr),
                    json_num(lo),
                    json_num(hi),
                    json_str(decision),
                    decided
                );
            }
            None => o.push_str(",\"sprt\":null"),
        }
        o.push_str(",\"reasons\":[");
        for (i, r) in self.reasons.iter().enumerate() {
            if i > 0 {
                o.push(',');
            }
            let engine = r.engine.as_deref().map(json_str);
            let _ = write!(
                o,
                "{{\"termination\":{},\"engine\":{},\"count\":{}}}",
                json_str(&r.id),
                engine.as_deref().unwrap_or("null"),
                r.count
            );
        }
        o.push(']');
        let _ = write!(
            o,
            ",\"pdn\":{}",
            self.pdn
                .as_ref()
                .map(|p| json_str(&p.display().to_string()))
                .unwrap_or_else(|| "null".into())
        );
        o.push_str("}\n");
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary() -> MatchSummary {
        MatchSummary {
            variant: Variant::Czech,
            tc: TimeControl::Depth(2),
            pairings: vec![PairingSummary {
                first: "a \"quoted\"".into(),
                second: "b".into(),
                tally: Tally {
                    wins: 3,
                    draws: 0,
                    losses: 0,
                },
                pairs: Pentanomial {
                    counts: [0, 0, 0, 0, 1],
                },
            }],
            sprt: None,
            planned: 4,
            finished: 3,
            abandoned: 1,
            mean_plies: 40.5,
            reasons: vec![Reason {
                id: "crash".into(),
                engine: Some("b".into()),
                count: 3,
            }],
            stopped: StopReason::Interrupted,
            pdn: None,
            pdn_error: None,
        }
    }

    #[test]
    fn text_summary() {
        let t = summary().text();
        assert!(
            t.contains("Score of a \"quoted\" vs b: 3 - 0 - 0 [1.000] 3 games"),
            "{t}"
        );
        assert!(
            t.contains("Elo difference: +inf +/- inf (95%: +inf .. +inf) from 1 pair"),
            "{t}"
        );
        assert!(t.contains("Ptnml(0-2): [0, 0, 0, 0, 1], 1 pair"), "{t}");
        assert!(t.contains("Games ended by: crash (b) 3"), "{t}");
        assert!(t.contains("Interrupted"), "{t}");
    }

    fn sprt_summary() -> MatchSummary {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let pairs = Pentanomial {
            counts: [1, 2, 4, 3, 2],
        };
        let mut s = summary();
        s.pairings[0].tally = Tally {
            wins: 10,
            draws: 5,
            losses: 9,
        };
        s.pairings[0].pairs = pairs;
        s.finished = 25;
        s.stopped = StopReason::Sprt(SprtDecision::AcceptH1);
        s.sprt = Some(SprtSummary {
            sprt,
            llr: 3.1,
            by_pairs: true,
            decision: SprtDecision::AcceptH1,
            decided: Some(SprtDecided {
                decision: SprtDecision::AcceptH1,
                games: 23,
                pairs: 11,
                llr: 2.95,
            }),
        });
        s
    }

    #[test]
    fn sprt_summary_says_when_it_decided() {
        let s = sprt_summary();
        let t = s.text();
        assert!(t.contains("Ptnml(0-2): [1, 2, 4, 3, 2], 12 pairs"), "{t}");
        // The Elo line comes from the pairs.
        let p = &s.pairings[0];
        assert!(p.by_pairs());
        assert_eq!(p.elo_interval(), p.pairs.elo_interval());
        assert!(t.contains(" from 12 pairs, LOS"), "{t}");
        assert!(
            t.contains("SPRT (elo0 0, elo1 10, alpha 0.05, beta 0.05) on pairs: LLR 3.10 [-2.94, 2.94]: H1 accepted"),
            "{t}"
        );
        assert!(
            t.contains("decided after 23 games (11 pairs) at LLR 2.95; the 2 games running then were finished and counted"),
            "{t}"
        );
        assert!(
            t.contains("Stopped early: SPRT H1 accepted after 23 games (11 pairs)"),
            "{t}"
        );
        let j = s.json();
        assert!(
            j.contains("\"pairs\":12,\"ptnml\":[1,2,4,3,2],\"elo_from\":\"pairs\""),
            "{j}"
        );
        assert!(
            j.contains("\"model\":\"pentanomial\",\"llr\":3.1,\"lower\":-2.9444,\"upper\":2.9444,\"accepted\":\"H1\",\"decided\":{\"games\":23,\"pairs\":11,\"llr\":2.95}}"),
            "{j}"
        );
    }

    #[test]
    fn json_summary() {
        let j = summary().json();
        assert!(j.starts_with("{\"variant\":\"czech\",\"time_control\":\"depth=2\",\"planned\":4,\"finished\":3,\"abandoned\":1,\"mean_plies\":40.5,\"stopped\":\"interrupted\""), "{j}");
        assert!(j.contains("\"first\":\"a \\\"quoted\\\"\""), "{j}");
        assert!(j.contains("\"elo\":null"), "{j}");
        assert!(j.contains("\"pairs\":1,\"ptnml\":[0,0,0,0,1]"), "{j}");
        assert!(
            j.contains("{\"termination\":\"crash\",\"engine\":\"b\",\"count\":3}"),
            "{j}"
        );
        assert!(j.contains("\"sprt\":null"), "{j}");
    }
}
