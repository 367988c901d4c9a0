//! `morris-train train`: fits the network to the data with candle (AdamW,
//! a cosine schedule of the learning rate, the weights clipped after each
//! step), on a part of the data, the rest held out to measure it; then
//! quantizes it and measures what the integers lose.

use std::io::Write;
use std::time::Instant;

use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use morris_core::{Bitboard, ByColor, Position, Variant};
use morris_engine::net::{Network, LIMIT};
use morris_solver::Symmetries;

use crate::fit::{fit_scale, Figures};
use crate::model::{Batch, Blend, Example, FloatNet, Loss, Model};
use crate::record::Record;
use crate::rng::Rng;

/// How to train.
#[derive(Clone, Debug)]
pub struct Settings {
    pub hidden: usize,
    pub epochs: usize,
    pub seed: u64,
    pub batch: usize,
    /// Share of the data held out.
    pub holdout: f64,
    pub loss: Loss,
    /// Each position seen through a random one of the board's 16 symmetries.
    pub augment: bool,
    /// The learning rate at the start; it falls along a cosine to a
    /// twentieth of that.
    pub lr: f64,
    /// Trained to be read blended with the hand-written evaluation, this
    /// share (0 < share ≤ 1) of the network's value: the engine's
    /// `params::NET_SHARE` as a fraction. `None`: trained alone.
    pub blended: Option<f64>,
}

