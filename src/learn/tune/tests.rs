//! Tests of the tuner: what it learns from positions labelled by a known
//! evaluation.

use super::*;
use crate::eval::czech::HAND;
use crate::eval::weights::{KING, MOB_MAN};
use crate::rules::czech::Czech;

/// Positions of random games (quiet or not: the tuner does not care).
fn positions(n: usize) -> Vec<Position<Czech>> {
    crate::testkit::random_positions::<Czech>(3, 80, n)
}

/// The positions labelled with the win chances a known evaluation
/// (`truth`, at scale `k`) gives them.
fn labelled(all: &[Position<Czech>], truth: &[f64], k: f64) -> Dataset {
    let mut data = Dataset::new();
    for pos in all {
        let f = Features::of(pos);
        data.push_features(&f, sigmoid(f.white(truth) / k) as f32);
    }
    data
}

/// On results drawn from a known evaluation the tuner finds that
/// evaluation's numbers again (those the positions show often).
#[test]
fn recovers_known_weights() {
    let mut truth = Weights::from_params(&HAND);
    truth.king = 250;
    truth.mob_man = 6;
    truth.man_squares[Weights::index(2, 2)] = 30;
    truth.tempo = 10;
    let tv = truth.to_vec();
    let k = 150.0;
    let mut data = Dataset::new();
    let mut seed = 99u64;
    for pos in positions(6000) {
        let f = Features::of(&pos);
        let p = sigmoid(f.white(&tv) / k);
        // Results drawn with the truth's probabilities, four per position.
        for _ in 0..4 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let u = (seed >> 11) as f64 / (1u64 << 53) as f64;
            data.push_features(&f, if u < p { 1.0 } else { 0.0 });
        }
    }
    let start = Weights::from_params(&HAND);
    let o = Options {
        epochs: 400,
        rate: 2.0,
        ..Options::default()
    };
    let (w, r) = train(
        &data,
        &Dataset::new(),
        &start,
        &[],
        Some(k),
        &o,
        &mut |_, _, _| {},
    );
    assert!(r.end_loss < r.start_loss, "{r:?}");
    assert!(w.patterns.is_empty());
    let got = w.weights.to_vec();
    assert!((got[KING] - 250.0).abs() < 30.0, "king {}", got[KING]);
    assert!(
        (got[MOB_MAN] - 6.0).abs() < 2.5,
        "mobility {}",
        got[MOB_MAN]
    );
    assert!((got[TEMPO] - 10.0).abs() < 6.0, "tempo {}", got[TEMPO]);
    let c3 = Weights::index(2, 2);
    assert!((got[c3] - 30.0).abs() < 12.0, "c3 {}", got[c3]);
    // The truth's loss is no better than what was learned, by much.
    assert!(r.end_loss <= data.loss(&tv, k) + 1e-3);
}

/// A pattern that wins games is learned, and what is learned holds
/// on positions held out.
#[test]
fn learns_a_pattern() {
    let truth = Weights::from_params(&HAND);
    let mut tv = truth.to_vec().to_vec();
    tv.resize(N + regions::layout::<Czech>().len(), 0.0);
    let all = positions(8000);
    // The most common arrangement of White's central window (where
    // Black's differs, or the two would cancel).
    let mut counts = std::collections::HashMap::new();
    for pos in &all {
        let [white, black] = Features::of(pos).views;
        if white[4] != black[4] {
            *counts.entry(white[4]).or_insert(0) += 1;
        }
    }
    let (&common, _) = counts.iter().max_by_key(|(a, &n)| (n, **a)).unwrap();
    let at = N + 4 * STATES + common as usize;
    tv[at] = 60.0;
    let k = 150.0;
    let data = labelled(&all, &tv, k);
    let (data, check) = data.split(5);
    assert_eq!(check.len(), all.len() / 5);
    let o = Options {
        epochs: 300,
        rate: 2.0,
        patterns: true,
        pattern_prior: 1e-7,
        ..Options::default()
    };
    let (w, r) = train(&data, &check, &truth, &[], Some(k), &o, &mut |_, _, _| {});
    // Other windows that often go with it share the credit, so the
    // pattern gets part of it; what counts is that the learning holds
    // on the positions it did not see.
    let got = w.patterns[at - N];
    assert!(got > 5.0, "pattern {got}");
    let (before, after) = r.check.unwrap();
    assert!(after < before * 0.6, "{r:?}");
}

