//! The board's sounds, made by Web Audio (no sound files): a tick for a
//! move, two notes for a capture, three rising notes for the end.

use std::cell::RefCell;

use web_sys::{AudioContext, OscillatorType};

use crate::comfort::Sound;

thread_local! {
    /// One audio context for the page, made on the first sound.
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// The notes of a sound: (frequency in Hz, start and length in seconds).
fn notes(sound: Sound) -> &'static [(f32, f64, f64)] {
    match sound {
        Sound::Move => &[(520.0, 0.0, 0.05)],
        Sound::Capture => &[(660.0, 0.0, 0.07), (440.0, 0.08, 0.1)],
        Sound::End => &[(523.0, 0.0, 0.12), (659.0, 0.13, 0.12), (784.0, 0.26, 0.25)],
    }
}

/// Plays `sound`; silently nothing where Web Audio is missing.
pub(crate) fn play(sound: Sound) {
    CONTEXT.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = AudioContext::new().ok();
        }
        let Some(context) = cell.as_ref() else { return };
        let now = context.current_time();
        for &(frequency, start, length) in notes(sound) {
            let (Ok(oscillator), Ok(gain)) = (context.create_oscillator(), context.create_gain())
            else {
                return;
            };
            oscillator.set_type(OscillatorType::Triangle);
            oscillator.frequency().set_value(frequency);
            let volume = gain.gain();
            let at = now + start;
            let _ = volume.set_value_at_time(0.0, at);
            let _ = volume.linear_ramp_to_value_at_time(0.15, at + 0.01);
            let _ = volume.exponential_ramp_to_value_at_time(0.001, at + length);
            let _ = oscillator.connect_with_audio_node(&gain);
            let _ = gain.connect_with_audio_node(&context.destination());
            let _ = oscillator.start_with_when(at);
            let _ = oscillator.stop_with_when(at + length + 0.02);
        }
    });
}
