//! The network in floats, as candle trains it, and its quantization into
//! the engine's integer [`Network`].
//!
//! For each point of view the same first layer: `a = b1 + Σ W1[f]` over the
//! inputs `f` set ([`morris_engine::net::active`], the engine's own
//! feature code); `h = [screlu(a_us), screlu(a_them)]` with
//! `screlu(x) = clamp(x, 0, 1)²`; the logit `W2[bucket] · h + b2[bucket]`;
//! `sigmoid(logit)` the expected result for the side to move, and
//! `logit × scale` the evaluation in hundredths of a piece.

use candle_core::{DType, Device, Tensor, Var};
use morris_core::Position;
use morris_engine::net::{active, bucket, NetError, Network, BUCKETS, INPUTS, MOST_ACTIVE, QA, QB};

use crate::rng::Rng;

/// The largest weight kept in training, so that the integer sums of the
/// engine stay in `i16` (21 × 1.98 × 255 < 32,767).
pub const CLIP: f64 = 1.98;

/// The network's weights in training.
#[derive(Debug)]
pub struct Model {
    pub hidden: usize,
    /// `INPUTS × hidden`.
    pub w1: Var,
    /// `hidden`.
    pub b1: Var,
    /// `BUCKETS × 2·hidden`.
    pub w2: Var,
    /// `BUCKETS`.
    pub b2: Var,
}

/// One batch's inputs: both points of view's inputs (`n × INPUTS`, 0 or
/// 1), each position's bucket as a one-hot row (`n × BUCKETS`), the
/// targets (`n`), and what the logit is read with ([`Blend`]).
#[derive(Debug)]
pub struct Batch {
    pub us: Tensor,
    pub them: Tensor,
    pub buckets: Tensor,
    pub targets: Tensor,
    /// The network's share of the logit the loss sees.
    pub share: f64,
    /// The hand-written evaluation's part of that logit (`n`), zero when
    /// the network is trained alone.
    pub offsets: Tensor,
}

/// How the loss reads the network: alone, or as the engine blends it with
/// the hand-written evaluation (`morris_engine::params::NET_SHARE`), so
/// that the network learns what the hand-written evaluation misses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Blend {
    /// The network's logit alone.
    Alone,
    /// `share × logit + (1 − share) × eval / k`: the blend's logit, `k`
    /// the hand-written evaluation's fitted scale (which becomes the
    /// network's scale, so that the engine's blend is the same sum).
    WithClassic { share: f64, k: f64 },
}

/// One position of a batch: the position, its target, and the
/// hand-written evaluation of it for the side to move.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    pub pos: Position,
    pub target: f32,
    pub eval: i16,
}

/// The training loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Loss {
    /// Squared error of `sigmoid(logit)` against the target.
    Mse,
    /// Cross-entropy of `sigmoid(logit)` against the target.
    Bce,
}

impl Batch {
    /// The batch of `positions`, read as `blend` says.
    pub fn of(positions: &[Example], blend: Blend) -> candle_core::Result<Batch> {
        let n = positions.len();
        let mut us = vec![0f32; n * INPUTS];
        let mut them = vec![0f32; n * INPUTS];
        let mut buckets = vec![0f32; n * BUCKETS];
        let mut inputs = [0u16; MOST_ACTIVE];
        for (i, Example { pos, .. }) in positions.iter().enumerate() {
            for (side, rows) in [(pos.turn(), &mut us), (!pos.turn(), &mut them)] {
                let k = active(pos, side, &mut inputs);
                for &f in inputs.get(..k).unwrap_or_default() {
                    if let Some(x) = rows.get_mut(i * INPUTS + usize::from(f)) {
                        *x = 1.0;
                    }
                }
            }
            if let Some(x) = buckets.get_mut(i * BUCKETS + bucket(pos)) {
                *x = 1.0;
            }
        }
        let targets: Vec<f32> = positions.iter().map(|e| e.target).collect();
        let (share, offsets): (f64, Vec<f32>) = match blend {
            Blend::Alone => (1.0, vec![0.0; n]),
            Blend::WithClassic { share, k } => (
                share,
                positions
                    .iter()
                    .map(|e| ((1.0 - share) * f64::from(e.eval) / k) as f32)
                    .collect(),
            ),
        };
        let cpu = Device::Cpu;
        Ok(Batch {
            us: Tensor::from_vec(us, (n, INPUTS), &cpu)?,
            them: Tensor::from_vec(them, (n, INPUTS), &cpu)?,
            buckets: Tensor::from_vec(buckets, (n, BUCKETS), &cpu)?,
            targets: Tensor::from_vec(targets, n, &cpu)?,
            share,
            offsets: Tensor::from_vec(offsets, n, &cpu)?,
        })
    }
}

impl Model {
    /// A network of `hidden` neurons, its weights drawn from `rng`: uniform
    /// in ±1/√fan-in, as a linear layer starts, the biases zero.
    pub fn new(hidden: usize, rng: &mut Rng) -> candle_core::Result<Model> {
        let mut uniform = |n: usize, fan_in: usize| -> Vec<f32> {
            let bound = 1.0 / (fan_in as f64).sqrt();
            (0..n)
                .map(|_| ((2.0 * rng.unit() - 1.0) * bound) as f32)
                .collect()
        };
        let cpu = Device::Cpu;
        let w1 = uniform(INPUTS * hidden, INPUTS);
        let w2 = uniform(BUCKETS * 2 * hidden, 2 * hidden);
        Ok(Model {
            hidden,
            w1: Var::from_vec(w1, (INPUTS, hidden), &cpu)?,
            b1: Var::zeros(hidden, DType::F32, &cpu)?,
            w2: Var::from_vec(w2, (BUCKETS, 2 * hidden), &cpu)?,
            b2: Var::zeros(BUCKETS, DType::F32, &cpu)?,
        })
    }

