//! A learned evaluation of Nine Men's Morris's moving phase: a small
//! network, trained on the exact values of the solved tables, read from a
//! file and run with integers only, so that it gives the same number
//! natively and in WebAssembly.
//!
//! The shape (as chess engines' "NNUE" networks, one hidden layer):
//!
//! - **Inputs** (the module `features`): for each side's point of view, its pieces
//!   on the 24 points, the opponent's, and how many each has: 68 inputs,
//!   at most 20 of them set.
//! - **The accumulator**: the first layer, `hidden` sums of the columns of
//!   the inputs set, one for each point of view (the same weights for
//!   both): `i16`, scaled by [`QA`].
//! - **The output**: the two accumulators, the side to move's first, each
//!   clipped to 0 … 1 and squared, weighed by one of [`BUCKETS`] rows of
//!   weights chosen by the pieces on the board (`i16`, scaled by [`QB`]),
//!   plus the row's bias: a logit of the side to move's expected result
//!   (1 a win, ½ a draw, 0 a loss), and times the file's `scale` the
//!   evaluation in hundredths of a piece, the unit of the hand-written
//!   evaluation ([`crate::evaluate`]), so that the two meet in one search.
//!
//! It plays where it was trained: Nine's standard rules, both hands empty,
//! no removal due ([`Network::applies`]); elsewhere the hand-written
//! evaluation does.
//!
//! The file (little-endian): `MULNNUE1`, then `u32` version (1), inputs
//! (68), hidden, buckets (7), `i32` scale; the first layer's weights
//! (`i16`, input by input, `hidden` each) and biases (`i16`, `hidden`);
//! the output's weights (`i16`, bucket by bucket, `2 × hidden` each) and
//! biases (`i32`, scaled by `QA × QB`); last the FNV-1a 64 hash of every
//! byte before it.

mod features;
mod stack;

pub use features::{active, active_of, bucket, BUCKETS, INPUTS, MOST_ACTIVE};
pub use stack::NetStack;

use morris_core::{Bitboard, Color, Position, Variant};

/// The first layer's scale: 1.0 is 255.
pub const QA: i32 = 255;
/// The output layer's scale: 1.0 is 64.
pub const QB: i32 = 64;
/// The widest hidden layer read.
pub const MAX_HIDDEN: usize = 512;
/// The file's first bytes.
const MAGIC: &[u8; 8] = b"MULNNUE1";
/// The format's version.
const VERSION: u32 = 1;
/// Bytes before the weights: magic, version, inputs, hidden, buckets, scale.
const HEADER: usize = 8 + 5 * 4;
/// The largest output weight (1.98 at [`QB`]): a product of an activation
/// (at most `QA²`) and a weight stays under 2²³, so 128 of them sum in an
/// `i32` (`activated_dot`).
pub const MAX_OUTPUT_WEIGHT: i16 = 127;
/// The largest evaluation the network gives, in hundredths of a piece:
/// far below any win the search counts.
pub const LIMIT: i32 = 9_000;

/// Why a network file was not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    #[error("not a network file: it does not start with MULNNUE1")]
    Magic,
    #[error("network format version {0}; this engine reads version 1")]
    Version(u32),
    #[error("a network of {inputs} inputs, {hidden} hidden and {buckets} output buckets; this engine reads 68 inputs, 1 … 512 hidden and 7 buckets")]
    Shape { inputs: u32, hidden: u32, buckets: u32 },
    #[error("the file has {found} bytes where its shape needs {expected}")]
    Length { expected: usize, found: usize },
    #[error("the file's checksum does not match its contents (a damaged or cut download)")]
    Checksum,
    #[error("the scale must be 1 … 100000, not {0}")]
    Scale(i32),
    #[error("an output weight of {0} is outside -127 … 127, which the engine's integer sums allow")]
    OutputWeight(i16),
}

/// A network's weights, integers as the file holds them.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    scale: i32,
    /// `INPUTS × hidden`, input by input.
    w1: Vec<i16>,
    b1: Vec<i16>,
    /// `BUCKETS × 2·hidden`, bucket by bucket, the side to move's half first.
    w2: Vec<i16>,
    b2: Vec<i32>,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("hidden", &self.hidden)
            .field("scale", &self.scale)
            .finish_non_exhaustive()
    }
}

