//! The payload's deflate: written in pieces side by side on the
//! machine's cores as one stream, read a piece at a time.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use miniz_oxide::deflate::core::{
    compress, create_comp_flags_from_zip_params, CompressorOxide, TDEFLFlush, TDEFLStatus,
};
use miniz_oxide::inflate::stream::{inflate, InflateState};
use miniz_oxide::{DataFormat, MZFlush, MZStatus};

/// The deflate level [`write`] uses: tables are written once and read
/// often. `write_at_level` takes another: on Nine's tables level 6
/// deflates about three times as fast into files about 2 % larger
/// (miniz_oxide on 16 MiB of 6v4: 3.39 s against 1.06 s, 3,658,098 bytes
/// against 3,736,253).
pub const BEST_LEVEL: u8 = 9;

/// How many packed bytes the writer deflates as one piece (small in the
/// unit tests, so that their tables make several). Deflate's matches
/// reach back 32 KiB, so cutting 4 MiB pieces costs next to nothing
/// (measured on 64 MiB of Nine's 6v6: the pieces' stream was no larger).
#[cfg(not(test))]
pub const DEFLATE_PIECE: usize = 4 << 20;
#[cfg(test)]
pub const DEFLATE_PIECE: usize = 1 << 10;

/// The bytes of a deflated payload, inflated a piece at a time: a table
/// is read without its whole packed payload in memory (0.97 GB for 7v7).
/// A stream that is corrupt or ends early ends the bytes and sets `failed`.
pub(super) struct Inflater<'a> {
    state: Box<InflateState>,
    input: &'a [u8],
    buf: Vec<u8>,
    at: usize,
    len: usize,
    pub(super) ended: bool,
    pub(super) failed: bool,
}

impl<'a> Inflater<'a> {
    const PIECE: usize = 1 << 16;

    pub(super) fn new(input: &'a [u8]) -> Inflater<'a> {
        Inflater {
            state: InflateState::new_boxed(DataFormat::Raw),
            input,
            buf: vec![0; Self::PIECE],
            at: 0,
            len: 0,
            ended: false,
            failed: false,
        }
    }
}

impl Iterator for Inflater<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        while self.at >= self.len {
            if self.ended || self.failed {
                return None;
            }
            let r = inflate(&mut self.state, self.input, &mut self.buf, MZFlush::None);
            self.input = self.input.get(r.bytes_consumed..).unwrap_or_default();
            (self.at, self.len) = (0, r.bytes_written);
            match r.status {
                Ok(MZStatus::StreamEnd) => self.ended = true,
                Ok(_) if r.bytes_written > 0 || r.bytes_consumed > 0 => {}
                _ => self.failed = true,
            }
        }
        let b = self.buf.get(self.at).copied();
        self.at += 1;
        b
    }
}

/// `data` as one raw deflate stream, its pieces of [`DEFLATE_PIECE`]
/// bytes deflated each on its own on up to `threads` threads (each takes
/// the next piece when it finishes one) and joined in order: the same
/// bytes on any number of threads. `None` if the compressor refused.
pub(super) fn deflate_pieces(data: &[u8], threads: usize, level: u8) -> Option<Vec<u8>> {
    let pieces: Vec<&[u8]> = data.chunks(DEFLATE_PIECE).collect();
    let Some(last) = pieces.len().checked_sub(1) else {
        return deflate_piece(&[], true, level);
    };
    if last == 0 || threads <= 1 {
        let mut out = Vec::new();
        for (i, piece) in pieces.iter().enumerate() {
            out.extend(deflate_piece(piece, i == last, level)?);
        }
        return Some(out);
    }
    let next = AtomicUsize::new(0);
    let refused = AtomicBool::new(false);
    let done: Mutex<Vec<Option<Vec<u8>>>> = Mutex::new(vec![None; pieces.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(pieces.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(piece) = pieces.get(i) else { break };
                let bytes = deflate_piece(piece, i == last, level);
                if bytes.is_none() {
                    refused.store(true, Ordering::Relaxed);
                }
                if let Some(slot) = done.lock().ok().as_mut().and_then(|d| d.get_mut(i)) {
                    *slot = bytes;
                }
            });
        }
    });
    if refused.load(Ordering::Relaxed) {
        return None;
    }
    let done = done.into_inner().ok()?;
    let mut out = Vec::with_capacity(done.iter().flatten().map(Vec::len).sum());
    for bytes in done {
        out.extend(bytes?);
    }
    Some(out)
}

/// One piece of a deflate stream: the last ends the stream; any other
/// ends with a sync flush, on a byte boundary, so that the next piece's
/// blocks can follow it. `None` if the compressor refused.
pub(super) fn deflate_piece(mut input: &[u8], last: bool, level: u8) -> Option<Vec<u8>> {
    let flags = create_comp_flags_from_zip_params(level.into(), 0, 0);
    let mut compressor = CompressorOxide::new(flags);
    let flush = if last {
        TDEFLFlush::Finish
    } else {
        TDEFLFlush::Sync
    };
    let mut out = vec![0; (input.len() / 2).max(64)];
    let mut at = 0;
    loop {
        let (status, consumed, written) = compress(&mut compressor, input, out.get_mut(at..)?, flush);
        input = input.get(consumed..)?;
        at += written;
        match status {
            TDEFLStatus::Done => break,
            // A sync flush is complete once the input is used up and the
            // output is not full: output waits in the compressor only
            // when the buffer filled.
            TDEFLStatus::Okay if !last && input.is_empty() && at < out.len() => break,
            TDEFLStatus::Okay => {
                if out.len() - at < 64 {
                    out.resize(out.len() * 2, 0);
                }
            }
            TDEFLStatus::BadParam | TDEFLStatus::PutBufFailed => return None,
        }
    }
    out.truncate(at);
    Some(out)
}
