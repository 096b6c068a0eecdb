//! The logistic fit of weights to samples (see [`super`]).

use super::{Sample, TuneError};
use crate::eval::weights::FIELDS;
use crate::eval::{Eval, Evaluator, Weights};
use tetrarch_rules::family::GamePosition;
use tetrarch_rules::variant::{Variant, WithWidth};
use tetrarch_rules::{HasSliders, Position, Seat};

/// How the fit searches.
#[derive(Clone, Debug)]
pub struct FitConfig {
    /// Rounds over every weight, at most (fewer when one changes nothing).
    pub rounds: usize,
    /// Also fit the values of the non-pawn, non-royal kinds.
    pub values: bool,
    /// Fit only the weights of these names (`mobility`, `doubled.0`,
    /// `values.n`); all when empty.
    pub only: Vec<String>,
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The fitted weights.
    pub weights: Weights,
    /// The scale of evaluations to probabilities.
    pub k: f64,
    /// Quiet positions fitted (training) and kept for validation.
    pub positions: (usize, usize),
    /// Mean squared error before and after, on the training positions.
    pub train: (f64, f64),
    /// Mean squared error before and after, on the validation positions.
    pub validation: (f64, f64),
}

/// Fit `start`'s weights for `variant` to `samples`; `progress` hears each
/// improvement (a line for people).
pub fn fit(
    variant: &Variant,
    start: &Weights,
    samples: &[Sample],
    cfg: &FitConfig,
    progress: &mut dyn FnMut(&str),
) -> Result<Fit, TuneError> {
    if variant.seats.len() != 2 {
        return Err(TuneError::NotTwoSeats(variant.name.clone()));
    }
    start.check(variant)?;
    variant.with_width(Fitter {
        start,
        samples,
        cfg,
        progress,
    })
}

struct Fitter<'a> {
    start: &'a Weights,
    samples: &'a [Sample],
    cfg: &'a FitConfig,
    progress: &'a mut dyn FnMut(&str),
}

impl WithWidth for Fitter<'_> {
    type Output = Result<Fit, TuneError>;
    fn run<B: HasSliders>(self, v: &Variant) -> Self::Output {
        let sets = quiet_positions::<B>(v, self.samples)?;
        let mut w = self.start.clone();
        if self.cfg.values {
            add_piece_values(v, &mut w);
        }
        let names: Vec<String> = (0..tunables(&w)).map(|f| name(&w, f)).collect();
        if let Some(unknown) = self.cfg.only.iter().find(|n| !names.contains(n)) {
            return Err(TuneError::UnknownWeight(unknown.clone()));
        }
        let k = best_k(&mut |k| error(v, &w, &sets.0, k));
        let before = (error(v, &w, &sets.0, k), error(v, &w, &sets.1, k));
        let mut best = before;
        for round in 1..=self.cfg.rounds {
            let start = best;
            for field in 0..tunables(&w) {
                let chosen = self.cfg.only.is_empty() || self.cfg.only.contains(&name(&w, field));
                if !chosen {
                    continue;
                }
                let was = get(&mut w, field);
                fit_field(v, &mut w, field, &sets, k, &mut best);
                let now = get(&mut w, field);
                if now != was {
                    let name = name(&w, field);
                    (self.progress)(&format!(
                        "round {round}: {name} {was} -> {now} (error {:.6}, validation {:.6})",
                        best.0, best.1
                    ));
                }
            }
            if best.0 >= start.0 {
                break;
            }
        }
        Ok(Fit {
            weights: w,
            k,
            positions: (sets.0.len(), sets.1.len()),
            train: (before.0, best.0),
            validation: (before.1, best.1),
        })
    }
}

/// Move `field` while that lowers the error, in steps halving from a tenth
/// of its value to 1 (at most [`MOVES`] moves a round).
fn fit_field<B: HasSliders>(
    v: &Variant,
    w: &mut Weights,
    field: usize,
    sets: &Split<B>,
    k: f64,
    best: &mut (f64, f64),
) {
    let mut step = (get(w, field).abs() / 10).max(1);
    for _ in 0..MOVES {
        if !try_steps(v, w, field, step, sets, k, best) {
            if step == 1 {
                return;
            }
            step = (step / 2).max(1);
        }
    }
}

/// Moves of one weight in one round, at most: a weight the games say
/// little about should not wander far on noise.
const MOVES: usize = 16;

