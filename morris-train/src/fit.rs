//! Measures of a prediction against the tables, and the scale that puts
//! the hand-written evaluation on the same footing: `K` such that
//! `sigmoid(evaluate(pos) / K)` best predicts the result (a 1-D logistic
//! fit, by the cross-entropy). The network's file takes `scale = round(K)`,
//! so its hundredths of a piece mean what the evaluation's do.

/// The logistic function.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The cross-entropy of `sigmoid(logit)` against `target`, without overflow.
pub fn cross_entropy(logit: f64, target: f64) -> f64 {
    logit.max(0.0) - logit * target + (-logit.abs()).exp().ln_1p()
}

/// A prediction's figures over a set of positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Figures {
    /// Mean squared error of `sigmoid(logit)` against the result (1, ½, 0).
    pub mse: f64,
    /// Mean cross-entropy.
    pub bce: f64,
    /// Share of positions whose prediction's nearest of 0, ½, 1 is the result.
    pub accuracy: f64,
    /// Share of the won and lost positions predicted on the right side of ½.
    pub decisive_sign: f64,
}

impl Figures {
    /// The figures of `logits` against `targets`.
    pub fn of(logits: impl Iterator<Item = f64>, targets: &[f32]) -> Figures {
        let (mut mse, mut bce, mut right, mut decisive, mut signed) = (0.0, 0.0, 0u64, 0u64, 0u64);
        let mut n = 0u64;
        for (l, &t) in logits.zip(targets) {
            let (p, t) = (sigmoid(l), f64::from(t));
            mse += (p - t) * (p - t);
            bce += cross_entropy(l, t);
            let nearest = (p * 2.0).round() / 2.0;
            right += u64::from(nearest == t);
            if t != 0.5 {
                decisive += 1;
                signed += u64::from((p > 0.5) == (t > 0.5));
            }
            n += 1;
        }
        let per = |x: f64| if n == 0 { 0.0 } else { x / n as f64 };
        Figures {
            mse: per(mse),
            bce: per(bce),
            accuracy: per(right as f64),
            decisive_sign: if decisive == 0 {
                0.0
            } else {
                signed as f64 / decisive as f64
            },
        }
    }
}

/// The `K` (1 … 100,000 hundredths of a piece) for which
/// `sigmoid(eval / K)` has the least cross-entropy against the targets:
/// a golden-section search on `ln K` (the loss is unimodal in it).
pub fn fit_scale(evals: &[i16], targets: &[f32]) -> f64 {
    let loss = |ln_k: f64| -> f64 {
        let k = ln_k.exp();
        evals
            .iter()
            .zip(targets)
            .map(|(&e, &t)| cross_entropy(f64::from(e) / k, f64::from(t)))
            .sum()
    };
    let (mut lo, mut hi) = (0.0f64, 100_000f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (hi - ratio * (hi - lo), lo + ratio * (hi - lo));
    let (mut fa, mut fb) = (loss(a), loss(b));
    while hi - lo > 1e-5 {
        if fa < fb {
            hi = b;
            (b, fb) = (a, fa);
            a = hi - ratio * (hi - lo);
            fa = loss(a);
        } else {
            lo = a;
            (a, fa) = (b, fb);
            b = lo + ratio * (hi - lo);
            fb = loss(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::{fit_scale, sigmoid, Figures};
    use crate::rng::Rng;

    #[test]
    fn the_fit_finds_the_scale_the_data_were_drawn_with() {
        let mut rng = Rng::new(5);
        let (mut evals, mut targets) = (Vec::new(), Vec::new());
        for _ in 0..20_000 {
            let e = (rng.normal() * 300.0) as i16;
            let p = sigmoid(f64::from(e) / 120.0);
            evals.push(e);
            targets.push(if rng.chance(p) { 1.0 } else { 0.0 });
        }
        let k = fit_scale(&evals, &targets);
        assert!((110.0..130.0).contains(&k), "K = {k}");
    }

    #[test]
    fn figures_count_nearest_results_and_signs() {
        let f = Figures::of([5.0, 0.0, -5.0, 5.0].into_iter(), &[1.0, 0.5, 0.0, 0.0]);
        assert_eq!(f.accuracy, 0.75);
        assert!((f.decisive_sign - 2.0 / 3.0).abs() < 1e-12);
    }
}
