//! Time controls and the clocks that enforce them.
//!
//! The runner keeps each side's clock itself and measures every move from
//! sending `go` to receiving `bestmove`. The clock runs like a real one
//! across the whole game: the time a move used is subtracted, the
//! increment added. The margin only absorbs the lag of processes and
//! pipes: a clock may run below zero by at most the margin, and time
//! taken from the margin is never given back — the next move starts
//! from the overdrawn clock. A move that takes the clock below minus the
//! margin loses on time; the runner stops waiting at that moment, so a
//! silent engine cannot stall a match. Fixed depth and fixed nodes have
//! no clock: there the wait is bounded by the configured timeout and
//! exceeding it is "no reply".

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How long each engine may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time for every move (`go movetime MS`).
    MoveTime(Duration),
    /// A base time per game plus an increment after each move
    /// (`go wtime .. btime .. winc .. binc ..`).
    Clock {
        /// Time per game and side.
        base: Duration,
        /// Added after each move.
        inc: Duration,
    },
    /// A fixed depth in plies (`go depth N`).
    Depth(u32),
    /// A fixed number of nodes (`go nodes N`).
    Nodes(u64),
}

/// A time control that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad time control '{0}' (expected BASE+INC in seconds like 10+0.1, movetime=MS, depth=N or nodes=N)")]
pub struct TimeControlError(pub String);

fn seconds(s: &str) -> Option<Duration> {
    let v: f64 = s.trim().parse().ok()?;
    if v.is_finite() && (0.0..=1e7).contains(&v) {
        Some(Duration::from_secs_f64(v))
    } else {
        None
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;
    /// `10+0.1` (seconds), `60` (seconds, no increment), `movetime=100`
    /// (milliseconds), `depth=4`, `nodes=20000`.
    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let bad = || TimeControlError(s.to_string());
        let t = s.trim();
        if let Some((k, v)) = t.split_once('=') {
            let v = v.trim();
            return match k.trim().to_ascii_lowercase().as_str() {
                "movetime" | "st" => {
                    let ms: u64 = v.parse().map_err(|_| bad())?;
                    if ms == 0 {
                        return Err(bad());
                    }
                    Ok(TimeControl::MoveTime(Duration::from_millis(ms)))
                }
                "depth" => match v.parse::<u32>() {
                    Ok(d) if d > 0 => Ok(TimeControl::Depth(d)),
                    _ => Err(bad()),
                },
                "nodes" => match v.parse::<u64>() {
                    Ok(n) if n > 0 => Ok(TimeControl::Nodes(n)),
                    _ => Err(bad()),
                },
                _ => Err(bad()),
            };
        }
        let (base, inc) = match t.split_once('+') {
            Some((b, i)) => (seconds(b).ok_or_else(bad)?, seconds(i).ok_or_else(bad)?),
            None => (seconds(t).ok_or_else(bad)?, Duration::ZERO),
        };
        if base.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl::Clock { base, inc })
    }
}

impl fmt::Display for TimeControl {
    /// The form [`TimeControl::from_str`] reads (`10+0.1`, `movetime=100`, …).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::MoveTime(d) => write!(f, "movetime={}", d.as_millis()),
            TimeControl::Clock { base, inc } => {
                write!(f, "{}+{}", base.as_secs_f64(), inc.as_secs_f64())
            }
            TimeControl::Depth(d) => write!(f, "depth={d}"),
            TimeControl::Nodes(n) => write!(f, "nodes={n}"),
        }
    }
}

/// The clocks of one game: time left per side (for [`TimeControl::Clock`]),
/// in microseconds, below zero when a side has used part of the margin.
#[derive(Clone, Copy, Debug)]
pub struct Clocks {
    tc: TimeControl,
    left: [i128; 2],
}

fn micros(d: Duration) -> i128 {
    d.as_micros() as i128
}

/// Whole milliseconds of a signed microsecond count, rounded towards zero.
fn millis(us: i128) -> i128 {
    us / 1000
}

/// What the referee may wait for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowance {
    /// The move must come within this time, or it is lost on time.
    Timed(Duration),
    /// No clock: waiting longer than this is "no reply".
    Untimed(Duration),
}