/// Try `field` one `step` up, then down; keep what lowers the training
/// error without raising the validation error (so that a move fitting only
/// the noise of the training games is refused).
fn try_steps<B: HasSliders>(
    v: &Variant,
    w: &mut Weights,
    field: usize,
    step: i32,
    (train, check): &Split<B>,
    k: f64,
    best: &mut (f64, f64),
) -> bool {
    let old = get(w, field);
    for candidate in [old + step, old - step] {
        set(w, field, candidate);
        if !w.in_range() {
            continue;
        }
        let e = error(v, w, train, k);
        if e < best.0 {
            let c = error(v, w, check, k);
            if c <= best.1 {
                *best = (e, c);
                return true;
            }
        }
    }
    set(w, field, old);
    false
}

/// The samples' quiet positions, with seat 0's results: (training,
/// validation), every tenth for validation.
type Split<B> = (Vec<(Position<B>, f64)>, Vec<(Position<B>, f64)>);

fn quiet_positions<B: HasSliders>(v: &Variant, samples: &[Sample]) -> Result<Split<B>, TuneError> {
    let eval = Eval::with_weights(v, &Weights::default());
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (i, s) in samples.iter().enumerate() {
        let pos = Position::<B>::from_fen(v, &s.position).map_err(|e| TuneError::Data {
            line: i + 1,
            reason: e.to_string(),
        })?;
        if !quiet(&eval, &pos) {
            continue;
        }
        if (train.len() + held.len()) % 10 == 9 {
            held.push((pos, s.result));
        } else {
            train.push((pos, s.result));
        }
    }
    if train.is_empty() || held.is_empty() {
        return Err(TuneError::Empty(samples.len()));
    }
    Ok((train, held))
}

/// Not in check, and no capture that keeps material by static exchange.
fn quiet<B: HasSliders>(eval: &Eval, pos: &Position<B>) -> bool {
    if pos.in_check() {
        return false;
    }
    let moves = pos.legal_moves();
    !moves.iter().any(|&m| {
        GamePosition::is_capture(pos, m)
            && Evaluator::<Position<B>>::capture_key(eval, pos, m, false)
                >= crate::eval::GOOD_CAPTURE
    })
}

/// Mean squared error of `w`'s predictions at scale `k`.
fn error<B: HasSliders>(v: &Variant, w: &Weights, set: &[(Position<B>, f64)], k: f64) -> f64 {
    let eval = Eval::with_weights(v, w);
    let total: f64 = set
        .iter()
        .map(|(pos, result)| {
            let own = eval.evaluate(pos) as f64;
            let white = if pos.turn() == Seat(0) { own } else { -own };
            let p = 1.0 / (1.0 + 10f64.powf(-k * white / 400.0));
            (result - p) * (result - p)
        })
        .sum();
    total / set.len() as f64
}

/// The `k` with the least error, by golden-section search on 0.05..5.
fn best_k(error: &mut dyn FnMut(f64) -> f64) -> f64 {
    let (mut a, mut b) = (0.05f64, 5.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if error(c) < error(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Give every non-pawn, non-royal kind its value as a weight of its own,
/// starting from what the evaluation derives.
fn add_piece_values(v: &Variant, w: &mut Weights) {
    let derived = Eval::with_weights(v, w);
    for (k, info) in v.pieces.iter().enumerate() {
        if info.royal || info.pawn {
            continue;
        }
        let key = Weights::value_key(v, tetrarch_rules::Kind(k as u8));
        w.values.entry(key).or_insert(derived.values[k]);
    }
}

/// The scalar fields, then the piece values in letter order.
fn tunables(w: &Weights) -> usize {
    FIELDS.len() + w.values.len()
}

fn name(w: &Weights, field: usize) -> String {
    match FIELDS.get(field) {
        Some((n, _)) => n.to_string(),
        None => format!(
            "values.{}",
            w.values
                .keys()
                .nth(field - FIELDS.len())
                .unwrap_or(&String::new())
        ),
    }
}

fn get(w: &mut Weights, field: usize) -> i32 {
    match FIELDS.get(field) {
        Some((_, f)) => *f(w),
        None => w
            .values
            .values()
            .nth(field - FIELDS.len())
            .copied()
            .unwrap_or(0),
    }
}

fn set(w: &mut Weights, field: usize, value: i32) {
    match FIELDS.get(field) {
        Some((_, f)) => *f(w) = value,
        None => {
            if let Some(v) = w.values.values_mut().nth(field - FIELDS.len()) {
                *v = value;
            }
        }
    }
}