/// FNV-1a, 64 bits: the file's checksum.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Reads little-endian numbers off the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0; N];
        if let (Some(head), Some(rest)) = (self.0.get(..N), self.0.get(N..)) {
            out.copy_from_slice(head);
            self.0 = rest;
        }
        out
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }
    fn i32(&mut self) -> i32 {
        i32::from_le_bytes(self.take())
    }
    fn i16s(&mut self, n: usize) -> Vec<i16> {
        (0..n).map(|_| i16::from_le_bytes(self.take())).collect()
    }
    fn i32s(&mut self, n: usize) -> Vec<i32> {
        (0..n).map(|_| self.i32()).collect()
    }
}

impl Network {
    /// A network from its weights (the trainer's quantized numbers), in the
    /// layout of the file.
    pub fn from_parts(
        hidden: usize,
        scale: i32,
        w1: Vec<i16>,
        b1: Vec<i16>,
        w2: Vec<i16>,
        b2: Vec<i32>,
    ) -> Result<Network, NetError> {
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(NetError::Shape {
                inputs: INPUTS as u32,
                hidden: hidden as u32,
                buckets: BUCKETS as u32,
            });
        }
        if !(1..=100_000).contains(&scale) {
            return Err(NetError::Scale(scale));
        }
        let (expected, found) = (
            INPUTS * hidden + hidden + BUCKETS * 2 * hidden + BUCKETS,
            w1.len() + b1.len() + w2.len() + b2.len(),
        );
        let shaped = w1.len() == INPUTS * hidden
            && b1.len() == hidden
            && w2.len() == BUCKETS * 2 * hidden
            && b2.len() == BUCKETS;
        if !shaped {
            return Err(NetError::Length { expected, found });
        }
        if let Some(&w) = w2
            .iter()
            .find(|w| !(-MAX_OUTPUT_WEIGHT..=MAX_OUTPUT_WEIGHT).contains(*w))
        {
            return Err(NetError::OutputWeight(w));
        }
        Ok(Network {
            hidden,
            scale,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// Reads a network file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.get(..8) != Some(&MAGIC[..]) {
            return Err(NetError::Magic);
        }
        let mut r = Reader(bytes.get(8..).unwrap_or_default());
        let version = r.u32();
        if version != VERSION {
            return Err(NetError::Version(version));
        }
        let (inputs, hidden, buckets) = (r.u32(), r.u32(), r.u32());
        let shape = NetError::Shape {
            inputs,
            hidden,
            buckets,
        };
        if inputs as usize != INPUTS
            || buckets as usize != BUCKETS
            || !(1..=MAX_HIDDEN as u32).contains(&hidden)
        {
            return Err(shape);
        }
        let h = hidden as usize;
        let expected = HEADER + 2 * (INPUTS * h + h + BUCKETS * 2 * h) + 4 * BUCKETS + 8;
        if bytes.len() != expected {
            return Err(NetError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let (body, sum) = bytes.split_at(expected - 8);
        if fnv1a(body).to_le_bytes() != sum {
            return Err(NetError::Checksum);
        }
        let scale = r.i32();
        let (w1, b1) = (r.i16s(INPUTS * h), r.i16s(h));
        let (w2, b2) = (r.i16s(BUCKETS * 2 * h), r.i32s(BUCKETS));
        Network::from_parts(h, scale, w1, b1, w2, b2)
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for n in [VERSION, INPUTS as u32, self.hidden as u32, BUCKETS as u32] {
            out.extend(n.to_le_bytes());
        }
        out.extend(self.scale.to_le_bytes());
        for w in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend(w.to_le_bytes());
        }
        for b in &self.b2 {
            out.extend(b.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend(sum.to_le_bytes());
        out
    }

    /// Neurons in the hidden layer (per point of view).
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Hundredths of a piece per unit of the output's logit.
    pub fn scale(&self) -> i32 {
        self.scale
    }

    /// Whether the network knows `pos`: Nine's standard rules, every piece
    /// placed, no removal due.
    pub fn applies(pos: &Position) -> bool {
        pos.in_hand(Color::Light) == 0
            && pos.in_hand(Color::Dark) == 0
            && pos.due().is_none()
            && *pos.rules() == Variant::Nine.rules()
    }

    /// The first layer for `pos` seen by `side`, from scratch.
    pub fn accumulate(&self, pos: &Position, side: Color, acc: &mut [i16]) {
        self.accumulate_pieces(pos.pieces(side), pos.pieces(!side), acc);
    }

    /// The first layer of a point of view whose own pieces are `own` and
    /// the opponent's `theirs`, from scratch.
    pub fn accumulate_pieces(&self, own: Bitboard, theirs: Bitboard, acc: &mut [i16]) {
        let h = self.hidden;
        let Some(acc) = acc.get_mut(..h) else { return };
        acc.copy_from_slice(&self.b1);
        let mut inputs = [0u16; MOST_ACTIVE];
        let n = active_of(own, theirs, &mut inputs);
        for &f in inputs.get(..n).unwrap_or_default() {
            let start = usize::from(f) * h;
            if let Some(column) = self.w1.get(start..start + h) {
                add(acc, column);
            }
        }
    }

    /// The output for two accumulators (the side to move's first) and the
    /// bucket, in hundredths of a piece.
    pub fn output(&self, us: &[i16], them: &[i16], bucket: usize) -> i32 {
        let h = self.hidden;
        let Some(row) = self.w2.get(bucket * 2 * h..(bucket + 1) * 2 * h) else {
            return 0;
        };
        let (w_us, w_them) = row.split_at(h);
        let sum = activated_dot(us, w_us) + activated_dot(them, w_them);
        let bias = i64::from(self.b2.get(bucket).copied().unwrap_or(0)) * i64::from(QA);
        let logit_units = i64::from(QA) * i64::from(QA) * i64::from(QB);
        let cp = (sum + bias) * i64::from(self.scale) / logit_units;
        cp.clamp(-i64::from(LIMIT), i64::from(LIMIT)) as i32
    }

    /// The value of `pos` for the side to move, in hundredths of a piece,
    /// computed from scratch; `None` where the network does not apply.
    pub fn evaluate(&self, pos: &Position) -> Option<i32> {
        if !Network::applies(pos) {
            return None;
        }
        let mut us = [0i16; MAX_HIDDEN];
        let mut them = [0i16; MAX_HIDDEN];
        let us_side = pos.turn();
        self.accumulate(pos, us_side, &mut us);
        self.accumulate(pos, !us_side, &mut them);
        Some(self.output(&us, &them, bucket(pos)))
    }
}

/// `acc += column`, lane by lane (the trainer keeps the sums in range).
#[inline]
fn add(acc: &mut [i16], column: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(column) {
        *a = a.wrapping_add(w);
    }
}

/// `acc -= column`.
#[inline]
fn sub(acc: &mut [i16], column: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(column) {
        *a = a.wrapping_sub(w);
    }
}

/// Σ clamp(acc, 0, QA)² · w, over the hidden layer: in `i32` lanes, 128
/// at a time (each product is below 2²³, [`MAX_OUTPUT_WEIGHT`]), which a
/// processor's vector instructions take several at once, and the blocks'
/// sums in an `i64`.
#[inline]
fn activated_dot(acc: &[i16], w: &[i16]) -> i64 {
    acc.chunks(128)
        .zip(w.chunks(128))
        .map(|(acc, w)| {
            let block: i32 = acc
                .iter()
                .zip(w)
                .map(|(&a, &w)| {
                    let c = i32::from(a).clamp(0, QA);
                    c * c * i32::from(w)
                })
                .sum();
            i64::from(block)
        })
        .sum()
}

/// The network trained for Nine's standard rules
/// (`morris-engine/nets/nine.nnue`; how it was made: `nine.nnue.md` beside
/// it), built into the program and read once.
#[cfg(feature = "built-in-net")]
pub fn built_in() -> Result<std::sync::Arc<Network>, NetError> {
    static NET: std::sync::OnceLock<Result<std::sync::Arc<Network>, NetError>> = std::sync::OnceLock::new();
    NET.get_or_init(|| Network::from_bytes(BUILT_IN).map(std::sync::Arc::new))
        .clone()
}

/// The bytes of the built-in network.
#[cfg(feature = "built-in-net")]
pub const BUILT_IN: &[u8] = include_bytes!("../../nets/nine.nnue");

#[cfg(test)]
mod tests;
