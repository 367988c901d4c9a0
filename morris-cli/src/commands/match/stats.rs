//! The statistics of a match: the Elo difference with its 95% error
//! margin, and the sequential probability ratio test that decides between
//! two Elo hypotheses as soon as the games allow.
//!
//! Both use the trinomial model (each game a win, a draw or a loss) and
//! logistic Elo, `score = 1 / (1 + 10^(-elo / 400))`. The SPRT is the
//! generalized SPRT in its normal approximation, as match runners for chess
//! engines compute it: `LLR = n (s1 - s0) (2 s - s0 - s1) / (2 var)`, with
//! `s` the mean score and `var` the variance of one game's score.

/// Wins, draws and losses, from the first engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score and the variance of one game's score; with some
    /// count at zero, every count gets half a game more, so a one-sided
    /// run still has a spread.
    fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let (mut w, mut d, mut l) = (
            f64::from(self.wins),
            f64::from(self.draws),
            f64::from(self.losses),
        );
        if self.games() == 0 {
            return None;
        }
        if w == 0.0 || d == 0.0 || l == 0.0 {
            w += 0.5;
            d += 0.5;
            l += 0.5;
        }
        let n = w + d + l;
        let s = (w + d / 2.0) / n;
        let var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        Some((s, var))
    }

    /// The score fraction, draws counting half.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n)
    }

    /// The Elo difference and its 95% margin (half the interval's width);
    /// the difference is infinite when one side scored everything.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.games());
        let (_, var) = self.mean_and_variance()?;
        let s = self.score();
        let sd = (var / n).sqrt();
        let lo = elo_of((s - Z95 * sd).max(1e-9));
        let hi = elo_of((s + Z95 * sd).min(1.0 - 1e-9));
        Some((elo_of(s), (hi - lo) / 2.0))
    }

    /// The log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let Some((s, var)) = self.mean_and_variance() else {
            return 0.0;
        };
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(elo0), score_of(elo1));
        f64::from(self.games()) * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }
}

/// The expected score at an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of a score fraction (infinite at 0 and 1).
pub fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / score - 1.0).log10()
}

/// A sequential test between two Elo hypotheses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: the first engine is at least `elo1` stronger.
    H1,
    /// H0 accepted: it is not more than `elo0` stronger.
    H0,
    Continue,
}

impl Sprt {
    /// Reads `elo0,elo1,alpha,beta`, e.g. `0,10,0.05,0.05`.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let numbers: Vec<f64> = text
            .split(',')
            .map(|p| p.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| {
                format!(
                    "--sprt takes elo0,elo1,alpha,beta, like 0,10,0.05,0.05, not `{}`",
                    cut(text)
                )
            })?;
        let [elo0, elo1, alpha, beta] = numbers[..] else {
            return Err("--sprt takes four numbers: elo0,elo1,alpha,beta".into());
        };
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err("--sprt: elo0 must be below elo1".into());
        }
        let p = 0.0..0.5;
        if !(p.contains(&alpha) && p.contains(&beta)) || alpha <= 0.0 || beta <= 0.0 {
            return Err("--sprt: alpha and beta must lie between 0 and 0.5".into());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower and upper bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

fn cut(s: &str) -> String {
    s.chars().take(32).collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally { wins, draws, losses }
    }

    #[test]
    fn elo_of_an_even_score_is_zero() {
        let (elo, margin) = tally(10, 20, 10).elo().unwrap();
        assert!(elo.abs() < 1e-9);
        assert!(margin > 0.0 && margin < 200.0);
        assert!(tally(0, 0, 0).elo().is_none());
    }

    #[test]
    fn elo_follows_the_logistic_curve() {
        // 75% is 190.8 Elo.
        let (elo, _) = tally(30, 0, 10).elo().unwrap();
        assert!((elo - 190.85).abs() < 0.1, "{elo}");
        assert!((score_of(elo_of(0.64)) - 0.64).abs() < 1e-12);
        assert_eq!(elo_of(1.0), f64::INFINITY);
    }

    #[test]
    fn the_margin_shrinks_with_more_games() {
        let (_, few) = tally(6, 8, 6).elo().unwrap();
        let (_, many) = tally(60, 80, 60).elo().unwrap();
        assert!(many < few / 2.0);
    }

    #[test]
    fn sprt_accepts_the_hypothesis_the_games_support() {
        let sprt = Sprt::parse("0,10,0.05,0.05").unwrap();
        let (lower, upper) = sprt.bounds();
        assert!((upper - 2.944).abs() < 1e-3 && (lower + 2.944).abs() < 1e-3);
        assert_eq!(sprt.verdict(tally(600, 300, 100).llr(0.0, 10.0)), Verdict::H1);
        assert_eq!(sprt.verdict(tally(100, 300, 600).llr(0.0, 10.0)), Verdict::H0);
        assert_eq!(sprt.verdict(tally(3, 4, 3).llr(0.0, 10.0)), Verdict::Continue);
        // An even score lies nearer elo0 = 0 than elo1 = 10: the ratio leans to H0.
        assert!(tally(100, 100, 100).llr(0.0, 10.0) < 0.0);
    }

    #[test]
    fn sprt_rejects_bad_parameters() {
        for bad in [
            "",
            "0,10",
            "10,0,0.05,0.05",
            "0,10,0,0.05",
            "0,10,0.05,0.7",
            "a,b,c,d",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }
}
