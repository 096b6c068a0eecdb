//! Match statistics from the first engine's view: wins, draws, losses, the
//! score, the Elo difference with its 95% error bar (logistic model,
//! trinomial variance of the per-game score), and the SPRT log-likelihood
//! ratio (the GSPRT approximation used by fishtest and fastchess).

use super::spec::Sprt;

/// Two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_985;

/// Games counted from the first engine's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// The logistic Elo difference of a mean score.
pub fn elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The mean score of an Elo difference.
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Tally {
    /// Count a game the first engine scored `points` in (1, 0.5 or 0).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score, 0..=1.
    pub fn score(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.wins as f64 + self.draws as f64 / 2.0) / n
    }

    /// The variance of one game's score.
    fn variance(&self) -> f64 {
        let (n, s) = (self.games().max(1) as f64, self.score());
        let (w, d, l) = (self.wins as f64, self.draws as f64, self.losses as f64);
        (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n
    }

    /// The 95% interval of the mean score, clamped to 0..=1.
    fn score_interval(&self) -> (f64, f64) {
        let s = self.score();
        let margin = Z95 * (self.variance() / self.games().max(1) as f64).sqrt();
        ((s - margin).max(0.0), (s + margin).min(1.0))
    }

    /// The Elo difference and half the width of its 95% interval; infinite
    /// where the interval reaches a score of 0 or 1.
    pub fn elo(&self) -> (f64, f64) {
        let (lo, hi) = self.elo_interval();
        let half = if lo.is_finite() && hi.is_finite() {
            (hi - lo) / 2.0
        } else {
            f64::INFINITY
        };
        (elo(self.score()), half)
    }

    /// The ends of the 95% interval of the Elo difference (infinite where
    /// the score interval reaches 0 or 1).
    pub fn elo_interval(&self) -> (f64, f64) {
        let (lo, hi) = self.score_interval();
        (elo(lo), elo(hi))
    }

    /// The log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`).
    pub fn llr(&self, sprt: &Sprt) -> f64 {
        let var = self.variance();
        if self.games() == 0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected(sprt.elo0), expected(sprt.elo1));
        let n = self.games() as f64;
        n * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * var)
    }
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// H0 holds: the difference is at most `elo0`.
    H0,
    /// H1 holds: the difference is at least `elo1`.
    H1,
    /// Not decided yet.
    Continue,
}

impl Sprt {
    /// The lower and upper LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        let lower = (self.beta / (1.0 - self.alpha)).ln();
        let upper = ((1.0 - self.beta) / self.alpha).ln();
        (lower, upper)
    }

    /// The decision at log-likelihood ratio `llr`.
    pub fn decide(&self, llr: f64) -> Decision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Continue
        }
    }
}

/// An Elo value: `+12.3`, `-inf`.
fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{:+.1}", x + 0.0)
    }
}

/// `[-40.2, +65.1]`.
pub fn format_interval((lo, hi): (f64, f64)) -> String {
    format!("[{}, {}]", signed(lo), signed(hi))
}

/// `+12.3 +/- 45.6`, with infinities written out.
pub fn format_elo((value, half): (f64, f64)) -> String {
    let half = if half.is_finite() {
        format!("{half:.1}")
    } else {
        "inf".to_string()
    };
    format!("{} +/- {half}", signed(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn elo_and_error_bar() {
        let even = tally(10, 10, 10);
        assert_eq!(even.score(), 0.5);
        let (e, half) = even.elo();
        assert!(e.abs() < 1e-9);
        // Per-game variance 1/6 over 30 games: +/- 0.146 in score, about 104 Elo.
        assert!((half - 104.0).abs() < 3.0, "{half}");
        let (e, _) = tally(3, 0, 1).elo();
        assert!((e - 190.8).abs() < 0.5, "{e}");
        assert_eq!(tally(4, 0, 0).elo().1, f64::INFINITY);
        assert_eq!(format_elo(tally(4, 0, 0).elo()), "+inf +/- inf");
        let (lo, hi) = tally(2, 0, 18).elo_interval();
        assert!(
            lo == f64::NEG_INFINITY && (hi + 208.5).abs() < 2.0,
            "{lo} {hi}"
        );
        assert_eq!(format_interval((lo, -190.04)), "[-inf, -190.0]");
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = sprt.bounds();
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
        let strong = tally(600, 300, 300);
        assert!(strong.llr(&sprt) > hi);
        assert_eq!(sprt.decide(strong.llr(&sprt)), Decision::H1);
        let weak = tally(300, 300, 600);
        assert_eq!(sprt.decide(weak.llr(&sprt)), Decision::H0);
        assert_eq!(sprt.decide(tally(1, 1, 1).llr(&sprt)), Decision::Continue);
    }
}