/// A pattern whose worth turns round as the board empties (good with
/// many pieces, bad with few) is learned with both signs by a table
/// of two phases, which then explains held-out games better than a
/// table of one phase can.
#[test]
fn learns_a_pattern_in_two_phases() {
    let truth = Weights::from_params(&HAND);
    let len = regions::layout::<Czech>().len();
    let mut tv = truth.to_vec().to_vec();
    tv.resize(N + 2 * len, 0.0);
    let all = positions(8000);
    // The arrangement of White's central window most common both on
    // fuller boards and in endings.
    let mut counts = std::collections::HashMap::new();
    for pos in &all {
        let f = Features::of(pos);
        let [white, black] = f.views;
        if white[4] != black[4] {
            let c = counts.entry(white[4]).or_insert([0; 2]);
            c[usize::from(f.phase > 0.5)] += 1;
        }
    }
    let (&common, _) = counts
        .iter()
        .max_by_key(|(a, n)| (n[0].min(n[1]), **a))
        .unwrap();
    let at = 4 * STATES + common as usize;
    (tv[N + at], tv[N + len + at]) = (80.0, -80.0);
    let k = 150.0;
    let data = labelled(&all, &tv, k);
    let (data, check) = data.split(5);
    let fit = |phases| {
        let o = Options {
            epochs: 300,
            rate: 2.0,
            patterns: true,
            phases,
            pattern_prior: 1e-7,
            ..Options::default()
        };
        train(&data, &check, &truth, &[], Some(k), &o, &mut |_, _, _| {})
    };
    let (two, r2) = fit(2);
    let (one, r1) = fit(1);
    assert_eq!((two.patterns.len(), one.patterns.len()), (2 * len, len));
    let (full, end) = (two.patterns[at], two.patterns[len + at]);
    // Most positions are between the phases, so the two halves share
    // their credit; the signs and the gap are what the data shows.
    assert!(full > 0.0 && end < 0.0 && full - end > 3.0, "{full} {end}");
    let (after2, after1) = (r2.check.unwrap().1, r1.check.unwrap().1);
    assert!(after2 < after1, "{r2:?} {r1:?}");
}

/// A pattern worth much to the side whose turn it is and little to
/// the side that waits (a man the mover can attack) is learned with
/// both signs by a table by movers, which then explains held-out
/// games better than a table of two phases alone.
#[test]
fn learns_a_pattern_by_who_is_to_move() {
    let truth = Weights::from_params(&HAND);
    let len = regions::layout::<Czech>().len();
    let mut tv = truth.to_vec().to_vec();
    tv.resize(N + 4 * len, 0.0);
    let all = positions(8000);
    // The arrangement of the central window most common on either
    // side's move.
    let mut counts = std::collections::HashMap::new();
    for pos in &all {
        let f = Features::of(pos);
        for (view, &a) in f.views.iter().map(|v| &v[4]).enumerate() {
            let mover = usize::from((view == 0) == (f.side > 0));
            counts.entry(a).or_insert([0; 2])[mover] += 1;
        }
    }
    let (&common, _) = counts
        .iter()
        .max_by_key(|(a, n)| (n[0].min(n[1]), **a))
        .unwrap();
    let at = 4 * STATES + common as usize;
    // Both phases: +80 to the side to move, −80 to the side that waits.
    for (block, worth) in [(0, 80.0), (1, 80.0), (2, -80.0), (3, -80.0)] {
        tv[N + block * len + at] = worth;
    }
    let k = 150.0;
    let data = labelled(&all, &tv, k);
    let (data, check) = data.split(5);
    let fit = |movers| {
        let o = Options {
            epochs: 300,
            rate: 2.0,
            patterns: true,
            phases: 2,
            movers,
            pattern_prior: 1e-7,
            ..Options::default()
        };
        train(&data, &check, &truth, &[], Some(k), &o, &mut |_, _, _| {})
    };
    let (by_movers, r2) = fit(2);
    let (phased, r1) = fit(1);
    assert_eq!(
        (by_movers.patterns.len(), phased.patterns.len()),
        (4 * len, 2 * len)
    );
    let p = &by_movers.patterns;
    let (moves, waits) = (p[at] + p[len + at], p[2 * len + at] + p[3 * len + at]);
    assert!(
        moves > 0.0 && waits < 0.0 && moves - waits > 6.0,
        "{moves} {waits}"
    );
    let (after2, after1) = (r2.check.unwrap().1, r1.check.unwrap().1);
    assert!(after2 < after1, "{r2:?} {r1:?}");
}