impl Clocks {
    /// Fresh clocks for a game.
    pub fn new(tc: TimeControl) -> Self {
        let base = match tc {
            TimeControl::Clock { base, .. } => base,
            _ => Duration::ZERO,
        };
        Clocks {
            tc,
            left: [micros(base); 2],
        }
    }

    /// The `go` command for the side `mover` (0 White, 1 Black).
    pub fn go_command(&self) -> String {
        match self.tc {
            TimeControl::MoveTime(d) => format!("go movetime {}", d.as_millis()),
            TimeControl::Clock { inc, .. } => format!(
                "go wtime {} btime {} winc {} binc {}",
                millis(self.left[0]).max(0),
                millis(self.left[1]).max(0),
                inc.as_millis(),
                inc.as_millis()
            ),
            TimeControl::Depth(d) => format!("go depth {d}"),
            TimeControl::Nodes(n) => format!("go nodes {n}"),
        }
    }

    /// The Hub `level` line for the side `mover` (0 White, 1 Black), in
    /// seconds. Hub adds the increment before the move, so the clock
    /// sent is the time left less one increment.
    pub fn hub_level(&self, mover: usize) -> String {
        match self.tc {
            TimeControl::MoveTime(d) => format!("level move-time={:.3}", d.as_secs_f64()),
            TimeControl::Clock { inc, .. } => {
                let left = (self.left[mover] - micros(inc)).max(0) as f64 / 1e6;
                if inc.is_zero() {
                    format!("level time={left:.3}")
                } else {
                    format!("level time={left:.3} inc={:.3}", inc.as_secs_f64())
                }
            }
            TimeControl::Depth(d) => format!("level depth={d}"),
            TimeControl::Nodes(n) => format!("level nodes={n}"),
        }
    }

    /// The limit line of the first Hub protocol (Scan 2.0) for the side
    /// `mover`, in whole milliseconds: `time <ms>` a move, `level 0 <ms>
    /// <inc ms>` for the clock (as in Hub, the increment is added before
    /// the move), `depth <n>`; it has no node limit. Scan 2.0 spends a
    /// move's fixed time whole, keeping nothing back for the lag of
    /// processes and pipes (its clock keeps 0.1 s), so `time` is the move
    /// time less a quarter, at most 100 ms (as dama keeps back at most a
    /// quarter for its move overhead).
    ///
    /// # Errors
    ///
    /// The reason for a node limit.
    pub fn hub1_level(&self, mover: usize) -> Result<String, String> {
        match self.tc {
            TimeControl::MoveTime(d) => {
                let keep = (d / 4).min(Duration::from_millis(100));
                Ok(format!("time {}", (d - keep).as_millis()))
            }
            TimeControl::Clock { inc, .. } => {
                let left = (self.left[mover] - micros(inc)).max(0) / 1000;
                Ok(format!("level 0 {left} {}", inc.as_millis()))
            }
            TimeControl::Depth(d) => Ok(format!("depth {d}")),
            TimeControl::Nodes(_) => {
                Err("the first Hub protocol (proto=hub1) has no node limit".to_string())
            }
        }
    }

    /// How long the referee waits for `mover`'s move, with `margin` for
    /// lag and `timeout` for searches without a clock.
    pub fn allowance(&self, mover: usize, margin: Duration, timeout: Duration) -> Allowance {
        match self.tc {
            TimeControl::MoveTime(d) => Allowance::Timed(d + margin),
            TimeControl::Clock { .. } => {
                let us = (self.left[mover] + micros(margin)).max(0);
                Allowance::Timed(Duration::from_micros(us as u64))
            }
            TimeControl::Depth(_) | TimeControl::Nodes(_) => Allowance::Untimed(timeout),
        }
    }

    /// Charges `used` to `mover` after a move in time, and adds the
    /// increment. Time used beyond the clock stays owed: the clock goes
    /// below zero and the next move starts from there.
    pub fn charge(&mut self, mover: usize, used: Duration) {
        if let TimeControl::Clock { inc, .. } = self.tc {
            self.left[mover] = self.left[mover] - micros(used) + micros(inc);
        }
    }

    /// Time left for White and Black, zero for a clock that is overdrawn.
    pub fn left(&self) -> [Duration; 2] {
        self.left
            .map(|us| Duration::from_micros(us.max(0).min(u64::MAX as i128) as u64))
    }