    pub fn vars(&self) -> Vec<Var> {
        vec![self.w1.clone(), self.b1.clone(), self.w2.clone(), self.b2.clone()]
    }

    /// The logits the loss sees (`n`): the network's, or the blend's.
    pub fn logits(&self, batch: &Batch) -> candle_core::Result<Tensor> {
        self.network_logits(batch)?
            .affine(batch.share, 0.0)?
            .add(&batch.offsets)
    }

    /// The network's own logits of a batch (`n`).
    pub fn network_logits(&self, batch: &Batch) -> candle_core::Result<Tensor> {
        let half = |x: &Tensor| -> candle_core::Result<Tensor> {
            x.matmul(self.w1.as_tensor())?
                .broadcast_add(self.b1.as_tensor())?
                .clamp(0f32, 1f32)?
                .sqr()
        };
        let h = Tensor::cat(&[half(&batch.us)?, half(&batch.them)?], 1)?;
        let rows = h
            .matmul(&self.w2.as_tensor().t()?)?
            .broadcast_add(self.b2.as_tensor())?;
        (rows * &batch.buckets)?.sum(1)
    }

    /// The loss of a batch, a scalar.
    pub fn loss(&self, batch: &Batch, loss: Loss) -> candle_core::Result<Tensor> {
        let logits = self.logits(batch)?;
        match loss {
            Loss::Mse => candle_nn::ops::sigmoid(&logits)?
                .sub(&batch.targets)?
                .sqr()?
                .mean_all(),
            // max(l, 0) − l·t + ln(1 + e^−|l|): the cross-entropy on the
            // logit, without overflow.
            Loss::Bce => {
                let soft = logits.abs()?.neg()?.exp()?.affine(1.0, 1.0)?.log()?;
                (logits.relu()? - (&logits * &batch.targets)? + soft)?.mean_all()
            }
        }
    }

    /// Keeps every weight within ±[`CLIP`], after an optimizer's step.
    pub fn clip(&self) -> candle_core::Result<()> {
        for var in [&self.w1, &self.b1, &self.w2] {
            var.set(&var.as_detached_tensor().clamp(-CLIP, CLIP)?)?;
        }
        Ok(())
    }

    /// The weights as plain numbers.
    pub fn floats(&self) -> candle_core::Result<FloatNet> {
        let flat = |v: &Var| v.as_tensor().flatten_all()?.to_vec1::<f32>();
        Ok(FloatNet {
            hidden: self.hidden,
            w1: flat(&self.w1)?,
            b1: flat(&self.b1)?,
            w2: flat(&self.w2)?,
            b2: flat(&self.b2)?,
        })
    }
}

/// The trained weights, in the layout of the engine's file.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    pub hidden: usize,
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub w2: Vec<f32>,
    pub b2: Vec<f32>,
}

impl FloatNet {
    /// The first layer for `pos` seen by `side`.
    fn accumulate(&self, pos: &Position, side: morris_core::Color) -> Vec<f32> {
        let h = self.hidden;
        let mut acc = self.b1.clone();
        let mut inputs = [0u16; MOST_ACTIVE];
        let k = active(pos, side, &mut inputs);
        for &f in inputs.get(..k).unwrap_or_default() {
            let start = usize::from(f) * h;
            for (a, w) in acc
                .iter_mut()
                .zip(self.w1.get(start..start + h).unwrap_or_default())
            {
                *a += w;
            }
        }
        acc
    }

    /// The logit of `pos` for the side to move.
    pub fn logit(&self, pos: &Position) -> f32 {
        let h = self.hidden;
        let b = bucket(pos);
        let row = self.w2.get(b * 2 * h..(b + 1) * 2 * h).unwrap_or_default();
        let us = self.accumulate(pos, pos.turn());
        let them = self.accumulate(pos, !pos.turn());
        let activated = us.iter().chain(&them).map(|&a| {
            let c = a.clamp(0.0, 1.0);
            c * c
        });
        let dot: f32 = activated.zip(row).map(|(a, w)| a * w).sum();
        dot + self.b2.get(b).copied().unwrap_or(0.0)
    }

    /// The engine's integer network of these weights, `scale` hundredths
    /// of a piece per unit of logit.
    pub fn quantize(&self, scale: i32) -> Result<Network, NetError> {
        let q16 = |xs: &[f32], by: i32| -> Vec<i16> {
            xs.iter()
                .map(|&x| (f64::from(x) * f64::from(by)).round().clamp(-32_767.0, 32_767.0) as i16)
                .collect()
        };
        let b2 = self
            .b2
            .iter()
            .map(|&x| (f64::from(x) * f64::from(QA * QB)).round() as i32)
            .collect();
        Network::from_parts(
            self.hidden,
            scale,
            q16(&self.w1, QA),
            q16(&self.b1, QA),
            q16(&self.w2, QB),
            b2,
        )
    }
}