/// Fine-tuning a table: arrangements the data never shows keep their
/// starting worths under the pull (towards the start, not towards 0,
/// where Adam would carry every one of them by the sign of the pull
/// alone), while those it shows move.
#[test]
fn a_start_table_keeps_what_the_data_does_not_show() {
    let truth = Weights::from_params(&HAND);
    let len = regions::layout::<Czech>().len();
    let all = positions(2000);
    let mut seen = vec![false; len];
    let mut data = Dataset::new();
    for pos in &all {
        let f = Features::of(pos);
        for view in &f.views {
            for (window, &arr) in view.iter().enumerate().take(f.windows as usize) {
                seen[window * STATES + arr as usize] = true;
            }
        }
        data.push_features(&f, 1.0);
    }
    // A table of 40s: every worth far from 0.
    let start_table = vec![40.0; len];
    let o = Options {
        epochs: 200,
        rate: 1.0,
        patterns: true,
        pattern_prior: 1e-6,
        ..Options::default()
    };
    let (w, _) = train(
        &data,
        &Dataset::new(),
        &truth,
        &start_table,
        Some(150.0),
        &o,
        &mut |_, _, _| {},
    );
    let unseen: Vec<usize> = (0..len).filter(|&i| !seen[i]).collect();
    assert!(unseen.len() > len / 2, "{} unseen", unseen.len());
    assert!(unseen.iter().all(|&i| w.patterns[i] == 40.0));
    assert!((0..len).any(|i| seen[i] && w.patterns[i] != 40.0));
}

/// Where the results say nothing (every game a draw) but the
/// search's scores follow a known evaluation, learning from the
/// scores alone (`lambda` 0) finds that evaluation's numbers.
#[test]
fn learns_from_scores() {
    let mut truth = Weights::from_params(&HAND);
    truth.king = 240;
    truth.mob_man = 7;
    let tv = truth.to_vec();
    let features: Vec<Features> = positions(4000).iter().map(Features::of).collect();
    let mut data = Dataset::new();
    for f in &features {
        data.push_scored(f, 0.5, Some(f.white(&tv).round() as i32));
    }
    assert_eq!(data.unscored(), 0);
    let o = Options {
        epochs: 400,
        rate: 2.0,
        lambda: 0.0,
        ..Options::default()
    };
    let start = Weights::from_params(&HAND);
    let learn = |o: &Options| {
        let check = if o.lambda < 1.0 {
            data.clone()
        } else {
            Dataset::new()
        };
        train(
            &data,
            &check,
            &start,
            &[],
            Some(150.0),
            o,
            &mut |_, _, _| {},
        )
    };
    let (w, r) = learn(&o);
    assert!(r.end_loss < r.start_loss / 4.0, "{r:?}");
    // The learned evaluation gives the positions the truth's scores (a
    // king's worth and its square bonuses trade off, so their sums are
    // learned rather than each number).
    let off = |v: &[f64]| {
        features
            .iter()
            .map(|f| (f.white(v) - f.white(&tv)).abs())
            .sum::<f64>()
            / features.len() as f64
    };
    let got = w.weights.to_vec();
    let hand = start.to_vec();
    assert!(off(&hand) > 10.0, "hand-set off by {}", off(&hand));
    assert!(off(&got) < 2.0, "learned off by {}", off(&got));
    assert!(
        (got[MOB_MAN] - 7.0).abs() < 1.5,
        "mobility {}",
        got[MOB_MAN]
    );
    // The check is against the results (all draws), not the scores.
    let (_, after) = r.check.unwrap();
    assert!((after - data.loss(&got, 150.0)).abs() < 1e-12, "{r:?}");
    assert!(after > 1e-3, "{r:?}");
    // With the results only (`lambda` 1) there is nothing to learn.
    let (w1, _) = learn(&Options { lambda: 1.0, ..o });
    assert!(off(&w1.weights.to_vec()) > 5.0);
}