    /// Time left for `mover` in milliseconds, below zero when overdrawn.
    pub fn left_ms(&self, mover: usize) -> i128 {
        millis(self.left[mover])
    }

    /// What `mover` was allowed for the move, in words:
    /// `clock 30 ms + margin 200 ms` or `movetime 100 ms + margin 200 ms`.
    pub fn describe(&self, mover: usize, margin: Duration) -> String {
        let m = margin.as_millis();
        match self.tc {
            TimeControl::MoveTime(d) => format!("movetime {} ms + margin {m} ms", d.as_millis()),
            TimeControl::Clock { .. } => {
                format!("clock {} ms + margin {m} ms", self.left_ms(mover))
            }
            TimeControl::Depth(_) | TimeControl::Nodes(_) => "no clock".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        let ms = Duration::from_millis;
        assert_eq!(
            "10+0.1".parse(),
            Ok(TimeControl::Clock {
                base: ms(10_000),
                inc: ms(100)
            })
        );
        assert_eq!(
            "0.5".parse(),
            Ok(TimeControl::Clock {
                base: ms(500),
                inc: Duration::ZERO
            })
        );
        assert_eq!("movetime=50".parse(), Ok(TimeControl::MoveTime(ms(50))));
        assert_eq!("depth=3".parse(), Ok(TimeControl::Depth(3)));
        assert_eq!("nodes=1000".parse(), Ok(TimeControl::Nodes(1000)));
        for bad in [
            "",
            "x",
            "0+1",
            "10+x",
            "depth=0",
            "movetime=-5",
            "nodes=",
            "-3+1",
            "1e30",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        for tc in ["10+0.1", "movetime=50", "depth=3", "nodes=1000"] {
            let t: TimeControl = tc.parse().unwrap();
            assert_eq!(t.to_string().parse::<TimeControl>().unwrap(), t);
        }
    }

    #[test]
    fn clocks_run_down_and_gain_the_increment() {
        let tc: TimeControl = "1+0.1".parse().unwrap();
        let mut c = Clocks::new(tc);
        let m = Duration::from_millis(50);
        assert_eq!(c.go_command(), "go wtime 1000 btime 1000 winc 100 binc 100");
        assert_eq!(
            c.allowance(0, m, Duration::ZERO),
            Allowance::Timed(Duration::from_millis(1050))
        );
        c.charge(0, Duration::from_millis(400));
        assert_eq!(c.left()[0], Duration::from_millis(700));
        assert_eq!(c.go_command(), "go wtime 700 btime 1000 winc 100 binc 100");
        assert_eq!(c.hub_level(0), "level time=0.600 inc=0.100");
        assert_eq!(c.hub_level(1), "level time=0.900 inc=0.100");
        assert_eq!(c.hub1_level(0).unwrap(), "level 0 600 100");
        // Over the clock but within the margin: the overdraft is kept.
        c.charge(0, Duration::from_millis(720));
        assert_eq!(c.left_ms(0), 80);
        c.charge(0, Duration::from_millis(230));
        assert_eq!(c.left_ms(0), -50);
        assert_eq!(c.left()[0], Duration::ZERO);
        assert_eq!(c.go_command(), "go wtime 0 btime 1000 winc 100 binc 100");
        assert_eq!(
            c.allowance(0, m, Duration::ZERO),
            Allowance::Timed(Duration::ZERO)
        );
        assert_eq!(c.describe(0, m), "clock -50 ms + margin 50 ms");
        let d = Clocks::new(TimeControl::Depth(4));
        assert_eq!(d.go_command(), "go depth 4");
        assert_eq!(d.hub_level(1), "level depth=4");
        let t = Clocks::new(TimeControl::MoveTime(Duration::from_millis(250)));
        assert_eq!(t.hub_level(0), "level move-time=0.250");
        assert_eq!(t.hub1_level(0).unwrap(), "time 187");
        let long = Clocks::new(TimeControl::MoveTime(Duration::from_secs(2)));
        assert_eq!(long.hub1_level(0).unwrap(), "time 1900");
        assert_eq!(d.hub1_level(0).unwrap(), "depth 4");
        assert!(Clocks::new(TimeControl::Nodes(9)).hub1_level(0).is_err());
        assert_eq!(
            d.allowance(1, m, Duration::from_secs(9)),
            Allowance::Untimed(Duration::from_secs(9))
        );
    }
}
