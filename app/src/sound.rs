//! Optional sounds, synthesised with WebAudio (no audio files): a wooden
//! knock for a placement, a softer slide, a low thud for a removal and a
//! short chord at the end.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use web_sys::{AudioContext, OscillatorType};

/// What just happened on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Place,
    Slide,
    Remove,
    End,
}

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
    /// Whether the page has had a gesture (a click, a tap, a key): only
    /// then may an audio context start. One created before starts
    /// suspended, and the browser warns about it in the console.
    static GESTURE: Cell<bool> = const { Cell::new(false) };
}

/// Calls `then` once, at the page's first gesture (from then on, audio
/// may start). The listeners go when the returned value is dropped.
pub fn after_first_gesture(then: impl FnOnce() + 'static) -> Vec<EventListener> {
    let then = Rc::new(Cell::new(Some(Box::new(then) as Box<dyn FnOnce()>)));
    let Some(window) = web_sys::window() else {
        return Vec::new();
    };
    // The events a browser counts as a user activation; in the capture
    // phase, so that nothing on the page can stop them first.
    ["pointerup", "keydown", "click"]
        .into_iter()
        .map(|kind| {
            let then = then.clone();
            EventListener::new_with_options(
                &window,
                kind,
                EventListenerOptions::run_in_capture_phase(),
                move |_| {
                    GESTURE.set(true);
                    if let Some(f) = then.take() {
                        f();
                    }
                },
            )
        })
        .collect()
}

/// Sets up the audio context ahead of the first sound, once the page has
/// had a gesture (before, it does nothing): creating one takes the main
/// thread for a while, so the page does it when idle after the first
/// gesture rather than in the middle of a turn.
pub fn prepare() {
    if !GESTURE.get() {
        return;
    }
    CONTEXT.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = AudioContext::new().ok();
        }
    });
}

/// Runs the code of a sound once, silently, so that the first real sound
/// (right after the first move) finds its code compiled: the browser
/// compiles wasm and glue code on first use, which took 10 to 30 ms of the
/// main thread in the task after the first click. For an idle moment.
pub fn warm_up() {
    prepare();
    CONTEXT.with(|cell| {
        if let Some(ctx) = cell.borrow().as_ref() {
            let _ = tone(ctx, 240.0, 0.0, 0.01, OscillatorType::Triangle, 0.0);
            let _ = ctx.state();
        }
    });
}

/// Plays a sound; silently does nothing where WebAudio is missing or
/// before [`prepare`] made the audio context.
pub fn play(sound: Sound) {
    CONTEXT.with(|cell| {
        let slot = cell.borrow();
        if let Some(ctx) = slot.as_ref() {
            if ctx.state() == web_sys::AudioContextState::Suspended {
                let _ = ctx.resume();
            }
            let notes: &[(f32, f64, f64, OscillatorType)] = match sound {
                Sound::Place => &[
                    (180.0, 0.0, 0.09, OscillatorType::Triangle),
                    (420.0, 0.0, 0.03, OscillatorType::Sine),
                ],
                Sound::Slide => &[(240.0, 0.0, 0.07, OscillatorType::Triangle)],
                Sound::Remove => &[
                    (110.0, 0.0, 0.18, OscillatorType::Sine),
                    (90.0, 0.05, 0.2, OscillatorType::Triangle),
                ],
                Sound::End => &[
                    (392.0, 0.0, 0.35, OscillatorType::Sine),
                    (494.0, 0.12, 0.35, OscillatorType::Sine),
                    (587.0, 0.24, 0.5, OscillatorType::Sine),
                ],
            };
            for &(freq, delay, length, kind) in notes {
                let _ = tone(ctx, freq, delay, length, kind, PEAK);
            }
        }
    });
}

/// The loudness of a note at its peak.
const PEAK: f32 = 0.25;
/// Where a note fades to (an exponential ramp cannot reach 0; from a peak
/// of 0 it stays silent).
const FADE: f32 = 0.001;

fn tone(
    ctx: &AudioContext,
    freq: f32,
    delay: f64,
    length: f64,
    kind: OscillatorType,
    peak: f32,
) -> Option<()> {
    let osc = ctx.create_oscillator().ok()?;
    let gain = ctx.create_gain().ok()?;
    osc.set_type(kind);
    osc.frequency().set_value(freq);
    let t0 = ctx.current_time() + delay;
    let g = gain.gain();
    g.set_value_at_time(0.0, t0).ok()?;
    g.linear_ramp_to_value_at_time(peak, t0 + 0.008).ok()?;
    g.exponential_ramp_to_value_at_time(FADE, t0 + length).ok()?;
    osc.connect_with_audio_node(&gain).ok()?;
    gain.connect_with_audio_node(&ctx.destination()).ok()?;
    osc.start_with_when(t0).ok()?;
    osc.stop_with_when(t0 + length + 0.02).ok()?;
    Some(())
}