#[test]
fn fits_the_scale() {
    let truth = Weights::from_params(&HAND);
    let tv = truth.to_vec();
    let mut data = Dataset::new();
    for pos in positions(3000) {
        let f = Features::of(&pos);
        let p = sigmoid(f.white(&tv) / 200.0);
        data.push_features(&f, p as f32);
    }
    let k = data.fit_k(&tv);
    assert!((k - 200.0).abs() < 5.0, "K {k}");
}

#[test]
fn reads_data_lines() {
    let d = Dataset::from_text::<Czech>("# c\nW:Wc3,e3:Bd6;1\n\nB:Wc3:BKh8;0.5\n").unwrap();
    assert_eq!(d.len(), 2);
    assert_eq!(d.unscored(), 2);
    let d = Dataset::from_text::<Czech>("W:Wc3,e3:Bd6;1;85\nB:Wc3:BKh8;0.5\n").unwrap();
    assert_eq!(d.unscored(), 1);
    let e = Dataset::from_text::<Czech>("W:Wc3:Bd6;1;+x\n").unwrap_err();
    assert!(e.starts_with("line 1: score"), "{e}");
    let e = Dataset::from_text::<Czech>("W:Wc3:Bd6;1\nW:Wz9:Bd6;0\n").unwrap_err();
    assert!(e.starts_with("line 2: bad FEN"), "{e}");
}

/// `--smooth`: a position's score becomes the mean chance of its own and
/// its game's next scores, never reaching into the next game.
#[test]
fn smooths_scores_within_a_game() {
    // Game one: three positions (the second has a man fewer), a draw.
    // Game two starts where White has more men again, then a position
    // with another result starts a third.
    let text = "W:Wc3,e3,g3:Bd6,f6;0.5;0\n\
                B:Wc3,e3:Bd6,f6;0.5;100\n\
                W:Wc3,e3:Bd6;0.5;200\n\
                B:Wa1,c3,e3:Bd6;0.5;-100\n\
                W:Wa1,c3,e3:Bd6;1;300\n";
    let d = Dataset::from_text::<Czech>(text).unwrap();
    let starts: Vec<bool> = d.samples.iter().map(|s| s.new_game).collect();
    assert_eq!(starts, [true, false, false, true, true]);
    let k = 150.0;
    let chance = |s: f64| sigmoid(s / k);
    let score = |p: f64| k * (p / (1.0 - p)).ln();
    let s = d.smoothed(2, k);
    let got: Vec<f64> = s.samples.iter().map(|s| s.score as f64).collect();
    let want = [
        score((chance(0.0) + chance(100.0)) / 2.0),
        score((chance(100.0) + chance(200.0)) / 2.0),
        200.0,
        -100.0,
        300.0,
    ];
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 0.01, "{got:?} against {want:?}");
    }
    // A window of one leaves the scores as they are.
    let same: Vec<f32> = d.smoothed(1, k).samples.iter().map(|s| s.score).collect();
    let raw: Vec<f32> = d.samples.iter().map(|s| s.score).collect();
    assert_eq!(same, raw);
}