/// Why training failed.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    #[error("candle: {0}")]
    Candle(#[from] candle_core::Error),
    #[error("the network: {0}")]
    Net(#[from] morris_engine::net::NetError),
    #[error("{0} positions are too few to train on and hold some out")]
    TooFew(usize),
}

/// A trained network and how it does on the held-out positions.
#[derive(Debug)]
pub struct Trained {
    pub float: FloatNet,
    pub net: Network,
    /// The fitted scale of the hand-written evaluation.
    pub k: f64,
    pub train_size: usize,
    pub holdout: Vec<Record>,
    /// The network (blended with the hand-written evaluation if it was
    /// trained so) before training, after, and the hand-written evaluation
    /// through `sigmoid(eval / K)`.
    pub before: Figures,
    pub after: Figures,
    pub baseline: Figures,
    /// The quantized network's largest difference from the float one,
    /// hundredths of a piece, over the held-out positions.
    pub max_quantization_error: f64,
    /// The mean of that difference.
    pub mean_quantization_error: f64,
    pub seconds: f64,
}

/// The positions split in training and held-out ones, the same for a seed.
pub fn split(records: &[Record], holdout: f64, seed: u64) -> (Vec<Record>, Vec<Record>) {
    let mut all = records.to_vec();
    Rng::stream(seed, 0x5917).shuffle(&mut all);
    let held = ((all.len() as f64 * holdout).round() as usize).min(all.len());
    let train = all.split_off(held);
    (train, all)
}

/// `pos`'s image under symmetry `k`.
fn image(syms: &Symmetries, k: usize, r: &Record) -> Position {
    Position::from_parts_unchecked(
        Variant::Nine.rules(),
        ByColor::new(syms.map(k, Bitboard(r.light)), syms.map(k, Bitboard(r.dark))),
        ByColor::new(0, 0),
        r.turn,
    )
}

/// The example of `r` seen as `pos`.
fn example(r: &Record, pos: Position) -> Example {
    Example {
        pos,
        target: r.target(),
        eval: r.eval,
    }
}

/// The logits the loss sees of `records` (the network's or the blend's,
/// as `blend` says), batch by batch.
fn logits(model: &Model, records: &[Record], batch: usize, blend: Blend) -> Result<Vec<f32>, TrainError> {
    let mut out = Vec::with_capacity(records.len());
    for chunk in records.chunks(batch.max(1)) {
        let examples: Vec<Example> = chunk.iter().map(|r| example(r, r.position())).collect();
        out.extend(model.logits(&Batch::of(&examples, blend)?)?.to_vec1::<f32>()?);
    }
    Ok(out)
}

fn figures(model: &Model, records: &[Record], batch: usize, blend: Blend) -> Result<Figures, TrainError> {
    let targets: Vec<f32> = records.iter().map(Record::target).collect();
    let l = logits(model, records, batch, blend)?;
    Ok(Figures::of(l.into_iter().map(f64::from), &targets))
}

/// One epoch over `train` in a shuffled order; the mean training loss.
fn epoch(
    model: &Model,
    opt: &mut AdamW,
    train: &[Record],
    s: &Settings,
    rng: &mut Rng,
    blend: Blend,
    schedule: &mut dyn FnMut() -> f64,
) -> Result<f64, TrainError> {
    let syms = Symmetries::of(Variant::Nine.rules().geometry());
    let mut order: Vec<usize> = (0..train.len()).collect();
    rng.shuffle(&mut order);
    let (mut sum, mut batches) = (0.0, 0usize);
    for chunk in order.chunks(s.batch.max(1)) {
        let examples: Vec<Example> = chunk
            .iter()
            .filter_map(|&i| train.get(i))
            .map(|r| {
                let k = if s.augment { rng.below(syms.len()) } else { 0 };
                example(r, image(&syms, k, r))
            })
            .collect();
        let loss = model.loss(&Batch::of(&examples, blend)?, s.loss)?;
        opt.set_learning_rate(schedule());
        opt.backward_step(&loss)?;
        model.clip()?;
        sum += f64::from(loss.to_scalar::<f32>()?);
        batches += 1;
    }
    Ok(sum / batches.max(1) as f64)
}

/// Trains a network on `records`, reporting each epoch to `out`.
pub fn train(records: &[Record], s: &Settings, out: &mut dyn Write) -> Result<Trained, TrainError> {
    let start = Instant::now();
    let (train, holdout) = split(records, s.holdout, s.seed);
    if train.is_empty() || holdout.is_empty() {
        return Err(TrainError::TooFew(records.len()));
    }
    let evals: Vec<i16> = train.iter().map(|r| r.eval).collect();
    let targets: Vec<f32> = train.iter().map(Record::target).collect();
    let k = fit_scale(&evals, &targets);
    let held_targets: Vec<f32> = holdout.iter().map(Record::target).collect();
    let baseline = Figures::of(holdout.iter().map(|r| f64::from(r.eval) / k), &held_targets);
    let _ = writeln!(
        out,
        "K = {k:.1}: the hand-written evaluation on the holdout: {}",
        show(&baseline)
    );

    // The scale the network file will carry, and so the one the blend
    // is trained with.
    let scale = k.round().clamp(1.0, 100_000.0);
    let blend = match s.blended {
        Some(share) => Blend::WithClassic { share, k: scale },
        None => Blend::Alone,
    };
    let mut rng = Rng::stream(s.seed, 0x7a1);
    let model = Model::new(s.hidden, &mut rng)?;
    let before = figures(&model, &holdout, s.batch, blend)?;
    let mut opt = AdamW::new(
        model.vars(),
        ParamsAdamW {
            lr: s.lr,
            ..ParamsAdamW::default()
        },
    )?;
    let steps = (s.epochs * train.len().div_ceil(s.batch.max(1))).max(1);
    let mut step = 0usize;
    let mut schedule = || {
        let t = step as f64 / steps as f64;
        step += 1;
        s.lr * (0.05 + 0.95 * 0.5 * (1.0 + (std::f64::consts::PI * t).cos()))
    };
    for e in 0..s.epochs {
        let t = Instant::now();
        let train_loss = epoch(&model, &mut opt, &train, s, &mut rng, blend, &mut schedule)?;
        let held = figures(&model, &holdout, s.batch, blend)?;
        let _ = writeln!(
            out,
            "epoch {}/{}: training loss {train_loss:.5}; holdout {} ({:.0} s)",
            e + 1,
            s.epochs,
            show(&held),
            t.elapsed().as_secs_f64()
        );
    }
    let float = model.floats()?;
    let net = float.quantize(scale as i32)?;
    let after = figures(&model, &holdout, s.batch, blend)?;
    let (max_quantization_error, mean_quantization_error) = quantization_error(&float, &net, &holdout);
    Ok(Trained {
        float,
        net,
        k,
        train_size: train.len(),
        holdout,
        before,
        after,
        baseline,
        max_quantization_error,
        mean_quantization_error,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The float network's value of `pos` in hundredths of a piece, as the
/// integer one gives it (within its limit).
pub fn float_centipawns(float: &FloatNet, net: &Network, pos: &Position) -> f64 {
    f64::from(float.logit(pos)) * f64::from(net.scale())
}

/// The largest and the mean |integer − float| over `records`, hundredths
/// of a piece (the float value held to the integer network's limit).
pub fn quantization_error(float: &FloatNet, net: &Network, records: &[Record]) -> (f64, f64) {
    let limit = f64::from(LIMIT);
    let (mut most, mut sum, mut n) = (0.0f64, 0.0, 0usize);
    for r in records {
        let pos = r.position();
        if let Some(q) = net.evaluate(&pos) {
            let error = (f64::from(q) - float_centipawns(float, net, &pos).clamp(-limit, limit)).abs();
            most = most.max(error);
            sum += error;
            n += 1;
        }
    }
    (most, sum / n.max(1) as f64)
}

/// Figures as one line of text.
pub fn show(f: &Figures) -> String {
    format!(
        "mse {:.5}, cross-entropy {:.5}, W/D/L right {:.2} %, decisive sign right {:.2} %",
        f.mse,
        f.bce,
        100.0 * f.accuracy,
        100.0 * f.decisive_sign
    )
}
